"""The structure the kind and trap registries keep: kinds and traps are asked, never compared as
strings; no import cycle in the puzzles package and no import hidden inside a function; every kind's
record holds what the pages need, and the traps it lists are the mistakes its puzzles name."""

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
from puzzles.judge import judge
from puzzles.registry import UnknownKind, UnknownTrap, all_traps, trap
from puzzles.traps import TRAPS

ROOT = pathlib.Path(__file__).resolve().parent.parent
KIND_MODULES = ROOT / "puzzles" / "kinds"
TRAP_MODULES = ROOT / "puzzles" / "traps"
MISTAKE_WORDS = ROOT / "trainer" / "words" / "mistakes.py"
"""The words of every named mistake, in the layer below the puzzles (it cannot ask the registry, and a
trap's id is also the name of the mistake it explains): the one table keyed by trap ids outside it."""


def sources(*folders: str, records: pathlib.Path = KIND_MODULES, beside: tuple[pathlib.Path, ...] = ()):
    """The Python files of ``folders``, but for the registry's own modules (``records``) and ``beside``."""
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if records not in path.parents and path not in beside:
                yield path


def ids_in(node: ast.AST, ids: tuple[str, ...]) -> list[str]:
    """Ids written as string constants in a node (alone, or in a tuple, list or set)."""
    if isinstance(node, ast.Constant) and node.value in ids:
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [x for e in node.elts for x in ids_in(e, ids)]
    return []


def comparisons(path: pathlib.Path, ids: tuple[str, ...]) -> list[str]:
    """Where a file compares with one of ``ids``, matches one, or keys a table by them."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        hits: list[str] = []
        if isinstance(node, ast.Compare):
            for part in (node.left, *node.comparators):
                hits += ids_in(part, ids)
        elif isinstance(node, ast.MatchValue):
            hits += ids_in(node.value, ids)
        elif isinstance(node, ast.Dict):
            hits += [x for k in node.keys if k is not None for x in ids_in(k, ids)]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            value = node.value
            if isinstance(value, (ast.Tuple, ast.List, ast.Set)) and len(ids_in(value, ids)) >= 2:
                hits += ids_in(value, ids)  # a table kept beside the registry
        if hits:
            found.append(f"{path.name if ROOT not in path.parents else path.relative_to(ROOT)}:{node.lineno}: "
                         f"{', '.join(hits)}")
    return found


def kind_comparisons(path: pathlib.Path) -> list[str]:
    """Where a file compares with a kind id, matches one, or keys a table by kind ids."""
    return comparisons(path, KINDS)


def trap_comparisons(path: pathlib.Path) -> list[str]:
    """Where a file compares with a trap id, matches one, or keys a table by trap ids."""
    return comparisons(path, TRAPS)


def test_no_kind_id_is_compared_as_a_string_outside_the_kind_modules():
    found = [hit for path in sources("trainer", "puzzles") for hit in kind_comparisons(path)]
    assert not found, "ask the registry (kind(p.kind)…) instead:\n" + "\n".join(found)


def test_no_trap_id_is_compared_as_a_string_outside_the_trap_modules():
    paths = sources("trainer", "puzzles", records=TRAP_MODULES, beside=(MISTAKE_WORDS,))
    found = [hit for path in paths for hit in trap_comparisons(path)]
    assert not found, "ask the registry (trap(t)…, or a record such as COUNTED_COVERED) instead:\n" + "\n".join(found)


def test_the_check_finds_a_comparison(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('if p.kind == "best-play" or p.kind in ("open-total", "make-five"):\n    pass\n'
                      'BARS = {"open-total": 1}\n')
    assert len(kind_comparisons(sample)) == 3
    sample.write_text('if trap == "counted-covered" or trap in ("round-1", "round-2"):\n    pass\n'
                      'FACTS = {"missed-lowering": 1}\nSPOTTING = ("missed-combination", "missed-lowering")\n'
                      'match t:\n    case "spinner-once":\n        pass\n')
    assert len(trap_comparisons(sample)) == 5


def test_the_trap_registry_keeps_every_trap_once_with_its_record():
    assert [t.id for t in all_traps()] == list(TRAPS)
    assert len(set(TRAPS)) == len(TRAPS)
    for t in all_traps():
        assert trap(t.id) is t and t.stages and set(t.stages) <= set(STAGES)
        assert t.drill_kind in KINDS and t.words
    assert trap("double-once").stages == ("muggins", "all-fives")  # in Five-Up every double spins
    assert [trap(f"round-{r}").model.rounded(10 + r) for r in (1, 2, 3, 4)] == [15, 15, 10, 10]
    with pytest.raises(UnknownTrap):
        trap("banana")


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
                        verdict = judge(p, c.value)
                        if verdict.is_answer and not verdict.correct:
                            named.add(verdict.mistake)
        named -= {"adding", "other", None}
        assert named <= set(k.traps), (k.id, named - set(k.traps))
        assert k.traps, k.id
