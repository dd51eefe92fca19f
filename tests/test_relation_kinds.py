"""One declaration per relation kind: words and requirement text (tools.knowledge.relation_words), solver
candidates, layout check and independent judge (tools.layout.relation_kinds), and no second table elsewhere."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import get_args

import pytest

from tools.core.schema import Relation, RelationKind
from tools.knowledge.relation_words import RELATION_WORDS, describe_relation
from tools.layout.relation_kinds import RELATIONS
from tools.plan.parse import match_relation

ROOT = Path(__file__).resolve().parents[1]
KINDS = set(get_args(RelationKind))
DECLARATIONS = {ROOT / "tools/knowledge/relation_words.py", *(ROOT / "tools/layout/relation_kinds").glob("*.py")}


def test_every_relation_kind_is_declared_once_with_every_part():
    assert set(RELATION_WORDS) == KINDS
    assert set(RELATIONS) == KINDS
    for kind, spec in RELATIONS.items():
        assert spec.kind == kind
        assert callable(spec.candidates) and callable(spec.check) and callable(spec.judge), kind
        words = spec.words
        assert words.phrases or words.quantities or words.before_window, f"{kind} has no words"
        assert "{subject}" in words.describe, kind
        assert spec.describe(Relation(kind=kind, subject="a", target="b", param=2)), kind
    assert len({spec.binding for spec in RELATIONS.values()}) == len(RELATIONS)


def test_the_words_take_what_the_solver_expects():
    for kind, spec in RELATIONS.items():
        modes = {mode for _, mode in spec.words.phrases}
        if spec.words.takes == "target":
            assert modes <= {"target", "inverse", "each"}, kind
        else:
            assert modes <= {"room", "rows", "target"}, kind  # 'in the middle of X' names its target
        assert spec.words.without_target in (None, *RELATION_WORDS), kind


def _first_saying(pattern: str) -> list[str]:
    """The words of a pattern with each slot's first alternative (optional slots included)."""
    stand_ins = {"DET": "the", "#": "3"}
    return [stand_ins.get(slot.lstrip("?").split("|")[0], slot.lstrip("?").split("|")[0]) for slot in pattern.split()]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_parser_reads_every_phrase_as_its_kind(kind):
    for pattern, mode in RELATION_WORDS[kind].phrases:
        if mode == "each":
            continue  # 'each with' is read by the grammar after a noun phrase
        found = match_relation(_first_saying(pattern) + ["the", "sofa"], 0)
        assert found is not None and found[0] == ("rows" if mode == "rows" else kind), (pattern, found)


def test_requirement_texts():
    said = {
        ("on", "cup", "table", None): "cup on table",
        ("against_wall", "desk", None, None): "desk against the wall",
        ("in_corner", "lamp", None, None): "lamp in a corner",
        ("center", "rug", None, None): "rug at the center",
        ("row", "desk", None, 3): "desk in 3 rows",
        ("row", "car", None, 1): "car row",
        ("each_with", "chair", "desk", None): "each desk with 1 chair",
        ("by_window", "desk", None, None): "desk by window",
    }
    for (kind, subject, target, param), text in said.items():
        assert describe_relation(Relation(kind=kind, subject=subject, target=target, param=param)) == text


def _kinds_in(node: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in KINDS}


def _kinds_among(nodes: list) -> set[str]:
    """Relation kinds written directly as these elements (not nested deeper: a place's furniture rows)."""
    return {n.value for n in nodes if isinstance(n, ast.Constant) and n.value in KINDS}


def _chain(node: ast.If) -> list[ast.If]:
    branches = [node]
    while len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
        node = node.orelse[0]
        branches.append(node)
    return branches


def _rows_kinds(node: ast.AST) -> set[str]:
    """Kinds named directly in the elements of a collection, or in the tuples that are its rows."""
    elements = node.elts if isinstance(node, (ast.Set, ast.List, ast.Tuple)) else []
    rows = [e for e in elements if isinstance(e, ast.Tuple)]
    return _kinds_among(elements).union(*(_kinds_among(row.elts) for row in rows))


def _statement_lists(tree: ast.AST):
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            statements = getattr(node, name, None)
            elif_branch = (name == "orelse" and isinstance(node, ast.If) and len(statements) == 1
                           and isinstance(statements[0], ast.If))
            if isinstance(statements, list) and not elif_branch:  # an elif belongs to its chain
                yield statements


def per_relation_tables(path: Path, root: Path = ROOT) -> list[str]:
    """Dicts keyed by 3+ relation kinds, collections (or rows) of 5+ kinds, and if/elif chains or runs of ifs
    over 3+ kinds."""
    tree = ast.parse(path.read_text())
    in_types = {id(n) for sub in ast.walk(tree) if isinstance(sub, ast.Subscript) for n in ast.walk(sub.slice)}
    found = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Dict) and len(_kinds_among(node.keys)) >= 3:
            found.append(f"{where} dict keyed by relation kinds")
        elif id(node) not in in_types and len(_rows_kinds(node)) >= 5:
            found.append(f"{where} collection of relation kinds")
    for statements in _statement_lists(tree):
        ifs = [s for s in statements if isinstance(s, ast.If)]
        if sum(1 for s in ifs for branch in _chain(s) if _kinds_in(branch.test)) >= 3:
            found.append(f"{path.relative_to(root)}:{ifs[0].lineno} if/elif chain over relation kinds")
    return found


def test_no_other_module_keeps_a_per_relation_table():
    sources = [p for top in ("tools", "graph", "app") for p in (ROOT / top).rglob("*.py") if p not in DECLARATIONS]
    assert [hit for path in sources for hit in per_relation_tables(path)] == []


def test_the_table_finder_sees_a_chain_and_a_table(tmp_path):
    source = tmp_path / "x.py"
    source.write_text('ORDER = ("on", "next_to", "behind", "facing", "around")\n'
                      'def f(kind):\n    if kind == "on":\n        pass\n    elif kind == "row":\n        pass\n'
                      '    elif kind in ("grid", "stacked"):\n        pass\n')
    assert len(per_relation_tables(source, tmp_path)) == 2


def test_a_judge_shares_no_code_with_a_check():
    """The evaluator's judge measures mesh boxes itself: no function of a kind uses both helper modules."""
    for path in (ROOT / "tools/layout/relation_kinds").glob("*.py"):
        tree = ast.parse(path.read_text())
        origin = {alias.asname or alias.name: node.module for node in tree.body if isinstance(node, ast.ImportFrom)
                  for alias in node.names}
        for function in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
            used = {origin.get(n.id) for n in ast.walk(function) if isinstance(n, ast.Name)}
            sides = {m for m in used if m and m.rsplit(".", 1)[-1] in ("checking", "judging")}
            assert len(sides) < 2, f"{path.name}:{function.name} uses {sides}"
            if function.name == "judge":
                assert "check" not in {n.id for n in ast.walk(function) if isinstance(n, ast.Name)}
