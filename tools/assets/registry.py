"""The generator registry: category name -> function building its parts.

A generator is ``fn(p: GenParams) -> list[Part]``: it builds the object in
Y-up metres, front +Z, filling ``p.size`` as closely as its shape allows. It
must be deterministic in ``p`` (use ``p.rng()`` for any randomness).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from tools.assets.mesh import Part, material

Generator = Callable[["GenParams"], list[Part]]
GENERATORS: dict[str, Generator] = {}
VARIANTS: dict[str, int] = {}


@dataclass(frozen=True)
class GenParams:
    """What a generator is asked for.

    size: (3,) target extent x, y, z in metres. color: '#rrggbb' or None for
    the generator's default. material: a MATERIAL_KINDS name or None.
    variant: which of the generator's style variants (0 .. VARIANTS-1).
    shape: an optional shape word ('round', 'oval', 'square', 'double').
    """

    size: tuple[float, float, float]
    color: str | None = None
    material: str | None = None
    variant: int = 0
    shape: str | None = None

    @property
    def w(self) -> float:
        return self.size[0]

    @property
    def h(self) -> float:
        return self.size[1]

    @property
    def d(self) -> float:
        return self.size[2]

    def rng(self) -> np.random.Generator:
        # hashlib, not hash(): str hashes change between processes.
        digest = hashlib.sha256(repr((self.size, self.color, self.material, self.variant, self.shape)).encode())
        return np.random.default_rng(int.from_bytes(digest.digest()[:8], "little"))

    def mat(self, default_kind: str, default_color: str):
        """The main material: the requested colour/material or the defaults."""
        return material(self.material or default_kind, self.color or default_color)


def generator(category: str, variants: int = 3) -> Callable[[Generator], Generator]:
    """Register ``fn`` as the generator of ``category`` with ``variants`` styles."""

    def register(fn: Generator) -> Generator:
        if category in GENERATORS:
            raise ValueError(f"two generators for category {category!r}")
        GENERATORS[category] = fn
        VARIANTS[category] = variants
        return fn

    return register


def by_shape(p: GenParams, **variant_of_shape: int) -> GenParams:
    """``p`` with the variant that draws its shape word ('round', 'square', ...), if that word is one of ``variant_of_shape``."""
    if p.shape in variant_of_shape:
        return dataclasses.replace(p, variant=variant_of_shape[p.shape])
    return p


def pick(p: GenParams, builders: Sequence[Generator]) -> list[Part]:
    """Build ``p`` with the builder of its variant (one builder per variant)."""
    return builders[p.variant % len(builders)](p)
