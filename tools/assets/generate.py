"""Generate an asset: pick the generator, size it, write content-addressed GLB bytes."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from tools.assets import families  # noqa: F401  (registers every generator)
from tools.assets.asset import GeneratedAsset, write_asset  # noqa: F401  (write_asset: imported from here too)
from tools.assets.mesh import asset_key, build_glb
from tools.assets.registry import GENERATORS, VARIANTS, GenParams, OptionValue, checked_options, own_size
from tools.core.geometry import triple
from tools.knowledge.categories import CATEGORIES, variant_size

# Generation is deterministic, so recent results are kept per process: a scene
# asking again for the same kind (a repair round, a second scene, the sheet)
# gets the bytes without rebuilding. About 30 kB each.
_MEMO_SIZE = 512


def generate(
    category: str,
    size: tuple[float, float, float] | None = None,
    color: str | None = None,
    material: str | None = None,
    variant: int = 0,
    shape: str | None = None,
    options: Mapping[str, OptionValue] | None = None,
) -> GeneratedAsset:
    """Build one asset of ``category``. Same arguments -> same bytes and key.

    size: (3,) target extent in metres, default the variant's typical size (a sailboat is taller than a canoe).
    options: generator options (registry.OPTIONS), e.g. {"species": "cat"}; they join the key and the extras.
    Raises KeyError for an unknown category, ValueError for an option the generator does not read.
    """
    if category not in GENERATORS:
        raise KeyError(f"no generator for category {category!r}")
    variant %= VARIANTS[category]
    pairs = checked_options(category, options)
    size = triple(round(float(v), 3) for v in (size or _typical_size(category, variant)))
    return _build(category, size, color, material, variant, shape, pairs)


def _typical_size(category: str, variant: int) -> tuple[float, float, float]:
    """The category's size for ``variant``, or, for an archetype no category names, its generator's own."""
    return variant_size(category, variant) if category in CATEGORIES else own_size(category, variant)


@lru_cache(maxsize=_MEMO_SIZE)
def _build(category: str, size: tuple[float, float, float], color: str | None, material: str | None, variant: int,
           shape: str | None, options: tuple[tuple[str, OptionValue], ...] = ()) -> GeneratedAsset:
    params = GenParams(size=size, color=color, material=material, variant=variant, shape=shape, options=options)
    record: dict[str, Any] = {"size": list(size), "color": color, "material": material, "variant": params.variant, "shape": shape}
    if options:  # only when given: the keys and extras of assets without options stay as they were
        record["options"] = dict(options)
    key = asset_key(category, record)
    glb, extent = build_glb(category, record, GENERATORS[category](params), {"key": key})
    return GeneratedAsset(key, category, glb, triple(round(float(v), 4) for v in extent), record)


def clear_memo() -> None:
    """Forget the in-process results (benchmarks measure real generation with it)."""
    _build.cache_clear()
