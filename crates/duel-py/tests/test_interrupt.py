"""Long calls release the interpreter's lock and stop at Ctrl-C."""

import signal
import subprocess
import sys
import threading
import time

import pytest

from duel import search

# The child restores Python's Ctrl-C handler: a shell's background job inherits SIGINT
# ignored, and Python then installs none.
LONG = """
import signal
signal.signal(signal.SIGINT, signal.default_int_handler)
from duel import search
print("searching", flush=True)
search.best("connect:9x9:4", agent="mcts", millis=30000)
"""


def test_ctrl_c_interrupts_a_long_search():
    child = subprocess.Popen(
        [sys.executable, "-c", LONG], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.stdout.readline().strip() == "searching"
    time.sleep(0.5)  # into the search
    child.send_signal(signal.SIGINT)
    start = time.monotonic()
    _, err = child.communicate(timeout=25)
    assert time.monotonic() - start < 5, "the search went on after Ctrl-C"
    assert "KeyboardInterrupt" in err and child.returncode != 0


@pytest.mark.parametrize("millis", [150, 400])  # on the caller's thread, on a worker
def test_a_search_lets_other_threads_run(millis):
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=count)
    t.start()
    try:
        before = len(ticks)
        search.best("connect:7x6:4", agent="mcts", millis=millis, seed=1)
        during = len(ticks) - before
    finally:
        stop.set()
        t.join()
    # A thread blocked by the lock would not tick at all during the search.
    assert during > millis / 10, during
