"""What each change to Streamlit's runtime was written from, and the check made before it is put in.

Each module of :mod:`trainer.web.runtime` replaces a few functions of Streamlit (and uvicorn) with copies that
do the same work for less. A copy is only right for the code it was copied from, so each module says what it
was written from (:class:`Written`): the version of every library it touches, and a hash of the source of
every function it replaces or leans on. Its ``install()`` asks :func:`may_install` first; on any difference
the module logs one warning and leaves the library's own code in place, so the app stays correct and is only
slower. ``python -m trainer.web.runtime`` prints what is installed now beside what was written, to refresh a
module's record after reading the upstream change (docs/contributing.md, "Upgrading Streamlit").
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import logging
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import metadata

log = logging.getLogger("fives_trainer")

_ORIGINALS: dict[str, object] = {}
"""The library's own objects, by :attr:`Written.sources` path, kept as a module replaces them (so that the check
reads the library's source, not the copy's, once a module is installed)."""
_WARNED: set[str] = set()


@dataclass(frozen=True)
class Written:
    """What one module of the runtime was written from."""

    name: str
    """The module's short name, as the warning says it (``sending``, ``presenting``…)."""
    versions: Mapping[str, str]
    """Each library the module touches (its distribution's name) and the exact version it was written from."""
    sources: Mapping[str, str] = field(default_factory=dict)
    """Each function it replaces or relies on (``module:Class.function``) and the first 16 hex digits of the
    SHA-256 of its source (:func:`source_hash`)."""
    names: tuple[str, ...] = ()
    """Other private names it reads (``module:name``), which must exist."""


def resolve(path: str) -> object:
    """The object at ``module:Qual.name``: the library's own, even after a module of ours replaced it."""
    if path in _ORIGINALS:
        return _ORIGINALS[path]
    module_name, _, qualname = path.partition(":")
    found: object = importlib.import_module(module_name)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def keep_original(path: str) -> object:
    """Remember the library's own object at ``path`` before it is replaced; returns it."""
    if path not in _ORIGINALS:
        _ORIGINALS[path] = resolve(path)
    return _ORIGINALS[path]


def source_hash(obj: object) -> str:
    """The first 16 hex digits of the SHA-256 of an object's source, dedented (a method's indentation aside)."""
    target = inspect.unwrap(obj)  # type: ignore[arg-type]
    source = textwrap.dedent(inspect.getsource(target))  # type: ignore[arg-type]
    return hashlib.sha256(source.encode()).hexdigest()[:16]


def installed_version(distribution: str) -> str | None:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def differences(written: Written) -> list[str]:
    """Every way the installed libraries differ from what ``written`` was written from (none: it may go in)."""
    found: list[str] = []
    for distribution, version in written.versions.items():
        now = installed_version(distribution)
        if now != version:
            found.append(f"{distribution} is {now or 'missing'}, written for {version}")
    for path, expected in written.sources.items():
        try:
            now = source_hash(resolve(path))
        except (ImportError, AttributeError, OSError, TypeError) as e:
            found.append(f"{path} cannot be read ({type(e).__name__})")
            continue
        if now != expected:
            found.append(f"{path} has changed (source {now}, written for {expected})")
    for path in written.names:
        try:
            resolve(path)
        except (ImportError, AttributeError) as e:
            found.append(f"{path} is gone ({type(e).__name__})")
    return found


def may_install(written: Written) -> bool:
    """Whether the module may put its code in: yes when nothing differs; otherwise one warning (once per module
    and process) and no."""
    found = differences(written)
    if not found:
        return True
    if written.name not in _WARNED:
        _WARNED.add(written.name)
        log.warning(
            "trainer.web.runtime.%s is not installed: the installed libraries differ from the ones it was written "
            "for (%s). Streamlit's own code runs instead: the app is correct, only slower. Read the upstream "
            "change, then refresh the record (python -m trainer.web.runtime).", written.name, "; ".join(found))
    return False


def current(written: Written) -> Written:
    """The record as it would be written for the libraries installed now (for refreshing one after an upgrade)."""
    versions = {d: installed_version(d) or "missing" for d in written.versions}
    sources: dict[str, str] = {}
    for path in written.sources:
        try:
            sources[path] = source_hash(resolve(path))
        except (ImportError, AttributeError, OSError, TypeError):
            sources[path] = "missing"
    return Written(written.name, versions, sources, written.names)
