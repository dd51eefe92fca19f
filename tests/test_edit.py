"""Conversational edits: the grounded editor's grammar, its plan changes, the pinned layout, and end to end
in Chromium (a new revision verifies, the old one is kept and listed)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from test_llm import FakeModelServer

from app.settings import Settings

from graph.edit import edit_scene, list_revisions
from graph.runner import generate_scene
from tools.edit_layout import footprint_gap, pins_from, solve_pinned
from tools.editor import parse_edits, parse_or_refuse
from tools.editor_apply import apply_edits, exists_in, resolve_specs
from tools.errors import InputError
from tools.layout import solve_layout
from tools.planner import plan_prompt
from tools.reference import size_for

ROOM = "a living room with a sofa, a floor lamp, a coffee table, two chairs and three potted plants; 5m x 4m"


def ops(text: str) -> list[dict]:
    return [op.model_dump(exclude_none=True) for op in parse_or_refuse(text)]


@pytest.mark.parametrize("text, expected", [
    ("make the sofa blue", [{"kind": "recolor", "target": "sofa", "color": "blue"}]),
    ("paint the chairs navy blue", [{"kind": "recolor", "target": "chairs", "color": "navy blue"}]),
    ("Please make the sofa dark green", [{"kind": "recolor", "target": "sofa", "color": "dark green"}]),
    ("make the red chair blue", [{"kind": "recolor", "target": "red chair", "color": "blue"}]),
    ("add two chairs", [{"kind": "add", "target": "chairs", "count": 2}]),
    ("add a lamp", [{"kind": "add", "target": "lamp", "count": 1}]),
    ("add a red chair next to the desk", [{"kind": "add", "target": "chair", "count": 1, "color": "red",
                                           "relation": "next_to", "reference": "desk"}]),
    ("remove the lamp", [{"kind": "remove", "target": "lamp", "count": 1}]),
    ("remove two chairs", [{"kind": "remove", "target": "chairs", "count": 2}]),
    ("remove all plants", [{"kind": "remove", "target": "plants"}]),
    ("delete the chairs", [{"kind": "remove", "target": "chairs"}]),
    ("get rid of the tv", [{"kind": "remove", "target": "tv", "count": 1}]),
    ("take the lamp out", [{"kind": "remove", "target": "lamp", "count": 1}]),
    ("move the lamp next to the sofa", [{"kind": "move", "target": "lamp", "relation": "next_to", "reference": "sofa"}]),
    ("move the table away from the window", [{"kind": "move", "target": "table", "relation": "away_from",
                                              "reference": "window"}]),
    ("move the table away from the bed", [{"kind": "move", "target": "table", "relation": "away_from",
                                           "reference": "bed"}]),
    ("move the lamp into the corner", [{"kind": "move", "target": "lamp", "relation": "in_corner"}]),
    ("push the chair closer to the desk", [{"kind": "move", "target": "chair", "relation": "next_to",
                                            "reference": "desk"}]),
    ("make the table bigger", [{"kind": "resize", "target": "table", "size": "larger"}]),
    ("make the table smaller", [{"kind": "resize", "target": "table", "size": "smaller"}]),
    ("make the bed 2 m long", [{"kind": "resize", "target": "bed", "measure_m": 2.0, "measure_axis": "length"}]),
    ("make the sofa blue and move the lamp next to it", [
        {"kind": "recolor", "target": "sofa", "color": "blue"},
        {"kind": "move", "target": "lamp", "relation": "next_to", "reference": "sofa"}]),
    ("make the bed 2 m long and the sofa blue", [
        {"kind": "resize", "target": "bed", "measure_m": 2.0, "measure_axis": "length"},
        {"kind": "recolor", "target": "sofa", "color": "blue"}]),
    ("remove the lamp, the rug and two chairs", [
        {"kind": "remove", "target": "lamp", "count": 1}, {"kind": "remove", "target": "rug", "count": 1},
        {"kind": "remove", "target": "chairs", "count": 2}]),
])
def test_editor_reads_common_phrasings(text, expected):
    assert ops(text) == expected


@pytest.mark.parametrize("text", [
    "dance a jig", "turn the sofa around", "make it nicer", "move the lamp", "paint the sofa", "take the lamp",
    "make the sofa blue and sing a song",
])
def test_editor_refuses_what_it_cannot_read_naming_it(text):
    with pytest.raises(InputError, match="did not understand"):
        parse_or_refuse(text)


def test_refusal_names_only_the_unread_clause():
    parsed = parse_edits("make the sofa blue and sing a song")
    assert [op.kind for op in parsed.operations] == ["recolor"] and parsed.not_understood == ["sing a song"]


@pytest.fixture(scope="module")
def room():
    return plan_prompt(ROOM, 1)


def test_recolour_sets_colour_and_requirement(room):
    outcome = apply_edits(room, parse_or_refuse("make the sofa blue"))
    sofa = outcome.plan.spec("sofa")
    assert sofa.color == "#2f6db5" and sofa.color_name == "blue"
    req = next(r for r in outcome.plan.requirements if r.id == "color:sofa")
    assert req.expected == "#2f6db5" and not outcome.replace  # same size: stays where it was


def test_add_remove_counts_and_requirements(room):
    plants = resolve_specs(room, "plants")[0]
    chairs = resolve_specs(room, "chairs")[0]
    outcome = apply_edits(room, parse_or_refuse("add two chairs and remove all plants"))
    assert outcome.plan.spec(chairs.key).count == chairs.count + 2
    assert plants.key not in {s.key for s in outcome.plan.objects}
    assert not [r for r in outcome.plan.requirements if plants.key in (r.subject, r.target)]
    assert next(r for r in outcome.plan.requirements if r.id == f"count:{chairs.key}").expected == chairs.count + 2
    fewer = apply_edits(room, parse_or_refuse("remove one chair"))
    assert fewer.plan.spec(chairs.key).count == chairs.count - 1 and fewer.keep[chairs.key] == chairs.count - 1


def test_move_replaces_placing_relations(room):
    outcome = apply_edits(room, parse_or_refuse("move the lamp next to the sofa"))
    lamp = resolve_specs(room, "lamp")[0].key
    mine = [(r.kind, r.target) for r in outcome.plan.relations if r.subject == lamp]
    assert mine == [("next_to", "sofa")] and lamp in outcome.replace
    assert any(r.id == f"relation:next_to:{lamp}:sofa" for r in outcome.plan.requirements)


def test_resize_grows_by_a_quarter(room):
    table = resolve_specs(room, "coffee table")[0]
    outcome = apply_edits(room, parse_or_refuse("make the coffee table bigger"))
    before = max(size_for(table.category, table.size))
    assert outcome.plan.spec(table.key).measure_m == pytest.approx(before * 1.25, abs=0.01)


@pytest.mark.parametrize("text, message", [
    ("remove the piano", "there is no piano"),
    ("make the sofa blurple", "did not understand"),
    ("paint the walls green", "only objects can be recoloured"),
    ("remove five sofas", "cannot remove 5"),
    ("move the lamp next to the window", "needs an object"),
    ("add two zorbles", "not an object the generator knows"),
])
def test_edits_that_cannot_apply_are_refused(room, text, message):
    with pytest.raises(InputError, match=message):
        apply_edits(room, parse_or_refuse(text, exists_in(room)))


def test_pinned_layout_keeps_untouched_objects(room):
    sizes = {s.key: size_for(s.category, s.size) for s in room.objects}
    before = solve_layout(room, sizes, seed=3)
    outcome = apply_edits(room, parse_or_refuse("make the sofa blue and move the lamp next to it"))
    after, kept = solve_pinned(outcome.plan, sizes, pins_from(room, before), outcome.replace, outcome.keep, seed=9)
    lamp = resolve_specs(room, "lamp")[0].key
    old = {p.id: p for p in before}
    assert set(kept) == {p.id for p in before if p.spec != lamp}
    for p in after:
        if p.id in kept:
            assert p.position == pytest.approx(old[p.id].position) and p.yaw == pytest.approx(old[p.id].yaw)


def test_pinned_layout_moves_away(room):
    sizes = {s.key: size_for(s.category, s.size) for s in room.objects}
    before = solve_layout(room, sizes, seed=3)
    outcome = apply_edits(room, parse_or_refuse("move the coffee table away from the sofa"))
    from tools.edit_layout import boxes_of

    sofa = boxes_of(p for p in before if p.spec == "sofa")["sofa"]
    old_gap = footprint_gap(boxes_of(p for p in before if p.spec == "coffee_table")["coffee_table"], sofa)
    after, _ = solve_pinned(outcome.plan, sizes, pins_from(room, before), outcome.replace, outcome.keep, seed=9,
                            away={"coffee_table": ([sofa], max(1.0, old_gap + 0.5))})
    table = boxes_of(p for p in after if p.spec == "coffee_table")["coffee_table"]
    assert footprint_gap(table, sofa) >= max(1.0, old_gap + 0.5)


class EditModelServer(FakeModelServer):
    """Answers every request with ``self.content`` as the assistant's text."""

    content = json.dumps({"operations": [{"kind": "remove", "target": "floor lamp"},
                                         {"kind": "add", "target": "potted plant", "count": 1}]})

    def answer(self, handler, body: dict) -> None:
        if self.mode == "http500":
            return super().answer(handler, body)
        handler._send(200, {"id": "x", "object": "chat.completion", "model": body["model"],
                            "choices": [{"index": 0, "message": {"role": "assistant", "content": self.content},
                                         "finish_reason": "stop"}]})


@pytest.mark.parametrize("content, expected", [
    (None, ["recolor", "remove", "add"]),
    ('{"operations": [{"kind": "explode", "target": "sofa"}]}', "do not follow the schema"),
    ("Sure, I'd remove the lamp", "invalid JSON"),
])
def test_model_proposes_what_the_grammar_cannot_read(tmp_path, room, content, expected):
    from graph.context import LazyBrowser, RunContext
    from graph.edit import edit_operations

    with EditModelServer() as server:
        if content is not None:
            server.content = content
        settings = Settings(data_dir=tmp_path, llm_base_url=server.url, llm_retries=0, _env_file=None)
        context = RunContext(settings, LazyBrowser(None, 30))
        if isinstance(expected, str):
            with pytest.raises(InputError, match=expected):
                edit_operations("make the sofa blue and swap the lamp for a plant", room, context)
            return
        operations, source = edit_operations("make the sofa blue and swap the lamp for a plant", room, context)
    assert [op.kind for op in operations] == expected and source == "grounded+model:fake-model"
    assert "swap the lamp for a plant" in server.requests[-1]["messages"][1]["content"]
    outcome = apply_edits(room, operations)
    assert "floor_lamp" not in {s.key for s in outcome.plan.objects}


def _glb_colours(path: Path) -> list[tuple[float, float, float]]:
    import pygltflib

    gltf = pygltflib.GLTF2().load(str(path))
    return [tuple(m.pbrMetallicRoughness.baseColorFactor[:3]) for m in gltf.materials if m.pbrMetallicRoughness]


def _is_blue(rgb: tuple[float, float, float]) -> bool:
    r, g, b = rgb
    return b > r * 1.5 and b > g * 1.2


@pytest.mark.browser
@pytest.mark.slow
def test_edit_end_to_end_new_revision_verifies(tmp_path, run_context):
    out = tmp_path / "scene"
    first = generate_scene("a living room with a grey sofa, a floor lamp and two chairs; 5m x 4m", out, run_context,
                           seed=1)
    assert first["passed"]
    old_ids = {p["id"]: p for p in first["placements"]}

    state = edit_scene(out, "make the sofa blue and move the lamp next to it", run_context)
    assert state["passed"], [c for c in state["report"]["checks"] if not c["passed"]]
    scene = json.loads((out / "scene.json").read_text())
    sofa = next(o for o in scene["objects"] if o["category"] == "sofa")
    assert any(_is_blue(c) for c in _glb_colours(out / sofa["asset"]))
    reqs = {r["id"]: r for r in scene["requirements"]}
    assert reqs["color:sofa"]["passed"] and reqs["relation:next_to:floor_lamp:sofa"]["passed"]
    lamp = next(o for o in scene["objects"] if o["category"] == "floor_lamp")
    gap = _aabb_gap(lamp["bbox"], sofa["bbox"])
    assert gap <= 0.5
    report = json.loads((out / "report.json").read_text())
    assert {"layout", "compose", "verify"} <= {call["stage"] for call in report["tool_calls"]}
    assert any(call["tool"] == "solve_layout" and call["stage"] == "layout" for call in report["tool_calls"])
    kept = set(state["pinned"])
    assert {i for i in old_ids if not i.startswith("floor_lamp")} <= kept
    for obj in scene["objects"]:
        if obj["id"] in kept:
            assert obj["position"] == pytest.approx(old_ids[obj["id"]]["position"], abs=1e-3)

    assert [r["revision"] for r in list_revisions(out)] == [1, 2]
    assert list_revisions(out)[1]["instruction"] == "make the sofa blue and move the lamp next to it"
    old_scene = json.loads((out / "revisions" / "1" / "scene.json").read_text())
    old_sofa = next(o for o in old_scene["objects"] if o["category"] == "sofa")
    assert (out / "revisions" / "1" / old_sofa["asset"]).is_file() and old_sofa["asset"] != sofa["asset"]
    assert (out / "revisions" / "1" / "vendor").is_symlink()

    state = edit_scene(out, "remove one chair and add three potted plants", run_context)
    assert state["passed"]
    categories = [p["category"] for p in state["placements"]]
    assert categories.count("chair") == 1 and categories.count("potted_plant") == 3
    assert [r["revision"] for r in list_revisions(out)] == [1, 2, 3]


def _aabb_gap(a: dict, b: dict) -> float:
    dx = max(b["min"][0] - a["max"][0], a["min"][0] - b["max"][0], 0.0)
    dz = max(b["min"][2] - a["max"][2], a["min"][2] - b["max"][2], 0.0)
    return math.hypot(dx, dz)


@pytest.mark.slow
def test_cli_edit_refuses_unknown_instruction_with_exit_2(tmp_path):
    out = tmp_path / "scene"
    out.mkdir()
    (out / "scene.json").write_text(json.dumps({"id": "s-x", "prompt": "a sofa", "seed": 0, "planner": "grounded",
                                                "objects": [{"id": "sofa"}]}))
    run = subprocess.run([sys.executable, "-m", "app.cli", "edit", str(out), "dance a jig"], capture_output=True,
                         text=True, cwd=Path(__file__).resolve().parents[1],
                         env={"DIORAMA_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 2 and "did not understand 'dance a jig'" in run.stderr
    listed = subprocess.run([sys.executable, "-m", "app.cli", "edit", str(out), "--list"], capture_output=True,
                            text=True, cwd=Path(__file__).resolve().parents[1],
                            env={"DIORAMA_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"})
    assert listed.returncode == 0 and "(generated)" in listed.stdout


def test_archive_and_restore_round_trip(tmp_path):
    from graph.edit import archive_revision, restore_revision

    scene = {"id": "s-x", "objects": [{"id": "sofa", "asset": "assets/abc.glb"}]}
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "abc.glb").write_bytes(b"glb")
    (tmp_path / "vendor").mkdir()
    (tmp_path / "scene.json").write_text(json.dumps(scene))
    (tmp_path / "report.json").write_text("{}")
    archive = archive_revision(tmp_path, 1)
    assert (archive / "assets" / "abc.glb").stat().st_ino == (tmp_path / "assets" / "abc.glb").stat().st_ino
    assert (archive / "vendor").is_symlink() and (archive / "vendor").resolve() == (tmp_path / "vendor").resolve()
    (tmp_path / "scene.json").write_text("half-written by a killed edit")
    restore_revision(tmp_path, archive)
    assert json.loads((tmp_path / "scene.json").read_text()) == scene and not archive.exists()
    assert list_revisions(tmp_path)[0]["revision"] == 1 and list_revisions(tmp_path)[0]["instruction"] is None


def test_a_second_edit_of_the_same_folder_is_refused_while_one_runs(tmp_path):
    import fcntl

    from graph.edit import EDIT_LOCK_FILE

    (tmp_path / "scene.json").write_text(json.dumps({"id": "s-x", "objects": []}))
    with open(tmp_path / EDIT_LOCK_FILE, "a") as running_edit:
        fcntl.flock(running_edit, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(InputError, match="another edit .* is running"):
            edit_scene(tmp_path, "make the sofa blue", context=None)
    with pytest.raises(InputError, match="holds no scene"):
        edit_scene(tmp_path / "nothing-here", "make the sofa blue", context=None)
