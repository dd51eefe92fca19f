"""Importing a user's GLB: wrong units, Z-up and odd facing come back in metres, +Y up, front +Z, bottom centred."""

from __future__ import annotations

import io
import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import trimesh

from tools.assets.generate import generate
from tools.catalog.importer import choose_frame, import_asset
from tools.catalog.store import Catalog
from tools.core.errors import InputError, ValidationError
from tools.core.gltf import read_glb

ROOT = Path(__file__).resolve().parents[1]
CHAIR = generate("chair", variant=0).glb
TOLERANCE_M = 1e-3


def load(data: bytes) -> trimesh.Scene:
    return trimesh.load(io.BytesIO(data), file_type="glb", force="scene")


def vertices(scene: trimesh.Scene) -> np.ndarray:
    """(n, 3) all vertices in scene coordinates, sorted so two copies of a model compare row by row."""
    points = scene.to_geometry().vertices
    return points[np.lexsort(np.round(points, 4).T[::-1])]


def exported(transform: np.ndarray, scale: float, offset) -> bytes:
    """The chair turned by ``transform`` (4, 4), scaled to other units and moved away from the origin."""
    scene = load(CHAIR)
    scene.apply_transform(transform)
    scene.apply_scale(scale)
    scene.apply_translation(offset)
    return scene.export(file_type="glb")


Z_UP = trimesh.transformations.rotation_matrix(math.pi / 2, [1, 0, 0])  # +Y -> +Z, front +Z -> -Y (Blender's habit)


@pytest.fixture
def catalog(tmp_path) -> Catalog:
    return Catalog(tmp_path / "data")


def test_chair_in_cm_and_z_up_comes_back_in_metres_y_up_bottom_centred(catalog):
    result = import_asset(exported(Z_UP, 100.0, [500, 40, 12]), "chair", catalog, licence="CC-BY-4.0")
    assert (result.units, result.up, result.facing) == ("cm", "z", "+z")
    scene = load(catalog.file(result.entry).read_bytes())
    lo, hi = scene.bounds
    assert lo[1] == pytest.approx(0, abs=TOLERANCE_M)
    assert lo[0] + hi[0] == pytest.approx(0, abs=TOLERANCE_M) and lo[2] + hi[2] == pytest.approx(0, abs=TOLERANCE_M)
    np.testing.assert_allclose(vertices(scene), vertices(load(CHAIR)), atol=TOLERANCE_M)  # same chair, same facing


def test_extras_say_what_it_is_and_where_it_came_from(catalog):
    result = import_asset(exported(np.eye(4), 1000.0, [0, 0, 0]), "chair", catalog, licence="CC0-1.0")
    extras = read_glb(catalog.file(result.entry).read_bytes()).asset.extras
    assert extras["category"] == "chair" and extras["source"] == "user" and extras["licence"] == "CC0-1.0"
    assert extras["key"] == result.entry.key and extras["params"]["units"] == "mm"
    assert catalog.get(result.entry.key).source == "user"


def test_facing_override_turns_the_front_to_plus_z(catalog):
    front_x = trimesh.transformations.rotation_matrix(math.pi / 2, [0, 1, 0])  # front +Z -> +X
    result = import_asset(exported(front_x, 1.0, [0, 0, 0]), "chair", catalog, facing="+x")
    np.testing.assert_allclose(vertices(load(catalog.file(result.entry).read_bytes())), vertices(load(CHAIR)), atol=TOLERANCE_M)


def test_same_file_same_key(catalog):
    data = exported(Z_UP, 100.0, [0, 0, 0])
    assert import_asset(data, "chair", catalog).entry.key == import_asset(data, "chair", catalog).entry.key


def test_units_and_up_detection_choices():
    chair = np.array([0.45, 0.9, 0.5])
    assert choose_frame(chair * 39.37, chair)[:2] == ("y", "in")
    assert choose_frame(chair[[0, 2, 1]] * 1000, chair)[:2] == ("z", "mm")
    assert choose_frame([0.5, 0.5, 0.5], np.array([0.5, 0.5, 0.5]))[:2] == ("y", "m")  # a cube stays as it is
    assert choose_frame(chair * 100, chair, units="m")[1] == "m"  # the caller's word wins


def test_refused_and_unknown_inputs(catalog):
    with pytest.raises(ValidationError, match="not a GLB"):
        import_asset(b"solid cube\nendsolid\n" * 4, "chair", catalog)
    with pytest.raises(InputError, match="unknown category"):
        import_asset(CHAIR, "spaceship", catalog)


def test_gltf_validator_accepts_imported_files(catalog):
    paths = []
    for transform, scale in [(Z_UP, 100.0), (np.eye(4), 1000.0)]:
        result = import_asset(exported(transform, scale, [3, 1, 2]), "chair", catalog)
        paths.append(str(catalog.file(result.entry)))
    out = subprocess.run(["node", str(ROOT / "tests/gltf_validate.mjs"), *paths], capture_output=True, text=True, check=True)
    bad = {p: r["messages"] for p, r in json.loads(out.stdout).items() if r["errors"]}
    assert not bad, bad


def test_cli_import_and_list(tmp_path):
    source = tmp_path / "chair_cm.glb"
    source.write_bytes(exported(Z_UP, 100.0, [0, 0, 0]))
    env = {"DIORAMA_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}

    def cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "app.cli", "assets", *args], capture_output=True, text=True, env=env, cwd=ROOT)

    done = cli("import", str(source), "--category", "chair", "--licence", "CC-BY-4.0")
    assert done.returncode == 0 and "read as cm, Z-up" in done.stdout, done.stderr
    assert "CC-BY-4.0" in cli("list", "--source", "user").stdout
    garbage = tmp_path / "garbage.glb"
    garbage.write_bytes(b"glTF" + b"\xff" * 40)
    refused = cli("import", str(garbage), "--category", "chair")
    assert refused.returncode == 2 and "refused" in refused.stderr
