"""What an app process loads once, at start-up, before it answers its health check: every module the pages
import, and the libraries Streamlit itself loads on a first page. Without it the first child a process
serves waits for all of that (half a second and more on a busy machine) in the first run of their page;
with it, every new session's first run does only that page's own work.

The modules are found by reading the page scripts (``app.py`` and ``views/*.py``), not listed by hand, so a
new import on a page is warmed too. Nothing is run: importing defines functions and registers our
components, as it would in the first page's run."""

from __future__ import annotations

import ast
import gc
import glob
import importlib
import os

import streamlit.delta_generator

from trainer.web.runtime import guard

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The web layer's folder (``trainer/web``), where the page scripts are."""
SCRIPTS = (os.path.join(HERE, "app.py"), *sorted(glob.glob(os.path.join(HERE, "views", "*.py"))))
"""The scripts Streamlit runs for a page: the app and each page of the menu."""
STREAMLIT_FIRST_RUN = ("numpy", "PIL.Image", "streamlit.emojis")
"""What Streamlit imports only when a first page asks for it: NumPy and Pillow for the page's icon
(``st.set_page_config``), and its table of emoji (a large pattern, compiled on import) for the first label
with a character outside ASCII."""


def imported_by(path: str) -> list[str]:
    """The absolute imports of a script (``import a.b``, ``from a import b``): each module, and for
    ``from a import b`` also ``a.b`` (which may be a module or a name, :func:`warm_up` finds out)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), filename=path)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found += [node.module, *(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")]
    return found


REPL_CHECKED = "_use_warning_has_been_displayed"
"""Streamlit's mark (in :mod:`streamlit.delta_generator`) that it has checked, once per process on the first
element any page draws, whether it runs in a Python shell, to warn that ``streamlit run`` is needed. The check
reads the source file of every frame on the stack (a tenth of a second, in the first child's first run); an
app process always runs under ``streamlit run``, where the check finds nothing to say, so it is marked done."""


WRITTEN = guard.Written(
    name="warmup",
    versions={"streamlit": "1.67.0"},
    sources={"streamlit.delta_generator:_maybe_print_use_warning": "eca7a25a1a632e98"},
    names=(f"streamlit.delta_generator:{REPL_CHECKED}",),
)
"""What the mark of :data:`REPL_CHECKED` was written from: Streamlit 1.67's check (:mod:`trainer.web.runtime.guard`);
the imports and the collector's thresholds need nothing of Streamlit's."""


def warm_up() -> list[str]:
    """Import everything the pages and Streamlit's first page need; returns the modules imported. A name
    that is not a module (``from puzzles import generate``) is skipped; any other import error is left for
    the page's own run to show, where it always was."""
    if guard.may_install(WRITTEN):
        setattr(streamlit.delta_generator, REPL_CHECKED, True)
    done: list[str] = []
    names = [*STREAMLIT_FIRST_RUN, *(name for path in SCRIPTS for name in imported_by(path))]
    for name in dict.fromkeys(names):
        try:
            importlib.import_module(name)
        except ImportError:
            continue
        done.append(name)
    return done


COLLECT_EVERY = (5000, 50, 1000)
"""The garbage collector's thresholds (Python's are 700, 10, 10). Under a school's load, with hundreds of
sessions open, a full collection took 250–500 ms and stopped the whole process each time (every page run
and every message waits for it), a dozen times a minute: most of the slowest answers. The sessions' objects
are freed as they go (a full collection found next to nothing to free), so collections come rarer: the
young generation every 5,000 new objects, a full one every 1,000 collections of the middle one."""


def settle() -> None:
    """What the process has made so far (modules, tables, the warmed puzzles) lives as long as it does: put
    out of the garbage collector's sight (``gc.freeze``), so that a collection looks only at the sessions'
    own objects, and collect less often (:data:`COLLECT_EVERY`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECT_EVERY)
