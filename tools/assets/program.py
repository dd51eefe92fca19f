"""Shape programs: an asset described as a short list of primitive parts, checked, then built like a generator's.

A model writes one for a noun no kind fits (tools/model/shapes.py asks for it); nothing in it is trusted.
``check_program`` turns the model's JSON into a ``ShapeProgram`` or raises ``AssetError`` with the
reason: schema (pydantic), parts (at most ``MAX_PARTS``), triangles (at most ``MAX_TRIANGLES``, well
within tools/catalog/validate.py's GENERATED_LIMITS, which the caller also validates the GLB against) and
size (every side of the whole within ``MIN_SIDE``..``MAX_SIDE`` and its longest side within a factor
``SIZE_FACTOR`` of the reference size grounding gives). ``build_program`` makes the GLB through
tools/assets/mesh.py, so the asset rules hold as for every generator: +Y up, metres, front +Z, origin at
the bottom centre, content-addressed by the program.

A part: ``primitive`` (box, cylinder, sphere, cone, torus, capsule), ``size`` its extent before rotation
[x, y, z] in metres (a cylinder's diameter is x by z, a cone's base likewise with its apex up, a torus
is a ring lying flat whose tube is ``TORUS_TUBE`` of its outer width), ``position`` its centre,
``rotation`` Euler angles in degrees about X, Y then Z through that centre, ``color`` '#rrggbb' or a
colour word, ``material`` a PBR kind of tools/assets/mesh.py.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

import numpy as np
import trimesh
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tools.assets.asset import GeneratedAsset
from tools.assets.mesh import Part, asset_key, box, build_glb, capsule, cone, cylinder, material, sphere
from tools.assets.shapes import torus_y
from tools.core.colors import COLORS, color_word
from tools.core.errors import AssetError
from tools.core.geometry import triple

MAX_PARTS = 24  # enough for a gramophone (base, arm, horn) or a lantern; a model that loops stops here
MAX_TRIANGLES = 20_000  # a tenth of what 24 parts can reach is typical; GENERATED_LIMITS allows 50 000
MIN_SIDE, MAX_SIDE = 0.01, 30.0  # metres: a coin's thickness to a whale's length
SIZE_FACTOR = 4.0  # the longest side may be this much longer or shorter than the reference's longest side
ROUND_SECTIONS = 16  # sections of cylinders, cones and capsules: round enough at room scale, few triangles
TORUS_TUBE = 0.3  # a torus's tube diameter as a share of its outer width
PrimitiveName = Literal["box", "cylinder", "sphere", "cone", "torus", "capsule"]
MaterialName = Literal["wood", "metal", "glass", "fabric", "leather", "stone", "plastic", "ceramic", "emissive"]
Vec3 = tuple[float, float, float]
Triple = Annotated[list[float], Field(min_length=3, max_length=3)]  # a list: JSON-schema grammars read it best


class ShapePart(BaseModel):
    """One primitive of a shape program, in metres and degrees (see the module docstring)."""

    model_config = ConfigDict(extra="forbid")
    primitive: PrimitiveName
    size: Triple = Field(description="extent [x, y, z] before rotation, metres")
    position: Triple = Field(description="centre [x, y, z], metres; y is up, the front faces +z")
    rotation: Triple = Field(description="degrees about x, y, z")
    color: str = Field(description="'#rrggbb' or a colour word")
    material: MaterialName

    @field_validator("size")
    @classmethod
    def _positive(cls, size: list[float]) -> list[float]:
        if not all(MIN_SIDE / 10 <= v <= MAX_SIDE for v in size):
            raise ValueError(f"each side must be {MIN_SIDE / 10:g} to {MAX_SIDE:g} m")
        return size

    @field_validator("position")
    @classmethod
    def _near(cls, position: list[float]) -> list[float]:
        if not all(abs(v) <= MAX_SIDE for v in position):
            raise ValueError(f"each coordinate must be within {MAX_SIDE:g} m of the origin")
        return position

    @field_validator("rotation")
    @classmethod
    def _turn(cls, rotation: list[float]) -> list[float]:
        if not all(abs(v) <= 360 for v in rotation):
            raise ValueError("each angle must be -360 to 360 degrees")
        return rotation

    @field_validator("color")
    @classmethod
    def _hex(cls, color: str) -> str:
        text = color.strip().lower()
        named = color_word(text)
        if named is not None:
            return COLORS[named]
        if len(text) == 7 and text[0] == "#" and all(c in "0123456789abcdef" for c in text[1:]):
            return text
        raise ValueError(f"{color!r} is neither '#rrggbb' nor a colour word")


class ShapeProgram(BaseModel):
    """An asset as parts: what a model may write for a noun no kind fits."""

    model_config = ConfigDict(extra="forbid")
    parts: list[ShapePart] = Field(min_length=1, max_length=MAX_PARTS)


def check_program(data: object, reference: Vec3) -> ShapeProgram:
    """``data`` (the model's parsed JSON) as a ShapeProgram within every limit, for a thing about ``reference``
    (x, y, z) metres big. Raises AssetError naming the first problem."""
    program = read_program(data)
    meshes = [part_mesh(part) for part in program.parts]
    triangles = sum(len(m.faces) for m in meshes)
    if triangles > MAX_TRIANGLES:
        raise AssetError(f"shape program rejected, {triangles} triangles, more than {MAX_TRIANGLES}")
    extent = _extent(meshes)
    if not all(MIN_SIDE <= v <= MAX_SIDE for v in extent):
        raise AssetError(f"shape program rejected, size {_metres(extent)}: every side must be {MIN_SIDE:g} to {MAX_SIDE:g} m")
    ratio = max(extent) / max(reference)
    if not 1 / SIZE_FACTOR <= ratio <= SIZE_FACTOR:
        raise AssetError(f"shape program rejected, size {_metres(extent)} is {ratio:.2g} times the reference {_metres(reference)}")
    return program


def read_program(data: object) -> ShapeProgram:
    """``data`` as a ShapeProgram by the schema alone (no meshes built, no limit of ``check_program``).
    Raises AssetError naming the first problems."""
    try:
        return ShapeProgram.model_validate(data)
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(map(str, err['loc'])) or 'program'}: {err['msg']}" for err in e.errors()[:3])
        raise AssetError(f"shape program rejected, schema: {problems}") from None


def part_mesh(part: ShapePart) -> trimesh.Trimesh:
    """The part as a closed Y-up mesh: the primitive stretched to ``size``, turned about its centre, at
    ``position``."""
    mesh = _primitive(part.primitive, part.size)
    lo, hi = mesh.bounds
    mesh.apply_translation(-(lo + hi) / 2)
    mesh.apply_transform(np.diag([*(np.asarray(part.size) / (hi - lo)), 1.0]))
    rx, ry, rz = np.radians(part.rotation)
    mesh.apply_transform(trimesh.transformations.euler_matrix(rx, ry, rz, axes="sxyz"))
    return mesh.apply_translation(part.position)


def _primitive(primitive: str, size: list[float]) -> trimesh.Trimesh:
    """The primitive in its own proportions for ``size``: a capsule keeps round ends, the rest fill a box."""
    if primitive == "box":
        return box((1.0, 1.0, 1.0))
    if primitive == "cylinder":
        return cylinder(0.5, 1.0, sections=ROUND_SECTIONS)
    if primitive == "sphere":
        return sphere(0.5)
    if primitive == "cone":
        return cone(0.5, 1.0, sections=ROUND_SECTIONS)
    if primitive == "capsule":
        w, h, d = size
        return capsule(0.5, max(h / min(w, d), 1.0), sections=ROUND_SECTIONS)
    return torus_y(0.5 - TORUS_TUBE / 2, TORUS_TUBE / 2, sections=ROUND_SECTIONS * 2)


def build_program(program: ShapeProgram, category: str, scale: float = 1.0, extras: dict | None = None) -> GeneratedAsset:
    """The GLB of ``program`` as an asset of ``category``, uniformly scaled by ``scale``; same program and
    scale -> same bytes and key. ``extras`` (the noun, the model) join the asset's extras."""
    record = {"program": json.loads(program.model_dump_json()), "scale": round(scale, 4), "color": main_color(program)}
    key = asset_key(category, record)
    glb, extent = build_glb(category, record, program_parts(program, scale), {"key": key, "source": "model", **(extras or {})})
    return GeneratedAsset(key, category, glb, triple(round(float(v), 4) for v in extent), record)


def program_parts(program: ShapeProgram, scale: float = 1.0) -> list[Part]:
    """The program's parts as a generator's Parts, uniformly scaled by ``scale``."""
    return [Part(part_mesh(part).apply_scale(scale), material(part.material, part.color), smooth=part.primitive != "box")
            for part in program.parts]


def recoloured(program: ShapeProgram, color: str | None, material_kind: str | None = None) -> ShapeProgram:
    """``program`` with its main parts (those of its main colour, see main_color) painted ``color`` ('#rrggbb')
    and made of ``material_kind``; as it is where both are None."""
    update = {name: value for name, value in (("color", color), ("material", material_kind)) if value is not None}
    if not update:
        return program
    main = main_color(program)
    parts = [p.model_copy(update=update) if p.color == main else p for p in program.parts]
    return program.model_copy(update={"parts": parts})


def main_color(program: ShapeProgram) -> str:
    """The colour of the biggest part by box volume: what the object mostly looks like (the colour check's)."""
    return max(program.parts, key=lambda p: p.size[0] * p.size[1] * p.size[2]).color


def program_extent(program: ShapeProgram) -> Vec3:
    """(x, y, z) metres the whole program spans."""
    return _extent([part_mesh(p) for p in program.parts])


def _extent(meshes: list[trimesh.Trimesh]) -> Vec3:
    bounds = np.array([m.bounds for m in meshes])
    return triple(float(v) for v in bounds[:, 1].max(axis=0) - bounds[:, 0].min(axis=0))


def _metres(size: Vec3) -> str:
    return " x ".join(f"{v:.2f}" for v in size) + " m"
