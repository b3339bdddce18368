"""The set-up a teacher meets first: ``make run`` on a fresh machine says what it is doing while it
installs (about a minute and a half of otherwise silent work), and ``make test`` fetches axe-core
for the accessibility test with npm, saying so."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def planned(target: str, venv: pathlib.Path) -> list[str]:
    """The commands ``make`` would run for ``target`` with a fresh ``venv`` (nothing is run)."""
    # run from inside `make test` too: no "make[1]: Entering directory" lines, nothing of the outer make
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES")}
    out = subprocess.run(["make", "--no-print-directory", "-n", target, f"VENV={venv}"], cwd=ROOT,
                         capture_output=True, text=True, check=True, env=env)
    return [line.strip() for line in out.stdout.splitlines() if line.strip() and not line.startswith("make[")]


def test_the_first_make_run_says_what_it_is_doing_before_it_installs(tmp_path):
    steps = planned("run", tmp_path / "venv")
    first_install = next(i for i, s in enumerate(steps) if "pip install" in s)
    said = [s for s in steps[:first_install] if s.startswith("echo")]
    assert said and "Setting up Fives Trainer" in said[0] and "minute" in said[0]
    # every slow step is announced just before it runs, and the server's address comes last
    for i, s in enumerate(steps):
        if "pip install" in s:
            assert steps[i - 1].startswith("echo"), s
    assert any("ready" in s for s in steps if s.startswith("echo"))
    assert "Starting Fives Trainer at http://localhost:" in " ".join(steps[-2:])


def test_make_test_fetches_axe_core_from_the_npm_registry(tmp_path):
    steps = " ".join(planned("axe", tmp_path / "venv"))
    assert "npm pack" in steps and "axe-core@" in steps and "axe.min.js" in steps
    assert "npm is missing" in steps  # and says so, when it cannot
    assert "axe" in " ".join(planned("test", tmp_path / "venv"))
