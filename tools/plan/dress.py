"""Dressing a furnished room: the lights, curtains, pictures, shelves, rugs and laid tables that make it lived in.

What each family of places gets is data (``[dressing.*]`` in tools/knowledge/places.toml); this applies it to
a plan after the planner has furnished the room and sized it. Dressing only hangs things on walls and
ceilings, lays them on surfaces or flat on the floor, so it never takes floor a person walks on nor grows
the room. It never goes against the prompt: a kind the prompt rules out, or names itself or by a kind
that serves the same ("blinds" for curtains, "a poster" for wall art), gets no dressing of its kind.
"""

from __future__ import annotations

from tools.core.schema import Environment, ObjectSpec, Relation, free_key
from tools.core.windows import windows_of
from tools.knowledge.dressing import DRESSING, PER_WINDOW, Dress

Stated = list[tuple[Relation, bool]]  # relations with whether the prompt stated them
SCALED_WITH_TARGET = {"small", "large", "long"}  # a laid table takes its table's size word, so it fits it


def dress_room(place: str, env: Environment, specs: list[ObjectSpec], relations: Stated,
               forbidden: set[str]) -> None:
    """Add ``place``'s dressing to ``specs`` and ``relations`` (in place); rooms of no family get none."""
    dressing = DRESSING.get(place)
    if dressing is None or env.kind != "indoor":
        return
    named = {s.category for s in specs if s.requested}
    decided: set[str] = set()  # kinds an earlier item of the same kind already settled
    for item in dressing.items:
        if item.kind in decided:
            continue
        if item.like & (forbidden | named):
            decided.add(item.kind)
            continue
        target = next((s for s in specs if s.category == item.target()), None)
        if item.target() is not None and target is None:
            continue  # the next item of this kind may find its own target ("above bed" when there is no table)
        decided.add(item.kind)
        count = _wanted(item, specs, target, env) - sum(s.count for s in specs if s.category in item.like)
        if count >= 1:
            _add(item, count, target, specs, relations)


def _wanted(item: Dress, specs: list[ObjectSpec], target: ObjectSpec | None, env: Environment) -> int:
    """How many of ``item`` the room should hold: per window, per instance of a kind, per area, or its count."""
    if item.per == PER_WINDOW:
        wanted = item.count * len(windows_of(env))
    elif item.per is not None:
        per = target.count if target is not None and target.category == item.per else \
            sum(s.count for s in specs if s.category == item.per)
        wanted = item.count * per
    elif item.per_area is not None:
        wanted = round(env.width * env.depth / item.per_area)
    else:
        wanted = item.count
    return min(item.max_count, max(item.min_count, wanted)) if wanted else 0


def _add(item: Dress, count: int, target: ObjectSpec | None, specs: list[ObjectSpec], relations: Stated) -> None:
    """``count`` more of ``item``: more of what the furnishing already added of its kind, else a new spec."""
    furnished = next((s for s in specs if s.category == item.kind and not s.requested), None)
    others = [s for s in specs if s is not furnished]
    if furnished is not None and free_key(others, furnished.key, furnished.count + count) == furnished.key:
        furnished.count += count
        return
    size = target.size if target is not None and target.size in SCALED_WITH_TARGET and item.relations[0][0] == "on" \
        else None
    key = free_key(specs, item.kind, count)
    specs.append(ObjectSpec(key=key, category=item.kind, count=count, size=size, requested=False,
                            noun=item.kind.replace("_", " ")))
    for kind, _, param in item.relations:
        relations.append((Relation(kind=kind, subject=key, target=target.key if target else None, param=param), False))
