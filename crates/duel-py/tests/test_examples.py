"""The notebook-style example runs and its checks of the papers' values hold."""

import subprocess
import sys

from conftest import ROOT


def test_the_papers_example_runs():
    out = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "python" / "papers.py")],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert "P(24, 24) = 5/9" in out.stdout and "133/256" in out.stdout
