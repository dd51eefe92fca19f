"""Kinds drawn from data: a kind whose kinds.toml table holds ``parts`` is built from them, no Python of its own.

The parts are those of a shape program (tools/assets/program.py: box, cylinder, sphere, cone, torus, capsule
with size, position, rotation, colour and material) in the kind's own metres at its typical size; a part's
rotation may be left out (none). When the generators register, each kind's parts are read against the shape
program's schema, so a bad part fails the import naming its kind; the limits ``check_program`` puts on the
meshes (triangles, the whole's size against the kind's) are checked when the kind is first built, once per
process, since building every kind's meshes at import cost seconds of every run for the few kinds a scene
draws (tests/test_parts_kinds.py checks them for every kind). The generator paints a request's colour and
material on the main parts (those of the biggest part's colour, as program.recoloured does) and fits the whole
to the requested size about its bottom centre, so the asset rules hold as for every generator.
"""

from __future__ import annotations

from functools import cache

from tools.assets.mesh import Part
from tools.assets.program import ShapeProgram, check_program, program_parts, read_program, recoloured
from tools.assets.registry import Generator, GenParams, generator
from tools.assets.shapes import fit
from tools.core.errors import AssetError
from tools.knowledge.categories import CATEGORIES, Category

NO_ROTATION = (0.0, 0.0, 0.0)


def _program_data(kind: Category) -> dict:
    return {"parts": [{"rotation": NO_ROTATION, **dict(part)} for part in kind.parts]}


def kind_program(kind: Category) -> ShapeProgram:
    """The kind's ``parts`` as a shape program checked within every limit. Raises ValueError naming the kind and
    the problem."""
    try:
        return check_program(_program_data(kind), kind.size)
    except AssetError as error:
        raise ValueError(f"kind {kind.name!r}: parts: {error}") from None


def _read_parts(kind: Category) -> None:
    """Raises ValueError naming the kind when its parts do not fit the shape program's schema (no meshes built)."""
    try:
        read_program(_program_data(kind))
    except AssetError as error:
        raise ValueError(f"kind {kind.name!r}: parts: {error}") from None


def _builder(kind: Category) -> Generator:
    checked = cache(lambda: kind_program(kind))  # the kind's limits, checked on its first build only

    def build(p: GenParams) -> list[Part]:
        return fit(program_parts(recoloured(checked(), p.color, p.material)), p.size)

    return build


def _register_parts_kinds() -> None:
    for kind in CATEGORIES.values():
        if kind.parts:
            _read_parts(kind)
            generator(kind.name, variants=1)(_builder(kind))


_register_parts_kinds()
