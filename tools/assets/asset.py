"""A generated asset: its content-addressed GLB bytes, and writing them into a scene folder.

Its own module so that what builds assets outside the generator registry (tools/assets/program.py's shape
programs) can return one without importing the registry that the kinds drawn from shape programs join.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tools.core.files import write_whole
from tools.core.schema import AssetRef


@dataclass(frozen=True)
class GeneratedAsset:
    """A generated asset: its catalog key, category, GLB bytes, size and the parameters that made it."""

    key: str
    category: str
    glb: bytes
    size: tuple[float, float, float]
    params: dict

    def write_into(self, out_dir: Path) -> AssetRef:
        """Write the GLB into the scene folder ``out_dir`` (see write_asset); its AssetRef there."""
        path = write_asset(out_dir, self.key, self.glb)
        return AssetRef(key=self.key, category=self.category, path=path, size=self.size, params=self.params)


def write_asset(out_dir: Path, key: str, glb: bytes) -> str:
    """Write ``glb`` as ``out_dir/assets/<key>.glb`` unless it is there; the relative path."""
    path = f"assets/{key}.glb"
    target = out_dir / path
    if not target.exists():  # content-addressed: an existing file already holds these bytes
        write_whole(target, glb)
    return path
