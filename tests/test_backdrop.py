"""Outdoor scenery: the backdrop ring and apron of scene.json, the low outdoor hero, and the page drawing them."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from test_compose import THREE_DIR, _scene_inputs, needs_three

from tools.core.schema import Environment
from tools.knowledge.backdrops import BACKDROPS, load_backdrops
from tools.knowledge.places import PLACES, load_places
from tools.page.backdrop import ring_radius
from tools.page.camera import MAX_HERO_ELEVATION, frame_views, ndc, readable, view_contains
from tools.page.compose import write_scene

PARK_OBJECTS = [{"id": f"o{i}", "requested": True, "bbox": {"min": [x - 0.5, 0, z - 0.5], "max": [x + 0.5, h, z + 0.5]}}
                for i, (x, z, h) in enumerate([(-6, -4, 6.0), (5, 3, 0.9), (0, 6, 1.2)])]


def _elevation(view: dict) -> float:
    back = np.subtract(view["position"], view["target"])
    return math.degrees(math.atan2(back[1], math.hypot(back[0], back[2])))


def test_every_outdoor_place_with_a_skyline_names_a_known_backdrop_and_rooms_have_none():
    outdoor = [p for p in PLACES.values() if p.kind == "outdoor"]
    # Open water (the sea, an oil rig or a ship's deck out at sea) and space have no skyline (a cave is a room of rock now).
    assert {p.name for p in outdoor if p.backdrop is None} == {"sea", "oil_rig", "ship_deck", "space"}
    assert all(p.backdrop is None for p in PLACES.values() if p.kind == "indoor")
    assert {p.backdrop for p in outdoor if p.backdrop} == set(BACKDROPS)


def test_a_bad_backdrop_is_refused_naming_it(tmp_path):
    bad = tmp_path / "places.toml"
    bad.write_text('[backdrops.hills]\nlayers = [{ shape = "dome", color = "#00ff00", height = [9.0, 3.0], '
                   'width = [1.0, 2.0], spacing = 10.0 }]\n')
    with pytest.raises(ValueError, match="hills"):
        load_backdrops(bad)
    source = (Path(__file__).parents[1] / "tools/knowledge/places.toml").read_text()
    unknown = tmp_path / "unknown.toml"
    unknown.write_text(source.replace('backdrop = "dunes"', 'backdrop = "glaciers"', 1))
    with pytest.raises(ValueError, match="glaciers"):
        load_places(unknown)


def test_the_outdoor_hero_is_low_enough_to_show_the_horizon_and_still_frames_its_subject():
    lo, hi = np.array([-10, 0, -10]), np.array([10, 10, 10])
    indoor = frame_views((lo, hi), PARK_OBJECTS)["hero"]
    views = frame_views((lo, hi), PARK_OBJECTS, outdoor=True)
    outdoor = views["hero"]
    assert _elevation(outdoor) < outdoor["fov"] / 2 < _elevation(indoor) <= MAX_HERO_ELEVATION, \
        "the frame's top edge looks above the horizontal outdoors, below it in a room"
    # Three 1 m things 6-12 m apart would each be a speck framed together: the hero frames the part it names,
    # the overview all of them.
    assert outdoor["subject"]
    for o in PARK_OBJECTS:
        if o["id"] in outdoor["subject"]:
            assert view_contains(outdoor, o["bbox"]["min"], o["bbox"]["max"], 4 / 3, outdoor["fov"]), o["id"]
        assert view_contains(views["overview"], o["bbox"]["min"], o["bbox"]["max"], 4 / 3, 50), o["id"]


def _park(tmp_path, room_type: str = "park", floor: str = "grass") -> dict:
    out = tmp_path / room_type
    plan, assets, placements = _scene_inputs(out, kind="outdoor", prompt=f"a {room_type}")
    env = Environment(kind="outdoor", room_type=room_type, width=12, depth=10, height=6, floor=floor)
    plan = plan.model_copy(update={"environment": env})
    return write_scene(out, plan, assets, placements, scene_id=room_type, three_dir=THREE_DIR)


def test_a_park_has_a_hazed_tree_line_beyond_every_camera_and_ground_out_past_it(tmp_path):
    scene = _park(tmp_path)
    backdrop = scene["architecture"]["backdrop"]
    views = scene["camera"]["views"]
    centre = (np.array(scene["bounds"]["min"]) + np.array(scene["bounds"]["max"])) / 2
    assert backdrop["kind"] == "trees" and backdrop["radius"] == pytest.approx(ring_radius(centre, views), abs=1e-3)
    for name, view in views.items():
        assert math.hypot(view["position"][0] - centre[0], view["position"][2] - centre[2]) < backdrop["radius"], name
    assert backdrop["apron"]["radius"] > backdrop["radius"] and backdrop["apron"]["color"] == "#5f8f3e"
    assert backdrop["haze"]["color"] == scene["look"]["sky"]["horizon"], "far things fade into the sky"
    assert [layer["color"] for layer in backdrop["layers"]] == [layer.color for layer in BACKDROPS["trees"]]
    assert scene["camera"]["far"] > backdrop["apron"]["radius"] * 2, "the far plane reaches the horizon"
    assert _elevation(views["hero"]) < views["hero"]["fov"] / 2


def test_open_sea_has_ground_to_the_horizon_and_no_ring_and_space_has_neither(tmp_path):
    sea = _park(tmp_path, "sea", "water")["architecture"]["backdrop"]
    assert sea["kind"] is None and sea["layers"] == [] and sea["apron"]["radius"] > 0
    space = _park(tmp_path, "space", "none")
    assert "backdrop" not in space["architecture"]


@needs_three
@pytest.mark.browser
@pytest.mark.slow
def test_the_backdrop_costs_the_objects_no_draw_calls_and_passes_every_check(tmp_path, lazy_browser):
    from tools.evaluate.run import asset_material_pairs
    from tools.verify.render import verify_scene

    scene = _park(tmp_path)
    out = tmp_path / "park"
    report = verify_scene(out, lazy_browser.get(), timeout_s=90)
    assert all(check["passed"] for check in report["checks"]), [c for c in report["checks"] if not c["passed"]]
    pairs = asset_material_pairs(out, scene)
    info = report["info"]
    assert 0 < info["objectDrawCalls"] <= pairs, (info, pairs)
    layers = len(scene["architecture"]["backdrop"]["layers"])
    assert info["drawCalls"] <= pairs + 3 + layers, "the sky, the floor, the apron and one call per backdrop layer"
    assert min(report["views"]["hero"]["object_pixels"].values()) > 0


def _box(oid: str, requested: bool, centre: tuple[float, float], size: tuple[float, float, float]) -> dict:
    (x, z), (w, h, d) = centre, size
    return {"id": oid, "requested": requested, "bbox": {"min": [x - w / 2, 0, z - d / 2], "max": [x + w / 2, h, z + d / 2]}}


def _frame_share(view: dict, boxes: list[dict], aspect: float) -> float:
    """The larger of the width and height shares of the frame that the boxes' projected corners span."""
    corners = [ndc(view, [x, y, z], aspect) for b in boxes
               for x in (b["bbox"]["min"][0], b["bbox"]["max"][0]) for y in (b["bbox"]["min"][1], b["bbox"]["max"][1])
               for z in (b["bbox"]["min"][2], b["bbox"]["max"][2])]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return max(max(xs) - min(xs), max(ys) - min(ys)) / 2


def test_the_outdoor_hero_frames_what_was_asked_for_at_a_readable_size_not_the_whole_square():
    # A 26 m village square: a fountain and two benches asked for, houses, a stall and lamp posts round it.
    lo, hi = np.array([-13, 0, -13]), np.array([13, 12, 13])
    asked = [_box("fountain_1", True, (1, 0), (2.5, 1.6, 2.5)), _box("bench_1", True, (-2, 2), (1.6, 0.9, 0.6)),
             _box("bench_2", True, (3.5, 1.5), (1.6, 0.9, 0.6))]
    around = [_box(f"house_{i}", False, (x, z), (7, 8, 7)) for i, (x, z) in enumerate([(-9, -9), (9, -9), (-9, 9), (9, 9)])]
    around += [_box("stall_1", False, (-6, 1), (3, 2.5, 2)), _box("lamp_1", False, (6, -4), (0.4, 4.5, 0.4)),
               _box("lamp_2", False, (-3, -6), (0.4, 4.5, 0.4))]
    hero = frame_views((lo, hi), [*asked, *around], outdoor=True)["hero"]
    assert _elevation(hero) < hero["fov"] / 2, "the horizon still shows"
    for o in asked:
        assert view_contains(hero, o["bbox"]["min"], o["bbox"]["max"], 4 / 3, hero["fov"]), o["id"]
    assert _frame_share(hero, asked, 4 / 3) >= 0.4, "what was asked for fills a good part of the frame"
    assert ndc(hero, [1, 0.8, 0], 4 / 3)[1] < 0, "the fountain in the lower half, not under an empty sky"


def test_small_things_named_far_apart_outdoors_are_not_specks_in_the_hero_the_overview_shows_them_all():
    # A 30 m street: a fire hydrant and a mailbox asked for, 12 m apart, a car and lamp posts the planner added.
    lo, hi = np.array([-15, 0, -10]), np.array([15, 12, 10])
    hydrant, mailbox = _box("fire_hydrant_1", True, (-6, 1), (0.4, 0.8, 0.4)), _box("mailbox_1", True, (6, -1), (0.5, 1.3, 0.45))
    around = [_box("car_1", False, (0, 4), (4.5, 1.5, 1.9)), _box("lamp_1", False, (-3, -2), (0.3, 4.5, 0.3))]
    views = frame_views((lo, hi), [hydrant, mailbox, *around], outdoor=True)
    hero = views["hero"]
    assert hero["subject"] in (["fire_hydrant_1"], ["mailbox_1"]), hero["subject"]
    boxes = [(o["id"], np.array(o["bbox"]["min"]), np.array(o["bbox"]["max"])) for o in (hydrant, mailbox)]
    framed = [box for box in boxes if box[0] in hero["subject"]]
    assert readable(hero, framed)
    assert view_contains(hero, framed[0][1], framed[0][2], 4 / 3, hero["fov"])
    assert _elevation(hero) < hero["fov"] / 2, "the horizon still shows"
    for o in (hydrant, mailbox):
        assert view_contains(views["overview"], o["bbox"]["min"], o["bbox"]["max"], 4 / 3, 50), o["id"]


def test_the_outdoor_hero_of_big_things_and_a_small_one_far_apart_frames_the_big_ones_not_the_small_one_alone():
    """An orchard: apple trees in rows and a basket under the far one. The part grown from the basket is the
    basket alone (no tree beside it lets it read); the part grown from the trees holds as many things and is what
    the scene is of."""
    lo, hi = np.array([-15, 0, -15]), np.array([15, 12, 15])
    trees = [_box(f"apple_tree_{i}", True, (x, z), (4, 5, 4)) for i, (x, z) in
             enumerate([(-8, -8), (0, -8), (8, -8)], 1)]
    basket = _box("basket_1", True, (9, 9), (0.45, 0.35, 0.35))
    hero = frame_views((lo, hi), [*trees, basket], outdoor=True)["hero"]
    assert any(s.startswith("apple_tree") for s in hero["subject"]), hero["subject"]
