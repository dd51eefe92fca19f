"""The landforms (one parametric generator, tools/assets/families/landforms.py, members as data in kinds.toml), the
cloud, the bare drum, the robot arm, and the wild plants WordNet files beside flowers and grass: the names people use find them, WordNet's members of their classes ground to them, a named
landform is fitting to the independent judge, and their sizes are real. The words are this file's own, not the prompt
sets'. Their GLBs are checked with every kind in tests/test_assets.py."""

import numpy as np
import pytest
from kind_checks import kind_table_tests

from tools.assets.families.landforms import PROFILES, footprint, landform
from tools.assets.registry import GenParams
from tools.knowledge.categories import CATEGORIES

NAMES = [
    ("knolls", "hill"), ("sand hills", "sand_dune"), ("ridgeline", "ridge"), ("bluffs", "cliff"),
    ("snowy peaks", "mountain_peak"), ("impact crater", "crater"), ("bridleway", "trail"),
    ("wadi", "riverbed"), ("sand trap", "sand_bunker"), ("breakers", "wave"), ("cumulus clouds", "cloud"),
    ("molehill", "mound"), ("welding robots", "robot_arm"),
]
# A bare drum is the instrument (WordNet's first sense); the container keeps its compound names.
OLDER_NAMES = [("drum", "hand_drum"), ("oil drum", "barrel"), ("keg", "barrel")]

WORDNET_MEMBERS = [
    ("sinkhole", "pit"),
    ("butte", "hill"), ("hummock", "hill"), ("seamount", "mountain_peak"), ("precipice", "cliff"),
    ("cumulonimbus", "cloud"), ("tenor drum", "hand_drum"), ("wild flower", "flower"), ("ragweed", "grass"),
]

# The dimension that says what it is: a golf bunker a few metres long, a trail a narrow path, a peak drawn at the
# shape limit of 30 m across.
SIZES = [("sand_bunker", 0, 7.0), ("trail", 0, 1.6), ("mountain_peak", 0, 30.0)]

JUDGED = ("sand dunes", "sand_dune")

globals().update(kind_table_tests(names=NAMES, older_names=OLDER_NAMES, wordnet_members=WORDNET_MEMBERS, sizes=SIZES,
                                  judged=JUDGED))


def test_every_landform_kind_names_a_profile_the_generator_draws():
    members = [k for k in CATEGORIES.values() if k.generator == "landform"]
    assert len(members) >= 10
    for kind in members:
        options = dict(dict(kind.generator_params).get("options", ()))
        assert options.get("profile") in PROFILES, kind.name


@pytest.mark.parametrize("shape", ["oval", "winding", "rect"])
def test_a_footprint_stays_within_its_half_sides(shape):
    u, v = np.meshgrid(np.linspace(-1, 1, 9), np.linspace(-1, 1, 9))
    x, z = footprint(u, v, shape)
    assert np.abs(x).max() <= 1 + 1e-9 and np.abs(z).max() <= 1 + 1e-9


def test_an_oval_footprint_is_round_not_a_square_tile():
    corner_x, corner_z = footprint(np.array(1.0), np.array(1.0), "oval")
    assert np.hypot(corner_x, corner_z) == pytest.approx(1.0)


def test_a_pit_has_a_dark_floor_and_a_peak_its_cap():
    pit = landform(GenParams(size=(2.5, 0.35, 2.5), options=(("profile", "hollow"),)))
    peak = landform(GenParams(size=(30.0, 22.0, 30.0), options=(("cap", "#ffffff"), ("profile", "peak"))))
    assert len(pit) == 2 and len(peak) == 2
    top = max(part.mesh.bounds[1][1] for part in peak)
    assert peak[1].mesh.bounds[1][1] == pytest.approx(top), "the cap is the summit"
