"""Can people walk through the rooms the planner and the layout make? Plan + layout only (no assets, no browser).

    python bench/bench_walkable.py FILE [--odd | --even]

FILE holds one prompt a line; --odd reads only the odd-numbered prompts after a first comment line (the tune
half of a prompt set), --even the even-numbered ones (the measurement half: run it for figures, never to tune). Each prompt is planned by the grounded planner and laid out with its kinds' typical
sizes; each interior is measured by the independent judge (tools/evaluate/space.py: navigability and opening
clearance, against the doors and windows compose draws), with every placement's box standing in for its mesh
(a box holds its mesh, so the figures are if anything pessimistic).

Prints, over the interiors: the median navigability (share of walkable floor in the largest region), the share
of rooms at 0.95 or more, the unreachable seats/beds/desks/tables in all, the doors blocked or not reached and
the windows blocked, the median density (objects per 10 m², all objects counted), layouts that failed, and
seconds; then each room below 0.95, with something unreachable or with an obstructed opening.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.assets.sizing import variant_of  # noqa: E402
from tools.core.errors import LayoutError, PromptError  # noqa: E402
from tools.core.schema import Placement, ScenePlan  # noqa: E402
from tools.evaluate.geometry import Hull, WorldObject  # noqa: E402
from tools.evaluate.space import measure_space  # noqa: E402
from tools.knowledge.extent import target_size  # noqa: E402
from tools.layout.solver import solve_layout  # noqa: E402
from tools.page.compose import architecture, scene_bounds  # noqa: E402
from tools.plan.planner import plan_prompt  # noqa: E402

TARGET = 0.95  # the navigability target per indoor scene


def read_prompts(path: Path, half: str | None) -> list[str]:
    """The prompts of ``path``: every line but comments, or with ``half`` 'odd' / 'even' those numbers of the
    lines after line 1."""
    lines = path.read_text().splitlines()
    if half:
        parity = 1 if half == "odd" else 0
        return [line for number, line in enumerate(lines[1:], start=1) if number % 2 == parity and line.strip()]
    return [line for line in lines if line.strip() and not line.startswith("#")]


def box_object(p: Placement) -> WorldObject:
    """The placement's box as the judge's world object (its eight corners as the one hull)."""
    w, h, d = p.size
    c, s = np.cos(p.yaw), np.sin(p.yaw)
    rotation = np.array([[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]])
    local = np.array([[sx * w / 2, y, sz * d / 2] for sx in (-1, 1) for y in (0.0, h) for sz in (-1, 1)])
    world = local @ rotation.T + np.asarray(p.position)
    return WorldObject(id=p.id, category=p.category, parent=p.parent, mount=p.mount, position=np.asarray(p.position),
                       rotation=rotation, lo=world.min(axis=0), hi=world.max(axis=0),
                       hulls=[Hull(world, np.zeros((0, 3)), np.zeros((0, 3)))])


def generated_sizes(plan: ScenePlan) -> dict[str, tuple[float, float, float]]:
    """spec key -> the (w, h, d) its generated asset would have: what the layout node lays out."""
    return {o.key: target_size(o, variant_of(o, plan.seed)) for o in plan.objects}


def measure(prompt: str) -> dict | None:
    """{navigability, unreachable, density, doors, windows, obstructed, seconds} of an interior's layout (obstructed:
    the ids of the openings blocked or, for doors, not reached); None outdoors; {error} on failure."""
    try:
        plan = plan_prompt(prompt)
    except PromptError:
        return None
    if plan.environment.kind != "indoor":
        return None
    started = time.perf_counter()
    try:
        placements = solve_layout(plan, generated_sizes(plan))
    except LayoutError as error:
        return {"error": str(error)}
    seconds = time.perf_counter() - started
    lo, hi = scene_bounds(plan.environment)
    bounds = {"min": lo.tolist(), "max": hi.tolist()}
    judged = measure_space([box_object(p) for p in placements], bounds, True, architecture(plan.environment, lo, hi))
    obstructed = [o["id"] for o in judged["doors"] + judged["windows"] if o["blocked_by"] or o.get("reached") is False]
    return {**judged, "density": judged["density_per_10m2"], "obstructed": obstructed, "seconds": seconds}


def main(argv: list[str]) -> None:
    """Measure every interior of the prompt file and print the summary, then the rooms that miss the target."""
    half = "odd" if "--odd" in argv else "even" if "--even" in argv else None
    prompts = read_prompts(Path(argv[0]), half)
    rooms = {prompt: m for prompt in prompts if (m := measure(prompt)) is not None}
    solved = {p: m for p, m in rooms.items() if "error" not in m}
    shares = [m["navigability"] for m in solved.values()]
    unreachable = sum(len(m["unreachable"]) for m in solved.values())
    walkable = sum(s >= TARGET for s in shares)
    print(f"{len(rooms)} interiors of {len(prompts)} prompts, {len(rooms) - len(solved)} layout(s) failed")
    if shares:
        print(f"navigability median {statistics.median(shares):.3f}, min {min(shares):.3f}; "
              f">= {TARGET}: {walkable}/{len(shares)} ({walkable / len(shares):.0%}); "
              f"unreachable: {unreachable} in {sum(bool(m['unreachable']) for m in solved.values())} room(s)")
        doors = [d for m in solved.values() for d in m["doors"]]
        windows = [w for m in solved.values() for w in m["windows"]]
        print(f"doors {len(doors)}: blocked {sum(bool(d['blocked_by']) for d in doors)}, not reached "
              f"{sum(not d['reached'] for d in doors)}; windows {len(windows)}: blocked "
              f"{sum(bool(w['blocked_by']) for w in windows)}; rooms with an obstructed opening "
              f"{sum(bool(m['obstructed']) for m in solved.values())}")
        print(f"density median {statistics.median(m['density'] for m in solved.values()):.2f} objects per 10 m2; "
              f"layout seconds median {statistics.median(m['seconds'] for m in solved.values()):.3f}, "
              f"max {max(m['seconds'] for m in solved.values()):.3f}")
    for prompt, m in rooms.items():
        if "error" in m:
            print(f"  layout failed: {prompt}: {m['error']}")
        elif m["navigability"] < TARGET or m["unreachable"] or m["obstructed"]:
            print(f"  {m['navigability']:.3f} unreachable {m['unreachable'][:6]} obstructed {m['obstructed']}: {prompt}")


if __name__ == "__main__":
    main(sys.argv[1:])
