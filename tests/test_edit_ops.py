"""The edit operations beyond one object's colour or place: moves to a named wall or the middle, arrangements,
duplicates, redo and the room's size; and the honest account of what an edit did per object."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import get_args

import pytest

from tools.core.errors import InputError, LayoutError
from tools.core.windows import windows_of
from tools.edit.account import account_lines, change_counts, object_changes
from tools.edit.apply import apply_edits, exists_in
from tools.edit.history import restored_revision
from tools.edit.layout import pins_from, remap_pins, solve_pinned
from tools.edit.ops import EditKind, EditOp, EditProposal
from tools.edit.parse import parse_or_refuse
from tools.edit.targets import Last
from tools.knowledge.reference import size_for
from tools.layout.relation_kinds import RELATIONS
from tools.layout.relation_kinds.spec import Room
from tools.layout.solver import room_bounds, solve_layout
from tools.model.prompts import EDITOR_SYSTEM
from tools.plan.planner import plan_prompt

DINING = "a dining room with a dining table, six chairs, a cabinet and a ceiling lamp; 6m x 5m"
BEDROOM = "a bedroom with a bed, two nightstands, a wardrobe, a desk, a chair and a rug; 5m x 4m"
LIVING = ("a living room with a sofa, a coffee table, a tv, two armchairs, three potted plants and two floor lamps; "
          "6m x 5m")


def ops(text: str, previous: Last | None = None) -> list[dict]:
    return [op.model_dump(exclude_none=True) for op in parse_or_refuse(text, lambda name: True, previous)]


@pytest.mark.parametrize("text, expected", [
    ("move the sofa to the other wall", {"kind": "move", "target": "sofa", "relation": "against_wall", "wall": "other"}),
    ("move the desk along the window wall", {"kind": "move", "target": "desk", "relation": "against_wall",
                                             "wall": "window"}),
    ("push the bed against the left wall", {"kind": "move", "target": "bed", "relation": "against_wall",
                                            "wall": "left"}),
    ("move the sofa to the right side of the room", {"kind": "move", "target": "sofa", "relation": "against_wall",
                                                     "wall": "right"}),
    ("move the table to the middle", {"kind": "move", "target": "table", "relation": "center"}),
    ("move the rug to the centre of the room", {"kind": "move", "target": "rug", "relation": "center"}),
    ("arrange the chairs in a circle", {"kind": "arrange", "target": "chairs", "arrangement": "in_circle"}),
    ("put the chairs in a circle", {"kind": "arrange", "target": "chairs", "arrangement": "in_circle"}),
    ("arrange the chairs in two rows", {"kind": "arrange", "target": "chairs", "arrangement": "row", "rows": 2}),
    ("arrange the desks in rows", {"kind": "arrange", "target": "desks", "arrangement": "row"}),
    ("line up the chairs", {"kind": "arrange", "target": "chairs", "arrangement": "row", "rows": 1}),
    ("arrange the chairs around the table", {"kind": "arrange", "target": "chairs", "arrangement": "around",
                                             "reference": "table"}),
    ("duplicate the lamp", {"kind": "duplicate", "target": "lamp"}),
    ("copy the plant twice", {"kind": "duplicate", "target": "plant", "count": 2}),
    ("redo", {"kind": "redo", "target": "scene"}),
    ("undo the undo", {"kind": "redo", "target": "scene"}),
    ("make the room bigger", {"kind": "room", "target": "room", "size": "larger"}),
    ("enlarge the room", {"kind": "room", "target": "room", "size": "larger"}),
    ("make the room 6 by 5 metres", {"kind": "room", "target": "room", "width_m": 6.0, "depth_m": 5.0}),
    ("make the room 6m x 5m", {"kind": "room", "target": "room", "width_m": 6.0, "depth_m": 5.0}),
    ("make the room 7 m wide", {"kind": "room", "target": "room", "width_m": 7.0}),
])
def test_editor_reads_the_new_operations(text, expected):
    assert ops(text) == [expected]


def test_moving_around_a_table_stays_a_move_and_another_like_that_one_copies_it():
    assert ops("move the chairs around the table")[0]["kind"] == "move"
    assert ops("add another chair like that one", Last("chair_b")) == [
        {"kind": "duplicate", "target": "chair", "count": 1, "reference": "chair_b"}]


def test_refusal_names_the_unknown_words_and_the_nearest_new_phrasing():
    with pytest.raises(InputError) as refused:
        parse_or_refuse("arrange the chairs in a spiral")
    message = str(refused.value)
    assert "not understood: 'spiral'" in message and "nearest supported phrasing: 'arrange the chairs in a circle'" in message
    with pytest.raises(InputError, match="not understood: 'mvoe'\\); nearest supported phrasing: 'move the sofa to"):
        parse_or_refuse("mvoe the sofa to the other wall")


def test_the_model_schema_offers_the_new_operations():
    schema = json.dumps(EditProposal.model_json_schema())
    for word in ("arrange", "duplicate", "redo", "room", "in_circle", "wall", "width_m"):
        assert f'"{word}"' in schema, word
    for kind in get_args(EditKind):  # the model's instructions name every operation the editor applies
        assert f'"{kind}"' in EDITOR_SYSTEM, kind
    for field in EditOp.model_fields:
        assert f'"{field}"' in EDITOR_SYSTEM, field


def _laid_out(prompt: str):
    plan = plan_prompt(prompt, 1)
    return plan, solve_layout(plan, _sizes(plan), seed=1)


def _sizes(plan):
    return {s.key: size_for(s.category, s.size, s.measure_m, s.measure_axis) for s in plan.objects}


def _edited(plan, placements, text):
    outcome = apply_edits(plan, parse_or_refuse(text, exists_in(plan)), placements)
    pins = remap_pins(outcome.plan, pins_from(plan, placements), outcome.where)
    new, _ = solve_pinned(outcome.plan, _sizes(outcome.plan), pins, outcome.replace, outcome.keep, seed=2,
                          turns=outcome.turns, placed=outcome.placed)
    return outcome, new


def _room(plan):
    return Room(*room_bounds(plan.environment), windows_of(plan.environment))


def test_arranging_in_a_circle_places_every_chair_on_one_ring_and_checks_it():
    plan, placements = _laid_out(DINING)
    outcome, new = _edited(plan, placements, "arrange the chairs in a circle")
    assert [r.kind for r in outcome.plan.relations if r.subject == "chair"] == ["in_circle"]
    assert any(r.description == "chair in a circle" for r in outcome.plan.requirements)
    chairs = [p for p in new if p.spec == "chair"]
    assert len(chairs) == 6 and RELATIONS["in_circle"].check(chairs, [], _room(outcome.plan), None)[0]
    table = next(p for p in placements if p.category == "table")
    assert next(p for p in new if p.category == "table").position == table.position  # untouched: kept


def test_in_a_row_among_pinned_things_is_one_row():
    plan, placements = _laid_out(LIVING)  # the solver's few block spots are all taken by what stays
    outcome, new = _edited(plan, placements, "arrange the armchairs in a row")
    armchairs = [p for p in new if p.spec == "armchair"]
    assert len(armchairs) == 2 and RELATIONS["row"].check(armchairs, [], _room(outcome.plan), 1)[0]


def test_next_to_a_thing_whose_sides_are_taken_finds_a_spot_round_it():
    plan, placements = _laid_out(LIVING)  # an armchair and the bookshelf stand at the sofa's sides
    # One plant: since rooms have a door the third of three no longer fits round this sofa (refused as such).
    outcome, new = _edited(plan, placements, "move the second plant next to the sofa")
    moved = [p for p in new if p.spec in outcome.targets]
    sofa = [p for p in new if p.spec == "sofa"]
    assert moved and RELATIONS["next_to"].check(moved, sofa, _room(outcome.plan), None)[0]


def test_a_move_the_room_cannot_hold_is_refused_not_placed_elsewhere():
    plan, placements = _laid_out(DINING)  # six chairs cannot all stand within half a metre of the cabinet
    with pytest.raises(LayoutError, match="chair next to cabinet does not hold"):
        _edited(plan, placements, "move the chairs next to the cabinet")


@pytest.mark.parametrize("text, expected", [
    ("make the lamp next to the sofa bigger", {"kind": "resize", "target": "lamp", "near": "sofa", "size": "larger"}),
    ("swap the lamp next to the sofa for a plant", {"kind": "replace", "target": "lamp", "near": "sofa",
                                                    "replacement": "plant"}),
    ("replace the chair by the window with a stool", {"kind": "replace", "target": "chair", "near": "window",
                                                      "replacement": "stool"}),
    ("remove the plant next to the sofa", {"kind": "remove", "target": "plant", "near": "sofa"}),
    ("make the lamp near the red sofa blue", {"kind": "recolor", "target": "lamp", "near": "red sofa", "color": "blue"}),
])
def test_the_one_by_something_is_read_as_where_it_stands(text, expected):
    assert ops(text) == [expected]


@pytest.mark.parametrize("text", ["remove the plants by the sofa", "make the lamp in the corner green",
                                  "replace the plants by the sofa with lamps"])
def test_which_ones_a_place_means_unsaid_is_not_understood(text):
    with pytest.raises(InputError, match="did not understand"):
        parse_or_refuse(text, lambda name: True)


def test_the_one_by_something_is_the_instance_standing_nearest_it():
    plan, placements = _laid_out(DINING)
    cabinet = next(p for p in placements if p.category == "cabinet")
    chairs = [p for p in placements if p.spec == "chair"]
    nearest = min(chairs, key=lambda p: abs(p.position[0] - cabinet.position[0]) + abs(p.position[2] - cabinet.position[2]))
    outcome, new = _edited(plan, placements, "replace the chair by the cabinet with a stool")
    stool = next(p for p in new if p.category == "stool")
    assert stool.position[::2] == nearest.position[::2] and len([p for p in new if p.category == "chair"]) == 5


def test_two_as_near_is_refused_rather_than_guessed():
    plan, placements = _laid_out(DINING)
    with pytest.raises(InputError, match="about as near"):
        _edited(plan, placements, "make the chair next to the table red")  # six stand round it


def test_too_few_to_arrange_is_refused():
    plan, placements = _laid_out(BEDROOM)
    with pytest.raises(InputError, match="too few to arrange in a circle"):
        apply_edits(plan, [EditOp(kind="arrange", target="chair", arrangement="in_circle")], placements)


def test_a_named_wall_is_met_or_refused():
    plan, placements = _laid_out(BEDROOM)
    outcome, new = _edited(plan, placements, "move the desk along the window wall")
    wall = windows_of(plan.environment)[0].wall
    relation = next(r for r in outcome.plan.relations if r.subject == "desk")
    assert (relation.kind, relation.param) == ("against_wall", wall)
    desk = [p for p in new if p.spec == "desk"]
    assert RELATIONS["against_wall"].check(desk, [], _room(plan), wall)[0]
    with pytest.raises(LayoutError, match="does not fit against the"):
        _edited(plan, placements, "move the wardrobe to the right wall")  # the bed and nightstands fill it


def test_the_other_wall_is_opposite_where_it_stands():
    plan, placements = _laid_out(BEDROOM)
    outcome = apply_edits(plan, parse_or_refuse("move the wardrobe to the other wall", exists_in(plan)), placements)
    assert next(r.param for r in outcome.plan.relations if r.subject == "wardrobe") == 1  # stood at the left (x-)
    assert "moved wardrobe to the right wall" in outcome.changes[0]
    with pytest.raises(InputError, match="where the wardrobe stands now is unknown"):
        apply_edits(plan, parse_or_refuse("move the wardrobe to the other wall", exists_in(plan)))


def test_duplicate_adds_copies_of_the_same_spec_and_keeps_the_originals():
    plan, placements = _laid_out(DINING)
    outcome, new = _edited(plan, placements, "duplicate the cabinet")
    spec = next(s for s in outcome.plan.objects if s.key == "cabinet")
    assert spec.count == 2 and any(r.id == "count:cabinet" and r.expected == 2 for r in outcome.plan.requirements)
    was = next(p for p in placements if p.id == "cabinet")
    assert next(p for p in new if p.id == "cabinet_1").position == was.position


def test_room_size_changes_the_bounds_and_places_everything_again():
    plan, placements = _laid_out(BEDROOM)
    outcome, new = _edited(plan, placements, "make the room 6 by 5 metres")
    env = outcome.plan.environment
    assert (env.width, env.depth) == (6.0, 5.0) and outcome.replace == {s.key for s in outcome.plan.objects}
    lo, hi = room_bounds(env)
    assert all(lo[0] <= p.position[0] <= hi[0] and lo[2] <= p.position[2] <= hi[2] for p in new)
    with pytest.raises(InputError, match="between 1.5 m and 50 m"):
        apply_edits(plan, [EditOp(kind="room", target="room", width_m=80.0, depth_m=5.0)], placements)
    garden = plan_prompt("a garden with a bench and two trees", 1)
    with pytest.raises(InputError, match="outdoors"):
        apply_edits(garden, [EditOp(kind="room", target="room", size="larger")])


def test_redo_restores_what_the_latest_undo_went_back_from():
    log = [[], [{"kind": "recolor"}], [{"kind": "undo"}]]
    assert restored_revision(log, EditOp(kind="redo", target="scene")) == 2
    assert restored_revision(log, EditOp(kind="undo", target="scene", revision=1)) == 1
    with pytest.raises(InputError, match="nothing to redo"):
        restored_revision(log[:2], EditOp(kind="redo", target="scene"))
    with pytest.raises(InputError, match="cannot go back to revision 3"):
        restored_revision(log, EditOp(kind="undo", target="scene", revision=3))


UNDO, REDO = EditOp(kind="undo", target="scene"), EditOp(kind="redo", target="scene")


def test_undo_and_redo_walk_the_history_one_step_each():
    log = [[], [{"kind": "remove"}], [{"kind": "recolor"}]]  # r1 made, r2 and r3 edits
    walk = []
    for op in (UNDO, UNDO, REDO, REDO):
        walk.append(restored_revision(log, op))
        log.append([op.model_dump(exclude_none=True)])
    assert walk == [2, 1, 4, 3]  # back to r2, back to r1, forward to r4 (r2 again), forward to r3
    with pytest.raises(InputError, match="nothing to redo"):
        restored_revision(log, REDO)
    assert restored_revision(log, UNDO) == 6  # r7 = r3; undoing it goes back to the r2 state r6 restored


def test_a_new_edit_after_an_undo_drops_what_could_be_redone():
    log = [[], [{"kind": "remove"}], [{"kind": "undo"}], [{"kind": "add"}]]
    with pytest.raises(InputError, match="nothing to redo"):
        restored_revision(log, REDO)
    assert restored_revision(log, UNDO) == 3
    with pytest.raises(InputError, match="nothing to undo"):
        restored_revision([[]], UNDO)


def test_the_account_says_per_object_what_changed():
    plan, placements = _laid_out(DINING)
    outcome, new = _edited(plan, placements, "make the cabinet red, remove two chairs and replace the table with a "
                                             "desk and add a plant")
    entries = object_changes(plan, placements, outcome.plan, new, outcome.where)
    by_id = {e["id"]: e for e in entries}
    counts = change_counts(entries)
    # two chairs, and the table setting the desk has no place for (a place's surface thing with no surface left
    # is left out, not laid on the floor)
    removed = sorted(e["category"] for e in entries if "removed" in e["changes"])
    assert removed == ["chair", "chair", "table_setting"] and counts["added"] == 1 and counts["replaced"] == 1
    assert "recoloured" in by_id["cabinet"]["changes"] and by_id["cabinet"]["colour"] == outcome.plan.spec("cabinet").color
    desk = next(e for e in entries if "replaced" in e["changes"])
    assert desk["was_category"] == "table" and desk["category"] == "desk"
    assert all(e["changes"] == ["unchanged"] for e in entries if e["category"] == "chandelier")
    lines = account_lines(entries)
    assert any(line.startswith("  removed: ") for line in lines) and any("table -> desk" in line for line in lines)


def test_an_unchanged_revision_reads_unchanged():
    plan, placements = _laid_out(DINING)
    entries = object_changes(plan, placements, plan, placements)
    assert change_counts(entries) == {"unchanged": len(placements)}


def test_remove_everything_except_reads_as_only_that_remains():
    plan, placements = _laid_out(DINING)
    outcome, new = _edited(plan, placements, "remove everything except the table")
    entries = object_changes(plan, placements, outcome.plan, new, outcome.where)
    assert [e["id"] for e in entries if e["changes"] != ["removed"]] == ["table"]
    assert change_counts(entries)["removed"] == len(placements) - 1


@pytest.mark.browser
@pytest.mark.slow
def test_cli_edit_chain_prints_and_records_what_changed(tmp_path):
    root = Path(__file__).resolve().parents[1]
    env = {"DIORAMA_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    out = tmp_path / "scene"

    def cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "app.cli", *args], capture_output=True, text=True, cwd=root,
                              env=env, timeout=900)

    made = cli("generate", "a dining room with a table and four chairs; 5m x 5m", "--out", str(out), "--seed", "1")
    assert made.returncode in (0, 1), made.stderr
    arranged = cli("edit", str(out), "arrange the chairs in a circle")
    assert arranged.returncode in (0, 1), arranged.stderr
    assert "  moved: chair_1" in arranged.stdout and "  unchanged: " in arranged.stdout
    report = json.loads((out / "report.json").read_text())
    assert report["edit"]["revision"] == 2 and report["edit"]["counts"]["moved"] >= 3
    requirement = next(r for r in report["requirements"] if r["id"].startswith("relation:in_circle:chair"))
    assert requirement["description"] == "chair in a circle"
    assert cli("edit", str(out), "undo").returncode in (0, 1)
    redone = cli("edit", str(out), "redo")
    assert redone.returncode in (0, 1) and "restored revision 2" in redone.stdout + redone.stderr
    assert "resized" not in redone.stdout  # a turn changes the world box scene.json keeps, not the size
    scene2 = json.loads((out / "revisions" / "2" / "scene.json").read_text())
    scene4 = json.loads((out / "scene.json").read_text())
    assert [(o["id"], o["position"]) for o in scene2["objects"]] == [(o["id"], o["position"]) for o in scene4["objects"]]
    logged = json.loads((out / "revisions.json").read_text())["revisions"]
    assert [e["operations"][0]["kind"] for e in logged[1:]] == ["arrange", "undo", "redo"]
    assert all("objects" in e and "counts" in e for e in logged[1:])
    listed = cli("edit", str(out), "--list")
    assert "arrange the chairs in a circle  [" in listed.stdout and "moved" in listed.stdout


def test_a_resize_reads_resized_and_a_turn_does_not():
    plan, placements = _laid_out(DINING)
    outcome, new = _edited(plan, placements, "make the cabinet bigger and turn the table 90 degrees")
    by_id = {e["id"]: e for e in object_changes(plan, placements, outcome.plan, new, outcome.where)}
    assert "resized" in by_id["cabinet"]["changes"]
    assert "turned" in by_id["table"]["changes"] and "resized" not in by_id["table"]["changes"]


def test_the_account_names_what_changed_of_the_scene_itself():
    from tools.core.schema import Look
    from tools.edit.account import scene_changes, scene_lines
    from tools.plan.planner import plan_prompt

    old = plan_prompt("a bedroom with a bed", 0)
    new = old.model_copy(deep=True)
    new.look = (new.look or Look()).model_copy(update={"time_of_day": "night"})
    new.environment.width += 1
    changes = scene_changes(old, new)
    assert {c["part"] for c in changes} == {"room", "time of day"}
    assert any(line.strip().startswith("time of day:") and line.endswith("-> night") for line in scene_lines(changes))
    assert scene_changes(old, old.model_copy(deep=True)) == []
