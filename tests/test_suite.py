"""The test suite's own structure: a test file never imports another test file (what they share lives
in helper modules: apptest, chromium, appserver, pgserver, oracle, invariants); the app is opened
under AppTest in one place (tests/apptest.py); and a real-browser test waits on what the page shows,
never for a fixed time, unless the time itself is the point and its line says so."""

from __future__ import annotations

import ast
import pathlib

TESTS = pathlib.Path(__file__).resolve().parent
FIXED_ON_PURPOSE = "fixed on purpose:"
"""The comment that lets a fixed sleep stay in a real-browser file, followed by why."""
SLEEPS = {"sleep", "wait_for_timeout"}


def imports_of_test_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """Each import of a test module (``test_x`` or ``tests.test_x``, at any depth, by name or by
    ``importlib``) in a parsed file, with its line."""
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            callee = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if callee in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                names = [node.args[0].value]
        hits = [n for n in names if is_test_module(n)]
        found += [(getattr(node, "lineno", 0), n) for n in hits[:1]]
    return sorted(found)


def is_test_module(name: str) -> bool:
    parts = name.split(".")
    return parts[0].startswith("test_") or (parts[0] == "tests" and len(parts) > 1 and parts[1].startswith("test_"))


def test_no_test_file_imports_another_test_file():
    found = [f"tests/{path.name}:{line} imports {name}" for path in sorted(TESTS.glob("*.py"))
             for line, name in imports_of_test_modules(ast.parse(path.read_text()))]
    assert not found, "share helpers through a module not named test_*:\n" + "\n".join(found)


def test_the_import_check_finds_every_way_of_importing_a_test_file():
    source = ("from test_classroom import app\nimport tests.test_pages\nfrom tests import test_app\n"
              "def f():\n    from tests.test_browser import shot\n    importlib.import_module('test_x')\n"
              "import apptest\nfrom chromium import shot\nfrom trainer.rules import test_data\n")
    assert [line for line, _ in imports_of_test_modules(ast.parse(source))] == [1, 2, 3, 5, 6]


def test_only_the_apptest_module_opens_the_app_under_apptest():
    found = [f"tests/{path.name}:{node.lineno}" for path in sorted(TESTS.glob("test_*.py"))
             for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Attribute) and node.attr == "from_file"
             and isinstance(node.value, ast.Name) and node.value.id == "AppTest"]
    assert not found, f"open the app with apptest.app() or apptest.new_app(): {found}"


def fixed_sleeps(source: str) -> list[int]:
    """Lines of ``time.sleep``/``asyncio.sleep``/``page.wait_for_timeout`` calls that are neither the
    pause of a ``while`` loop polling a condition (a loop with a condition, or ``while True`` with a
    ``break``, ``return`` or ``raise`` in it) nor marked ``# fixed on purpose: <why>``."""
    tree = ast.parse(source)
    lines = source.splitlines()
    polling: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.While) and (not isinstance(node.test, ast.Constant) or any(
                isinstance(n, (ast.Break, ast.Return, ast.Raise)) for n in ast.walk(node))):
            polling |= {id(n) for n in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in SLEEPS:
            if node.func.attr == "sleep" and id(node) in polling:
                continue
            if FIXED_ON_PURPOSE in lines[node.lineno - 1]:
                continue
            found.append(node.lineno)
    return sorted(found)


def browser_files() -> list[pathlib.Path]:
    """The real-browser test files and the helpers they wait through."""
    marked = [p for p in sorted(TESTS.glob("test_*.py")) if "pytest.mark.browser" in p.read_text()]
    return marked + [TESTS / "chromium.py", TESTS / "appserver.py"]


def test_real_browser_tests_wait_on_conditions_not_fixed_sleeps():
    files = browser_files()
    assert len(files) >= 10 and TESTS / "test_browser.py" in files
    found = [f"tests/{p.name}:{line}" for p in files for line in fixed_sleeps(p.read_text())]
    assert not found, ("wait for what the page shows (chromium.settled, chromium.rerun, locator.wait_for, "
                       f"page.wait_for_function), or mark the line '# {FIXED_ON_PURPOSE} <why>': {found}")


def test_the_sleep_check_finds_a_fixed_sleep():
    source = ("page.wait_for_timeout(500)\n"
              "time.sleep(1)\n"
              "while time.time() < deadline and not ready():\n    time.sleep(0.3)\n"
              "while True:\n    time.sleep(1)\n"
              "for _ in range(3):\n    page.wait_for_timeout(100)\n"
              "time.sleep(1.5)  # fixed on purpose: an idle timeout is what is tested\n"
              "while not ready():\n    page.wait_for_timeout(100)\n"
              "while True:\n    if ready():\n        break\n    time.sleep(0.05)\n")
    assert fixed_sleeps(source) == [1, 2, 6, 8, 11]
