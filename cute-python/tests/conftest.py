"""Shared fixtures: the differential tests' tally, printed at the end of the run."""

import collections
import json
import os

import pytest

#: (operation, category) -> count, filled by test_differential.py.
TALLY = collections.Counter()


@pytest.fixture(scope="session")
def tally():
    return TALLY


def pytest_terminal_summary(terminalreporter):
    if not TALLY:
        return
    ops = sorted({op for op, _ in TALLY})
    cats = ["equal", "ours-raises-pycute-wrong", "both-raise", "other"]
    w = terminalreporter.write_line
    w("")
    w("differential tests against pycute (random inputs):")
    w(f"{'operation':<18}" + "".join(f"{c:>26}" for c in cats))
    for op in ops:
        w(f"{op:<18}" + "".join(f"{TALLY[(op, c)]:>26}" for c in cats))
    w(f"{'total':<18}" + "".join(f"{sum(TALLY[(o, c)] for o in ops):>26}" for c in cats))
    for (op, c), n in sorted(TALLY.items()):
        if c.startswith("other: "):
            w(f"  {op}: {c} x{n}")
    out = os.environ.get("CUTE_DIFF_REPORT")
    if out:
        with open(out, "w") as f:
            json.dump({f"{op}/{c}": n for (op, c), n in sorted(TALLY.items())}, f, indent=1)
