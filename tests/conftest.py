import os
import sys

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as _hypothesis

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
TESTS = os.path.dirname(os.path.abspath(__file__))
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

# property tests: fresh examples on every run here; the same examples every time in CI, where a test
# that fails must fail again for whoever reads the log (FIVES_HYPOTHESIS=ci, set by .ci/run). No example
# has a deadline: speed is measured by the benchmarks, and a busy machine must not fail a property test.
_PATIENT = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
_hypothesis.register_profile("here", **_PATIENT)
_hypothesis.register_profile("ci", derandomize=True, print_blob=True, **_PATIENT)
_hypothesis.load_profile("ci" if os.environ.get("FIVES_HYPOTHESIS") == "ci" else "here")

# pages re-raise their errors under test instead of showing the friendly message
os.environ["FIVES_STRICT"] = "1"

# the app's changes to Streamlit's runtime, as an app process runs them (trainer/web/asgi.py): the page tests
# under AppTest run with them in (tests/test_runtime_guard.py says which of them AppTest goes through)
from trainer.web import runtime as _runtime  # noqa: E402

_runtime.install()

# the app's progress store: a fresh SQLite file per test process, never the project's own data/
if "FIVES_DATABASE_URL" not in os.environ:
    import tempfile

    os.environ["FIVES_DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp(prefix='fives-test-')}/fives.db"


@pytest.fixture
def store():
    """The progress store the app opens (this test process's database, above)."""
    from trainer.store import open_store

    return open_store()


@pytest.fixture
def outage(monkeypatch):
    """``outage.start()`` / ``outage.stop()``: the app's store away (every call raises as a store that cannot
    be reached does), then back."""
    from apptest import DownStore

    from trainer.web import session as session_module

    real = session_module.store

    class Switch:
        def start(self):
            monkeypatch.setattr(session_module, "store", lambda: DownStore())

        def stop(self):
            monkeypatch.setattr(session_module, "store", real)

    return Switch()


@pytest.fixture(scope="session")
def postgres():
    """A throwaway PostgreSQL server for the store's tests (skipped, with the reason, where its
    server programs are missing)."""
    import pgserver

    reason = pgserver.why_not()
    if reason:
        pytest.skip(reason)
    server = pgserver.start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    """A fresh, empty database for a store test: SQLite, then PostgreSQL (skipped, with the reason, where
    its server programs are missing)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/fives.db"
    import uuid

    return request.getfixturevalue("postgres").new_database("t" + uuid.uuid4().hex[:12])


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium for a real-browser test file (see ``chromium.launch_browser``)."""
    import chromium
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = chromium.launch_browser(pw)
        yield b
        b.close()


@pytest.fixture(scope="module")
def database():
    """The store a real-browser test file's app runs on: this process's database. A file that needs a
    database of its own (or a world built in one) defines its own ``database``
    (``appserver.fresh_database``)."""
    return os.environ["FIVES_DATABASE_URL"]


@pytest.fixture(scope="module")
def server(database):
    """The app on a free port for a real-browser test file, on the file's ``database``."""
    import appserver

    app = appserver.start(FIVES_DATABASE_URL=database)
    yield app.url
    app.stop()


# a test that passed only when run again says why it failed first, in the run's summary: a rerun's name alone
# leaves whoever reads a CI log nothing to look into
_RERUNS: list[tuple[str, str]] = []


def pytest_runtest_logreport(report):
    if report.outcome == "rerun":
        crash = getattr(report.longrepr, "reprcrash", None)
        why = crash.message if crash is not None else (report.longreprtext or "").strip().splitlines()[-1:]
        why = why if isinstance(why, str) else " ".join(why)
        _RERUNS.append((report.nodeid, " ".join(why.split())[:400]))


def pytest_terminal_summary(terminalreporter):
    if _RERUNS:
        terminalreporter.section("why each rerun test failed first")
        for nodeid, why in _RERUNS:
            terminalreporter.write_line(f"{nodeid}: {why}")
