"""Tiny procedural base-colour textures (wood grain, brick, tiles) as PNG bytes.

Each pattern is a 64 x 64 greyscale-ish RGB image near white, so the
material's colour factor still decides the hue: glTF multiplies texel and
``baseColorFactor``. Images are deterministic (fixed seeds, fixed zlib level),
so assets using them keep their content address. ``Texture.metres`` is the
world size of one repeat; mesh.py projects UVs by that size.
"""

from __future__ import annotations

import struct
import zlib
from functools import cache

import numpy as np

from tools.core.gltf import Texture

TEXTURE_PX = 64  # a power of two, so WebGL can mipmap and repeat it
PATTERNS = ("wood_grain", "brick", "tiles", "planks")
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_bytes(rgb: np.ndarray) -> bytes:
    """Encode an (h, w, 3) uint8 image as a PNG (8-bit RGB, no filter, zlib level 9)."""
    if rgb.ndim != 3 or rgb.shape[2] != 3 or rgb.dtype != np.uint8:
        raise ValueError(f"png_bytes wants an (h, w, 3) uint8 array, got {rgb.shape} {rgb.dtype}")
    height, width = rgb.shape[:2]
    rows = b"".join(b"\x00" + rgb[y].tobytes() for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return _PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def _to_rgb(shade: np.ndarray, tint=(1.0, 1.0, 1.0)) -> np.ndarray:
    """(h, w) shades in 0..1 -> (h, w, 3) uint8, optionally tinted per channel."""
    rgb = np.clip(shade[..., None] * np.asarray(tint), 0.0, 1.0)
    return np.round(rgb * 255).astype(np.uint8)


def _wood_grain() -> np.ndarray:
    """Gently wavy grain lines running along U (x), with a faint knot; shades 0.8..1 (subtle: it repeats)."""
    rng = np.random.default_rng(7)
    v, u = np.mgrid[0:TEXTURE_PX, 0:TEXTURE_PX] / TEXTURE_PX
    wobble = 0.02 * np.sin(2 * np.pi * (u + 0.3)) + 0.006 * np.sin(2 * np.pi * (u * 3 + v))
    rings = np.sin(2 * np.pi * (v + wobble) * 6) * 0.5 + 0.5
    knot = np.exp(-(((u - 0.62) / 0.07) ** 2 + ((v - 0.4) / 0.04) ** 2))
    noise = rng.normal(0.0, 0.025, (TEXTURE_PX, TEXTURE_PX))
    return _to_rgb(0.96 - 0.1 * rings**3 - 0.15 * knot + noise)


def _planks() -> np.ndarray:
    """Wood grain cut into four boards along U with dark joints between them."""
    shade = _wood_grain()[..., 0].astype(float) / 255
    rows = np.arange(TEXTURE_PX) % (TEXTURE_PX // 4)
    shade[rows == 0] *= 0.55
    board = np.arange(TEXTURE_PX) // (TEXTURE_PX // 4)
    shade *= (1.0 - 0.06 * (board % 2))[:, None]
    return _to_rgb(shade)


def _brick() -> np.ndarray:
    """Running bond: four courses of two bricks, pale mortar, per-brick shade jitter."""
    rng = np.random.default_rng(11)
    course, brick_w, mortar = TEXTURE_PX // 4, TEXTURE_PX // 2, 2
    y, x = np.mgrid[0:TEXTURE_PX, 0:TEXTURE_PX]
    row = y // course
    shifted = x + (brick_w // 2) * (row % 2)
    in_mortar = (y % course < mortar) | (shifted % brick_w < mortar)
    jitter = rng.uniform(0.78, 0.98, (4, 3))
    shade = jitter[row, (shifted // brick_w) % 3] + rng.normal(0.0, 0.02, (TEXTURE_PX, TEXTURE_PX))
    rgb = _to_rgb(shade)
    rgb[in_mortar] = (235, 232, 226)  # mortar stays pale; the brick colour factor tints it only slightly
    return rgb


def _tiles() -> np.ndarray:
    """Two by two square tiles with grey grout lines."""
    rng = np.random.default_rng(13)
    tile, grout = TEXTURE_PX // 2, 2
    y, x = np.mgrid[0:TEXTURE_PX, 0:TEXTURE_PX]
    in_grout = (y % tile < grout) | (x % tile < grout)
    shade = np.where(in_grout, 0.62, 0.97) + rng.normal(0.0, 0.01, (TEXTURE_PX, TEXTURE_PX))
    return _to_rgb(shade)


_BUILDERS = {"wood_grain": (_wood_grain, 0.6), "brick": (_brick, 0.5), "tiles": (_tiles, 0.3), "planks": (_planks, 0.8)}


@cache
def texture(pattern: str) -> Texture:
    """The named pattern (one of PATTERNS) as a Texture; built once per process."""
    if pattern not in _BUILDERS:
        raise ValueError(f"unknown texture pattern {pattern!r}; expected one of {PATTERNS}")
    build, metres = _BUILDERS[pattern]
    return Texture(pattern, png_bytes(build()), metres)
