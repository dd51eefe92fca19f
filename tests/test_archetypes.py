"""Archetype, people and animal generators: valid, upright, facing +Z, sized, deterministic, light."""

import hashlib
import io
import json
import subprocess
from pathlib import Path

import numpy as np
import pytest
import trimesh

from tools.assets.families import animals, figures
from tools.assets.generate import generate
from tools.assets.registry import OPTIONS, SIZES, VARIANTS, GenParams, own_size
from tools.core.gltf import read_glb
from tools.knowledge.categories import CATEGORIES

ROOT = Path(__file__).resolve().parents[1]
ARCHETYPES = ("appliance", "shelf_unit", "table_like", "seat_like", "container", "machine", "display_case",
              "screen_device", "column_like", "flat_panel", "food_heap", "structure_like", "leafy_plant", "hanging_garment",
              "vehicle_like", "tube_like")
LIVING = ("person", "quadruped", "dragon", "bird_perched", "fish")
GENERATED = ARCHETYPES + LIVING
SIZE_TOLERANCE = 0.15  # as tests/test_assets.py
MAX_TRIANGLES = 20_000  # as tests/test_assets.py
MAX_FIGURE_TRIANGLES = 3_000  # people and animals stay low poly: a crowd or a herd is many of them
SCALES = ((1.0, 1.0, 1.0), (2.0, 2.0, 2.0), (0.7, 1.3, 0.8))  # typical, bigger, and out of proportion
OPTION_CASES = {  # a few non-default options per generator
    "appliance": {"accent": "#2e86c1"},
    "shelf_unit": {"shelves": 6, "goods": False},
    "seat_like": {"arms": True, "back": False},
    "container": {"lid": False},
    "screen_device": {"screen_color": "#ff8800"},
    "column_like": {"glow": True},
    "flat_panel": {"face_color": "#ffffff"},
    "person": {"skin": "#8a5530", "hair_style": "long", "sleeves": "long"},
    "quadruped": {"species": "horse", "spots": True, "horns": "antlers"},
    "dragon": {"second_color": "#aa2222"},
    "fish": {"stripes": True},
}
SEAT_MATCH = 0.03  # m: a sitting figure's thighs within this of a chair's seat top


def _scene(glb: bytes) -> trimesh.Scene:
    return trimesh.load(io.BytesIO(glb), file_type="glb")


def _by_material(glb: bytes) -> dict[str, np.ndarray]:
    """(n, 3) vertices of each material of an asset, by material name."""
    out: dict[str, list] = {}
    for geometry in _scene(glb).geometry.values():
        out.setdefault(geometry.visual.material.name, []).append(geometry.vertices)
    return {name: np.vstack(v) for name, v in out.items()}


def _cases():
    for name in GENERATED:
        for variant in range(VARIANTS[name]):
            yield name, variant


def test_every_new_generator_is_registered_with_its_own_sizes_and_no_category():
    assert set(GENERATED) <= set(SIZES)
    assert not set(GENERATED) & set(CATEGORIES), "kinds are declared elsewhere; generators keep their own names"
    for name in GENERATED:
        assert 2 <= VARIANTS[name] <= 3


@pytest.mark.parametrize(("name", "variant"), list(_cases()))
def test_asset_is_bottom_centred_sized_and_light(name, variant):
    base = np.array(own_size(name, variant))
    budget = MAX_FIGURE_TRIANGLES if name in LIVING else MAX_TRIANGLES
    for scale in SCALES:
        for options in ({}, OPTION_CASES.get(name, {})):
            size = base * scale
            scene = _scene(generate(name, size=tuple(size), variant=variant, options=options).glb)
            lo, hi = scene.bounds
            assert lo[1] == pytest.approx(0, abs=1e-3), "origin must be at the bottom"
            assert abs(lo[0] + hi[0]) < 1e-3 and abs(lo[2] + hi[2]) < 1e-3, "origin must be centred in x and z"
            np.testing.assert_allclose(hi - lo, np.round(size, 3), rtol=SIZE_TOLERANCE, atol=0.02,
                                       err_msg=f"{name} v{variant} {scale} {options}")
            triangles = sum(len(g.faces) for g in scene.geometry.values())
            assert 0 < triangles <= budget, f"{name} v{variant}: {triangles} triangles"


def test_gltf_validator_reports_no_errors(tmp_path):
    paths = []
    for name, variant in _cases():
        for i, options in enumerate(({}, OPTION_CASES.get(name, {}))):
            path = tmp_path / f"{name}-{variant}-{i}.glb"
            path.write_bytes(generate(name, variant=variant, color="#8899aa", options=options).glb)
            paths.append(str(path))
    for species in animals.SPECIES:
        path = tmp_path / f"quadruped-{species}.glb"
        path.write_bytes(generate("quadruped", options={"species": species}).glb)
        paths.append(str(path))
    out = subprocess.run(["node", str(ROOT / "tests/gltf_validate.mjs"), *paths], capture_output=True, text=True, check=True)
    bad = {p: r["messages"] for p, r in json.loads(out.stdout).items() if r["errors"]}
    assert not bad, bad


@pytest.mark.parametrize("name", GENERATED)
def test_bytes_are_deterministic_and_options_are_keyed_and_recorded(name):
    options = OPTION_CASES.get(name) or {next(iter(OPTIONS[name])): "#123456"}
    plain, again = generate(name, variant=1), generate(name, variant=1)
    assert plain.glb == again.glb and plain.key == again.key
    assert generate(name, variant=1, options={}).key == plain.key
    optioned = generate(name, variant=1, options=options)
    assert optioned.glb == generate(name, variant=1, options=dict(reversed(list(options.items())))).glb
    assert optioned.key != plain.key
    extras = read_glb(optioned.glb).asset.extras
    assert extras["params"]["options"] == options and "options" not in read_glb(plain.glb).asset.extras["params"]


def test_unknown_options_and_species_are_refused():
    with pytest.raises(ValueError, match="has no options"):
        generate("person", options={"wings": True})
    with pytest.raises(ValueError, match="unknown species"):
        generate("quadruped", options={"species": "unicorn"})
    with pytest.raises(ValueError, match="not a str"):
        generate("quadruped", options={"species": ["cat"]})


def test_params_without_options_seed_as_before():
    """Every existing asset keeps its bytes: an empty option list leaves the random seed as it was."""
    p = GenParams(size=(1.0, 2.0, 3.0), color="#112233", variant=1)
    digest = hashlib.sha256(repr((p.size, p.color, p.material, p.variant, p.shape)).encode())
    expected = np.random.default_rng(int.from_bytes(digest.digest()[:8], "little"))
    assert p.rng().random() == expected.random()
    assert GenParams(size=p.size, color=p.color, variant=1, options=(("skin", "#000000"),)).rng().random() != p.rng().random()


# ------------------------------------------------------------ orientation

EYES = {"person": "plastic:#1a1a1a", "animal": "plastic:#111111"}


@pytest.mark.parametrize("variant", [figures.STANDING, figures.SITTING])
def test_person_stands_on_its_feet_and_faces_plus_z(variant):
    asset = generate("person", variant=variant)
    parts = _by_material(asset.glb)
    h = asset.size[1]
    eyes = parts[EYES["person"]]
    shoes = next(v for name, v in parts.items() if name.startswith("leather:#2a2522"))  # ':leather' names its texture
    everything = np.vstack(list(parts.values()))
    head = everything[everything[:, 1] > eyes[:, 1].mean() - 0.1]
    assert eyes[:, 2].mean() > head[:, 2].mean() + 0.04, "the face looks towards +Z"
    assert eyes[:, 1].mean() > 0.85 * h and shoes[:, 1].max() < 0.1 * h, "head up, feet on the floor"


def test_lying_person_is_face_up_with_its_head_towards_minus_z():
    asset = generate("person", variant=figures.LYING)
    eyes = _by_material(asset.glb)[EYES["person"]]
    assert eyes[:, 2].mean() < -0.35 * asset.size[2] and eyes[:, 1].mean() > 0.5 * asset.size[1]


def test_child_has_a_bigger_head_for_its_height():
    def head_share(size):
        eyes = _by_material(generate("person", size=size).glb)[EYES["person"]]
        return 1 - eyes[:, 1].mean() / size[1]

    assert head_share((0.36, 1.1, 0.2)) > 1.2 * head_share((0.58, 1.75, 0.3))


def _heights_under(mesh: trimesh.Trimesh, x: float, z: float) -> np.ndarray:
    """Sorted y of every surface the vertical line through (x, z) crosses (rtree-free ray casting)."""
    tri = mesh.triangles[:, :, [0, 2]] - (x, z)
    a, b, c = tri[:, 0], tri[:, 1], tri[:, 2]

    def cross(u, v):
        return u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]

    det = cross(b - a, c - a)
    ok = np.abs(det) > 1e-12
    safe = np.where(ok, det, 1.0)
    l1, l2 = cross(-a, c - a) / safe, cross(b - a, -a) / safe
    inside = ok & (l1 >= 0) & (l2 >= 0) & (l1 + l2 <= 1)
    y = mesh.triangles[:, :, 1]
    return np.sort((y[:, 0] + l1 * (y[:, 1] - y[:, 0]) + l2 * (y[:, 2] - y[:, 0]))[inside])


@pytest.mark.parametrize(("chair", "options"), [("chair", {}), ("seat_like", {}), ("seat_like", {"arms": True})])
def test_sitting_person_thighs_rest_at_a_chair_seat(chair, options):
    person = _scene(generate("person", variant=figures.SITTING).glb).to_geometry()
    lo = person.bounds[0]
    thigh = _heights_under(person, 0.1, lo[2] + 0.3)[0]  # the underside of the left thigh, half way to the knee
    seat = _heights_under(_scene(generate(chair, options=options).glb).to_geometry(), 0.0, 0.0).max()
    assert thigh == pytest.approx(seat, abs=SEAT_MATCH)
    assert thigh == pytest.approx(figures.SEAT_SHARE * figures.ADULT_STATURE, abs=0.01)


@pytest.mark.parametrize("species", sorted(animals.SPECIES))
@pytest.mark.parametrize("variant", [animals.STANDING, animals.LYING])
def test_animal_head_is_forward_and_up(species, variant):
    asset = generate("quadruped", size=animals.SPECIES_SIZES[species][variant], variant=variant, options={"species": species})
    eyes = _by_material(asset.glb)[EYES["animal"]]
    assert eyes[:, 2].mean() > 0.15 * asset.size[2], "the head leads towards +Z"
    assert eyes[:, 1].mean() > (0.5 if variant == animals.STANDING else 0.3) * asset.size[1]


@pytest.mark.parametrize("name", ["dragon", "bird_perched", "fish"])
def test_other_animals_face_plus_z(name):
    for variant in range(VARIANTS[name]):
        eyes = _by_material(generate(name, variant=variant).glb)[EYES["animal"]]
        assert eyes[:, 2].mean() > 0, f"{name} v{variant}"


def test_species_sizes_are_the_body_plans_own_proportions():
    """SPECIES_SIZES (what kinds declare) must not stretch the animal it sizes."""
    for name, species in animals.SPECIES.items():
        for variant in (animals.STANDING, animals.LYING):
            p = GenParams(size=(1.0, 1.0, 1.0), variant=variant, options=(("species", name),))
            bounds = np.array([part.mesh.bounds for part in animals.animal(p, species)])
            natural = (bounds[:, 1].max(axis=0) - bounds[:, 0].min(axis=0)) * species.length_m
            np.testing.assert_allclose(animals.SPECIES_SIZES[name][variant], natural, rtol=0.05, atol=0.01,
                                       err_msg=f"{name} v{variant}")


def test_species_look_different():
    keys = {generate("quadruped", options={"species": s}).glb for s in animals.SPECIES}
    assert len(keys) == len(animals.SPECIES)
