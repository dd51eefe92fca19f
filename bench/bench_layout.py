"""Layout solver time as the scene grows: 10, 100, 1000 objects outdoors, and the growth ratios.

The ground area grows with the object count (constant density, about one
object per 40 m^2), so the ratios show how the solver itself scales; near
linear growth means a ratio near 10 per step.

Run: .venv/bin/python bench/bench_layout.py
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.core.schema import Environment, ObjectSpec, Relation, ScenePlan  # noqa: E402
from tools.knowledge.categories import CATEGORIES  # noqa: E402
from tools.layout.solver import solve_layout  # noqa: E402

MIX = {"pine_tree": 0.25, "oak_tree": 0.1, "bush": 0.25, "rock": 0.2, "flower": 0.1, "bench": 0.05, "lamp_post": 0.05}
AREA_PER_OBJECT = 40.0  # m^2 of ground per object
COUNTS = (10, 100, 1000)
REPEATS = 3


def outdoor_plan(total: int) -> ScenePlan:
    side = math.sqrt(total * AREA_PER_OBJECT)
    counts = {c: max(1, round(total * share)) for c, share in MIX.items()}
    counts["pine_tree"] += total - sum(counts.values())
    objects = [ObjectSpec(key=c, category=c, count=n) for c, n in counts.items() if n > 0]
    relations = [Relation(kind="row", subject="lamp_post", param=1)]
    return ScenePlan(prompt=f"{total} things outdoors", seed=0,
                     environment=Environment(kind="outdoor", width=side, depth=side, height=20.0),
                     objects=objects, relations=relations)


def time_layout(total: int) -> float:
    plan = outdoor_plan(total)
    sizes = {o.key: CATEGORIES[o.category].size for o in plan.objects}
    best = math.inf
    for seed in range(REPEATS):
        start = time.perf_counter()
        placements = solve_layout(plan, sizes, seed=seed)
        best = min(best, time.perf_counter() - start)
        assert len(placements) == sum(o.count for o in plan.objects)
    return best


def main() -> None:
    previous = None
    for total in COUNTS:
        seconds = time_layout(total)
        ratio = f"  x{seconds / previous:.1f} vs previous" if previous else ""
        print(f"{total:5d} objects: {seconds:.3f} s (best of {REPEATS}){ratio}")
        previous = seconds


if __name__ == "__main__":
    main()
