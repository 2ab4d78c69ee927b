#!/usr/bin/env bash
# Tests of the Python package: a virtual environment under target/, the package built from
# source with maturin, pytest against the `duel` command line's JSON. Needs python3 (3.9 or
# later) with venv, the Rust toolchain and the registries of pip; OpenSpiel and Ray are
# installed when pip has them for this Python, and their tests skip with the reason if not.
#   crates/duel-py/ci.sh            (from anywhere; extra arguments go to pytest)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$target/duel-py-venv"
python="${PYTHON:-python3}"

if ! "$python" -c 'import sys; assert sys.version_info >= (3, 9)' 2>/dev/null; then
  echo "duel-py: $python (3.9 or later) not found" >&2
  exit 1
fi
# The command line whose --json answers the tests compare with.
(cd "$root" && cargo build --release -p duel-cli --quiet)
export DUEL_BIN="$target/release/duel"

[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
pip() { "$venv/bin/python" -m pip --disable-pip-version-check -q "$@"; }
pip install "maturin>=1.9,<2" pytest numpy
# Optional dependencies: a failure to install is a skip of their tests, said in pytest's output.
pip install "open_spiel>=1.5" || echo "duel-py: open_spiel could not be installed; its tests will skip" >&2
pip install ray || echo "duel-py: ray could not be installed; its tests will skip" >&2

# Build the wheel from source into the venv (abi3: one build for every Python >= 3.9).
rm -rf "$target/duel-py-wheels"
(cd "$here" && CARGO_TARGET_DIR="$target" "$venv/bin/maturin" build --release --quiet \
  --interpreter "$venv/bin/python" --out "$target/duel-py-wheels")
pip install --force-reinstall --no-deps "$target"/duel-py-wheels/duel-*.whl

cd "$here"
"$venv/bin/python" -m pytest tests -q "$@"
