"""Conversational edits: the grounded editor's grammar, its plan changes, the pinned layout, and end to end
in Chromium (a new revision verifies, the old one is kept and listed)."""

from __future__ import annotations

import copy
import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_llm import FakeModelServer

from graph.edit import edit_scene
from graph.revisions import list_revisions
from graph.runner import generate_scene
from tools.core.errors import InputError
from tools.core.settings import Settings
from tools.edit.apply import apply_edits, exists_in, resolve_specs
from tools.edit.layout import footprint_gap, pins_from, solve_pinned
from tools.edit.parse import parse_edits, parse_or_refuse
from tools.knowledge.reference import size_for
from tools.layout.solver import solve_layout
from tools.plan.planner import plan_prompt

ROOM = "a living room with a sofa, a floor lamp, a coffee table, two chairs and three potted plants; 5m x 4m"
LIVING_ROOM = "a living room with a grey sofa, a floor lamp and two chairs; 5m x 4m"


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
    "dance a jig", "make it nicer", "move the lamp", "paint the sofa", "take the lamp",
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
    left = [r for r in outcome.plan.requirements if plants.key in (r.subject, r.target)]
    assert [(r.id, r.expected) for r in left] == [(f"absent:{plants.key}", 0)]  # only the check that they are gone
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
    ("paint the door green", "only objects can be recoloured"),
    ("remove five sofas", "cannot remove 5"),
    ("move the lamp behind the window", "needs an object"),
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
    from tools.edit.layout import boxes_of

    sofa = boxes_of(p for p in before if p.spec == "sofa")["sofa"]
    old_gap = footprint_gap(boxes_of(p for p in before if p.spec == "coffee_table")["coffee_table"], sofa)
    after, _ = solve_pinned(outcome.plan, sizes, pins_from(room, before), outcome.replace, outcome.keep, seed=9,
                            away={"coffee_table": ([sofa], max(1.0, old_gap + 0.5))})
    table = boxes_of(p for p in after if p.spec == "coffee_table")["coffee_table"]
    assert footprint_gap(table, sofa) >= max(1.0, old_gap + 0.5)


def test_layout_node_keeps_the_pins_on_every_repair_attempt(room, tmp_path):
    from types import SimpleNamespace

    from graph.context import LazyBrowser, RunContext
    from graph.layout import layout
    from tools.edit.layout import PINNING, Pinning

    sizes = {s.key: size_for(s.category, s.size) for s in room.objects}
    before = solve_layout(room, sizes, seed=3)
    outcome = apply_edits(room, parse_or_refuse("make the sofa blue and move the lamp next to it"))
    pinning = Pinning(pins_from(room, before), outcome.replace, outcome.keep, outcome.away, outcome.turns)
    stored = json.loads(json.dumps(PINNING.dump_python(pinning, mode="json")))  # as a checkpoint holds it
    assets = {key: {"key": key, "category": outcome.plan.spec(key).category, "path": f"assets/{key}.glb",
                    "size": list(size)} for key, size in sizes.items()}
    runtime = SimpleNamespace(context=RunContext(Settings(data_dir=tmp_path, _env_file=None), LazyBrowser(None, 30)))
    lamp = resolve_specs(room, "lamp")[0].key
    old = {p.id: p for p in before}
    for attempt in (2, 3):  # revision 2, then the layout a repair round asks for
        state = {"seed": 1, "plan": outcome.plan.model_dump(), "assets": assets, "pinning": stored,
                 "layout_attempt": attempt}
        update = layout(state, runtime)
        assert set(update["pinned"]) == {i for i, p in old.items() if p.spec != lamp}
        for placed in update["placements"]:
            if placed["id"] in update["pinned"]:
                assert placed["position"] == pytest.approx(old[placed["id"]].position)
                assert placed["yaw"] == pytest.approx(old[placed["id"]].yaw)


def test_solve_with_pins_moves_away_from_where_the_other_stood(room):
    from tools.edit.layout import Pinning, boxes_of, solve_with_pins

    sizes = {s.key: size_for(s.category, s.size) for s in room.objects}
    before = solve_layout(room, sizes, seed=3)
    outcome = apply_edits(room, parse_or_refuse("move the coffee table away from the sofa"))
    sofa = boxes_of(p for p in before if p.spec == "sofa")["sofa"]
    old_gap = footprint_gap(boxes_of(p for p in before if p.spec == "coffee_table")["coffee_table"], sofa)
    pinning = Pinning(pins_from(room, before), outcome.replace, outcome.keep, outcome.away, outcome.turns)
    after, _ = solve_with_pins(outcome.plan, sizes, pinning, seed=9)
    table = boxes_of(p for p in after if p.spec == "coffee_table")["coffee_table"]
    assert outcome.away == {"coffee_table": "sofa"} and footprint_gap(table, sofa) >= max(1.0, old_gap + 0.5)


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
                edit_operations("make the sofa blue and do something cozy with the lamp", room, context)
            return
        operations, source = edit_operations("make the sofa blue and do something cozy with the lamp", room, context)
    assert [op.kind for op in operations] == expected and source == "grounded+model:fake-model"
    assert "do something cozy with the lamp" in server.requests[-1]["messages"][1]["content"]
    outcome = apply_edits(room, operations)
    assert "floor_lamp" not in {s.key for s in outcome.plan.objects}


def _glb_colours(path: Path) -> list[tuple[float, float, float]]:
    import pygltflib

    gltf = pygltflib.GLTF2().load(str(path))
    return [tuple(m.pbrMetallicRoughness.baseColorFactor[:3]) for m in gltf.materials if m.pbrMetallicRoughness]


def _is_blue(rgb: tuple[float, float, float]) -> bool:
    r, g, b = rgb
    return b > r * 1.5 and b > g * 1.2


@pytest.fixture(scope="module")
def living_room(tmp_path_factory, lazy_browser):
    """LIVING_ROOM generated and verified once (seed 1) for the end-to-end edits; each test edits a copy."""
    from graph.context import RunContext

    folder = tmp_path_factory.mktemp("living-room")
    state = generate_scene(LIVING_ROOM, folder / "scene", RunContext(Settings(data_dir=folder / "data", _env_file=None),
                                                                     lazy_browser), seed=1)
    return folder / "scene", state


def _copy_of(living_room, tmp_path: Path) -> tuple[Path, dict]:
    """A test's own copy of the generated living room's folder and final state."""
    folder, state = living_room
    out = tmp_path / "scene"
    shutil.copytree(folder, out, symlinks=True)
    return out, copy.deepcopy(state)


@pytest.mark.browser
@pytest.mark.slow
def test_edit_end_to_end_new_revision_verifies(tmp_path, run_context, living_room):
    out, first = _copy_of(living_room, tmp_path)
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
    assert (out / "revisions" / "1" / "viewer.js").is_symlink()

    plants_before = [p["category"] for p in state["placements"]].count("potted_plant")  # a living room may have one
    chairs = next(o["category"] for o in state["plan"]["objects"] if o["noun"] == "chair")  # a living room's armchairs
    chairs_before = [p["category"] for p in state["placements"]].count(chairs)
    state = edit_scene(out, "remove one chair and add three potted plants", run_context)
    assert state["passed"]
    categories = [p["category"] for p in state["placements"]]
    assert categories.count(chairs) == chairs_before - 1 and categories.count("potted_plant") == plants_before + 3
    assert [r["revision"] for r in list_revisions(out)] == [1, 2, 3]


@pytest.mark.browser
@pytest.mark.slow
def test_edit_that_fails_a_check_keeps_its_pins_through_a_layout_repair(tmp_path, lazy_browser, living_room):
    from graph.context import RunContext

    context = RunContext(Settings(data_dir=tmp_path / "data", max_repairs=1, _env_file=None), lazy_browser)
    out, first = _copy_of(living_room, tmp_path)
    # A requirement no layout can meet (two sofas where the plan has one): the revision fails it on every round.
    plan = first["plan"]
    plan["requirements"].append({"id": "count:sofa:twice", "kind": "count", "description": "two sofas",
                                 "subject": "sofa", "expected": 2})
    (out / "plan.json").write_text(json.dumps(plan))

    state = edit_scene(out, "make the sofa blue and move the lamp next to it", context)
    assert not state["passed"]
    assert [entry["action"] for entry in state["repair_log"]] == ["resolve_layout"]
    old = {p["id"]: p for p in first["placements"]}
    assert set(state["pinned"]) == {i for i in old if not i.startswith("floor_lamp")}
    final = {p["id"]: p for p in state["placements"]}
    for pid in state["pinned"]:  # pins are read back from scene.json, which keeps 4 decimals
        assert final[pid]["position"] == pytest.approx(old[pid]["position"], abs=1e-3)
        assert final[pid]["yaw"] == pytest.approx(old[pid]["yaw"], abs=1e-3)
    logged = json.loads((out / "revisions.json").read_text())["revisions"][-1]
    assert logged["pinned"] == state["pinned"] and logged["passed"] is False


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
    (tmp_path / "viewer.js").write_text("// the page's bundle")
    (tmp_path / "scene.json").write_text(json.dumps(scene))
    (tmp_path / "report.json").write_text("{}")
    archive = archive_revision(tmp_path, 1)
    assert (archive / "assets" / "abc.glb").stat().st_ino == (tmp_path / "assets" / "abc.glb").stat().st_ino
    assert (archive / "viewer.js").is_symlink() and (archive / "viewer.js").resolve() == (tmp_path / "viewer.js").resolve()
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


# Rotations: degrees are counter-clockwise seen from above (scene.json yaw), so 'left' is +90 and 'right' -90.
@pytest.mark.parametrize("text, expected", [
    ("turn the sofa around", [{"kind": "rotate", "target": "sofa", "degrees": 180.0}]),
    ("spin the chair half a turn", [{"kind": "rotate", "target": "chair", "degrees": 180.0}]),
    ("rotate the bed 90 degrees", [{"kind": "rotate", "target": "bed", "degrees": 90.0}]),
    ("rotate the bed by 90°", [{"kind": "rotate", "target": "bed", "degrees": 90.0}]),
    ("turn the desk a quarter turn", [{"kind": "rotate", "target": "desk", "degrees": 90.0}]),
    ("turn the chair to the left", [{"kind": "rotate", "target": "chair", "degrees": 90.0}]),
    ("turn the chair to the right", [{"kind": "rotate", "target": "chair", "degrees": -90.0}]),
    ("rotate the table 45 degrees clockwise", [{"kind": "rotate", "target": "table", "degrees": -45.0}]),
    ("rotate the table 30 degrees counter-clockwise", [{"kind": "rotate", "target": "table", "degrees": 30.0}]),
    ("turn the chair to face the tv", [{"kind": "rotate", "target": "chair", "relation": "facing",
                                        "reference": "tv"}]),
    ("make the armchair face the fireplace", [{"kind": "rotate", "target": "armchair", "relation": "facing",
                                               "reference": "fireplace"}]),
    ("the desk facing the window", [{"kind": "rotate", "target": "desk", "relation": "facing",
                                     "reference": "window"}]),
    ("turn the sofa towards the tv", [{"kind": "rotate", "target": "sofa", "relation": "facing", "reference": "tv"}]),
    ("turn the sofa blue", [{"kind": "recolor", "target": "sofa", "color": "blue"}]),
    ("make the sofa blue and turn it around", [
        {"kind": "recolor", "target": "sofa", "color": "blue"},
        {"kind": "rotate", "target": "sofa", "degrees": 180.0}]),
    ("turn the sofa around and the chair 90 degrees to the right", [
        {"kind": "rotate", "target": "sofa", "degrees": 180.0},
        {"kind": "rotate", "target": "chair", "degrees": -90.0}]),
    ("turn the sofa around and move the lamp next to it", [
        {"kind": "rotate", "target": "sofa", "degrees": 180.0},
        {"kind": "move", "target": "lamp", "relation": "next_to", "reference": "sofa"}]),
])
def test_editor_reads_rotations(text, expected):
    assert ops(text) == expected


@pytest.mark.parametrize("text", [
    "rotate the sofa 45 apples", "rotate the sofa", "spin the chair 720 degrees", "turn it around",
    "rotate the bed 2 m",
])
def test_editor_refuses_rotations_it_cannot_read(text):
    with pytest.raises(InputError, match="did not understand"):
        parse_or_refuse(text)


def test_turn_keeps_position_needs_no_requirement_and_logs_the_turn(room):
    sizes = {s.key: size_for(s.category, s.size) for s in room.objects}
    before = solve_layout(room, sizes, seed=3)
    outcome = apply_edits(room, parse_or_refuse("turn the sofa around"))
    # A furnished room may have set the sofa against a wall or facing the tv: the turn says it drops those.
    assert len(outcome.changes) == 1 and outcome.changes[0].startswith("turned sofa around (180 degrees)")
    assert not outcome.replace
    assert outcome.plan.requirements == room.requirements
    after, kept = solve_pinned(outcome.plan, sizes, pins_from(room, before), outcome.replace, outcome.keep, seed=9,
                               turns=outcome.turns)
    old = {p.id: p for p in before}
    assert set(kept) == set(old)  # a half turn has the same footprint: the sofa stays where it stood
    for p in after:
        assert p.position == pytest.approx(old[p.id].position)
        turned = abs(math.remainder(p.yaw - old[p.id].yaw, 2 * math.pi))
        assert turned == pytest.approx(math.pi if p.spec == "sofa" else 0.0, abs=1e-9)


def _against_wall_sofa_room():
    """A sofa against a wall: a quarter turn puts its long side through the wall, so it must move."""
    plan = plan_prompt("a living room with a sofa against the wall, a floor lamp and two chairs; 5m x 4m", 1)
    sizes = {s.key: size_for(s.category, s.size) for s in plan.objects}
    return plan, sizes, solve_layout(plan, sizes, seed=3)


def test_turn_that_does_not_fit_moves_to_the_nearest_free_pose():
    from tools.edit.layout import SPIRAL_STEP, boxes_of
    from tools.layout.solver import new_context
    from tools.layout.space import Box

    plan, sizes, before = _against_wall_sofa_room()
    outcome = apply_edits(plan, parse_or_refuse("rotate the sofa 90 degrees to the left"))
    assert "no longer against wall" in outcome.changes[0]
    assert not any(r.subject == "sofa" and r.kind == "against_wall" for r in outcome.plan.relations)
    after, kept = solve_pinned(outcome.plan, sizes, pins_from(plan, before), outcome.replace, outcome.keep, seed=9,
                               turns=outcome.turns)
    old, new = {p.id: p for p in before}, {p.id: p for p in after}
    assert set(kept) == set(old) - {"sofa"}
    for pid in kept:
        assert new[pid].position == pytest.approx(old[pid].position) and new[pid].yaw == pytest.approx(old[pid].yaw)
    sofa, was = new["sofa"], old["sofa"]
    assert math.remainder(sofa.yaw - was.yaw - math.pi / 2, 2 * math.pi) == pytest.approx(0.0, abs=1e-9)
    moved = math.dist(sofa.position[::2], was.position[::2])
    # The nearest pose that fits, by a 5 cm scan of the room: the solver's spiral is at most one ring further.
    ctx = new_context(outcome.plan, sizes, 0)
    for box in boxes_of(p for p in after if p.id != "sofa").values():
        ctx.space.add(box)
    lo, hi = ctx.space.lo, ctx.space.hi
    fits = [math.dist((lo[0] + 0.05 * i, lo[2] + 0.05 * j), was.position[::2])
            for i in range(int((hi[0] - lo[0]) / 0.05) + 1) for j in range(int((hi[2] - lo[2]) / 0.05) + 1)
            if ctx.space.fits(Box("sofa", "sofa", "sofa", lo[0] + 0.05 * i, 0.0, lo[2] + 0.05 * j, sofa.yaw,
                                  *sizes["sofa"]))]
    assert 0 < moved <= min(fits) + SPIRAL_STEP + 0.05


def _forward_angle_to(p, x: float, z: float) -> float:
    fx, fz = math.sin(p.yaw), math.cos(p.yaw)
    dx, dz = x - p.position[0], z - p.position[2]
    return abs(math.degrees(math.atan2(fx * dz - fz * dx, fx * dx + fz * dz)))


def test_face_turns_each_instance_towards_the_target_and_is_verified(room):
    from tools.verify.checks import check_requirements

    sizes = {s.key: size_for(s.category, s.size) for s in room.objects}
    before = solve_layout(room, sizes, seed=3)
    chairs = resolve_specs(room, "chairs")[0].key
    outcome = apply_edits(room, parse_or_refuse("make the chairs face the sofa"))
    assert outcome.changes == [f"turned {chairs} to face the sofa"]
    assert ("facing", "sofa") in {(r.kind, r.target) for r in outcome.plan.relations if r.subject == chairs}
    after, _ = solve_pinned(outcome.plan, sizes, pins_from(room, before), outcome.replace, outcome.keep, seed=9,
                            turns=outcome.turns)
    sofa = next(p for p in after if p.spec == "sofa")
    for chair in (p for p in after if p.spec == chairs):
        assert _forward_angle_to(chair, sofa.position[0], sofa.position[2]) < 2.0
    checked = {r.id: r for r in check_requirements(outcome.plan, after, {})}
    assert checked[f"relation:facing:{chairs}:sofa"].passed


def test_face_the_window_points_at_the_nearest_window():
    from tools.core.windows import windows_of

    plan = plan_prompt("a bedroom with a bed, a desk and a window", 1)
    sizes = {s.key: size_for(s.category, s.size) for s in plan.objects}
    before = solve_layout(plan, sizes, seed=3)
    turned = apply_edits(plan, parse_or_refuse("turn the desk to the right"))
    middle, _ = solve_pinned(turned.plan, sizes, pins_from(plan, before), turned.replace, turned.keep, seed=9,
                             turns=turned.turns)
    outcome = apply_edits(turned.plan, parse_or_refuse("the desk facing the window"))
    after, _ = solve_pinned(outcome.plan, sizes, pins_from(turned.plan, middle), outcome.replace, outcome.keep,
                            seed=9, turns=outcome.turns)
    desk = next(p for p in after if p.spec == "desk")
    window = min(windows_of(plan.environment), key=lambda w: math.dist((w.x, w.z), desk.position[::2]))
    assert _forward_angle_to(desk, window.x, window.z) < 2.0


@pytest.mark.parametrize("text, message", [
    ("rotate the piano 90 degrees", "there is no piano"),
    ("make the sofa face the sofa", "cannot face itself"),
    ("turn the sofa to face the door", "no door"),
    ("spin the chair 360 degrees", "leaves the chair as it is"),
])
def test_turns_that_cannot_apply_are_refused(room, text, message):
    with pytest.raises(InputError, match=message):
        apply_edits(room, parse_or_refuse(text, exists_in(room)))


def test_model_schema_offers_rotations():
    from tools.edit.parse import EditProposal

    schema = EditProposal.model_json_schema()
    op = schema["$defs"]["EditOp"]["properties"]
    assert "rotate" in op["kind"]["enum"] and "facing" in json.dumps(op["relation"])
    assert {"type": "number", "minimum": -360, "maximum": 360} in op["degrees"]["anyOf"]
    proposal = EditProposal.model_validate({"operations": [{"kind": "rotate", "target": "sofa", "degrees": -90}]})
    assert apply_edits(plan_prompt(ROOM, 1), proposal.operations).turns["sofa"].radians == pytest.approx(-math.pi / 2)


def _yaw(obj: dict) -> float:
    _, qy, _, qw = obj["rotation"]
    return 2 * math.atan2(qy, qw)


@pytest.mark.browser
@pytest.mark.slow
def test_turn_end_to_end_keeps_every_other_object(tmp_path, run_context):
    out = tmp_path / "scene"
    # The sofa stands free: turned round against a wall it would face the wall, and the navigability check
    # would rightly find its seat unreachable.
    first = generate_scene("a small living room with a sofa in the middle, a floor lamp and a coffee table; 4m x 4m",
                           out, run_context, seed=2)
    assert first["passed"]
    old = {o["id"]: o for o in json.loads((out / "scene.json").read_text())["objects"]}

    state = edit_scene(out, "turn the sofa around", run_context)
    assert state["passed"], [c for c in state["report"]["checks"] if not c["passed"]]
    new = {o["id"]: o for o in json.loads((out / "scene.json").read_text())["objects"]}
    assert set(new) == set(old)
    sofa = next(i for i, o in new.items() if o["category"] == "sofa")
    assert abs(math.remainder(_yaw(new[sofa]) - _yaw(old[sofa]), 2 * math.pi)) == pytest.approx(math.pi, abs=0.02)
    for object_id, obj in new.items():
        assert obj["position"] == pytest.approx(old[object_id]["position"], abs=1e-3)
        if object_id != sofa:
            assert obj["rotation"] == pytest.approx(old[object_id]["rotation"], abs=1e-4)
    log = json.loads((out / "revisions.json").read_text())["revisions"]
    # The furnished room set the sofa against a wall facing the tv; the turn says it undid those.
    [change] = log[-1]["changes"]
    assert change.startswith("turned sofa around (180 degrees)")
    assert log[-1]["operations"] == [{"kind": "rotate", "target": "sofa", "degrees": 180.0}]


def test_what_stands_on_a_turned_object_turns_with_it():
    plan = plan_prompt("a room with a desk and a laptop on the desk and a lamp on the desk; 4m x 4m", 1)
    sizes = {s.key: size_for(s.category, s.size) for s in plan.objects}
    before = {p.id: p for p in solve_layout(plan, sizes, seed=3)}
    outcome = apply_edits(plan, parse_or_refuse("turn the desk around"))
    after = {p.id: p for p in solve_pinned(plan, sizes, pins_from(plan, before.values()), outcome.replace,
                                           outcome.keep, seed=9, turns=outcome.turns)[0]}
    desk = before["desk"]
    assert after["desk"].position == pytest.approx(desk.position)
    for rider in (p for p in before.values() if p.parent == "desk"):
        x, y, z = rider.position
        mirrored = (2 * desk.position[0] - x, y, 2 * desk.position[2] - z)  # half a turn about the desk's centre
        assert after[rider.id].parent == "desk" and after[rider.id].position == pytest.approx(mirrored)
        assert abs(math.remainder(after[rider.id].yaw - rider.yaw, 2 * math.pi)) == pytest.approx(math.pi)


def test_move_next_to_the_window_becomes_the_by_window_relation():
    plan = plan_prompt("a bedroom with a bed, a desk and a wardrobe")
    outcome = apply_edits(plan, parse_or_refuse("move the desk next to the window"))
    assert [(r.kind, r.target) for r in outcome.plan.relations if r.subject == "desk"] == [("by_window", None)]
    assert "relation:by_window:desk:None" in {r.id for r in outcome.plan.requirements}
    windowless = plan_prompt("a bedroom with a bed and a desk")
    windowless.environment.windows = 0
    with pytest.raises(InputError, match="no window"):
        apply_edits(windowless, parse_or_refuse("move the desk next to the window"))
