"""What people expect of a place: room and outdoor place types, their sizes, floors and furnishings.

Every place type is a table in ``places.toml`` (its header documents each field), read and validated here at
import into frozen ``Place`` records; a bad entry fails the import naming the place and what is wrong. A
place's furnishings come most important first, each with a usual count (fixed, or per m^2 of floor) and a
zone that says where it goes, as a relation of tools/knowledge/relation_words.py.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tools.core.schema import WallFinish
from tools.knowledge.backdrops import BACKDROPS, HEX_COLOR
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.plurals import singular_forms
from tools.knowledge.relation_words import RELATION_WORDS
from tools.knowledge.toml_file import read_toml

PLACES_FILE = Path(__file__).with_name("places.toml")
SPACE_PLACE = "space"  # no ground: compose writes architecture kind "space", the page draws a starry backdrop
# Built floors: a forge, a dungeon or a chapel is flagged in stone, a garage or a warehouse poured in concrete.
INDOOR_FLOORS = ("wood", "tile", "carpet", "stone", "concrete")
NATURAL_FLOORS = ("dirt", "sand", "snow")  # the floor of a natural enclosure (a cave, an igloo) may be its own earth or snow
FLOORS = (*INDOOR_FLOORS, "grass", "sand", "asphalt", "snow", "dirt", "water", "none")
# What the walls of a room are finished in (Environment.walls); compose draws each with its own texture.
WALL_FINISHES: tuple[str, ...] = get_args(WallFinish)
PAINTED_WALLS = ("plaster", "wallpaper")  # a style's wall colour shows on these; the others keep their own
MAX_USUAL_COUNT = 100

RelationSpec = tuple[str, str | None, int | None]  # (relation kind, target kind or None, param)


@dataclass(frozen=True)
class Expected:
    """One kind a place usually has: how many (``count``, or one per ``per_area`` m^2 within min..max), and
    its relations (kind, target kind or None for the room, param), the zone first."""

    category: str
    count: int = 1
    relations: tuple[RelationSpec, ...] = ()
    shape: str | None = None
    size: str | None = None
    per_area: float | None = None
    min_count: int = 1
    max_count: int = MAX_USUAL_COUNT
    walled: bool = False  # it needs the room round it: left out where the place stands in the open (in_surroundings)

    def count_for(self, area: float) -> int:
        """The usual count on ``area`` m^2 of floor."""
        if self.per_area is None:
            return self.count
        return max(self.min_count, min(self.max_count, round(area / self.per_area)))


@dataclass(frozen=True)
class Place:
    """A type of place: its names, size, floor, and what usually furnishes it."""

    name: str
    kind: str  # 'indoor' or 'outdoor'
    phrases: tuple[str, ...]
    size: tuple[float, float]  # default (width x, depth z) in metres
    floor: str
    height: float = 2.7
    expected: tuple[Expected, ...] = ()  # usual furnishings, most important first
    extras: tuple[Expected, ...] = ()  # natural extras outdoors, added unless the prompt names them
    shore: str | None = None  # the place meant by "by / near / beside the <phrase>" ("by the sea": a beach)
    sea_side: bool = False  # the sea lies beyond its back edge (a beach, a harbour): the page draws it
    description: str = ""
    backdrop: str | None = None  # outdoors: the scenery ring beyond the bounds (tools/knowledge/backdrops.py)
    underground: bool = False  # indoors: no windows unless the prompt asks (a tomb, a bunker, a mine, a submarine)
    walls: str = "plaster"  # indoors: the walls' usual finish (WALL_FINISHES)
    natural: bool = False  # indoors: an enclosure of natural rock (a cave, a mine): closed above, no door
    body: tuple[str, ...] = ()  # outdoors: the names of the body of the sky whose surface it is ("the moon")
    ground: str | None = None  # outdoors: the ground's own colour ('#rrggbb'), None: its floor material's
    sky: tuple[str, str] | None = None  # outdoors: (zenith, horizon) of its own sky, whatever the hour
    stars: bool = False  # its sky is starry by day (an airless body)
    hour: str | None = None  # the time of day its light keeps when the prompt names none
    open_air: bool = False  # indoors: it may stand in the open on open ground ("a rooftop bar", "a beach cafe")
    carries: bool = False  # outdoors: a built surface other open places stand on ("a rooftop garden": on the roof)


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _FurnishRow(_Row):
    kind: str
    count: int = Field(1, ge=1, le=MAX_USUAL_COUNT)
    per_area: float | None = Field(None, gt=0)
    min: int = Field(1, ge=0)
    max: int = Field(MAX_USUAL_COUNT, ge=1, le=MAX_USUAL_COUNT)
    zone: str
    relations: tuple[str, ...] = ()
    shape: str | None = None
    size: Literal["small", "large", "long", "tall"] | None = None
    walled: bool = False


class _PlaceRow(_Row):
    kind: Literal["indoor", "outdoor"]
    phrases: tuple[str, ...] = Field(min_length=1)
    description: str = Field(min_length=1)
    size: tuple[float, float]
    floor: Literal[FLOORS]  # type: ignore[valid-type]
    height: float = Field(2.7, gt=0)
    shore: str | None = None
    sea_side: bool = False
    backdrop: str | None = None
    underground: bool = False
    walls: Literal[WALL_FINISHES] = "plaster"  # type: ignore[valid-type]
    natural: bool = False
    body: tuple[str, ...] = ()
    ground: str | None = Field(None, pattern=HEX_COLOR)
    sky: tuple[Annotated[str, Field(pattern=HEX_COLOR)], Annotated[str, Field(pattern=HEX_COLOR)]] | None = None
    stars: bool = False
    hour: Literal["day", "morning", "sunset", "night"] | None = None
    open_air: bool = False
    carries: bool = False
    furnish: tuple[_FurnishRow, ...] = ()
    extras: tuple[_FurnishRow, ...] = ()


@dataclass(frozen=True)
class Zone:
    """A furnishing's zone word: the room relation it means ('' when placed freely), and whether it takes a
    number ("rows 3": the relation's param)."""

    relation: str
    counted: bool = False


def load_zones(data: dict) -> dict[str, Zone]:
    """The [zones] table of places.toml. Raises ValueError on a zone that names no room relation."""
    zones = {}
    for word, raw in data.items():
        zone = Zone(str(raw.get("relation", "")), bool(raw.get("counted", False)))
        if zone.relation and (zone.relation not in RELATION_WORDS or RELATION_WORDS[zone.relation].takes == "target"):
            raise ValueError(f"{PLACES_FILE.name}: zone {word!r}: {zone.relation!r} is not a relation without a target")
        zones[word] = zone
    return zones


ZONES = load_zones(read_toml(PLACES_FILE).get("zones", {}))


def parse_relation(text: str) -> RelationSpec:
    """A zone or relation as written ("along_wall", "rows 3", "on nightstand", "each_with desk 2") -> a spec.
    Raises ValueError saying what is wrong."""
    word, *rest = text.split()
    if word in ZONES:
        param = int(rest[0]) if rest and ZONES[word].counted and rest[0].isdigit() else None
        if len(rest) != (param is not None):
            raise ValueError(f"zone {text!r}: only {[w for w, z in ZONES.items() if z.counted]} take a number")
        return ZONES[word].relation, None, param
    if word not in RELATION_WORDS or RELATION_WORDS[word].takes != "target":
        raise ValueError(f"unknown zone or relation {text!r} (zones: {sorted(ZONES)}; or <relation> <kind>)")
    if not rest or rest[0] not in CATEGORIES:
        raise ValueError(f"{text!r} names no known kind")
    if word == "each_with":
        if len(rest) != 2 or not rest[1].isdigit():
            raise ValueError(f"{text!r}: each_with <kind> <number>")
        return word, rest[0], int(rest[1])
    if len(rest) != 1:
        raise ValueError(f"{text!r}: <relation> <kind>, nothing more")
    if word == "on" and not CATEGORIES[rest[0]].supports:
        raise ValueError(f"{text!r}: nothing stands on a {rest[0]}")
    return word, rest[0], None


def _expected(row: _FurnishRow) -> Expected:
    if row.kind not in CATEGORIES:
        raise ValueError(f"unknown kind {row.kind!r}")
    relations = tuple(r for r in map(parse_relation, (row.zone, *row.relations)) if r[0])
    return Expected(row.kind, row.count, relations, shape=row.shape, size=row.size, per_area=row.per_area,
                    min_count=row.min, max_count=row.max, walled=row.walled)


def _place(name: str, row: _PlaceRow) -> Place:
    if min(row.size) <= 0:
        raise ValueError(f"size {row.size} must be positive")
    floors = (*INDOOR_FLOORS, *NATURAL_FLOORS) if row.natural else INDOOR_FLOORS
    if row.kind == "indoor" and row.floor not in floors:
        raise ValueError(f"an indoor floor is one of {floors}, not {row.floor!r}")
    if row.natural and row.kind != "indoor":
        raise ValueError("a natural enclosure is indoor: rock walls and a ceiling")
    if row.backdrop is not None and (row.kind != "outdoor" or row.backdrop not in BACKDROPS):
        raise ValueError(f"backdrop {row.backdrop!r}: an outdoor place names one of {sorted(BACKDROPS)}")
    if row.carries and row.kind != "outdoor":
        raise ValueError("carries: an outdoor surface other open places stand on")
    if row.open_air and row.kind != "indoor":
        raise ValueError("open_air: an indoor place that may stand in the open; an outdoor place is open already")
    if (row.body or row.sky or row.ground) and row.kind != "outdoor":
        raise ValueError("a body's surface, its sky and its ground colour are outdoors")
    bad = [p for p in (*row.phrases, *row.body) if p != p.lower().strip() or not p]
    if bad:
        raise ValueError(f"phrases {bad} are not lower-case phrases")
    items = []
    for index, item in enumerate((*row.furnish, *row.extras)):
        try:
            items.append(_expected(item))
        except ValueError as error:
            raise ValueError(f"furnishing {index + 1} ({item.kind}): {error}") from None
    return Place(name, row.kind, row.phrases, row.size, row.floor, row.height,
                 expected=tuple(items[:len(row.furnish)]), extras=tuple(items[len(row.furnish):]),
                 shore=row.shore, sea_side=row.sea_side, description=row.description, backdrop=row.backdrop,
                 underground=row.underground, walls=row.walls, natural=row.natural, body=row.body,
                 ground=row.ground, sky=row.sky, stars=row.stars, hour=row.hour, open_air=row.open_air,
                 carries=row.carries)


def _why(error: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'row'}: {e['msg']}" for e in error.errors())


def load_places(path: Path = PLACES_FILE) -> dict[str, Place]:
    """Every place in ``path`` by name (in file order). Raises ValueError naming the first bad entry."""
    data = read_toml(path)
    tables = {"places", "zones", "dressing", "backdrops"}  # [dressing.*] and [backdrops.*]: their own modules'
    if not set(data) <= tables:
        raise ValueError(f"{path.name}: holds [zones], [places.<name>], [dressing.<family>] and [backdrops.<name>] tables, not {sorted(set(data) - tables)}")
    places: dict[str, Place] = {}
    owner: dict[str, str] = {}
    for name, raw in data["places"].items():
        try:
            place = _place(name, _PlaceRow.model_validate(raw))
        except ValidationError as error:
            raise ValueError(f"{path.name}: place {name!r}: {_why(error)}") from None
        except ValueError as error:
            raise ValueError(f"{path.name}: place {name!r}: {error}") from None
        for phrase in place.phrases:
            if owner.setdefault(phrase, name) != name:
                raise ValueError(f"{path.name}: place {name!r}: phrase {phrase!r} is already {owner[phrase]!r}'s")
        places[name] = place
    for place in places.values():
        if place.shore is not None and place.shore not in places:
            raise ValueError(f"{path.name}: place {place.name!r}: shore names unknown place {place.shore!r}")
    if "room" not in places or "outdoors" not in places or SPACE_PLACE not in places:
        raise ValueError(f"{path.name}: the places room, outdoors and {SPACE_PLACE} must be declared")
    return places


PLACES: dict[str, Place] = load_places()

INDOOR_DEFAULT = PLACES["room"]
OUTDOOR_DEFAULT = PLACES["outdoors"]

GROUNDS_BACKDROP = "buildings"  # open ground in a building's grounds ("a hospital garden") has buildings round it
WALL_RELATIONS = frozenset({"against_wall", "in_corner", "by_window"})  # a room's walls hold these; in the open, none


def in_surroundings(place: Place, around: Place | None) -> Place:
    """The place as the place around it shows it ("a rooftop bar": a bar on a rooftop). Open ground takes the scenery
    of open ground around it ("a city park": the skyline), and its surface too when that is one built to carry it
    ("a rooftop garden": on the roof, ``carries``), and has buildings round it in a building's grounds ("a hospital
    garden"); a room that may stand in the open (open_air) stands outdoors on open
    ground ("a beach bar"), furnished as itself but for what walls and a ceiling hold; any other room stays a room
    ("a garden shed": inside the shed)."""
    if around is None or place.kind == "indoor" and (around.kind == "indoor" or not place.open_air):
        return place
    if around.kind == "indoor":
        return dataclasses.replace(place, backdrop=GROUNDS_BACKDROP)
    if place.kind == "outdoor" and not around.carries:
        return dataclasses.replace(place, backdrop=around.backdrop, sea_side=around.sea_side)
    if place.kind == "outdoor":
        return dataclasses.replace(place, floor=around.floor, extras=around.extras, backdrop=around.backdrop,
                                   sea_side=around.sea_side)
    expected = tuple(dataclasses.replace(e, relations=tuple(r for r in e.relations if r[0] not in WALL_RELATIONS))
                     for e in place.expected if CATEGORIES[e.category].mount in ("floor", "surface") and not e.walled)
    return dataclasses.replace(place, kind="outdoor", floor=around.floor, backdrop=around.backdrop, expected=expected,
                               extras=around.extras, sea_side=around.sea_side, height=max(place.height, around.height))


def setting_of(room_type: str | None, surroundings: str | None) -> Place | None:
    """The place an Environment's room type and surroundings name, as its surroundings show it; None: no type."""
    place = PLACES.get(room_type or "")
    return in_surroundings(place, PLACES.get(surroundings or "")) if place is not None else None


# Adjectives that change the ground of an outdoor place ("a snowy forest").
GROUND_WORDS: dict[str, str] = {
    "snowy": "snow", "snow": "snow", "winter": "snow", "wintry": "snow", "frozen": "snow", "icy": "snow",
    "sandy": "sand", "sand": "sand", "gravel": "stone", "mud": "dirt", "grassy": "grass", "green": "grass", "rocky": "stone", "stony": "stone", "paved": "asphalt",
    "muddy": "dirt", "dusty": "dirt", "dirt": "dirt", "cobbled": "stone", "cobblestone": "stone",
}

# Indoor floor words ("a tiled floor", "carpeted") -> Environment.floor.
FLOOR_WORDS: dict[str, str] = {
    "wood": "wood", "wooden": "wood", "hardwood": "wood", "parquet": "wood", "laminate": "wood",
    "tile": "tile", "tiles": "tile", "tiled": "tile", "marble": "tile",
    "stone": "stone", "flagstone": "stone", "flagstones": "stone", "flagged": "stone", "slate": "stone",
    "concrete": "concrete", "cement": "concrete", "screed": "concrete",
    "carpet": "carpet", "carpeted": "carpet", "fabric": "carpet",
    "floorboards": "wood", "floorboard": "wood", "linoleum": "tile", "lino": "tile",
}

# Words that give the walls their finish: "exposed brick walls", "wood-panelled walls", "tiled walls",
# "floral wallpaper". The nouns among them (wallpaper, panelling, brickwork) name a covering, never a thing.
WALL_WORDS: dict[str, str] = {
    "brick": "brick", "brickwork": "brick",
    "stone": "stone", "stonework": "stone", "marble": "stone",
    "wood": "wood", "wooden": "wood", "timber": "wood", "panelled": "wood", "paneled": "wood",
    "panelling": "wood", "paneling": "wood", "wainscoting": "wood", "wainscotting": "wood",
    "tile": "tile", "tiles": "tile", "tiled": "tile", "tiling": "tile", "ceramic": "tile",
    "concrete": "concrete", "cement": "concrete", "cinderblock": "concrete",
    "wallpaper": "wallpaper", "wallpapered": "wallpaper", "papered": "wallpaper",
    "plaster": "plaster", "plastered": "plaster", "painted": "plaster", "whitewashed": "plaster", "stucco": "plaster",
}
WALL_COVERINGS = frozenset({"wallpaper", "wallpapers", "panelling", "paneling", "wainscoting", "wainscotting",
                            "brickwork", "stonework"})
FLOOR_COVERINGS = frozenset({"floorboards", "floorboard", "parquet", "tiles", "tile", "tiling", "linoleum", "lino",
                             "flagstones", "flagstone"})

SIZE_FACTORS = {"small": 0.75, "large": 1.4, "long": 1.25, "tall": 1.0}


def place_phrases() -> dict[tuple[str, ...], str]:
    """Every place phrase as a token tuple -> place name."""
    return {tuple(phrase.replace("-", " ").split()): place.name for place in PLACES.values() for phrase in place.phrases}



def usual_kind_named(noun: str, place: str | None) -> str | None:
    """The kind of a thing named by its bare head word that the place usually has: "shelves" in a grocery are its
    store shelves, "a fridge" there its glass-door drinks fridge, "lanes" in a bowling alley its bowling lanes, "a
    bed" in a sick bay a hospital bed. A usual kind named so itself ("a fridge" in a kitchen) is that kind; else
    the first usual kind one of whose names is a compound ending in the noun; None for a longer noun, or none."""
    usual = [item.category for item in PLACES[place].expected] if place in PLACES else []
    words = noun.split()
    if len(words) != 1 or not usual:
        return None
    forms = {words[0], *singular_forms(words[0])}
    names = {kind: [kind.replace("_", " "), *CATEGORIES[kind].synonyms] for kind in usual}
    itself = next((kind for kind, ns in names.items() if forms & set(ns)), None)
    return itself or next((kind for kind, ns in names.items()
                           if any(len(n.split()) > 1 and n.split()[-1] in forms for n in ns)), None)
