"""The structure the kind registry keeps: kinds are asked, never compared as strings; no import
cycle in the puzzles package and no import hidden inside a function; every kind's record holds
what the pages need, and the traps it lists are the mistakes its puzzles name."""

import ast
import pathlib

import pytest

from puzzles import (
    CORE_KINDS,
    KIND_TITLES,
    KINDS,
    STAGE_TITLES,
    STAGES,
    AnswerShape,
    all_kinds,
    generate,
    kind,
    stage,
)
from puzzles.registry import UnknownKind

ROOT = pathlib.Path(__file__).resolve().parent.parent
KIND_MODULES = ROOT / "puzzles" / "kinds"


def sources(*folders: str):
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if KIND_MODULES not in path.parents:
                yield path


def kind_ids_in(node: ast.AST) -> list[str]:
    """Kind ids written as string constants in a node (alone, or in a tuple, list or set)."""
    if isinstance(node, ast.Constant) and node.value in KINDS:
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [x for e in node.elts for x in kind_ids_in(e)]
    return []


def kind_comparisons(path: pathlib.Path) -> list[str]:
    """Where a file compares with a kind id, matches one, or keys a table by kind ids."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        ids: list[str] = []
        if isinstance(node, ast.Compare):
            for part in (node.left, *node.comparators):
                ids += kind_ids_in(part)
        elif isinstance(node, ast.MatchValue):
            ids += kind_ids_in(node.value)
        elif isinstance(node, ast.Dict):
            ids += [x for k in node.keys if k is not None for x in kind_ids_in(k)]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            value = node.value
            if isinstance(value, (ast.Tuple, ast.List, ast.Set)) and len(kind_ids_in(value)) >= 2:
                ids += kind_ids_in(value)  # a table of kinds kept beside the registry
        if ids:
            found.append(f"{path.name if ROOT not in path.parents else path.relative_to(ROOT)}:{node.lineno}: "
                         f"{', '.join(ids)}")
    return found


def test_no_kind_id_is_compared_as_a_string_outside_the_kind_modules():
    found = [hit for path in sources("trainer", "puzzles") for hit in kind_comparisons(path)]
    assert not found, "ask the registry (kind(p.kind)…) instead:\n" + "\n".join(found)


def test_the_check_finds_a_comparison(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('if p.kind == "best-play" or p.kind in ("open-total", "make-five"):\n    pass\n'
                      'BARS = {"open-total": 1}\n')
    assert len(kind_comparisons(sample)) == 3


def imports_of(path: pathlib.Path, module: str) -> tuple[set[str], list[str]]:
    """The puzzles modules a file imports at run time, and the imports it hides inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    hidden: list[str] = []
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # types only: never run
            names: list[str] = []
            if isinstance(child, ast.Import):
                names = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - child.level + 1] + [base])
                names = [base] + [f"{base}.{a.name}" for a in child.names]
            names = [n for n in names if n.split(".")[0] == "puzzles"]
            if names and in_function:
                hidden.append(f"{path.relative_to(ROOT)}:{child.lineno}")
            out.update(names)
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(tree, False)
    return out, hidden


def test_no_import_cycle_in_puzzles_and_none_hidden_in_a_function():
    modules = {}
    for path in sorted((ROOT / "puzzles").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    graph: dict[str, set[str]] = {}
    hidden: list[str] = []
    for name, path in modules.items():
        found, inside = imports_of(path, name)
        hidden += inside
        graph[name] = {m for m in found if m in modules and m != name and m != "puzzles"}
    assert not [h for h in hidden if "__main__" not in h], f"imports inside functions: {hidden}"
    state: dict[str, int] = {}
    cycles = []

    def walk(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(" → ".join(trail[trail.index(nxt):] + [node, nxt]) if nxt in trail else f"{node} → {nxt}")
            elif nxt not in state:
                walk(nxt, trail + [node])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            walk(name, [])
    assert not cycles, cycles


def test_the_registry_keeps_the_kinds_their_order_and_the_old_names():
    assert KINDS == ("open-total", "best-play", "hand-rounding", "play-score", "counted-ends", "nearest-five",
                     "make-five")
    assert [k.id for k in all_kinds()] == list(KINDS)
    assert [k.number for k in all_kinds()] == list(range(len(KINDS)))
    assert CORE_KINDS == ("open-total", "best-play", "hand-rounding")
    assert KIND_TITLES == {k.id: k.title for k in all_kinds()}
    assert kind("best-play").answer_shape is AnswerShape.PLAY and kind("best-play").clickable
    assert kind("hand-rounding").boxes == ("Pips", "Rounded", "Points")
    assert kind("open-total").time_bars[1] == 15 and kind("nearest-five").time_bars[3] == 20
    with pytest.raises(UnknownKind):
        kind("banana")
    assert STAGES == ("muggins", "all-fives", "five-up")
    assert stage("all-fives").label == "All Fives" and STAGE_TITLES["five-up"] == stage("five-up").title


def test_each_kind_lists_the_mistakes_its_puzzles_name():
    for k in all_kinds():
        named = set()
        for s in STAGES:
            for level in (1, 2, 3):
                for seed in range(25):
                    p = generate(k.id, stage=s, level=level, seed=seed)
                    named |= {m for _, m, _ in p.mistakes}
                    for c in p.choices:
                        verdict = p.check(c.value)
                        if verdict.is_answer and not verdict.correct:
                            named.add(verdict.mistake)
        named -= {"adding", "other", None}
        assert named <= set(k.traps), (k.id, named - set(k.traps))
        assert k.traps, k.id
