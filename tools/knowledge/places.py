"""What people expect of a place: room and outdoor place types, their sizes, floors and furniture.

Default sizes are typical interior dimensions (Neufert, *Architects' Data*)
for rooms and a comfortable viewing area for outdoor places; the planner
grows them when the objects asked for need more floor.
"""

from __future__ import annotations

from dataclasses import dataclass

from tools.knowledge.categories import CATEGORIES


@dataclass(frozen=True)
class Expected:
    """One object kind a place usually has; relations name target categories (None: room-level)."""

    category: str
    count: int = 1
    relations: tuple[tuple[str, str | None, int | None], ...] = ()
    shape: str | None = None
    size: str | None = None


@dataclass(frozen=True)
class Place:
    name: str
    kind: str  # 'indoor' or 'outdoor'
    phrases: tuple[str, ...]
    size: tuple[float, float]  # default (width x, depth z) in metres
    floor: str
    height: float = 2.7
    expected: tuple[Expected, ...] = ()  # furniture added when the prompt names few objects
    extras: tuple[Expected, ...] = ()  # natural extras outdoors, added unless the prompt names them
    shore: str | None = None  # the place meant by "by / near / beside the <phrase>" ("by the sea": a beach)
    sea_side: bool = False  # the sea lies beyond its back edge (a beach, a harbour): the page draws it


def _e(category: str, count: int = 1, *relations: tuple[str, str | None, int | None], **kw) -> Expected:
    return Expected(category, count, tuple(relations), **kw)


WALL = ("against_wall", None, None)
SPACE_PLACE = "space"  # no ground: compose writes architecture kind "space", the page draws a starry backdrop

PLACES: dict[str, Place] = {p.name: p for p in [
    # indoor rooms
    Place("living_room", "indoor", ("living room", "lounge", "sitting room", "family room", "den", "livingroom"),
          (5.0, 4.0), "wood", expected=(
              _e("sofa", 1, ("facing", "tv", None)), _e("tv_stand", 1, WALL), _e("tv", 1, ("on", "tv_stand", None)),
              _e("coffee_table", 1, ("in_front_of", "sofa", None)), _e("armchair"), _e("rug", 1, ("center", None, None)),
              _e("floor_lamp", 1, ("in_corner", None, None)), _e("potted_plant", 1, ("in_corner", None, None)))),
    Place("bedroom", "indoor", ("bedroom", "guest room", "bed room", "dorm room", "hotel room", "dormitory"),
          (4.0, 4.0), "carpet", expected=(
              _e("bed", 1, WALL, shape="double"), _e("nightstand", 2, ("next_to", "bed", None)),
              _e("table_lamp", 2, ("on", "nightstand", None)), _e("wardrobe", 1, WALL), _e("rug"))),
    Place("kitchen", "indoor", ("kitchen", "kitchenette"), (4.0, 3.5), "tile", expected=(
        _e("fridge", 1, WALL), _e("stove", 1, WALL), _e("sink_counter", 1, WALL),
        _e("table"), _e("chair", 4, ("around", "table", None)))),
    Place("bathroom", "indoor", ("bathroom", "washroom", "restroom", "toilet room", "shower room"),
          (3.0, 2.5), "tile", expected=(
              _e("bathtub", 1, WALL), _e("toilet", 1, WALL), _e("sink", 1, WALL), _e("mirror", 1, ("above", "sink", None)))),
    Place("office", "indoor", ("office", "home office", "study", "workspace", "work room"), (4.0, 3.5), "wood",
          expected=(
              _e("desk", 1, WALL), _e("office_chair", 1, ("each_with", "desk", 1)), _e("bookshelf", 1, WALL),
              _e("table_lamp", 1, ("on", "desk", None)), _e("potted_plant", 1, ("in_corner", None, None)))),
    Place("classroom", "indoor", ("classroom", "class room", "schoolroom", "lecture room"), (9.0, 7.0), "tile",
          height=3.0, expected=(
              _e("desk", 12, ("row", None, 3)), _e("chair", 12, ("each_with", "desk", 1)),
              _e("screen", 1, ("front", None, None)))),
    Place("dining_room", "indoor", ("dining room", "dining hall", "diningroom"), (5.0, 4.0), "wood", expected=(
        _e("table", 1, ("center", None, None), size="long"), _e("chair", 6, ("around", "table", None)),
        _e("chandelier", 1, ("above", "table", None)), _e("cabinet", 1, WALL))),
    Place("library", "indoor", ("library", "reading room", "study hall"), (8.0, 6.0), "wood", height=3.0, expected=(
        _e("bookshelf", 6, WALL), _e("table", 1, size="long"), _e("chair", 4, ("around", "table", None)),
        _e("armchair", 1, ("in_corner", None, None)))),
    Place("cafe", "indoor", ("cafe", "café", "coffee shop", "coffeehouse", "coffee house", "bistro", "restaurant",
                             "diner", "canteen", "bakery", "patisserie", "tea room", "tearoom", "pizzeria",
                             "cafeteria"), (8.0, 6.0), "tile", height=3.0, expected=(
        _e("table", 4, shape="round", size="small"), _e("chair", 8, ("each_with", "table", 2)),
        _e("counter", 1, WALL), _e("coffee_machine", 1, ("on", "counter", None)))),
    Place("bar", "indoor", ("bar", "pub", "tavern", "saloon"), (7.0, 5.0), "wood", height=3.0, expected=(
        _e("counter", 1, WALL), _e("stool", 4, ("in_front_of", "counter", None)), _e("table", 2, shape="round"),
        _e("chair", 4, ("each_with", "table", 2)), _e("barrel", 2, ("in_corner", None, None)))),
    Place("gym", "indoor", ("gym", "gymnasium", "fitness room", "fitness centre", "fitness center", "weight room"),
          (10.0, 8.0), "wood", height=3.2, expected=(
              _e("treadmill", 2, ("row", None, 1)), _e("weight_bench", 1), _e("dumbbell_rack", 1, WALL))),
    Place("workshop", "indoor", ("workshop", "work shop", "garage", "shed", "tool shed", "woodshop"), (6.0, 5.0),
          "wood", height=3.0, expected=(
              _e("workbench", 1, WALL), _e("tool_cabinet", 1, WALL), _e("barrel", 2, ("in_corner", None, None)),
              _e("crate", 3, ("stacked", None, None)))),
    Place("studio", "indoor", ("studio", "art studio", "atelier", "painting studio"), (6.0, 5.0), "wood",
          height=3.0, expected=(
              _e("easel"), _e("stool", 1, ("next_to", "easel", None)), _e("table", 1, WALL),
              _e("paint_can", 3, ("on", "table", None)))),
    Place("conference_room", "indoor", ("conference room", "meeting room", "boardroom", "board room"), (8.0, 5.0),
          "carpet", expected=(
              _e("table", 1, ("center", None, None), shape="oval", size="large"),
              _e("chair", 8, ("around", "table", None)), _e("screen", 1, WALL))),
    Place("playroom", "indoor", ("playroom", "play room", "nursery", "kids room", "kids' room", "children's room"),
          (4.0, 4.0), "carpet", expected=(
              _e("toy_box", 1, WALL), _e("rug", 1, ("center", None, None)), _e("table", 1, size="small"),
              _e("chair", 2, ("around", "table", None), size="small"), _e("ball", 3))),
    Place("loft", "indoor", ("loft", "apartment", "flat", "studio apartment", "penthouse", "attic"), (8.0, 6.0),
          "wood", height=3.2, expected=(
              _e("sofa"), _e("coffee_table", 1, ("in_front_of", "sofa", None)), _e("rug"),
              _e("bookshelf", 1, WALL), _e("potted_plant", 1, ("in_corner", None, None)))),
    Place("hallway", "indoor", ("hallway", "corridor", "hall", "entrance hall", "entryway", "foyer"), (5.0, 2.5),
          "wood", expected=(_e("cabinet", 1, WALL), _e("mirror", 1, WALL), _e("potted_plant"))),
    Place("shop", "indoor", ("shop", "store", "boutique", "bookshop", "bookstore"), (8.0, 6.0), "tile", height=3.0,
          expected=(_e("counter", 1, WALL), _e("bookshelf", 4, WALL), _e("table", 1))),
    Place("room", "indoor", ("room", "space", "interior", "nook", "reading nook", "alcove"), (4.0, 4.0), "wood"),
    # outdoor places
    Place("forest", "outdoor", ("forest", "woods", "woodland", "forest clearing", "clearing", "grove", "jungle"),
          (20.0, 20.0), "grass", height=12.0,
          expected=(_e("pine_tree", 8), _e("oak_tree", 3)), extras=(_e("grass", 6), _e("rock", 3), _e("bush", 2))),
    Place("coast", "outdoor", ("coast", "rocky coast", "coastline", "rocky shore", "cliffs", "sea cliffs", "headland",
                               "cliff top", "clifftop"), (18.0, 18.0), "grass", height=12.0,
          expected=(_e("rock", 6), _e("lighthouse")), extras=(_e("bush", 2), _e("grass", 4)), sea_side=True),
    Place("beach", "outdoor", ("beach", "seaside", "seashore", "shore"), (20.0, 20.0), "sand",
          height=10.0, expected=(_e("palm_tree", 2), _e("umbrella"), _e("sun_lounger", 2)), extras=(_e("rock", 2),),
          sea_side=True),
    Place("park", "outdoor", ("park", "playground", "public garden"), (20.0, 20.0), "grass", height=10.0,
          expected=(_e("bench", 2), _e("oak_tree", 3), _e("lamp_post"), _e("fountain", 1, ("center", None, None))),
          extras=(_e("bush", 3), _e("grass", 4))),
    Place("farm", "outdoor", ("farm", "farmyard", "barnyard", "ranch", "homestead"), (30.0, 30.0), "grass",
          height=14.0, expected=(_e("barn"), _e("tractor"), _e("hay_bale", 4)), extras=(_e("grass", 6),)),
    Place("desert", "outdoor", ("desert", "dunes", "sand dunes", "oasis"), (20.0, 20.0), "sand", height=10.0,
          expected=(_e("cactus", 3), _e("rock", 4)), extras=(_e("rock", 3),)),
    Place("garden", "outdoor", ("garden", "backyard", "back yard", "yard", "lawn", "flower garden"), (15.0, 15.0),
          "grass", height=8.0, expected=(_e("bush", 4), _e("flower", 6), _e("bench"), _e("birdbath")),
          extras=(_e("grass", 4),)),
    Place("village_square", "outdoor", ("village square", "town square", "market square", "square", "plaza",
                                        "piazza", "marketplace", "courtyard", "village"), (25.0, 25.0), "stone",
          height=12.0, expected=(_e("well", 1, ("center", None, None)), _e("house", 4, ("around", "well", None)),
                                 _e("market_stall"), _e("lamp_post", 2))),
    Place("parking_lot", "outdoor", ("parking lot", "car park", "parking area", "parking", "parking space"),
          (24.0, 18.0), "asphalt", height=10.0, expected=(_e("car", 5, ("row", None, 1)), _e("lamp_post", 2))),
    Place("snowy_hill", "outdoor", ("snowy hill", "snowy field", "snowfield", "ski slope", "snowy slope",
                                    "snowy landscape", "tundra"), (20.0, 20.0), "snow", height=12.0,
          expected=(_e("pine_tree", 3), _e("snowman")), extras=(_e("rock", 2),)),
    Place("hill", "outdoor", ("hill", "hillside", "meadow", "field", "grassland", "countryside", "valley"),
          (20.0, 20.0), "grass", height=12.0, expected=(_e("oak_tree", 3), _e("flower", 8), _e("bush", 3)),
          extras=(_e("grass", 6), _e("rock", 2))),
    Place("mountain", "outdoor", ("mountain", "mountainside", "mountain top", "cliff", "canyon"), (20.0, 20.0),
          "stone", height=12.0, expected=(_e("rock", 6), _e("pine_tree", 4)), extras=(_e("grass", 3),)),
    Place("solar_farm", "outdoor", ("solar farm", "solar park", "solar plant", "solar field"), (25.0, 25.0),
          "grass", height=8.0, expected=(_e("solar_panel", 20, ("grid", None, None)),), extras=(_e("grass", 4),)),
    Place("bus_stop", "outdoor", ("bus stop", "bus station", "bus shelter", "tram stop"), (24.0, 16.0), "asphalt",
          height=8.0, expected=(_e("road"), _e("bench", 1, ("next_to", "road", None)), _e("sign"), _e("trash_can"))),
    Place("street", "outdoor", ("street", "road", "avenue", "alley", "crossroads", "intersection", "sidewalk",
                                "city street", "boulevard"), (24.0, 20.0), "asphalt", height=12.0,
          expected=(_e("road"), _e("car", 2, ("next_to", "road", None)), _e("lamp_post", 2), _e("trash_can"))),
    Place("campsite", "outdoor", ("campsite", "camp", "campground", "camping site", "camping"), (20.0, 20.0), "dirt",
          height=10.0, expected=(_e("tent"), _e("campfire", 1, ("center", None, None)),
                                 _e("log", 3, ("around", "campfire", None)), _e("pine_tree", 4)),
          extras=(_e("grass", 4), _e("rock", 2))),
    Place("lakeside", "outdoor", ("lakeside", "lake shore", "lakeshore", "riverbank", "river bank", "pond side",
                                  "lake", "river"), (20.0, 20.0), "grass", height=10.0,
          expected=(_e("pond"), _e("boat", 1, ("next_to", "pond", None)), _e("oak_tree", 2)),
          extras=(_e("rock", 3), _e("grass", 4))),
    Place("harbour", "outdoor", ("harbour", "harbor", "port", "dock", "docks", "pier", "marina", "quay", "wharf",
                                 "jetty"), (20.0, 20.0), "stone", height=10.0,
          expected=(_e("boat", 2), _e("crate", 3), _e("barrel", 2), _e("lamp_post")), extras=(_e("rock", 2),),
          sea_side=True),
    Place("sea", "outdoor", ("sea", "ocean", "open sea", "open ocean", "high seas", "the waves", "seas"),
          (14.0, 14.0), "water", height=10.0, expected=(_e("boat"),), shore="beach"),
    Place("graveyard", "outdoor", ("graveyard", "cemetery", "churchyard", "burial ground", "necropolis"),
          (12.0, 12.0), "grass", height=10.0,
          expected=(_e("gravestone", 12, ("grid", None, 3)), _e("fence", 3, ("row", None, 1)), _e("oak_tree", 1)),
          extras=(_e("bush", 2),)),
    Place("outdoors", "outdoor", ("outdoors", "outside", "landscape", "open air"), (12.0, 12.0), "grass",
          height=10.0),
    Place("fairground", "outdoor", ("fair", "fairground", "funfair", "fun fair", "carnival", "amusement park",
                                    "theme park", "county fair", "fun park"), (30.0, 30.0), "grass", height=16.0,
          expected=(_e("carousel"), _e("ferris_wheel"), _e("market_stall", 2), _e("lamp_post", 2)),
          extras=(_e("grass", 4),)),
    # Space has no ground: "outdoor" keeps walls away, SPACE_PLACE tells compose and the page to draw no floor.
    Place(SPACE_PLACE, "outdoor", ("outer space", "solar system", "deep space", "galaxy", "cosmos", "universe",
                                   "star system", "planetary system"), (16.0, 16.0), "none", height=6.0,
          expected=(_e("sun", 1, ("center", None, None)), _e("planet", 3, ("around", "sun", None)),
                    _e("ringed_planet", 1, ("around", "sun", None)), _e("moon", 2, ("around", "planet", None)))),
]}

INDOOR_DEFAULT = PLACES["room"]
OUTDOOR_DEFAULT = PLACES["outdoors"]

# Adjectives that change the ground of an outdoor place ("a snowy forest").
GROUND_WORDS: dict[str, str] = {
    "snowy": "snow", "snow": "snow", "winter": "snow", "wintry": "snow", "frozen": "snow", "icy": "snow",
    "sandy": "sand", "sand": "sand", "gravel": "stone", "mud": "dirt", "grassy": "grass", "green": "grass", "rocky": "stone", "stony": "stone", "paved": "asphalt",
    "muddy": "dirt", "dusty": "dirt", "dirt": "dirt", "cobbled": "stone", "cobblestone": "stone",
}

# Indoor floor words ("a tiled floor", "carpeted") -> Environment.floor.
FLOOR_WORDS: dict[str, str] = {
    "wood": "wood", "wooden": "wood", "hardwood": "wood", "parquet": "wood", "laminate": "wood",
    "tile": "tile", "tiles": "tile", "tiled": "tile", "stone": "tile", "marble": "tile", "concrete": "tile",
    "carpet": "carpet", "carpeted": "carpet", "fabric": "carpet",
}

SIZE_FACTORS = {"small": 0.75, "large": 1.4, "long": 1.25, "tall": 1.0}


def place_phrases() -> dict[tuple[str, ...], str]:
    """Every place phrase as a token tuple -> place name."""
    return {tuple(phrase.replace("-", " ").split()): place.name for place in PLACES.values() for phrase in place.phrases}


def _check_tables() -> None:
    for place in PLACES.values():
        for item in (*place.expected, *place.extras):
            if item.category not in CATEGORIES:
                raise ValueError(f"place {place.name!r} expects unknown category {item.category!r}")


_check_tables()
