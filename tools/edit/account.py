"""The honest account of an edit: what it did to each object, read from the two layouts and plans rather than
from what the edit meant to do, so an edit that did something else than its words shows it.

Each previous instance is followed to the instance it became (``EditOutcome.where``: a singled-out 'second
lamp', a stool that replaced a chair; the same id otherwise) and compared: replaced (another kind stands there),
moved, turned, resized, recoloured, or unchanged; an instance that became nothing was removed, and a new
instance nothing became was added.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping

from tools.core.schema import Placement, ScenePlan, instance_ids
from tools.edit.ops import CUSTOM_PALETTE
from tools.knowledge.places import PAINTED_WALLS

MOVED_M = 0.005  # metres a centre must shift to count as moved (the layout's own rounding is far finer)
TURNED_RAD = math.radians(1)
CHANGE_WORDS = ("added", "removed", "replaced", "moved", "turned", "resized", "recoloured", "unchanged")


def object_changes(old_plan: ScenePlan, old: Iterable[Placement], new_plan: ScenePlan, new: Iterable[Placement],
                   where: Mapping[str, tuple[str, int]] | None = None) -> list[dict]:
    """One entry per object, in the new layout's order then the removed ones: ``{"id", "category", "changes":
    [...], ...}`` with ``was`` (the previous id or kind when it differs), ``moved_m`` and ``colour`` where
    they apply. ``where``: previous instance id -> (spec key, index) in the new plan; None: ids are kept."""
    new_ids = {s.key: instance_ids(s.key, s.count) for s in new_plan.objects}
    now = {p.id: p for p in new}
    became: dict[str, str | None] = {}
    before = {p.id: p for p in old}
    for p in before.values():
        if where is None:
            new_id: str | None = p.id
        else:
            spec, index = where.get(p.id, ("", -1))
            ids = new_ids.get(spec, [])
            new_id = ids[index] if 0 <= index < len(ids) else None
        became[p.id] = new_id if new_id in now else None
    entries = []
    origin = {new_id: old_id for old_id, new_id in became.items() if new_id is not None}
    for p in now.values():
        if p.id not in origin:
            entries.append({"id": p.id, "category": p.category, "changes": ["added"]})
            continue
        was = before[origin[p.id]]
        entries.append(_compared(was, p, _look_of(old_plan, was), _look_of(new_plan, p)))
    entries += [{"id": old_id, "category": before[old_id].category, "changes": ["removed"]}
                for old_id, new_id in became.items() if new_id is None]
    return entries


def _look_of(plan: ScenePlan, p: Placement) -> tuple:
    """(colour, size) of a placed instance: its spec's colour, and its spec's size words and measure with the
    instance's scale. (Not its box: scene.json keeps world boxes, which a turn alone changes.)"""
    spec = next((s for s in plan.objects if s.key == p.spec), None)
    if spec is None:
        return None, (tuple(round(v, 3) for v in p.scale),)
    return spec.color, (spec.size, spec.measure_m, spec.measure_axis, tuple(round(v, 3) for v in p.scale))


def _compared(was: Placement, p: Placement, old_look: tuple, new_look: tuple) -> dict:
    entry: dict = {"id": p.id, "category": p.category, "changes": []}
    if was.id != p.id:
        entry["was"] = was.id
    if was.category != p.category:
        entry["changes"].append("replaced")
        entry["was"] = was.id
        entry["was_category"] = was.category
    shift = math.dist(was.position, p.position)
    if shift > MOVED_M:
        entry["changes"].append("moved")
        entry["moved_m"] = round(shift, 3)
    if abs(math.remainder(p.yaw - was.yaw, 2 * math.pi)) > TURNED_RAD:
        entry["changes"].append("turned")
    if was.category == p.category and old_look[1] != new_look[1]:
        entry["changes"].append("resized")
    if old_look[0] != new_look[0] and was.category == p.category:
        entry["changes"].append("recoloured")
        entry["colour"] = new_look[0]
    entry["changes"] = entry["changes"] or ["unchanged"]
    return entry


def change_counts(entries: Iterable[dict]) -> dict[str, int]:
    """How many objects each change word applies to, in CHANGE_WORDS order (zeros left out)."""
    counts = Counter(word for e in entries for word in e["changes"])
    return {word: counts[word] for word in CHANGE_WORDS if counts[word]}


def account_lines(entries: list[dict]) -> list[str]:
    """The account as the CLI prints it: one line per change word with the objects it applies to."""
    lines = []
    for word in CHANGE_WORDS:
        ids = [_named(e, word) for e in entries if word in e["changes"]]
        if not ids:
            continue
        shown = ", ".join(ids) if word != "unchanged" or len(ids) <= 6 else f"{len(ids)} objects"
        lines.append(f"  {word}: {shown}")
    return lines


def _named(entry: dict, word: str) -> str:
    if word == "replaced":
        return f"{entry['was']} -> {entry['id']}"
    if word == "moved":
        return f"{entry['id']} ({entry['moved_m']:g} m)"
    if word == "recoloured":
        return f"{entry['id']} ({entry['colour']})"
    return entry["id"]


def _scene_facts(plan: ScenePlan) -> dict[str, str]:
    """What an edit can change of the scene itself, each as a short text to compare and print."""
    env, look = plan.environment, plan.look
    palette = look.palette if look else None
    facts = {"room": f"{env.width:g} x {env.depth:g} m, {env.height:g} m high", "floor": env.floor,
             "walls": f"{env.walls}, " + (env.wall_color or (palette.wall if palette and env.walls in PAINTED_WALLS
                                                               else None) or "default"),
             "floor colour": (palette.floor if palette else None) or "default",
             "time of day": look.time_of_day if look else "day", "weather": look.weather if look else "clear",
             "style": look.style if look else "default",
             # a wall or floor colour alone makes a 'custom' palette: the walls' line says that change
             "palette": palette.name if palette and palette.name != CUSTOM_PALETTE else "none",
             "light": look.light if look else "neutral", "exposure": f"{look.exposure:g}" if look else "1"}
    return {part: str(value) for part, value in facts.items()}


def scene_changes(old_plan: ScenePlan, new_plan: ScenePlan) -> list[dict]:
    """``{"part", "from", "to"}`` for each part of the scene itself the edit changed: the room's size, the floor,
    the walls' finish and colour, the time of day, the weather, the style, the palette, the light, the exposure."""
    old, new = _scene_facts(old_plan), _scene_facts(new_plan)
    return [{"part": part, "from": old[part], "to": new[part]} for part in old if old[part] != new[part]]


def scene_lines(changes: list[dict]) -> list[str]:
    """The scene's own changes as the CLI prints them."""
    return [f"  {c['part']}: {c['from']} -> {c['to']}" for c in changes]
