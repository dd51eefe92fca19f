"""'under' as a relation: the words, the clear space measured under a kind's meshes, the solver putting the
subject in it, the layout check, the judge on meshes and the verifier's collisions accepting exactly that
overlap, and an honest fallback beside the target when the subject does not fit."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tools.assets.clearance import measure
from tools.assets.generate import generate
from tools.core.schema import Environment, ObjectSpec, Placement, Relation, Requirement, ScenePlan
from tools.edit.parse import parse_edits
from tools.evaluate.geometry import collisions, load_world_objects
from tools.evaluate.requirements import judge_relation
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.clearance import clear_space
from tools.layout.relation_kinds import RELATIONS
from tools.layout.relation_kinds.spec import Room
from tools.layout.solver import solve_layout
from tools.layout.space import Box, Space
from tools.plan.planner import plan_prompt
from tools.verify.checks import check_requirements, constraint_violations

ROOM = 5.0
BOUNDS = ((-ROOM / 2, 0.0, -ROOM / 2), (ROOM / 2, 2.7, ROOM / 2))
TABLE_VARIANT = 0  # four legs and an apron: room under the whole top


def _plan(subject: str, target: str, variant: int | None = TABLE_VARIANT) -> ScenePlan:
    return ScenePlan(prompt=f"a {subject} under a {target}", seed=0,
                     environment=Environment(kind="indoor", width=ROOM, depth=ROOM, height=2.7),
                     objects=[ObjectSpec(key=target, category=target, variant=variant),
                              ObjectSpec(key=subject, category=subject)],
                     relations=[Relation(kind="under", subject=subject, target=target)],
                     requirements=[Requirement(id=f"relation:under:{subject}:{target}", kind="relation", description="under",
                                               subject=subject, target=target, expected="under")])


def _solved(subject: str, target: str, variant: int | None = TABLE_VARIANT) -> tuple[Placement, Placement, ScenePlan]:
    plan = _plan(subject, target, variant)
    placements = solve_layout(plan, {o.key: CATEGORIES[o.category].size for o in plan.objects}, seed=0)
    by_spec = {p.spec: p for p in placements}
    return by_spec[subject], by_spec[target], plan


def _local(frame: Placement, x: float, z: float) -> tuple[float, float]:
    c, s = math.cos(frame.yaw), math.sin(frame.yaw)
    dx, dz = x - frame.position[0], z - frame.position[2]
    return dx * c - dz * s, dx * s + dz * c


def _check(subject: Placement, target: Placement) -> tuple[bool, str]:
    return RELATIONS["under"].check([subject], [target], Room(*BOUNDS), None)


def _beside(subject: Placement, target: Placement) -> Placement:
    """The subject moved to stand clear beside the target."""
    x = target.position[0] + max(target.size[0], target.size[2]) / 2 + max(subject.size) + 0.1
    return subject.model_copy(update={"position": (x, 0.0, target.position[2])})


def test_the_sentence_gives_an_under_relation():
    plan = plan_prompt("a cat sleeping under a wooden table in a kitchen", 0)
    cat = next(o.key for o in plan.objects if o.category == "cat")
    table = next(o.key for o in plan.objects if o.category == "table")
    assert Relation(kind="under", subject=cat, target=table) in plan.relations
    assert any(r.id == f"relation:under:{cat}:{table}" for r in plan.requirements)


def test_an_edit_moves_a_thing_under_another():
    parsed = parse_edits("move the cat under the table", lambda name: name in ("cat", "table"))
    [op] = parsed.operations
    assert (op.kind, op.target, op.relation, op.reference) == ("move", "cat", "under", "table")


def test_the_clear_space_is_measured_from_the_meshes():
    """The data file holds what the meshes measure now (regenerate: python -m tools.assets.clearance); a table
    has room under its top, a sofa on short feet too little to count, a platform bed none."""
    measured = measure("table")
    assert measured is not None and measured.variants[TABLE_VARIANT] == clear_space("table", TABLE_VARIANT)
    space = clear_space("table", TABLE_VARIANT)
    assert space is not None and 0.6 < space.height < 1.0 and space.x1 - space.x0 > 0.5
    assert clear_space("sofa") is None


def test_the_solver_puts_a_cat_under_the_table_inside_its_footprint_below_its_top():
    cat, table, plan = _solved("cat", "table")
    assert cat.position[1] == 0.0 and cat.parent is None
    assert cat.position[1] + cat.size[1] < table.position[1] + table.size[1]
    corners = [(cat.position[0] + sx * cat.size[0] / 2 * math.cos(cat.yaw) + sz * cat.size[2] / 2 * math.sin(cat.yaw),
                cat.position[2] - sx * cat.size[0] / 2 * math.sin(cat.yaw) + sz * cat.size[2] / 2 * math.cos(cat.yaw))
               for sx in (-1, 1) for sz in (-1, 1)]
    for x, z in corners:
        lx, lz = _local(table, x, z)
        assert abs(lx) < table.size[0] / 2 and abs(lz) < table.size[2] / 2
    assert _check(cat, table)[0]
    assert constraint_violations([cat, table], BOUNDS)["collisions"] == []
    [req] = check_requirements(plan, [cat, table], {})
    assert req.passed


def test_the_layout_check_fails_a_cat_beside_the_table():
    cat, table, _ = _solved("cat", "table")
    passed, evidence = _check(_beside(cat, table), table)
    assert not passed and "not in the clear space" in evidence


def test_the_verifier_accepts_that_overlap_and_no_other():
    cat, table, _ = _solved("cat", "table")
    assert constraint_violations([cat, table], BOUNDS)["collisions"] == []
    too_tall = cat.model_copy(update={"size": (cat.size[0], table.size[1] * 0.99, cat.size[2])})
    assert constraint_violations([too_tall, table], BOUNDS)["collisions"] == [(too_tall.id, table.id)]
    off_centre = cat.model_copy(update={"position": (table.position[0] + table.size[0] / 2 * math.cos(table.yaw),
                                                     0.0, table.position[2] - table.size[0] / 2 * math.sin(table.yaw))})
    assert constraint_violations([off_centre, table], BOUNDS)["collisions"]


def test_the_solver_lets_boxes_overlap_only_under_a_stated_relation():
    cat, table, _ = _solved("cat", "table")
    space = Space(*BOUNDS, True, 1.0)
    space.add(Box(table.id, table.spec, table.category, *table.position, table.yaw, *table.size, variant=table.variant))
    tucked = Box(cat.id, cat.spec, cat.category, *cat.position, cat.yaw, *cat.size)
    assert space.collides(tucked, 0.01)
    space.under = {(cat.spec, table.spec)}
    assert not space.collides(tucked, 0.01)


def test_an_unknown_variant_takes_the_room_every_variant_has():
    """The layout does not always know which table it gets: then only room all the variants have counts, which
    for tables (one has a trestle, one a stretcher) is none, and the check says the cat is not under it."""
    assert clear_space("table") is None
    cat, table, _ = _solved("cat", "table", variant=None)
    assert not _check(cat, table)[0]


def test_a_subject_too_big_to_fit_falls_back_beside_the_target_and_fails_honestly():
    sofa, chair, plan = _solved("sofa", "chair")
    passed, evidence = _check(sofa, chair)
    assert not passed and "does not fit under" in evidence and "beside it" in evidence
    assert RELATIONS["next_to"].check([sofa], [chair], Room(*BOUNDS), None)[0]
    [req] = [r for r in check_requirements(plan, [sofa, chair], {}) if r.kind == "relation"]
    assert req.passed is False and "does not fit under" in (req.evidence or "")


def test_a_rug_under_a_bed_lies_across_its_middle():
    rug, bed, _ = _solved("rug", "bed", variant=1)  # a platform bed: no room under it, but a rug needs none
    assert _check(rug, bed)[0]
    assert not _check(_beside(rug, bed), bed)[0]


def _scene(folder: Path, placements: list[Placement], plan: ScenePlan) -> list:
    """A scene folder of the placements with their real meshes; its world objects as the judge loads them."""
    (folder / "assets").mkdir(parents=True)
    entries = []
    for p in placements:
        spec = plan.spec(p.spec)
        asset = generate(spec.category, size=p.size, variant=spec.variant or 0)
        (folder / "assets" / f"{p.id}.glb").write_bytes(asset.glb)
        entries.append({"id": p.id, "category": p.category, "asset": f"assets/{p.id}.glb",
                        "position": list(p.position), "rotation": [0, math.sin(p.yaw / 2), 0, math.cos(p.yaw / 2)],
                        "scale": [1, 1, 1], "parent": p.parent, "mount": p.mount})
    scene = {"version": 1, "objects": entries, "bounds": {"min": list(BOUNDS[0]), "max": list(BOUNDS[1])}}
    (folder / "scene.json").write_text(json.dumps(scene))
    return load_world_objects(folder, scene)


@pytest.mark.parametrize("beside", [False, True])
def test_the_mesh_judge_passes_a_cat_under_the_table_and_fails_one_beside_it(tmp_path, beside):
    cat, table, plan = _solved("cat", "table")
    if beside:
        cat = _beside(cat, table)
    cat_mesh, table_mesh = _scene(tmp_path / "s", [cat, table], plan)
    passed, _ = judge_relation("under", [cat_mesh], [table_mesh], {"min": BOUNDS[0], "max": BOUNDS[1]}, None)
    assert passed is not beside
    assert collisions([cat_mesh, table_mesh]) == []  # its meshes do not touch the table's legs or top


@pytest.mark.parametrize("subject, target", [("operating_table", "ceiling_lamp"), ("bench", "painting")])
def test_under_a_thing_hung_higher_the_subject_stands_below_it(subject, target):
    below, raised, _ = _solved(subject, target, variant=0)
    assert below.position[1] + below.size[1] <= raised.position[1]
    assert _check(below, raised)[0]
    assert not _check(_beside(below, raised).model_copy(update={"position": (0.0, 0.0, 2.0)}), raised)[0]
