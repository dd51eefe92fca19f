"""Materials the kitchen, bathroom and prop families share."""

from __future__ import annotations

from tools.assets.mesh import material

STEEL = material("metal", "#c4c8cc")
CHROME = material("metal", "#e4e6e8")
DARK = material("plastic", "#1c1c1e")
BLACK_GLASS = material("plastic", "#0e1114")
GLASS = material("glass", "#dfeff5")
PORCELAIN = material("ceramic", "#f6f6f2")
COUNTER_STONE = material("stone", "#d9d4cc")
WATER = material("water", "#7fb8d6")
DISPLAY = material("emissive", "#47d16b")

WARM_LIGHT = material("emissive", "#fff1c8")
BRASS = material("metal", "#c9a24a")
DARK_METAL = material("metal", "#3a3c40")
BLACK = material("plastic", "#1b1b1d")
WHITE = material("plastic", "#f4f4f2")
PINE = material("wood", "#c89a63")
DARK_WOOD = material("wood", "#6b4a2f")
SOIL = material("stone", "#3d2b1f")
LEAF = material("foliage", "#3f7d3a")
LEAF_DARK = material("foliage", "#2e5f2c")
PAPER = material("fabric", "#f3ecd9")
