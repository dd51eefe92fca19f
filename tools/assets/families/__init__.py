"""Generator families; importing this package registers every generator.

A family registers a generator under its kind's name. A kind whose table (tools/knowledge/kinds.toml)
names another generator, or fixed generator parameters, is registered here under its own name as that
generator with those parameters, so every kind is built, keyed and listed by its own name.
"""

import dataclasses
import functools
from typing import Any

from tools.assets.families import (  # noqa: F401
    animals,
    archetypes,
    archetypes_display,
    basic,
    bath,
    boards,
    built,
    built_outdoor,
    built_yard,
    dressing,
    effects,
    figures,
    flat_things,
    food,
    furniture,
    furniture_fittings,
    furniture_storage,
    furniture_workshop,
    kitchen,
    kitchen_counters,
    landforms,
    lighthouse,
    motion,
    motion_sky,
    music,
    nature,
    nature_objects,
    parts,
    plants_water,
    props_home,
    props_leisure,
    props_pipes_goods,
    props_ship_toys,
    props_storage,
    sea_life,
    structures,
    textiles,
    vehicles,
    vehicles_heavy,
)
from tools.assets.registry import GENERATORS, OPTIONS, VARIANTS, Generator, GenParams, checked_options
from tools.knowledge.categories import CATEGORIES, Category

# The GenParams fields a kind may fix; its size is its own ``size``.
KIND_PARAMS = frozenset(f.name for f in dataclasses.fields(GenParams)) - {"size"}


def _with_params(kind: Category, base: Generator) -> Generator:
    """``base`` with the kind's fixed parameters: a request's own colour, material, shape or option wins; a fixed
    variant always holds (the kind then has that one variant)."""
    params = dict(kind.generator_params)
    pinned = params.pop("variant", None)
    options = dict(params.pop("options", ()))  # type: ignore[arg-type]  # validated as (name, value) pairs

    @functools.wraps(base)
    def build(p: GenParams) -> list:
        # The kind table's values have the GenParams fields' types (colour, material, shape, variant).
        fixed: dict[str, Any] = {name: value for name, value in params.items() if getattr(p, name) is None}
        if pinned is not None:
            fixed["variant"] = pinned
        if options:
            fixed["options"] = tuple(sorted({**options, **dict(p.options)}.items()))
        return base(dataclasses.replace(p, **fixed))

    return build


def _register_kind_generators() -> None:
    for kind in CATEGORIES.values():
        borrowed = kind.generator != kind.name
        if not borrowed and not kind.generator_params:
            continue
        if kind.generator not in GENERATORS or (borrowed and kind.name in GENERATORS):
            raise ValueError(f"kind {kind.name!r}: generator {kind.generator!r} is missing, or the kind has its own")
        if unknown := set(dict(kind.generator_params)) - KIND_PARAMS:
            raise ValueError(f"kind {kind.name!r}: unknown generator_params {sorted(unknown)}"
                             f" (known: {sorted(KIND_PARAMS)})")
        try:  # a misspelt option would otherwise be silently ignored by the generator
            checked_options(kind.generator, dict(dict(kind.generator_params).get("options", ())))  # type: ignore[arg-type]  # validated as (name, value) pairs
        except ValueError as error:
            raise ValueError(f"kind {kind.name!r}: generator_params.options: {error}") from None
        if kind.generator in OPTIONS:  # a request may set the kind's options too ("a cat" with a long tail)
            OPTIONS[kind.name] = OPTIONS[kind.generator]
        VARIANTS[kind.name] = 1 if "variant" in dict(kind.generator_params) else VARIANTS[kind.generator]
        GENERATORS[kind.name] = _with_params(kind, GENERATORS[kind.generator])


_register_kind_generators()
