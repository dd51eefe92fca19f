"""The scenery an outdoor place shows beyond its bounds: a ring of silhouettes (a tree line, hills, dunes,
buildings) that tells the viewer what kind of place it is, and a horizon to stand it on.

Each backdrop is a ``[backdrops.<name>]`` table of places.toml, read and validated here at import; a place
names one with its ``backdrop`` field. The page (web/template/backdrop.js, ringMeshes) draws every layer as
one instanced mesh; tools/page/compose.py sizes the ring so that every camera stands inside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tools.knowledge.toml_file import read_toml

HEX_COLOR = r"^#[0-9a-fA-F]{6}$"  # a '#rrggbb' colour, as the data writes them

PLACES_FILE = Path(__file__).with_name("places.toml")
SHAPES = ("cone", "dome", "block", "peak")  # the unit solids the page instances (viewer.js BACKDROP_SHAPES)


@dataclass(frozen=True)
class BackdropLayer:
    """One kind of silhouette in the ring: its solid, colour, height range (m), width as a share of the height,
    spacing along the ring (m between neighbours), and rows (each a little further out)."""

    shape: str
    color: str
    height: tuple[float, float]
    width: tuple[float, float]
    spacing: float
    rows: int = 1


class _LayerRow(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    shape: Literal[SHAPES]  # type: ignore[valid-type]
    color: str = Field(pattern=HEX_COLOR)
    height: tuple[float, float]
    width: tuple[float, float]
    spacing: float = Field(gt=0.5)
    rows: int = Field(1, ge=1, le=4)

    @model_validator(mode="after")
    def _ranges(self) -> _LayerRow:
        for name, (low, high) in (("height", self.height), ("width", self.width)):
            if not 0 < low <= high:
                raise ValueError(f"{name} range {[low, high]} must be positive and low <= high")
        return self


def load_backdrops(path: Path = PLACES_FILE) -> dict[str, tuple[BackdropLayer, ...]]:
    """Backdrop name -> its layers, from the ``[backdrops]`` tables of ``path``. Raises ValueError naming a bad one."""
    tables = read_toml(path).get("backdrops", {})
    backdrops = {}
    for name, raw in tables.items():
        try:
            rows = [_LayerRow.model_validate(layer) for layer in raw.get("layers", [])]
        except ValidationError as error:
            raise ValueError(f"{path.name}: backdrop {name!r}: {error.errors()[0]['msg']}") from None
        if not rows:
            raise ValueError(f"{path.name}: backdrop {name!r} has no layers")
        backdrops[name] = tuple(BackdropLayer(r.shape, r.color.lower(), r.height, r.width, r.spacing, r.rows)
                                for r in rows)
    return backdrops


BACKDROPS: dict[str, tuple[BackdropLayer, ...]] = load_backdrops()
