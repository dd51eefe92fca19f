"""Edit instructions measured on laid-out scenes: correct / refused / wrong per half, and time per edit.

bench/edits.jsonl holds one edit per line: the scene (a name of SCENES), optional ``setup`` instructions
applied first (a chain: what 'it', 'the rest' and 'undo' refer to), the instruction, and its expected
effect checked on the result: placed counts per kind, kinds present or absent, colours, the look (``look``:
style, palette name, light, exposure ('>'/'<' than before); ``repainted``: kinds now in the palette's colours), the
floor and walls, places kept, requirements met, a state restored, a wall or the middle reached, an
arrangement formed, the room's size, or a stand-in reported as one (``stand_in_for``). Odd lines (1, 3, ...) are the tune
half, even lines the measure half. Plan-level: the edit is parsed and applied to the plan and the pinned
layout is solved, as graph/edit.py does before assets and compose; no browser. Wrong must be 0: an edit
that does something else than its words is worse than a refusal.

Run: .venv/bin/python bench/bench_edits.py [--half tune|measure|both] [--show-wrong]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.core.colors import parse_color, tone_palette  # noqa: E402
from tools.core.errors import DioramaError  # noqa: E402
from tools.core.schema import Placement, ScenePlan  # noqa: E402
from tools.core.windows import windows_of  # noqa: E402
from tools.edit.apply import RESTORING, apply_edits, exists_in  # noqa: E402
from tools.edit.history import restored_revision  # noqa: E402
from tools.edit.layout import pins_from, remap_pins, solve_pinned  # noqa: E402
from tools.edit.outcome import fresh_outcome  # noqa: E402
from tools.edit.parse import parse_or_refuse  # noqa: E402
from tools.edit.targets import Last  # noqa: E402
from tools.knowledge.reference import size_for  # noqa: E402
from tools.layout.relation_kinds import RELATIONS  # noqa: E402
from tools.layout.relation_kinds.spec import Room  # noqa: E402
from tools.layout.solver import room_bounds, solve_layout  # noqa: E402
from tools.plan.look import apply_look  # noqa: E402
from tools.plan.planner import plan_prompt  # noqa: E402
from tools.plan.text import tokenize  # noqa: E402
from tools.verify.checks import check_requirements  # noqa: E402

DATA = Path(__file__).with_name("edits.jsonl")
SCENES = {
    "living": "a living room with a sofa, a coffee table, a tv, two armchairs, three potted plants and two floor "
              "lamps; 6m x 5m",
    "bedroom": "a bedroom with a bed, two nightstands, a wardrobe, a desk, a chair and a rug; 5m x 4m",
    "dining": "a dining room with a dining table, six chairs, a sideboard and a ceiling lamp; 6m x 5m",
    "office": "an office with two desks, two office chairs, a bookshelf, a potted plant and a window; 5m x 5m",
    "garden": "a garden with a bench, two trees, a fountain and four flower pots",
    "cosy": "a cozy living room with a red sofa, a coffee table, a tv and two armchairs; 6m x 5m",
    "tones": "a bedroom in blue tones with a bed, a green desk, a chair and a wardrobe; 5m x 4m",
}


@dataclass
class Revision:
    """One state of a scene: its plan, its placements, and what the edit that made it changed."""

    plan: ScenePlan
    placements: list[Placement]
    targets: list[str]
    operations: list[dict]  # the edit that made it, as revisions.json records it (none for the generated one)


def generated(name: str) -> Revision:
    plan = apply_look(plan_prompt(SCENES[name], 1))  # as graph/plan.py: the style's palette on the plan
    return Revision(plan, solve_layout(plan, _sizes(plan), seed=1), [], [])


def _sizes(plan: ScenePlan) -> dict:
    return {s.key: size_for(s.category, s.size, s.measure_m, s.measure_axis) for s in plan.objects}


def edit(history: list[Revision], instruction: str) -> Revision:
    """The next revision by ``instruction`` (DioramaError when refused), as graph/edit.py makes it."""
    latest = history[-1]
    previous = Last(" | ".join(latest.targets)) if latest.targets else None
    operations = parse_or_refuse(instruction, exists_in(latest.plan), previous)
    if len(operations) == 1 and operations[0].kind in RESTORING:
        base = history[restored_revision([r.operations for r in history], operations[0]) - 1]
        outcome = fresh_outcome(base.plan, targets=base.targets)
    else:
        base = latest
        outcome = apply_edits(latest.plan, operations, latest.placements)
    pins = remap_pins(outcome.plan, pins_from(base.plan, base.placements), outcome.where)
    placements, _ = solve_pinned(outcome.plan, _sizes(outcome.plan), pins, outcome.replace, outcome.keep,
                                 seed=len(history) + 1, turns=outcome.turns, placed=outcome.placed)
    return Revision(outcome.plan, placements, outcome.targets, [op.model_dump(exclude_none=True) for op in operations])


def summary(revision: Revision) -> dict:
    """What scene.json would say about the revision: instances, colours, look and finishes."""
    plan = revision.plan
    look = plan.look.model_dump() if plan.look else {}
    return {"objects": sorted((p.category, p.spec, tuple(round(v, 4) for v in p.position), round(p.yaw, 4),
                               plan.spec(p.spec).color) for p in revision.placements),
            "look": {k: look.get(k) for k in ("time_of_day", "weather", "palette")}, "floor": plan.environment.floor}


def _hex(colour: str) -> str:
    parsed = parse_color(tokenize(colour), 0)
    if parsed is None:
        raise ValueError(f"bench data: {colour!r} is no colour")
    return parsed[0]


def unmet(expect: dict, history: list[Revision], result: Revision) -> list[str]:
    """The expectations ``result`` does not meet (empty: correct)."""
    before = history[-1]
    by_kind: dict[str, list[Placement]] = {}
    for p in result.placements:
        by_kind.setdefault(p.category, []).append(p)
    look = result.plan.look
    failed = []
    for kind, n in expect.get("counts", {}).items():
        if len(by_kind.get(kind, [])) != n:
            failed.append(f"{kind}: {len(by_kind.get(kind, []))} placed, expected {n}")
    if "only" in expect and set(by_kind) != set(expect["only"]):
        failed.append(f"kinds {sorted(by_kind)} != only {sorted(expect['only'])}")
    failed += [f"{k} still present" for k in expect.get("absent", []) if k in by_kind]
    failed += [f"{k} missing" for k in expect.get("present", []) if k not in by_kind]
    for kind, (colour, n) in expect.get("colors", {}).items():
        painted = [p for p in by_kind.get(kind, []) if result.plan.spec(p.spec).color == _hex(colour)]
        if len(painted) != n:
            failed.append(f"{len(painted)} {kind} {colour}, expected {n}")
    for field in ("time_of_day", "weather"):
        if field in expect and (look.model_dump()[field] if look else None) != expect[field]:
            failed.append(f"{field} is not {expect[field]}")
    failed += _look_expectations(expect, before, result, by_kind)
    if "floor" in expect and result.plan.environment.floor != expect["floor"]:
        failed.append(f"floor {result.plan.environment.floor} != {expect['floor']}")
    for surface in ("walls", "floor_color"):
        if surface in expect:
            palette = look.palette if look else None
            got = (palette.wall if surface == "walls" else palette.floor) if palette else None
            if got != _hex(expect[surface]):
                failed.append(f"{surface} {got} != {expect[surface]}")
    if "same_places" in expect:
        old, new = expect["same_places"]
        was = sorted(p.position[::2] for p in before.placements if p.category == old)
        now = sorted(p.position[::2] for p in result.placements if p.category == new)
        if was != now:
            failed.append(f"{new} not where the {old} stood")
    for kind in expect.get("kept_in_place", []):
        was = sorted(p.position for p in before.placements if p.category == kind)
        if was != sorted(p.position for p in result.placements if p.category == kind):
            failed.append(f"{kind} moved")
    if expect.get("requirements"):
        colours = {s.key: s.color for s in result.plan.objects}
        failed += [f"requirement failed: {r.description} ({r.evidence})"
                   for r in check_requirements(result.plan, result.placements, colours)
                   if r.kind in {"count", "color", "relation"} and r.passed is False]
    for noun in expect.get("stand_in_for", []):  # shown by a nearer kind: said so, and its kind check fails
        standing = [s for s in result.plan.objects if s.grounding and s.grounding.noun == noun
                    and s.grounding.fit == "stand-in" and s.key in {p.spec for p in result.placements}]
        checked = {r.subject for r in check_requirements(result.plan, result.placements, {})
                   if r.kind == "kind" and r.passed is False}
        if not standing or not all(s.key in checked for s in standing):
            failed.append(f"no placed stand-in for '{noun}' whose kind check fails")
    failed += _placed_expectations(expect, before, result, by_kind)
    if "same_as" in expect and summary(result) != summary(history[expect["same_as"]]):
        failed.append(f"not the same as revision {expect['same_as'] + 1}")
    return failed


def _look_expectations(expect: dict, before: Revision, result: Revision, by_kind: dict) -> list[str]:
    """``look`` {style, palette (its name), light, exposure ('>' or '<' than before, or a number)} and
    ``repainted`` [kinds whose every instance now has one of the palette's colours]."""
    look, was = result.plan.look, before.plan.look
    if look is None:
        return ["no look"] if "look" in expect or "repainted" in expect else []
    got = {"style": look.style, "palette": look.palette.name if look.palette else None, "light": look.light,
           "exposure": look.exposure}
    failed = []
    for field, want in expect.get("look", {}).items():
        old = was.exposure if was else 1.0
        ok = (got[field] > old if want == ">" else got[field] < old if want == "<" else got[field] == want)
        failed += [] if ok else [f"look {field} is {got[field]}, expected {want}"]
    palette = look.palette
    shades = set(palette.colors if palette else [])
    if palette and palette.name.endswith(" tones"):
        shades |= {c for c, _ in tone_palette(palette.accent, palette.name.removesuffix(" tones"), 5)}
    for kind in expect.get("repainted", []):
        off = [p.id for p in by_kind.get(kind, []) if result.plan.spec(p.spec).color not in shades]
        failed += [f"{', '.join(off)} not in the palette's colours"] if off or kind not in by_kind else []
    return failed


def _placed_expectations(expect: dict, before: Revision, result: Revision, by_kind: dict) -> list[str]:
    """Walls, the middle, arrangements and the room's size, measured on the placements (not on the editor's
    own requirements): ``at_wall`` {kind: back|right|front|left|window|opposite}, ``centered`` [kinds],
    ``arranged`` {kind: 'in_circle' | 'row:N' | 'around:KIND'}, ``room`` [width, depth]."""
    env = result.plan.environment
    room = Room(*room_bounds(env), windows_of(env))
    failed = []
    for kind, wall in expect.get("at_wall", {}).items():
        wanted = _wall_wanted(wall, before, kind, env)
        shown = [p for p in by_kind.get(kind, []) if not RELATIONS["against_wall"].check([p], [], room, wanted)[0]]
        failed += [f"{p.id} is not against the {wall} wall" for p in shown] or ([] if by_kind.get(kind) else [f"no {kind}"])
    for kind in expect.get("centered", []):
        failed += [f"{kind}: {why}" for ok, why in [RELATIONS["center"].check(by_kind.get(kind, []), [], room, None)]
                   if not ok]
    for kind, how in expect.get("arranged", {}).items():
        shape, _, arg = how.partition(":")
        targets = by_kind.get(arg, []) if shape == "around" else []
        param = int(arg) if shape == "row" and arg else None
        ok, why = RELATIONS[shape].check(by_kind.get(kind, []), targets, room, param)
        failed += [] if ok and len(by_kind.get(kind, [])) > 1 else [f"{kind} not {how}: {why}"]
    if "room" in expect:
        if [env.width, env.depth] != expect["room"]:
            failed.append(f"room {env.width} x {env.depth} != {expect['room']}")
        lo, hi = room_bounds(env)
        failed += [f"{p.id} outside the room" for p in result.placements
                   if not all(lo[i] - 1e-6 <= p.position[i] <= hi[i] + 1e-6 for i in (0, 2))]
    return failed


def _wall_wanted(wall: str, before: Revision, kind: str, env) -> int:
    """The WALL_SIDES index a bench case names: a side, the first window's wall, or the one opposite the
    wall nearest where the kind stood before."""
    if wall == "window":
        return windows_of(env)[0].wall
    if wall != "opposite":
        return ("back", "right", "front", "left").index(wall)
    p = next(p for p in before.placements if p.category == kind)
    x, z = p.position[0], p.position[2]
    gaps = (z + env.depth / 2, env.width / 2 - x, env.depth / 2 - z, x + env.width / 2)
    return (min(range(4), key=lambda i: gaps[i]) + 2) % 4


def run_case(case: dict) -> tuple[str, float, str]:
    """('correct' | 'refused' | 'wrong', seconds of the measured edit, why)."""
    history = [generated(case["scene"])]
    for step in case.get("setup", []):
        history.append(edit(history, step))
    started = time.perf_counter()
    try:
        result = edit(history, case["instruction"])
    except DioramaError as refusal:
        seconds = time.perf_counter() - started
        if case["expect"].get("refused"):
            return "correct", seconds, ""
        return "refused", seconds, str(refusal).split(". Without a model")[0]
    seconds = time.perf_counter() - started
    if case["expect"].get("refused"):
        return "wrong", seconds, "applied, but should have been refused"
    failed = unmet(case["expect"], history, result)
    return ("wrong" if failed else "correct"), seconds, "; ".join(failed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("tune", "measure", "both"), default="both")
    parser.add_argument("--show", choices=("wrong", "refused", "all"), default="wrong")
    args = parser.parse_args()
    cases = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    halves = {"tune": cases[0::2], "measure": cases[1::2]}
    total_wrong = 0
    for half, chosen in halves.items():
        if args.half not in (half, "both"):
            continue
        tally, times = {"correct": 0, "refused": 0, "wrong": 0}, []
        for case in chosen:
            verdict, seconds, why = run_case(case)
            tally[verdict] += 1
            times.append(seconds)
            if args.show == "all" or args.show == verdict:
                print(f"  {verdict:8s} [{case['scene']}] {case['instruction']!r}: {why}")
        total_wrong += tally["wrong"]
        n = len(chosen)
        print(f"{half:8s} n={n}: correct {tally['correct']} ({tally['correct'] / n:.0%}), refused {tally['refused']}, "
              f"wrong {tally['wrong']}; per edit mean {1000 * sum(times) / n:.0f} ms, max {1000 * max(times):.0f} ms")
    return 1 if total_wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
