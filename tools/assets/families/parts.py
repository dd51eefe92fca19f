"""Kinds drawn from data: a kind whose kinds.toml table holds ``parts`` is built from them, no Python of its own.

The parts are those of a shape program (tools/assets/program.py: box, cylinder, sphere, cone, torus, capsule
with size, position, rotation, colour and material) in the kind's own metres at its typical size; a part's
rotation may be left out (none). Each kind's parts are checked with ``check_program`` against the kind's size
when the generators register, so a bad part fails the import naming its kind. The generator paints a request's
colour and material on the main parts (those of the biggest part's colour, as program.recoloured does) and
fits the whole to the requested size about its bottom centre, so the asset rules hold as for every generator.
"""

from __future__ import annotations

from tools.assets.mesh import Part
from tools.assets.program import ShapeProgram, check_program, program_parts, recoloured
from tools.assets.registry import Generator, GenParams, generator
from tools.assets.shapes import fit
from tools.core.errors import AssetError
from tools.knowledge.categories import CATEGORIES, Category

NO_ROTATION = (0.0, 0.0, 0.0)


def kind_program(kind: Category) -> ShapeProgram:
    """The kind's ``parts`` as a checked shape program. Raises ValueError naming the kind and the problem."""
    data = {"parts": [{"rotation": NO_ROTATION, **dict(part)} for part in kind.parts]}
    try:
        return check_program(data, kind.size)
    except AssetError as error:
        raise ValueError(f"kind {kind.name!r}: parts: {error}") from None


def _builder(program: ShapeProgram) -> Generator:
    def build(p: GenParams) -> list[Part]:
        return fit(program_parts(recoloured(program, p.color, p.material)), p.size)

    return build


def _register_parts_kinds() -> None:
    for kind in CATEGORIES.values():
        if kind.parts:
            generator(kind.name, variants=1)(_builder(kind_program(kind)))


_register_parts_kinds()
