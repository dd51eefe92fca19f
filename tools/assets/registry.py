"""The generator registry: category name -> function building its parts.

A generator is ``fn(p: GenParams) -> list[Part]``: it builds the object in
Y-up metres, front +Z, filling ``p.size`` as closely as its shape allows. It
must be deterministic in ``p`` (use ``p.rng()`` for any randomness).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from tools.assets.mesh import NATURAL_COLORS, Part, material
from tools.core.geometry import triple

Generator = Callable[["GenParams"], list[Part]]
GENERATORS: dict[str, Generator] = {}
VARIANTS: dict[str, int] = {}
# The options a generator reads (name -> default), for generators that take any.
OPTIONS: dict[str, dict[str, object]] = {}
# Typical size per variant of generators that no kind of the category registry names
# after itself (archetypes such as "appliance" or "person"): what a sheet or a bare call draws.
SIZES: dict[str, tuple[tuple[float, float, float], ...]] = {}

OptionValue = str | int | float | bool | None


@dataclass(frozen=True)
class GenParams:
    """What a generator is asked for.

    size: (3,) target extent x, y, z in metres. color: '#rrggbb' or None for
    the generator's default. material: a MATERIAL_KINDS name or None.
    variant: which of the generator's style variants (0 .. VARIANTS-1).
    shape: an optional shape word ('round', 'oval', 'square', 'double').
    options: sorted (name, value) pairs of generator options (see OPTIONS);
    read them with ``option``.
    """

    size: tuple[float, float, float]
    color: str | None = None
    material: str | None = None
    variant: int = 0
    shape: str | None = None
    options: tuple[tuple[str, OptionValue], ...] = ()

    @property
    def w(self) -> float:
        """Width (x) in metres."""
        return self.size[0]

    @property
    def h(self) -> float:
        """Height (y) in metres."""
        return self.size[1]

    @property
    def d(self) -> float:
        """Depth (z) in metres."""
        return self.size[2]

    def rng(self) -> np.random.Generator:
        """A random generator seeded by the parameters, the same in every process."""
        # hashlib, not hash(): str hashes change between processes.
        seeded = (self.size, self.color, self.material, self.variant, self.shape)
        # Options join the seed only when given, so every asset without options keeps its bytes.
        digest = hashlib.sha256(repr(seeded + ((self.options,) if self.options else ())).encode())
        return np.random.default_rng(int.from_bytes(digest.digest()[:8], "little"))

    def option(self, name: str, default: OptionValue = None) -> OptionValue:
        """The value of option ``name``, or ``default`` when it was not given."""
        return dict(self.options).get(name, default)

    def text_option(self, name: str) -> str | None:
        """Option ``name`` as text (a colour, a word), or None when it was not given."""
        value = self.option(name)
        return None if value is None else str(value)

    def number_option(self, name: str, default: float) -> float:
        """Option ``name`` as a number, or ``default`` when it was not given."""
        value = self.option(name)
        return default if value is None else float(value)

    def mat(self, default_kind: str, default_color: str):
        """The main material: the requested colour/material or the defaults; a requested material of another kind
        than the default, with no colour, in its own natural colour."""
        kind = self.material or default_kind
        natural = NATURAL_COLORS.get(kind) if kind != default_kind else None
        return material(kind, self.color or natural or default_color)


def generator(category: str, variants: int = 3, options: Mapping[str, OptionValue] | None = None,
              sizes: Sequence[tuple[float, float, float]] = ()) -> Callable[[Generator], Generator]:
    """Register ``fn`` as the generator of ``category`` with ``variants`` styles.

    options: the options it reads, name -> default. sizes: its typical (x, y, z) per variant
    (one size serves every variant), for generators no category is named after.
    """
    if sizes and len(sizes) not in (1, variants):
        raise ValueError(f"{category!r}: {len(sizes)} sizes for {variants} variants")

    def register(fn: Generator) -> Generator:
        if category in GENERATORS:
            raise ValueError(f"two generators for category {category!r}")
        GENERATORS[category] = fn
        VARIANTS[category] = variants
        if options:
            OPTIONS[category] = dict(options)
        if sizes:
            SIZES[category] = tuple(triple(float(v) for v in s) for s in sizes)
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


def own_size(category: str, variant: int) -> tuple[float, float, float]:
    """The typical size ``category``'s generator declares for ``variant``. Raises KeyError when it declares none."""
    sizes = SIZES[category]
    return sizes[variant] if variant < len(sizes) else sizes[0]


def checked_options(category: str, options: Mapping[str, OptionValue] | None) -> tuple[tuple[str, OptionValue], ...]:
    """``options`` as GenParams holds them: sorted pairs. Raises ValueError for a name ``category``
    does not read or a value that is not a plain str, int, float, bool or None."""
    if not options:
        return ()
    known = OPTIONS.get(category, {})
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"{category!r} has no options {unknown}; it reads {sorted(known)}")
    for name, value in options.items():
        if not isinstance(value, str | int | float | bool | type(None)):
            raise ValueError(f"{category!r} option {name!r}: {value!r} is not a str, number, bool or None")
    return tuple(sorted(options.items()))
