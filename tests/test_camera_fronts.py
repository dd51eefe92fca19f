"""The hero sees the fronts of what people use from the front, never stands inside a thing, and outdoors halves none
of what was asked for."""

from __future__ import annotations

import math

import numpy as np

from tools.page.camera import _item_box, frame_views
from tools.page.camera_view import cut_by_edge


def _asked(oid: str, kind: str, lo: list[float], hi: list[float], yaw: float = 0.0) -> dict:
    """A requested scene.json object dict with its box and its turn about +Y (0 faces +Z)."""
    return {"id": oid, "category": kind, "requested": True, "bbox": {"min": lo, "max": hi},
            "rotation": [0.0, math.sin(yaw / 2), 0.0, math.cos(yaw / 2)]}


def test_a_counter_turned_away_from_the_usual_corner_is_photographed_from_its_customers_side():
    # An 8 x 8 m shop: the counter in the middle faces -Z (the door), its till on top.
    room = (np.array([-4.0, 0.0, -4.0]), np.array([4.0, 3.0, 4.0]))
    objects = [_asked("display_counter", "display_counter", [-0.75, 0.0, -0.3], [0.75, 1.0, 0.3], yaw=math.pi),
               _asked("cash_register", "cash_register", [-0.2, 1.0, -0.2], [0.2, 1.3, 0.2])]
    hero = frame_views(room, objects, indoor=True)["hero"]
    assert hero["position"][2] < -0.3  # before the counter's front, not behind it where the shopkeeper stands


def test_outdoors_the_hero_never_stands_inside_a_barn_it_frames():
    barn = _asked("barn", "barn", [-3.5, 0.0, -5.6], [8.9, 7.5, 7.2])
    bales = [_asked(f"hay_bale_{n}", "hay_bale", [-1.8, 0.9 * n, -4.9], [-0.3, 0.9 * (n + 1), -3.4]) for n in range(4)]
    lo, hi = np.array([-12.0, 0.0, -12.0]), np.array([12.0, 10.0, 12.0])
    position = np.array(frame_views((lo, hi), [barn, *bales], outdoor=True)["hero"]["position"])
    assert not np.all((np.array(barn["bbox"]["min"]) < position) & (position < np.array(barn["bbox"]["max"])))


def test_two_men_at_a_chess_table_are_framed_whole_with_the_board_read_on_its_table():
    objects = [_asked("table", "table", [0.2, 0.0, -1.2], [1.9, 0.8, 0.6]),
               _asked("board_game", "board_game", [0.6, 0.8, -0.8], [1.4, 0.805, 0.1]),
               _asked("adult_1", "adult", [-0.1, 0.0, 1.5], [0.4, 1.8, 2.2]),
               _asked("adult_2", "adult", [1.7, 0.0, 1.3], [2.3, 1.8, 2.0])]
    lo, hi = np.array([-5.0, 0.0, -5.0]), np.array([5.0, 6.0, 5.0])
    hero = frame_views((lo, hi), objects, outdoor=True)["hero"]
    assert not cut_by_edge(hero, [_item_box(o) for o in objects], 4 / 3)
    assert set(hero["subject"]) == {o["id"] for o in objects}


def test_when_every_readable_part_cuts_something_the_hero_takes_the_one_that_cuts_least():
    # A campsite: a campfire in the middle, a tent beside it, a canoe and pebbles (rocks) at the corners.
    boxes = {"campfire": ([-0.5, 0.0, -0.5], [0.5, 0.6, 0.5]), "tent": ([-4.3, 0.0, -2.9], [-2.1, 1.4, -0.5]),
             "rock_1": ([4.5, 0.0, -4.8], [5.8, 0.6, -3.5]), "rock_2": ([-5.5, 0.0, -5.6], [-4.2, 0.6, -4.2]),
             "rock_3": ([-6.1, 0.0, 4.2], [-4.8, 0.6, 5.5]), "rock_4": ([4.6, 0.0, -0.4], [5.9, 0.6, 0.9]),
             "boat": ([0.6, 0.0, -6.2], [5.2, 0.9, -2.3])}
    objects = [_asked(oid, oid.split("_")[0], lo, hi) for oid, (lo, hi) in boxes.items()]
    lo, hi = np.array([-7.0, 0.0, -7.0]), np.array([7.0, 6.0, 7.0])
    hero = frame_views((lo, hi), objects, outdoor=True)["hero"]
    assert sum(cut_by_edge(hero, [_item_box(o)], 4 / 3) for o in objects) <= 1
