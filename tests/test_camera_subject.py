"""The hero's subject when the prompt names only a place: the place's main furnishing group, framed from inside."""

from __future__ import annotations

import math

import numpy as np

from tools.knowledge.places import PLACES
from tools.page.camera import MAX_HERO_ELEVATION, ROOM_INSET, frame_views, hidden_share, view_contains
from tools.page.camera_subject import SUBJECT_SPAN, subject_group, thing_of


def _thing(oid: str, kind: str, x: float, z: float, w: float, d: float, h: float, parent: str | None = None,
           y: float = 0.0, mount: str = "floor") -> dict:
    """A scene.json object dict standing at (x, z), w x d across, h high (nothing in it is requested)."""
    return {"id": oid, "category": kind, "requested": False, "parent": parent, "mount": mount,
            "bbox": {"min": [x - w / 2, y, z - d / 2], "max": [x + w / 2, y + h, z + d / 2]}}


# A 6 x 5 m attic as the planner furnishes "a cozy attic": a stack of crates, a barrel and a bookshelf by the
# walls, an armchair with its floor lamp in a corner, a rug in the middle, books on a toy box, art on the walls.
ATTIC = (np.array([-3.0, 0.0, -2.5]), np.array([3.0, 2.4, 2.5]))
ATTIC_OBJECTS = [
    _thing("rug", "rug", 0, 0, 2.0, 1.4, 0.003),
    _thing("armchair", "armchair", -2.55, -2.05, 0.85, 0.85, 0.9),
    _thing("floor_lamp", "floor_lamp", -1.88, -2.28, 0.4, 0.4, 1.7),
    _thing("toy_box", "toy_box", -2.75, 0, 0.45, 0.8, 0.54),
    _thing("book_1", "book", -2.75, 0, 0.04, 0.17, 0.24, parent="toy_box", y=0.54, mount="surface"),
    _thing("barrel", "barrel", 2.68, -2.18, 0.6, 0.6, 0.9),
    _thing("bookshelf", "bookshelf", 2.8, 0, 0.35, 0.9, 1.9),
    *(_thing(f"crate_{n + 1}", "crate", -1.7, 1.45, 0.6, 0.45, 0.45, parent=f"crate_{n}" if n else None, y=0.45 * n)
      for n in range(4)),
    _thing("painting_1", "painting", -2.98, -1.2, 0.04, 0.9, 0.7, y=1.7, mount="wall"),
    _thing("ceiling_lamp", "ceiling_lamp", 0, 0, 0.4, 0.4, 0.16, y=2.24, mount="ceiling"),
]


def _elevation(view: dict) -> float:
    back = np.subtract(view["position"], view["target"])
    return math.degrees(math.atan2(back[1], math.hypot(back[0], back[2])))


def _inside(view: dict, lo: np.ndarray, hi: np.ndarray) -> bool:
    p = np.asarray(view["position"])
    return bool(np.all(p >= lo + [ROOM_INSET, 0, ROOM_INSET]) and np.all(p <= hi - ROOM_INSET))


def test_a_room_nobody_furnished_in_words_is_photographed_from_inside_on_its_main_group():
    lo, hi = ATTIC
    kinds = [e.category for e in PLACES["attic"].expected]
    views = frame_views(ATTIC, ATTIC_OBJECTS, aspect=4 / 3, fov=50, indoor=True, focal_kinds=kinds)
    hero = views["hero"]
    # The group covering the most floor (the armchair and its lamp) is the subject; not the room's box.
    assert hero["subject"] == ["armchair", "floor_lamp"]
    assert _inside(hero, lo, hi), f"the photographer stands in the attic, not {hero['position']} outside it"
    assert 0 < _elevation(hero) <= MAX_HERO_ELEVATION
    assert np.linalg.norm(np.subtract(hero["position"], hero["target"])) < 6  # 16 m from over the walls before
    for o in ATTIC_OBJECTS:
        if o["id"] in hero["subject"]:
            assert view_contains(hero, o["bbox"]["min"], o["bbox"]["max"], 4 / 3, hero["fov"]), o["id"]


def test_the_largest_group_wins_indoors_however_many_small_things_the_place_lists_first():
    # Four crates standing apart (the attic's first kind) cover less floor than the seating group.
    crates = [_thing(f"crate_{n}", "crate", -2.5 + 1.5 * n, 2.0, 0.6, 0.45, 0.45) for n in range(4)]
    sofa = [_thing("sofa", "sofa", 0, -1.8, 2.0, 0.9, 0.85), _thing("coffee_table", "coffee_table", 0, -0.8, 1.0, 0.6, 0.45)]
    group = subject_group(_things(crates + sofa), ["crate", "sofa"], SUBJECT_SPAN["indoor"], np.zeros(3), indoor=True)
    assert group == {"sofa", "coffee_table"}
    # Outdoors the place's own thing nearest the middle is its centre of interest; in an unknown place, the largest.
    assert subject_group(_things(crates + sofa), ["crate"], 5.0, np.zeros(3), indoor=False) == {"crate_2"}
    assert subject_group(_things(crates + sofa), [], 5.0, np.zeros(3), indoor=False) == {"sofa", "coffee_table"}


def _things(objects: list[dict]):
    return [thing_of(o, (o["id"], np.array(o["bbox"]["min"]), np.array(o["bbox"]["max"]))) for o in objects]


def test_a_group_stops_at_its_span_and_a_rug_does_not_join_what_stands_round_it():
    # Bookshelves end to end round a 6 x 6 m library: the group is a corner of them, not the ring.
    ring = [_thing(f"shelf_{n}", "bookshelf", -2.55 + 0.9 * n, -2.8, 0.9, 0.35, 1.9) for n in range(6)]
    ring += [_thing(f"shelf_{6 + n}", "bookshelf", 2.8, -2.15 + 0.9 * n, 0.35, 0.9, 1.9) for n in range(5)]
    group = subject_group(_things(ring), ["bookshelf"], SUBJECT_SPAN["indoor"], np.zeros(3), indoor=True)
    boxes = [o for o in ring if o["id"] in group]
    lo = np.min([o["bbox"]["min"] for o in boxes], axis=0)
    hi = np.max([o["bbox"]["max"] for o in boxes], axis=0)
    assert 2 <= len(group) < len(ring) and max(hi[0] - lo[0], hi[2] - lo[2]) <= SUBJECT_SPAN["indoor"]
    # A sofa and its coffee table, a rug under both reaching a chair 2 m off: the rug bridges nothing.
    room = [_thing("sofa", "sofa", 0, -1.5, 2.0, 0.9, 0.85), _thing("coffee_table", "coffee_table", 0, -0.5, 1.0, 0.6, 0.45),
            _thing("book", "book", 0, -0.5, 0.2, 0.15, 0.03, parent="coffee_table", y=0.45, mount="surface"),
            _thing("rug", "rug", 0, 0, 4.0, 3.0, 0.01), _thing("chair", "chair", 1.5, 1.6, 0.5, 0.5, 0.9)]
    assert subject_group(_things(room), ["sofa"], SUBJECT_SPAN["indoor"], np.zeros(3), indoor=True) == {"sofa", "coffee_table", "book"}


def test_outdoors_the_hero_stands_near_the_places_centre_of_interest_at_a_low_height():
    # A 25 m square: a well in the middle, houses round it, a lamp post by the well.
    lo, hi = np.array([-12.5, 0, -12.5]), np.array([12.5, 12, 12.5])
    objects = [_thing("well", "well", 0, 0, 1.6, 1.6, 2.2), _thing("lamp_post", "lamp_post", 1.3, 0.6, 0.3, 0.3, 3.5)]
    objects += [_thing(f"house_{n}", "house", x, z, 7, 6, 7) for n, (x, z) in enumerate([(-8, -8), (8, -8), (-8, 8), (8, 8)])]
    kinds = [e.category for e in PLACES["village_square"].expected]
    hero = frame_views((lo, hi), objects, aspect=4 / 3, fov=50, outdoor=True, focal_kinds=kinds)["hero"]
    assert hero["subject"] == ["lamp_post", "well"]
    assert hero["position"][1] < 6 and np.linalg.norm(np.subtract(hero["position"], hero["target"])) < 15
    for o in objects[:2]:
        assert view_contains(hero, o["bbox"]["min"], o["bbox"]["max"], 4 / 3, hero["fov"]), o["id"]


def test_requested_things_stay_the_subject():
    asked = {**ATTIC_OBJECTS[5], "requested": True}  # "an attic with a barrel"
    objects = [o if o["id"] != "barrel" else asked for o in ATTIC_OBJECTS]
    kinds = [e.category for e in PLACES["attic"].expected]
    hero = frame_views(ATTIC, objects, aspect=4 / 3, fov=50, indoor=True, focal_kinds=kinds)["hero"]
    assert hero["subject"] == ["barrel"]


def test_what_holds_a_subject_or_is_one_does_not_hide_it():
    boxes = [(o["id"], np.array(o["bbox"]["min"]), np.array(o["bbox"]["max"])) for o in ATTIC_OBJECTS]
    crates = {f"crate_{n + 1}" for n in range(4)}
    assert hidden_share([-1.0, 1.6, -1.5], boxes, crates) == 0  # one crate resting on another is the stack seen
    # Two boats side by side, both asked for: one in front of the other still hides it.
    boats = [(f"boat_{n}", np.array([-1.0, 0, 2.0 * n]), np.array([1.0, 1.0, 2.0 * n + 1.0])) for n in range(2)]
    assert hidden_share([0, 0.8, -6.0], boats, {"boat_0", "boat_1"}) > 0
    bed = ("bed", np.array([-1.0, 0, -1.0]), np.array([1.0, 0.6, 1.0]))
    pillow = ("pillow", np.array([-0.3, 0.45, -0.9]), np.array([0.3, 0.6, -0.6]))  # sunk into the bed's box
    wardrobe = ("wardrobe", np.array([-0.6, 0, 1.5]), np.array([0.6, 2.0, 2.1]))
    assert hidden_share([0, 1.6, 3.0], [bed, pillow], {"pillow"}) == 0
    assert hidden_share([0, 1.2, 3.0], [bed, pillow, wardrobe], {"pillow"}) == 1  # a wardrobe in the way still hides
