"""Procedural PBR texture sets (base colour, normal, roughness) as small tileable PNGs.

Each pattern is a height field, a shade and a roughness field on a 64 x 64
torus (every noise is periodic, so the tile repeats without seams). From them:

- the base colour, near white, so the material's colour factor still decides
  the hue (glTF multiplies texel and ``baseColorFactor``);
- a tangent-space normal map, the Sobel gradient of the height field
  (+X right, +Y up in the image, as glTF reads it);
- a metallic-roughness map: roughness in G (relative, at most 1, multiplied by
  the material's ``roughnessFactor``), B = 1 so ``metallicFactor`` holds.

Images are deterministic (fixed seeds, fixed zlib level), so assets using them
keep their content address, and one pattern gives the same bytes in every
asset. ``Texture.metres`` is the world size of one repeat: mesh.py writes UVs
in metres and gltf.py tiles them by KHR_texture_transform.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from tools.core.gltf import Texture

TEXTURE_PX = 64  # a power of two, so WebGL can mipmap and repeat it
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_NORMAL_STRENGTH = 2.5  # height units per texel -> slope; larger reads deeper


@dataclass(frozen=True)
class Surface:
    """One pattern's fields, each (TEXTURE_PX, TEXTURE_PX) floats: shade and roughness in 0..1, height any scale."""

    shade: np.ndarray
    height: np.ndarray
    roughness: np.ndarray


@dataclass(frozen=True)
class TextureSet:
    """The three images of a pattern, all tiling over the same ``metres``."""

    base: Texture
    normal: Texture
    roughness: Texture


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


def _to_rgb(shade: np.ndarray) -> np.ndarray:
    """(h, w) or (h, w, 3) floats in 0..1 -> (h, w, 3) uint8."""
    rgb = np.clip(shade if shade.ndim == 3 else shade[..., None].repeat(3, axis=2), 0.0, 1.0)
    return np.round(rgb * 255).astype(np.uint8)


# ----------------------------------------------------------------- fields

_V, _U = np.mgrid[0:TEXTURE_PX, 0:TEXTURE_PX] / TEXTURE_PX  # rows (v) and columns (u) in 0..1


def _noise(seed: int, blur_u: float, blur_v: float | None = None) -> np.ndarray:
    """Periodic smooth noise, zero mean, unit deviation: white noise low-passed by a Gaussian of
    ``blur_u`` x ``blur_v`` texels (a long ``blur_u`` streaks it along U, as brushed metal is)."""
    white = np.random.default_rng(seed).normal(size=(TEXTURE_PX, TEXTURE_PX))
    freq = np.fft.fftfreq(TEXTURE_PX)
    fv, fu = np.meshgrid(freq, freq, indexing="ij")
    blur_v = blur_u if blur_v is None else blur_v
    smooth = np.fft.ifft2(np.fft.fft2(white) * np.exp(-2 * (np.pi * fu * blur_u) ** 2 - 2 * (np.pi * fv * blur_v) ** 2)).real
    return (smooth - smooth.mean()) / max(float(smooth.std()), 1e-9)


def _grid_lines(cells: int, width_px: float, offset_rows: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(in_joint mask, cell index) of a ``cells`` x ``cells`` grid; rows may be shifted by ``offset_rows`` (0..1)."""
    row = np.floor(_V * cells).astype(int)
    u = _U + (0.0 if offset_rows is None else offset_rows[row])
    col = np.floor(u * cells).astype(int) % cells
    frac_u, frac_v = (u * cells) % 1.0, (_V * cells) % 1.0
    edge = width_px * cells / TEXTURE_PX
    joint = (frac_u < edge) | (frac_v < edge)
    return joint, row * cells + col


def _wood_grain() -> Surface:
    """Fine, gently wavy grain lines along U with a faint knot; grooves at the dark late wood. Kept subtle:
    on a wardrobe's side the tile repeats a dozen times, and bold rings read as a zebra."""
    wobble = 0.008 * np.sin(2 * np.pi * (_U + 0.3)) + 0.004 * np.sin(2 * np.pi * (_U * 3 + _V)) + 0.004 * _noise(7, 6)
    rings = (np.sin(2 * np.pi * (_V + wobble) * 10) * 0.5 + 0.5) ** 4
    knot = np.exp(-(((_U - 0.62) / 0.05) ** 2 + ((_V - 0.4) / 0.03) ** 2))
    fibre = _noise(8, 8, 0.6)
    shade = 0.95 - 0.06 * rings - 0.08 * knot + 0.02 * fibre
    return Surface(shade, -0.6 * rings - 0.8 * knot + 0.15 * fibre, 0.85 + 0.15 * rings)


def _planks() -> Surface:
    """Wood grain cut into four boards along U with dark, sunken joints and staggered ends."""
    wood = _wood_grain()
    boards = 4
    row = np.floor(_V * boards).astype(int)
    end = ((_U + 0.37 * row) % 1.0) < 1.5 / TEXTURE_PX
    joint = ((_V * boards) % 1.0 < 1.2 * boards / TEXTURE_PX) | end
    shade = wood.shade * (1.0 - 0.06 * (row % 2))
    return Surface(np.where(joint, 0.55 * shade, shade), np.where(joint, -2.0, wood.height), np.where(joint, 1.0, wood.roughness))


def _brick() -> Surface:
    """Running bond: four courses of two bricks, sunken pale mortar, per-brick shade jitter."""
    rng = np.random.default_rng(11)
    row_shift = np.array([0.0, 0.25, 0.0, 0.25])
    course = np.floor(_V * 4).astype(int)
    u = (_U + row_shift[course]) % 1.0
    in_mortar = ((_V * 4) % 1.0 < 2 * 4 / TEXTURE_PX) | ((u * 2) % 1.0 < 2 * 2 / TEXTURE_PX)
    brick_id = course * 2 + np.floor(u * 2).astype(int)
    jitter = rng.uniform(0.78, 0.98, 8)[brick_id]
    grit = _noise(12, 1.0)
    shade = np.where(in_mortar, 0.93, jitter + 0.02 * grit)
    return Surface(shade, np.where(in_mortar, -1.5, 0.2 * grit), np.where(in_mortar, 1.0, 0.85 + 0.05 * grit))


def _tiles() -> Surface:
    """Two by two square glazed tiles with grey, sunken grout lines."""
    joint, _ = _grid_lines(2, 2)
    ripple = _noise(13, 4)
    shade = np.where(joint, 0.62, 0.97 + 0.01 * ripple)
    return Surface(shade, np.where(joint, -1.5, 0.05 * ripple), np.where(joint, 1.0, 0.35))


def _fabric() -> Surface:
    """Plain weave: over-under threads both ways, a little slub in each thread."""
    threads = 16
    warp = np.sin(np.pi * ((_U * threads) % 1.0))
    weft = np.sin(np.pi * ((_V * threads) % 1.0))
    over = ((np.floor(_U * threads) + np.floor(_V * threads)) % 2).astype(bool)
    height = np.where(over, warp * 0.8 + 0.2 * weft, weft * 0.8 + 0.2 * warp)
    slub = _noise(21, 1.5)
    return Surface(0.9 + 0.07 * height + 0.015 * slub, height + 0.2 * slub, 1.0 - 0.05 * height)


def _leather() -> Surface:
    """Pebbled grain: a fine bumpy field with creases along its valleys; a little sheen on the bumps."""
    bumps = _noise(31, 1.3)
    creases = np.exp(-(_noise(32, 3.5) ** 2) / 0.05)
    height = 0.4 * bumps - 1.0 * creases
    return Surface(0.92 + 0.03 * bumps - 0.08 * creases, height, 0.8 - 0.08 * bumps + 0.2 * creases)


def _brushed_metal() -> Surface:
    """Fine streaks along U: the brush marks; their roughness varies streak to streak."""
    streaks = _noise(41, 12, 0.5)
    return Surface(0.93 + 0.04 * streaks, 0.25 * streaks, 0.75 + 0.15 * streaks)


def _painted_metal() -> Surface:
    """A smooth painted coat with a faint orange peel."""
    peel = _noise(51, 1.8)
    return Surface(0.98 + 0.01 * peel, 0.15 * peel, 0.9 + 0.05 * peel)


def _stone() -> Surface:
    """Weathered stone: blotches at two scales, pits in the low spots."""
    coarse, fine = _noise(61, 6), _noise(62, 1.2)
    height = coarse + 0.4 * fine
    return Surface(0.86 + 0.06 * coarse + 0.03 * fine, height, 0.95 - 0.05 * coarse)


def _rock() -> Surface:
    """Living rock, as a cave's walls and vault: broad lumps over long bedding streaks, a few broken cracks, at
    no scale that repeats as blocks would (stone's blotches, tiled over a wall, read as masonry)."""
    lumps, bedding, fine = _noise(121, 8), _noise(122, 10, 2.5), _noise(123, 1.0)
    cracks = np.exp(-(_noise(124, 6, 2) / 0.22) ** 2) * (_noise(125, 5) > 0.4)  # zero lines, kept only in patches
    shade = 0.84 + 0.06 * lumps + 0.05 * bedding + 0.03 * fine - 0.25 * cracks
    height = 1.2 * lumps + 0.5 * bedding + 0.25 * fine - 1.0 * cracks
    return Surface(shade, height, 0.97 - 0.03 * lumps)


def _carpet() -> Surface:
    """Dense pile: fine fuzz with a soft cloud over it."""
    pile, cloud = _noise(71, 0.8), _noise(72, 5)
    return Surface(0.9 + 0.04 * pile + 0.03 * cloud, 0.6 * pile + 0.3 * cloud, np.ones_like(pile))


def _plaster() -> Surface:
    """Trowelled plaster: broad soft undulation, faint grit. The relief stays low: across a whole lit wall a
    deeper one read as blotchy stucco."""
    trowel, grit = _noise(81, 7, 4), _noise(82, 0.7)
    return Surface(0.97 + 0.015 * trowel + 0.008 * grit, 0.2 * trowel + 0.1 * grit, 0.95 + 0.05 * trowel)


def _wallpaper() -> Surface:
    """Printed paper: a broad and a narrow stripe in a deeper tone, a small diamond motif between them, and
    faint vertical seams; almost flat, a little rougher than paint."""
    stripe = ((_U * 2) % 1.0)
    band = np.where(stripe < 0.18, 1.0, np.where((stripe > 0.26) & (stripe < 0.3), 1.0, 0.0))
    du, dv = np.abs(((_U * 2 + 0.5) % 1.0) - 0.62), np.abs(((_V * 4) % 1.0) - 0.5)
    motif = (du * 4 + dv < 0.55).astype(float)
    paper = _noise(91, 0.8)
    shade = 0.96 - 0.14 * band - 0.1 * motif + 0.01 * paper
    return Surface(shade, 0.15 * band + 0.1 * motif + 0.05 * paper, 0.9 + 0.02 * paper)


def _concrete() -> Surface:
    """Cast concrete: cloudy tone, grit, and a few dark air pockets."""
    cloud, grit = _noise(91, 5), _noise(92, 0.7)
    pockets = (_noise(93, 0.9) > 2.4).astype(float)
    shade = 0.9 + 0.04 * cloud + 0.02 * grit - 0.25 * pockets
    return Surface(shade, 0.3 * cloud + 0.2 * grit - 1.5 * pockets, np.ones_like(cloud) - 0.05 * cloud)


def _turf() -> Surface:
    """Lawn: clumps of darker and lighter grass at two scales over a fine stipple of blades, so ground seen
    from a low camera reads as grass rather than one green sheet; the relief stays low (it is a lawn)."""
    clumps, tufts, blades = _noise(101, 9), _noise(102, 2.5), _noise(103, 0.5)
    shade = 0.9 + 0.025 * clumps + 0.03 * tufts + 0.035 * blades
    return Surface(shade, 0.3 * tufts + 0.5 * blades, 0.95 - 0.03 * clumps)


def _sand() -> Surface:
    """Wind-blown sand: soft ripples across V, broken up by a cloud, over a fine grain."""
    cloud, grain = _noise(111, 10), _noise(112, 0.6)
    ripples = np.sin(2 * np.pi * (6 * _V + 0.15 * cloud))
    return Surface(0.93 + 0.025 * ripples + 0.03 * cloud + 0.02 * grain, 0.6 * ripples + 0.3 * grain,
                   np.ones_like(grain) - 0.03 * cloud)


# pattern -> (builder, metres one repeat covers, relief: how deep its height field reads in the normal map)
_BUILDERS: dict[str, tuple[Callable[[], Surface], float, float]] = {
    "wood_grain": (_wood_grain, 0.6, 0.3),
    "planks": (_planks, 0.8, 0.35),
    "brick": (_brick, 0.5, 0.6),
    "tiles": (_tiles, 0.3, 0.8),
    "fabric": (_fabric, 0.08, 0.4),
    "leather": (_leather, 0.25, 0.25),
    "brushed_metal": (_brushed_metal, 0.3, 0.2),
    "painted_metal": (_painted_metal, 0.5, 0.3),
    "stone": (_stone, 0.6, 0.35),
    "rock": (_rock, 2.5, 0.6),
    "carpet": (_carpet, 0.25, 0.35),
    "plaster": (_plaster, 1.2, 0.25),
    "wallpaper": (_wallpaper, 0.53, 0.15),
    "concrete": (_concrete, 1.0, 0.4),
    "turf": (_turf, 3.0, 0.3),
    "sand": (_sand, 2.0, 0.25),
}
PATTERNS = tuple(_BUILDERS)


def normal_map(height: np.ndarray, strength: float = _NORMAL_STRENGTH) -> np.ndarray:
    """(h, w, 3) uint8 tangent-space normals of an (h, w) periodic height field (3 x 3 Sobel, wrapped).

    +X follows columns (U), +Y points up the image (towards row 0), as glTF's normal maps read.
    """
    if height.ndim != 2:
        raise ValueError(f"normal_map wants an (h, w) height field, got {height.shape}")

    def shifted(dr: int, dc: int) -> np.ndarray:
        return np.roll(height, (-dr, -dc), axis=(0, 1))

    d_col = (shifted(-1, 1) + 2 * shifted(0, 1) + shifted(1, 1) - shifted(-1, -1) - 2 * shifted(0, -1) - shifted(1, -1)) / 8
    d_row = (shifted(1, -1) + 2 * shifted(1, 0) + shifted(1, 1) - shifted(-1, -1) - 2 * shifted(-1, 0) - shifted(-1, 1)) / 8
    n = np.stack([-strength * d_col, strength * d_row, np.ones_like(height)], axis=2)
    n /= np.linalg.norm(n, axis=2, keepdims=True)
    return np.round((n * 0.5 + 0.5) * 255).astype(np.uint8)


def roughness_map(roughness: np.ndarray) -> np.ndarray:
    """(h, w, 3) uint8 metallic-roughness texels: R unused (1), G the roughness, B = 1 (metallicFactor holds)."""
    g = np.clip(roughness, 0.0, 1.0)
    return _to_rgb(np.stack([np.ones_like(g), g, np.ones_like(g)], axis=2))


def surface(pattern: str) -> Surface:
    """The fields of ``pattern`` (one of PATTERNS). Raises ValueError for an unknown one."""
    if pattern not in _BUILDERS:
        raise ValueError(f"unknown texture pattern {pattern!r}; expected one of {PATTERNS}")
    return _BUILDERS[pattern][0]()


@cache
def texture_set(pattern: str) -> TextureSet:
    """The pattern's base-colour, normal and metallic-roughness images; built once per process."""
    fields, (_, metres, relief) = surface(pattern), _BUILDERS[pattern]
    return TextureSet(
        Texture(pattern, png_bytes(_to_rgb(fields.shade)), metres),
        Texture(f"{pattern}_normal", png_bytes(normal_map(relief * fields.height)), metres),
        Texture(f"{pattern}_roughness", png_bytes(roughness_map(fields.roughness)), metres),
    )


def texture(pattern: str) -> Texture:
    """The named pattern's base-colour image (see texture_set for all three)."""
    return texture_set(pattern).base


# The room shell's finishes (Environment.floor and .walls -> pattern). Floors not listed (snow, water) stay
# plain colours on the page.
FLOOR_PATTERNS = {"wood": "planks", "tile": "tiles", "carpet": "carpet", "stone": "stone", "asphalt": "concrete",
                  "concrete": "concrete",
                  "dirt": "stone", "grass": "turf", "sand": "sand"}
WALL_PATTERNS = {"plaster": "plaster", "brick": "brick", "stone": "stone", "wood": "planks", "tile": "tiles",
                 "concrete": "concrete", "wallpaper": "wallpaper"}
NATURAL_PATTERNS = {"stone": "rock"}  # a natural enclosure's (a cave's) own rock, where a room's would be masonry


def surface_files(pattern: str) -> dict[str, bytes]:
    """The pattern's three images as files a page can load beside scene.json:
    ``textures/<pattern>.png``, ``..._normal.png``, ``..._roughness.png`` -> PNG bytes."""
    images = texture_set(pattern)
    return {f"textures/{t.name}.png": t.png for t in (images.base, images.normal, images.roughness)}


def repeat_metres(pattern: str) -> float:
    """The world size one repeat of ``pattern`` covers (texture.repeat = size / this on a floor or wall)."""
    return texture_set(pattern).base.metres
