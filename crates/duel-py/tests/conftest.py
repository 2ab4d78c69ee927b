"""Helpers of the tests: the `duel` command line, whose `--json` answers the package must
equal. Its binary is `$DUEL_BIN`, else the workspace's release build."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def duel_bin() -> str:
    candidates = [os.environ.get("DUEL_BIN")]
    target = os.environ.get("CARGO_TARGET_DIR")
    if target:
        candidates.append(os.path.join(target, "release", "duel"))
    candidates.append(str(ROOT / "target" / "release" / "duel"))
    for c in candidates:
        if c and os.path.isfile(c):
            return c
    pytest.fail("no duel binary: build it with `cargo build --release -p duel-cli` or set DUEL_BIN")


def cli(*args: str) -> dict:
    """The JSON document of `duel ARGS --json`."""
    out = subprocess.run(
        [duel_bin(), *args, "--json"], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def cli_error(*args: str) -> str:
    """The message of `duel ARGS`, which must fail with exit code 2."""
    out = subprocess.run([duel_bin(), *args], capture_output=True, text=True)
    assert out.returncode == 2, (out.returncode, out.stdout, out.stderr)
    line = out.stderr.strip()
    assert line.startswith("duel: error: "), line
    return line[len("duel: error: "):]


def exact_text(d: dict, keys) -> dict:
    """`d` with the Fractions of `keys` written back as the command line writes them."""
    d = dict(d)
    for k in keys:
        if d.get(k) is not None:
            f = d[k]
            d[k] = str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
    return d
