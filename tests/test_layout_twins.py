"""Flat things of one kind never lie stacked in one spot (tools/layout/space.py heights_overlap)."""

from __future__ import annotations

import itertools

from tools.core.geometry import world_aabb
from tools.core.schema import Environment, ObjectSpec, ScenePlan
from tools.knowledge.categories import CATEGORIES
from tools.layout.solver import solve_layout


def _footprint_share(a, b) -> float:
    (alo, ahi), (blo, bhi) = (world_aabb(p.position, p.size, p.yaw) for p in (a, b))
    shared = 1.0
    for axis in (0, 2):
        shared *= max(0.0, min(ahi[axis], bhi[axis]) - max(alo[axis], blo[axis]))
    return shared / min((ahi[0] - alo[0]) * (ahi[2] - alo[2]), (bhi[0] - blo[0]) * (bhi[2] - blo[2]))


def test_four_rugs_and_four_table_settings_each_lie_in_their_own_spot():
    plan = ScenePlan(prompt="four rugs and a long table laid four times", seed=0,
                     environment=Environment(kind="indoor", width=8, depth=7, height=2.7),
                     objects=[ObjectSpec(key="rug", category="rug", count=4), ObjectSpec(key="table", category="table"),
                              ObjectSpec(key="table_setting", category="table_setting", count=2)])
    placed = solve_layout(plan, {o.key: CATEGORIES[o.category].size for o in plan.objects}, seed=0)
    for kind in ("rug", "table_setting"):
        twins = [p for p in placed if p.spec == kind]
        assert twins, kind
        for a, b in itertools.combinations(twins, 2):
            assert not (abs(a.position[1] - b.position[1]) < 1e-6 and _footprint_share(a, b) > 0.5), (a.id, b.id)


def test_a_places_table_settings_with_no_table_left_are_left_out_not_laid_on_the_floor():
    plan = ScenePlan(prompt="a card room", seed=0,
                     environment=Environment(kind="indoor", width=6, depth=5, height=2.7),
                     objects=[ObjectSpec(key="table", category="table"),
                              ObjectSpec(key="table_setting", category="table_setting", count=6, requested=False)])
    placed = [p for p in solve_layout(plan, {o.key: CATEGORIES[o.category].size for o in plan.objects}, seed=0)
              if p.spec == "table_setting"]
    assert 1 <= len(placed) < 6 and all(p.parent is not None for p in placed)
