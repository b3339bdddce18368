"""One lock file pins every package of the app and its tests (requirements.lock, made by `make lock` from
pyproject.toml): what is installed is what it says, and every place that installs reads it."""

from __future__ import annotations

import os
import re
import tomllib
from importlib import metadata

from packaging.requirements import Requirement

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCK = os.path.join(ROOT, "requirements.lock")


def _name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked() -> dict[str, str]:
    found: dict[str, str] = {}
    with open(LOCK, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line and not line.startswith("-"):
                req = Requirement(line)
                (spec,) = req.specifier
                assert spec.operator == "==", f"{line}: a lock pins exactly"
                found[_name(req.name)] = spec.version
    return found


def test_every_locked_package_is_installed_at_its_locked_version():
    wrong = {}
    for name, version in locked().items():
        try:
            now = metadata.version(name)
        except metadata.PackageNotFoundError:
            now = "missing"
        if now != version:
            wrong[name] = (now, version)
    assert not wrong, f"installed (now, locked): {wrong}; `make install` installs the lock"


def test_every_declared_dependency_is_in_the_lock_and_allowed_by_its_range():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    declared = [*project["dependencies"], *(d for extra in project["optional-dependencies"].values() for d in extra)]
    pins = locked()
    for line in declared:
        req = Requirement(line)
        assert _name(req.name) in pins, f"{req.name} is declared but not locked: run `make lock`"
        assert req.specifier.contains(pins[_name(req.name)]), f"{req.name}: the lock's version is outside {req}"


def test_the_web_layers_own_imports_are_declared():
    """The runtime's changes import uvicorn and websockets themselves: they are the app's dependencies."""
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        deps = {_name(Requirement(d).name) for d in tomllib.load(f)["project"]["dependencies"]}
    assert {"streamlit", "uvicorn", "websockets"} <= deps


def test_make_install_and_the_image_install_from_the_lock():
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        make = f.read()
    assert "-r $(LOCK)" in make and "--no-deps -e ." in make and "\nlock:" in make
    with open(os.path.join(ROOT, "deploy", "Dockerfile"), encoding="utf-8") as f:
        docker = f.read()
    assert "pip install --no-cache-dir -c requirements.lock -e /app" in docker
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        assert "make test" in f.read()  # make test installs from the lock first


def test_pybkts_environment_is_made_from_its_own_lock():
    """pyBKT needs older numpy and pandas than the app: its environment (.venv-bkt) has a lock of its own,
    every package pinned, read when the environment is made."""
    from trainer.classroom import pybkt as fit

    pins = {}
    for line in fit.LOCK.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            req = Requirement(line)
            (spec,) = req.specifier
            assert spec.operator == "=="
            pins[_name(req.name)] = spec.version
    for wanted in fit.REQUIREMENTS:
        req = Requirement(wanted)
        assert req.specifier.contains(pins[_name(req.name)])
