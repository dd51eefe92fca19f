"""How furnished rooms are dressed: lights, curtains, art, rugs, shelves and laid tables, per family of places.

The ``[dressing.<family>]`` tables of ``places.toml`` (its comment documents each field) are read and
validated here at import into frozen ``Dressing`` records; a bad entry fails the import naming the family
and what is wrong. tools/plan/dress.py applies them after the planner has furnished a room.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tools.knowledge.categories import CATEGORIES
from tools.knowledge.places import PLACES, PLACES_FILE, RelationSpec, parse_relation
from tools.knowledge.toml_file import read_toml

MAX_DRESSING_COUNT = 12
PER_WINDOW = "window"  # an item counted per window of the room rather than per kind
FLAT_HEIGHT = 0.05  # metres: a floor thing lower than this (a rug) is walked over, so it may dress a room


@dataclass(frozen=True)
class Dress:
    """One dressing item: ``kind`` at its zone (``relations``, the zone first), how many (``count``, times the
    windows or the instances of kind ``per``, or one per ``per_area`` m^2, within min..max), and the kinds
    ``like`` it that already serve (the prompt naming one of them, or the room holding one, counts)."""

    kind: str
    relations: tuple[RelationSpec, ...]
    count: int = 1
    per: str | None = None
    per_area: float | None = None
    min_count: int = 1
    max_count: int = MAX_DRESSING_COUNT
    like: frozenset[str] = frozenset()

    def target(self) -> str | None:
        """The kind its zone names (a table to lay, a sofa to lie in front of), or None."""
        return self.relations[0][1] if self.relations else None


@dataclass(frozen=True)
class Dressing:
    """A family of places (homes, offices, shops, restaurants ...) and how its rooms are dressed."""

    name: str
    places: tuple[str, ...]
    items: tuple[Dress, ...]


class _DressRow(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    count: int = Field(1, ge=1, le=MAX_DRESSING_COUNT)
    per: str | None = None
    per_area: float | None = Field(None, gt=0)
    min: int = Field(1, ge=0)
    max: int = Field(MAX_DRESSING_COUNT, ge=1, le=MAX_DRESSING_COUNT)
    zone: str
    like: tuple[str, ...] = ()


class _FamilyRow(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    description: str = Field(min_length=1)
    places: tuple[str, ...] = Field(min_length=1)
    items: tuple[_DressRow, ...] = Field(min_length=1)


def _dress(row: _DressRow) -> Dress:
    unknown = [k for k in (row.kind, *row.like) if k not in CATEGORIES]
    if unknown:
        raise ValueError(f"unknown kinds {unknown}")
    kind = CATEGORIES[row.kind]
    if kind.mount not in ("wall", "ceiling", "surface") and kind.size[1] >= FLAT_HEIGHT:
        raise ValueError(f"a {kind.mount} kind {kind.size[1]} m tall would take floor; dress with wall, ceiling, "
                         "surface or flat things")
    if row.per is not None and row.per != PER_WINDOW and row.per not in CATEGORIES:
        raise ValueError(f"per {row.per!r} is neither {PER_WINDOW!r} nor a kind")
    if row.per is not None and row.per_area is not None:
        raise ValueError("per and per_area both given: one way to count")
    relations = tuple(r for r in (parse_relation(row.zone),) if r[0])
    return Dress(row.kind, relations, row.count, row.per, row.per_area, row.min, row.max,
                 frozenset((row.kind, *row.like)))


def _family(name: str, row: _FamilyRow) -> Dressing:
    unknown = [p for p in row.places if p not in PLACES]
    if unknown:
        raise ValueError(f"unknown places {unknown}")
    outdoor = [p for p in row.places if PLACES[p].kind != "indoor"]
    if outdoor:
        raise ValueError(f"places {outdoor} are not indoors: only rooms are dressed")
    items = []
    for index, item in enumerate(row.items):
        try:
            items.append(_dress(item))
        except ValueError as error:
            raise ValueError(f"item {index + 1} ({item.kind}): {error}") from None
    return Dressing(name, row.places, tuple(items))


def load_dressing(path: Path = PLACES_FILE) -> dict[str, Dressing]:
    """Place name -> the dressing of its family, from the [dressing.*] tables of ``path``. Raises ValueError
    naming the first bad family, or a place claimed by two."""
    data = read_toml(path).get("dressing", {})
    by_place: dict[str, Dressing] = {}
    for name, raw in data.items():
        try:
            family = _family(name, _FamilyRow.model_validate(raw))
        except ValidationError as error:
            why = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'row'}: {e['msg']}" for e in error.errors())
            raise ValueError(f"{path.name}: dressing {name!r}: {why}") from None
        except ValueError as error:
            raise ValueError(f"{path.name}: dressing {name!r}: {error}") from None
        for place in family.places:
            if place in by_place:
                raise ValueError(f"{path.name}: dressing {name!r}: place {place!r} is already {by_place[place].name!r}'s")
            by_place[place] = family
    return by_place


DRESSING: dict[str, Dressing] = load_dressing()
