"""Shape programs (tools/assets/program.py): the schema and limits refuse what they must, and a program
becomes an asset by the generators' rules (validator clean, +Y up, real size, bottom centre at the origin)."""

from __future__ import annotations

import copy
import io
import json
import subprocess
from pathlib import Path

import numpy as np
import pytest
import trimesh

from tools.assets.mesh import MATERIAL_KINDS
from tools.assets.program import (
    MAX_PARTS,
    MAX_TRIANGLES,
    MaterialName,
    ShapeProgram,
    build_program,
    check_program,
    program_extent,
    recoloured,
)
from tools.catalog.validate import GENERATED_LIMITS, validate_glb
from tools.core.errors import AssetError

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = (0.6, 0.6, 0.6)  # the placeholder's size
GRAMOPHONE = {"parts": [
    {"primitive": "box", "size": [0.4, 0.12, 0.4], "position": [0, 0.06, 0], "rotation": [0, 0, 0],
     "color": "#6b4226", "material": "wood"},
    {"primitive": "cylinder", "size": [0.3, 0.02, 0.3], "position": [0, 0.13, 0], "rotation": [0, 0, 0],
     "color": "black", "material": "plastic"},
    {"primitive": "capsule", "size": [0.03, 0.3, 0.03], "position": [0.15, 0.28, -0.1], "rotation": [0, 0, 15],
     "color": "silver", "material": "metal"},
    {"primitive": "cone", "size": [0.36, 0.42, 0.36], "position": [0.05, 0.45, -0.12], "rotation": [35, 0, 0],
     "color": "#c9a227", "material": "metal"},
    {"primitive": "torus", "size": [0.36, 0.03, 0.36], "position": [0.05, 0.62, 0.0], "rotation": [35, 0, 0],
     "color": "#c9a227", "material": "metal"},
    {"primitive": "sphere", "size": [0.05, 0.05, 0.05], "position": [0.15, 0.43, -0.1], "rotation": [0, 0, 0],
     "color": "silver", "material": "metal"},
]}


def _program(**changes) -> dict:
    data = copy.deepcopy(GRAMOPHONE)
    data["parts"][0].update(changes)
    return data


def _scene(glb: bytes) -> trimesh.Scene:
    return trimesh.load(io.BytesIO(glb), file_type="glb")


def test_materials_are_the_generators_own():
    assert set(MaterialName.__args__) <= set(MATERIAL_KINDS)


def test_limits_stay_within_what_the_catalog_accepts_of_generated_assets():
    assert MAX_TRIANGLES <= GENERATED_LIMITS.max_triangles


def test_a_valid_program_is_an_asset_by_the_generators_rules(tmp_path):
    program = check_program(GRAMOPHONE, REFERENCE)
    asset = build_program(program, "placeholder", extras={"noun": "gramophone", "model": "m"})
    info = validate_glb(asset.glb, GENERATED_LIMITS)
    assert info.extras["source"] == "model" and info.extras["noun"] == "gramophone"
    lo, hi = _scene(asset.glb).bounds
    assert lo[1] == pytest.approx(0, abs=1e-4), "bottom at y = 0"
    assert abs(lo[0] + hi[0]) < 1e-4 and abs(lo[2] + hi[2]) < 1e-4, "centred in x and z"
    np.testing.assert_allclose(hi - lo, asset.size, atol=1e-3)
    np.testing.assert_allclose(asset.size, program_extent(program), atol=1e-3)  # drawn at its own, real size
    assert hi[1] > hi[0] - lo[0], "a gramophone's horn stands up: +Y is up"
    path = tmp_path / "gramophone.glb"
    path.write_bytes(asset.glb)
    out = subprocess.run(["node", str(ROOT / "tests/gltf_validate.mjs"), str(path)], capture_output=True, text=True,
                         check=True)
    assert not [r["messages"] for r in json.loads(out.stdout).values() if r["errors"]]


def test_same_program_same_bytes_and_key_and_scale_rekeys():
    program = check_program(GRAMOPHONE, REFERENCE)
    first, again = build_program(program, "placeholder"), build_program(program, "placeholder")
    assert first.glb == again.glb and first.key == again.key
    bigger = build_program(program, "placeholder", scale=2.0)
    assert bigger.key != first.key
    np.testing.assert_allclose(bigger.size, np.array(first.size) * 2, rtol=1e-3)


def test_part_size_is_its_extent_before_rotation():
    part = {"primitive": "cylinder", "size": [0.2, 1.0, 0.4], "position": [0, 0.5, 0], "rotation": [0, 0, 0],
            "color": "red", "material": "wood"}
    np.testing.assert_allclose(program_extent(ShapeProgram.model_validate({"parts": [part]})), (0.2, 1.0, 0.4),
                               atol=1e-3)
    lying = {**part, "rotation": [0, 0, 90]}  # turned about z: its height lies along x
    np.testing.assert_allclose(program_extent(ShapeProgram.model_validate({"parts": [lying]})), (1.0, 0.2, 0.4),
                               atol=1e-3)


def test_colour_words_become_hex_and_the_main_colour_is_the_biggest_parts():
    program = check_program(GRAMOPHONE, REFERENCE)
    assert program.parts[1].color.startswith("#") and len(program.parts[1].color) == 7
    assert build_program(program, "placeholder").params["color"] == "#c9a227"  # the horn
    red = recoloured(program, "#cc0000")
    assert [p.color for p in red.parts] == [("#cc0000" if p.color == "#c9a227" else p.color) for p in program.parts]
    assert build_program(red, "placeholder").params["color"] == "#cc0000" and recoloured(program, None) is program


@pytest.mark.parametrize("data, why", [
    ("a gramophone", "schema"),
    ({"parts": []}, "schema: parts"),
    ({"parts": GRAMOPHONE["parts"], "note": "extra"}, "schema: note"),
    (_program(primitive="teapot"), "schema: parts.0.primitive"),
    (_program(size=[0.4, -1, 0.4]), "schema: parts.0.size"),
    (_program(size=[0.4, 0.4]), "schema: parts.0.size"),
    (_program(color="sparkly"), "schema: parts.0.color"),
    (_program(material="unobtainium"), "schema: parts.0.material"),
    (_program(rotation=[720, 0, 0]), "schema: parts.0.rotation"),
    (_program(position=[0, 99, 0]), "schema: parts.0.position"),
    ({"parts": GRAMOPHONE["parts"] * 5}, f"at most {MAX_PARTS}"),
    (_program(size=[9.0, 0.12, 0.4]), "times the reference"),
    ({"parts": [{**GRAMOPHONE["parts"][0], "size": [0.005, 0.005, 0.005]}]}, "every side must be"),
])
def test_bad_programs_are_rejected_with_the_reason(data, why):
    with pytest.raises(AssetError, match="shape program rejected") as refused:
        check_program(data, REFERENCE)
    assert why in str(refused.value)
