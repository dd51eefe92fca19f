"""What hangs on a wall is never hidden behind what stands against it (tools/layout/context.py
WALL_MOUNT_CLEARANCE): a poster behind a wardrobe passed every check and no view showed it."""

from __future__ import annotations

import pytest

from tools.core.geometry import world_aabb
from tools.core.schema import Environment, ObjectSpec, ScenePlan
from tools.knowledge.categories import CATEGORIES
from tools.layout.solver import solve_layout

ROOM = 4.0


def _in_front(hung, standing, band: float = 0.06) -> bool:
    """Whether ``standing`` overlaps the band of room ``band`` deep before ``hung``'s face, at its heights."""
    lo, hi = (list(v) for v in world_aabb(hung.position, hung.size, hung.yaw))
    gaps = [lo[0] + ROOM / 2, ROOM / 2 - hi[0], lo[2] + ROOM / 2, ROOM / 2 - hi[2]]
    wall = gaps.index(min(gaps))
    if wall in (0, 2):
        hi[wall] += band
    else:
        lo[wall - 1] -= band
    slo, shi = world_aabb(standing.position, standing.size, standing.yaw)
    return all(min(hi[j], shi[j]) - max(lo[j], slo[j]) > 0.01 for j in range(3))


@pytest.mark.parametrize("seed", range(4))
def test_posters_hang_where_no_wardrobe_stands_before_them(seed: int) -> None:
    plan = ScenePlan(prompt="a bedroom with wardrobes and posters", seed=seed,
                     environment=Environment(kind="indoor", width=ROOM, depth=ROOM, height=2.7),
                     objects=[ObjectSpec(key="wardrobe", category="wardrobe", count=3),
                              ObjectSpec(key="wall_poster", category="wall_poster", count=4)])
    placed = solve_layout(plan, {o.key: CATEGORIES[o.category].size for o in plan.objects}, seed=seed)
    posters = [p for p in placed if p.spec == "wall_poster"]
    wardrobes = [p for p in placed if p.spec == "wardrobe"]
    assert len(posters) == 4 and len(wardrobes) == 3
    assert not [(p.id, w.id) for p in posters for w in wardrobes if _in_front(p, w)]
