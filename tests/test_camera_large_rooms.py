"""The hero of a large room: taken from inside it at eye level on part of what was asked for, never from over
its walls; and from behind a wall only where the floor fills the frame's bottom (tools/page/camera.py)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tools.page.camera import (
    FOREGROUND,
    INDOOR_EYE_TOP,
    MAX_HERO_ELEVATION,
    ROOM_INSET,
    floor_edge_shows,
    frame_views,
    view_contains,
)
from tools.page.camera_subject import GROUP_GAP
from tools.page.camera_view import cut_by_edge, foreground_share

ASPECT = 4 / 3


def _box(oid: str, x: float, z: float, w: float, d: float, h: float, y: float = 0.0, requested: bool = True) -> dict:
    return {"id": oid, "requested": requested, "bbox": {"min": [x - w / 2, y, z - d / 2], "max": [x + w / 2, y + h, z + d / 2]}}


def _elevation(view: dict) -> float:
    back = np.subtract(view["position"], view["target"])
    return math.degrees(math.atan2(back[1], math.hypot(back[0], back[2])))


def _inside(view: dict, lo: np.ndarray, hi: np.ndarray) -> bool:
    p = np.asarray(view["position"])[[0, 2]]
    return bool(np.all(p >= lo[[0, 2]] + ROOM_INSET) and np.all(p <= hi[[0, 2]] - ROOM_INSET))


# A 12 x 9 m classroom with a 4 m ceiling: twelve desks in four rows and a whiteboard on the front wall, all asked for.
CLASSROOM = (np.array([-6.0, 0.0, -4.5]), np.array([6.0, 4.0, 4.5]))
DESKS = [_box(f"desk_{r}_{c}", -3.0 + 2.0 * c, -2.0 + 1.8 * r, 1.2, 0.6, 0.75) for r in range(4) for c in range(3)]
WHITEBOARD = _box("whiteboard", 0.0, -4.45, 2.4, 0.05, 1.2, y=0.9)


def test_a_classroom_too_large_to_frame_whole_is_photographed_from_inside_at_eye_level_on_part_of_it():
    lo, hi = CLASSROOM
    objects = [*DESKS, WHITEBOARD]
    hero = frame_views(CLASSROOM, objects, aspect=ASPECT, indoor=True)["hero"]
    assert _inside(hero, lo, hi), f"the photographer stands in the classroom, not at {hero['position']}"
    assert hero["position"][1] <= lo[1] + INDOOR_EYE_TOP + 1e-6, "at eye level under the 4 m ceiling"
    assert 0 < _elevation(hero) <= MAX_HERO_ELEVATION
    framed = [o for o in objects if o["id"] in hero["subject"]]
    assert 2 <= len(framed) < len(objects), hero["subject"]
    for o in framed:  # the part named as the subject is whole in the frame; the rest is context round it
        assert view_contains(hero, o["bbox"]["min"], o["bbox"]["max"], ASPECT, hero["fov"]), o["id"]


def test_a_high_ceiling_does_not_lift_the_hero_above_eye_level():
    lo, hi = np.array([-5.0, 0.0, -6.0]), np.array([5.0, 9.0, 6.0])  # a church nave, 9 m high
    altar = _box("altar", 0.0, -5.0, 2.0, 1.0, 1.1)
    lectern = _box("lectern", 1.8, -4.4, 0.5, 0.5, 1.2, requested=False)
    hero = frame_views((lo, hi), [altar, lectern], aspect=ASPECT, indoor=True)["hero"]
    assert _inside(hero, lo, hi) and hero["position"][1] <= INDOOR_EYE_TOP + 1e-6, hero
    assert view_contains(hero, altar["bbox"]["min"], altar["bbox"]["max"], ASPECT, hero["fov"])


def test_floor_edge_shows_from_far_behind_a_wall_not_from_just_behind_it():
    room = (np.array([-3.0, 0.0, -2.5]), np.array([3.0, 2.7, 2.5]))
    near = {"position": [0.0, 1.6, 3.0], "target": [0.0, 0.5, -1.0], "fov": 37.8}  # 0.5 m behind the front wall
    far = {"position": [0.0, 1.6, 9.0], "target": [0.0, 0.5, -1.0], "fov": 37.8}  # 6.5 m behind it
    corner = {"position": [4.0, 1.6, 4.0], "target": [0.0, 0.5, 0.0], "fov": 37.8}  # beyond two walls
    inside = {"position": [2.0, 1.6, 2.0], "target": [0.0, 0.5, 0.0], "fov": 37.8}
    assert not floor_edge_shows(near, room, ASPECT) and not floor_edge_shows(inside, room, ASPECT)
    assert floor_edge_shows(far, room, ASPECT) and floor_edge_shows(corner, room, ASPECT)


SOFA, TV = _box("sofa_1", -1.0, -1.45, 2.0, 0.9, 0.9), _box("tv_1", -1.0, 1.7, 1.0, 0.4, 1.2)
BED, NIGHTSTAND = _box("bed_1", -0.2, -0.95, 1.6, 2.1, 0.6), _box("nightstand_1", 0.95, -1.8, 0.5, 0.4, 0.55)


@pytest.mark.parametrize("asked", [(SOFA, TV), (BED, NIGHTSTAND)], ids=["sofa_and_tv", "bed_and_nightstand"])
def test_a_hero_from_behind_a_wall_keeps_the_floor_across_the_frames_bottom(asked):
    # A sofa at one wall of a 5 x 4 m room and the tv it faces at the other, or a double bed with a nightstand
    # against the back wall: no 35 mm view from inside frames both; from behind a wall as far back as frames
    # both the floor's edge may show, so the hero either stands behind the wall with the floor across the
    # bottom of its frame, or inside on part of what was asked for; never over the walls looking down.
    lo, hi = np.array([-2.5, 0, -2]), np.array([2.5, 2.7, 2])
    hero = frame_views((lo, hi), list(asked), aspect=ASPECT, indoor=True)["hero"]
    assert hero["position"][1] <= hi[1] - ROOM_INSET and _elevation(hero) <= MAX_HERO_ELEVATION
    assert _inside(hero, lo, hi) or not floor_edge_shows(hero, (lo, hi), ASPECT), hero
    assert hero["subject"]
    for o in asked:
        if o["id"] in hero["subject"]:
            assert view_contains(hero, o["bbox"]["min"], o["bbox"]["max"], ASPECT, hero["fov"]), o["id"]


def test_what_the_part_leaves_out_of_a_large_room_is_whole_in_the_frame_or_out_of_it_never_cut():
    # A 12 x 10 m gym: three treadmills along the back wall and four benches across the floor, all asked for; no
    # frame from inside holds them all, so the hero frames a part, and the rest is whole in the frame or out of it.
    room = (np.array([-6.0, 0.0, -5.0]), np.array([6.0, 4.0, 5.0]))
    machines = [_box(f"treadmill_{k}", -4.0 + 1.56 * k, -3.5, 0.9, 2.0, 1.4) for k in range(3)]
    machines += [_box(f"bench_{k}", 1.0 + 1.2 * k, 2.0, 0.5, 1.4, 0.5) for k in range(4)]
    hero = frame_views(room, machines, aspect=ASPECT, indoor=True)["hero"]
    assert _inside(hero, *room), hero
    for o in machines:
        box = [(o["id"], np.asarray(o["bbox"]["min"]), np.asarray(o["bbox"]["max"]))]
        assert not cut_by_edge(hero, box, ASPECT), f"{o['id']} is cut by the frame's edge"


def test_cut_by_edge_tells_a_cropped_box_from_one_left_out_of_the_frame():
    view = {"position": [0.0, 1.5, 5.0], "target": [0.0, 1.0, 0.0], "fov": 40.0}
    def box(x: float) -> list:
        return [("b", np.array([x - 0.5, 0.0, -0.5]), np.array([x + 0.5, 1.0, 0.5]))]
    assert not cut_by_edge(view, box(0.0), ASPECT), "whole in the middle"
    assert not cut_by_edge(view, box(20.0), ASPECT), "wholly beside the frame: left out"
    assert cut_by_edge(view, box(2.4), ASPECT), "across the right edge"
    assert cut_by_edge(view, [("b", np.array([-0.5, 0.0, 4.0]), np.array([0.5, 1.0, 6.0]))], ASPECT), "round the camera"


def test_a_thing_nobody_asked_for_does_not_fill_the_foreground_before_what_was_asked():
    # A shop: a counter and a shelf asked for along the back wall, a crate nobody asked for in the aisle before them.
    room = (np.array([-4.0, 0.0, -3.0]), np.array([4.0, 3.0, 3.0]))
    asked = [_box("counter", 0.0, -2.2, 2.4, 0.7, 1.0), _box("shelf", -2.5, -2.6, 1.6, 0.4, 2.0)]
    crate = _box("crate", 1.5, 1.0, 0.6, 0.6, 0.8, requested=False)
    hero = frame_views(room, [*asked, crate], aspect=ASPECT, indoor=True)["hero"]

    def box(o: dict) -> tuple:
        return o["id"], np.asarray(o["bbox"]["min"]), np.asarray(o["bbox"]["max"])

    assert foreground_share(hero, [box(o) for o in asked], [box(crate)], ASPECT, GROUP_GAP) <= FOREGROUND, hero
    for o in asked:
        assert view_contains(hero, o["bbox"]["min"], o["bbox"]["max"], ASPECT, hero["fov"]), o["id"]
