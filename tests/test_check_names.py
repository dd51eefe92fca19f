"""Check names are declared once (tools/core/report.py CheckName) and named through it everywhere else.

A check name as a string literal anywhere in tools/, graph/ or app/ is a second declaration that a
rename would miss. The same words also serve as JSON keys (report["ready"], {"requirements": ...}),
which are not check names: a literal used as a subscript, a dict key or the key of .get/.pop is allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from pydantic import ValidationError

from tools.core.report import Check, CheckName, Mend, Report

ROOT = Path(__file__).resolve().parents[1]
DECLARATION = ROOT / "tools" / "core" / "report.py"
KEY_METHODS = {"get", "pop", "setdefault"}
# (file, literal): why that literal is not a check name.
NOT_CHECK_NAMES = {
    ("tools/evaluate/sheet.py", "ready"): "the page's data-diorama-state, not the ready check",
}


def _is_key(node: ast.Constant, parent: ast.AST) -> bool:
    if isinstance(parent, ast.Subscript) and parent.slice is node:
        return True
    if isinstance(parent, ast.Dict) and node in parent.keys:
        return True
    return (isinstance(parent, ast.Call) and isinstance(parent.func, ast.Attribute)
            and parent.func.attr in KEY_METHODS and parent.args[:1] == [node])


def check_name_literals(path: Path) -> list[tuple[int, str]]:
    """(line, literal) of every string literal in ``path`` equal to a check name and not used as a key."""
    names = {name.value for name in CheckName}
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for parent in ast.walk(tree):
        for node in ast.iter_child_nodes(parent):
            if isinstance(node, ast.Constant) and node.value in names and not _is_key(node, parent):
                found.append((node.lineno, node.value))
    return found


def test_no_check_name_is_a_string_literal_outside_its_declaration():
    offending, excused = [], set()
    for top in ("tools", "graph", "app"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if path == DECLARATION:
                continue
            relative = path.relative_to(ROOT).as_posix()
            for line, literal in check_name_literals(path):
                if (relative, literal) in NOT_CHECK_NAMES:
                    excused.add((relative, literal))
                else:
                    offending.append(f"{relative}:{line}: {literal!r}")
    assert not offending, "name these checks through tools.core.report.CheckName:\n" + "\n".join(offending)
    assert excused == set(NOT_CHECK_NAMES), "an excuse no literal needs any more: drop it"


def test_the_grep_sees_a_check_name_in_a_tuple_but_not_as_a_key(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('A = ("ready", "x")\nB = report["ready"]\nC = {"ready": 1}\nD = r.get("motion")\n'
                      'E = c["name"] == "supported"\n')
    assert check_name_literals(sample) == [(1, "ready"), (5, "supported")]


def test_every_check_says_what_it_means_and_what_mends_it():
    for name in CheckName:
        assert isinstance(name.mended_by, Mend) and len(name.meaning) > 10, name
    assert {n for n in CheckName if n.mended_by is Mend.LAYOUT} == {
        CheckName.NO_COLLISIONS, CheckName.IN_BOUNDS, CheckName.SUPPORTED, CheckName.REQUIREMENTS,
        CheckName.NAVIGABILITY, CheckName.OPENING_CLEARANCE}
    assert {n for n in CheckName if n.mended_by is Mend.CAMERA} == {CheckName.OBJECTS_VISIBLE, CheckName.NOT_BLANK}


def test_a_report_keeps_its_json_shape_and_adds_urls_only_once_published():
    data = {"version": 1, "scene_id": "s", "prompt": "a chair", "planner": "grounded", "passed": False,
            "checks": [{"name": "ready", "passed": True, "evidence": "ready"},
                       {"name": "no_collisions", "passed": False, "evidence": "collisions: [('a', 'b')]"}],
            "requirements": [], "unknown_nouns": [], "visible": {"a": True}, "page": None, "render": {"seconds": 1.0},
            "repairs": [], "timings": {"plan": 0.1}, "tool_calls": [], "future_field": 3}
    report = Report.model_validate(data)
    assert report.model_dump(mode="json") == data
    assert [c.name for c in report.failed()] == [CheckName.NO_COLLISIONS] and report.checks_passed() == 1
    published = Report.model_validate({**data, "urls": {"index": "file:///x"}}).model_dump(mode="json")
    assert published["urls"] == {"index": "file:///x"} and published["future_field"] == 3


def test_a_check_of_an_unknown_name_is_refused():
    with pytest.raises(ValidationError):
        Check.model_validate({"name": "no_such_check", "passed": True, "evidence": ""})
