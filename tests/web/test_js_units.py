"""The table page's ES modules have unit tests of their own (``tests/js``), run by node's
built-in test runner; this runs them with the Python suite. Debian's ``nodejs`` is needed
(``make test`` installs it as it does chromium): missing, the test fails and says how."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_page_modules_pass_their_node_unit_tests():
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.fail("the page's unit tests need node: `sudo apt-get install nodejs` "
                    "(`make test` does it when it may)", pytrace=False)
    run = subprocess.run([node, "--test", str(ROOT / "tests" / "js")], capture_output=True,
                         text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
