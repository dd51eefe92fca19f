"""The clear space under a kind (a table's, between its legs and below its top), read from clearance.json.

The data is measured from the generated meshes by ``python -m tools.assets.clearance`` (see there); readers
here only scale it to an object's size and test whether something stands inside it. The layout's solver and
check, and the verifier's collision check, let a thing overlap another's box exactly when it lies in that
space: footprint inside the clear rectangle, top at or below the clear height.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CLEARANCE_FILE = Path(__file__).with_name("clearance.json")
TOLERANCE = 0.005  # metres a thing may reach past the clear box (the collision checks' tolerance)


@dataclass(frozen=True)
class ClearSpace:
    """The clear box under a kind, as fractions of its extent: x and z from -0.5 to 0.5 in its own frame (+Z its
    front), the height from its base as a share of its height."""

    x0: float
    x1: float
    z0: float
    z1: float
    height: float

    def as_data(self) -> dict:
        """The JSON form of clearance.json."""
        return {"x": [self.x0, self.x1], "z": [self.z0, self.z1], "height": self.height}

    def in_metres(self, size: Iterable[float]) -> tuple[float, float, float, float, float]:
        """(x0, x1, z0, z1, height) in metres for an object of ``size`` (w, h, d)."""
        w, h, d = size
        return self.x0 * w, self.x1 * w, self.z0 * d, self.z1 * d, self.height * h


@dataclass(frozen=True)
class KindClearance:
    """The clear box under each variant of a kind (None: no room under that one), and under every variant."""

    variants: tuple[ClearSpace | None, ...]
    every: ClearSpace | None

    def as_data(self) -> dict:
        """The JSON form of clearance.json."""
        return {"variants": [v.as_data() if v else None for v in self.variants],
                "every": self.every.as_data() if self.every else None}

    def of(self, variant: int | None) -> ClearSpace | None:
        """The clear box under ``variant``; under every variant when it is not known."""
        if variant is None or not self.variants:
            return self.every
        return self.variants[variant % len(self.variants)]


def _space(entry: dict | None) -> ClearSpace | None:
    if not entry:
        return None
    (x0, x1), (z0, z1) = entry["x"], entry["z"]
    return ClearSpace(x0, x1, z0, z1, entry["height"])


@cache
def _kinds() -> dict[str, KindClearance]:
    data = json.loads(CLEARANCE_FILE.read_text(encoding="utf-8")) if CLEARANCE_FILE.is_file() else {"kinds": {}}
    return {name: KindClearance(tuple(_space(v) for v in entry["variants"]), _space(entry["every"]))
            for name, entry in data["kinds"].items()}


def clear_space(category: str, variant: int | None = None) -> ClearSpace | None:
    """The measured clear box under ``category`` (its ``variant``, or every variant when None); None when it has
    no real room under it."""
    kind = _kinds().get(category)
    return kind.of(variant) if kind else None


def holds_under(category: str, variant: int | None, size: Iterable[float], corners: Iterable[tuple[float, float]],
                bottom: float, top: float, inset: float = 0.0) -> bool:
    """Whether a thing lies in the clear space under an object of ``category``, ``variant`` and ``size``: its
    footprint ``corners`` (in the object's own frame, metres) inside the clear rectangle (shrunk by ``inset``),
    its ``bottom`` and ``top`` (metres above the object's base) within the clear height."""
    space = clear_space(category, variant)
    if space is None:
        return False
    x0, x1, z0, z1, height = space.in_metres(size)
    slack = TOLERANCE - inset
    return bottom >= -TOLERANCE and top <= height + slack and all(
        x0 - slack <= x <= x1 + slack and z0 - slack <= z <= z1 + slack for x, z in corners)


def room_under(category: str, variant: int | None, size: Iterable[float]) -> tuple[float, float, float] | None:
    """(width, height, depth) in metres of the clear box under an object of ``category``, ``variant``, ``size``."""
    space = clear_space(category, variant)
    if space is None:
        return None
    x0, x1, z0, z1, height = space.in_metres(size)
    return x1 - x0, height, z1 - z0
