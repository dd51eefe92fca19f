"""Bring a user's GLB into the catalog, normalised to Diorama's asset contract.

Wrong scale and wrong facing are the most common complaints about imported
models, so nothing is taken on trust: the file is validated, then

- units: the scale among m, cm, mm and inch that brings its extent closest to
  the category's typical size (a chair 90 units tall is in cm);
- up axis: Z-up files (the extent matches the category better with Z as
  height) are turned to +Y up, a Z-up file's -Y front becoming +Z;
- facing: the caller says where the model's front points (``+z`` by default,
  as glTF intends) and it is turned to face +Z;
- origin: moved to the bottom centre of the bounding box.

The result is written content-addressed into the catalog with its
category, source 'user', licence and the choices made in ``asset.extras``.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pygltflib
import trimesh

from tools.catalog.store import Catalog, CatalogEntry
from tools.catalog.validate import DEFAULT_LIMITS, GlbLimits, validate_glb
from tools.core.errors import InputError, ValidationError
from tools.core.geometry import triple
from tools.knowledge.categories import CATEGORIES

Units = Literal["m", "cm", "mm", "in"]
Up = Literal["y", "z"]
Facing = Literal["+z", "-z", "+x", "-x"]
UNIT_SCALE: dict[Units, float] = {"m": 1.0, "cm": 0.01, "mm": 0.001, "in": 0.0254}
FACING_YAW: dict[str, float] = {"+z": 0.0, "-z": math.pi, "+x": -math.pi / 2, "-x": math.pi / 2}  # turn about +Y to face +Z
Z_UP_MARGIN = 0.15  # how much better (mean |log ratio|) Z-up must fit before a file is turned: glTF says Y-up
MIN_EXTENT_M = 1e-4


@dataclass(frozen=True)
class ImportResult:
    """What the import decided and stored. size: (3,) extent in metres after normalisation."""

    entry: CatalogEntry
    units: Units
    up: Up
    facing: Facing
    size: tuple[float, float, float]
    fit_error: float  # mean |ln(size / typical size)|: 0 is a perfect match with the category


def import_asset(
    data: bytes,
    category: str,
    catalog: Catalog,
    licence: str = "unspecified",
    facing: Facing = "+z",
    units: Units | None = None,
    up: Up | None = None,
    name: str | None = None,
    limits: GlbLimits = DEFAULT_LIMITS,
) -> ImportResult:
    """Validate, normalise and store a user GLB as a catalog entry of ``category``.

    units / up: None detects them from the category's typical size. Raises InputError for an unknown
    category or option, ValidationError for a file that is refused or holds no triangles.
    """
    if category not in CATEGORIES:
        raise InputError(f"unknown category {category!r}; `diorama assets list` shows the categories")
    if facing not in FACING_YAW:
        raise InputError(f"facing must be one of {sorted(FACING_YAW)}, got {facing!r}")
    validate_glb(data, limits)
    scene = _load(data)
    typical = np.array(CATEGORIES[category].size)
    chosen_up, chosen_units, error = choose_frame(scene.extents, typical, units, up)
    scene.apply_transform(_frame_matrix(chosen_up, UNIT_SCALE[chosen_units], FACING_YAW[facing]))
    lo, hi = scene.bounds
    scene.apply_translation([-(lo[0] + hi[0]) / 2, -lo[1], -(lo[2] + hi[2]) / 2])
    size = triple(round(float(v), 4) for v in scene.extents)
    record = {"units": chosen_units, "up": chosen_up, "facing": facing, "original_sha256": hashlib.sha256(data).hexdigest()}
    key = "user-" + hashlib.sha256(json.dumps({"category": category, **record}, sort_keys=True).encode()).hexdigest()[:16]
    extras = {"category": category, "key": key, "source": "user", "licence": licence, "size": list(size), "params": record}
    glb = _export(scene, extras)
    validate_glb(glb, limits)  # what we wrote must pass as well
    cat = CATEGORIES[category]
    entry = CatalogEntry(
        key=key,
        category=category,
        name=name or category.replace("_", " "),
        tags=(*cat.synonyms, cat.family, "imported"),
        size=size,
        source="user",
        licence=licence,
        params=record,
    )
    return ImportResult(catalog.add(entry, glb), chosen_units, chosen_up, facing, size, round(error, 4))


def choose_frame(extents, typical, units: Units | None = None, up: Up | None = None) -> tuple[Up, Units, float]:
    """(up axis, units, fit error) that make ``extents`` (3,) file units closest to ``typical`` (3,) metres.

    Fit error: mean |ln(size / typical)| with width and depth compared either way round. Z-up wins only
    when it fits better by Z_UP_MARGIN, since glTF files should be Y-up.
    """
    extents = np.maximum(np.asarray(extents, float), MIN_EXTENT_M)
    candidates: list[tuple[float, float, Up, Units]] = []
    axes: list[Up] = [up] if up else ["y", "z"]
    for axis in axes:
        as_y_up = extents if axis == "y" else extents[[0, 2, 1]]
        for unit in [units] if units else list(UNIT_SCALE):
            error = _fit_error(as_y_up * UNIT_SCALE[unit], np.asarray(typical, float))
            candidates.append((error + (Z_UP_MARGIN if axis == "z" and up is None else 0.0), error, axis, unit))
    _, error, axis, unit = min(candidates)
    return axis, unit, error


def _fit_error(size: np.ndarray, typical: np.ndarray) -> float:
    straight = np.abs(np.log(size / typical))
    turned = np.abs(np.log(size[[2, 1, 0]] / typical))
    return float(min(straight.mean(), turned.mean()))


def _frame_matrix(up: Up, scale: float, yaw: float) -> np.ndarray:
    """(4, 4): to metres, then Z-up -> Y-up (x, y, z -> x, z, -y) if needed, then the yaw that makes it face +Z."""
    matrix = np.diag([scale, scale, scale, 1.0])
    if up == "z":
        matrix = trimesh.transformations.rotation_matrix(-math.pi / 2, [1, 0, 0]) @ matrix
    return trimesh.transformations.rotation_matrix(yaw, [0, 1, 0]) @ matrix


def _load(data: bytes) -> trimesh.Scene:
    try:
        scene = trimesh.load_scene(io.BytesIO(data), file_type="glb")
    except (ValueError, KeyError, IndexError, TypeError) as e:
        raise ValidationError(f"trimesh could not read the GLB: {type(e).__name__}: {e}") from None
    if not scene.geometry or scene.bounds is None:
        raise ValidationError("the GLB holds no triangles to import")
    return scene


def _export(scene: trimesh.Scene, extras: dict) -> bytes:
    """GLB bytes of ``scene`` with ``extras`` in ``asset.extras`` (trimesh writes the geometry, pygltflib the extras)."""
    gltf = pygltflib.GLTF2.load_from_bytes(scene.export(file_type="glb"))
    gltf.asset.extras = json.loads(json.dumps(extras, sort_keys=True))
    gltf.asset.generator = "diorama import"
    return b"".join(gltf.save_to_bytes())
