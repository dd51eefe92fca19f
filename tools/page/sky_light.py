"""Image-based fill light: the look's sky as a spherical-harmonics light probe the page hands to THREE.LightProbe.

Software WebGL cannot afford to prefilter an environment map on the page (PMREM cost 5-10 s under
SwiftShader), but nine SH coefficients per channel are free to evaluate there and cheap to compute
here. The sky is a radiance field over directions: sky tint overhead, a horizon band (the look's
horizon glow outdoors, the walls indoors), the ground's bounce below, and a soft glow round the sun.
It is projected numerically on a fixed grid, so the same look always gives the same coefficients.

Coefficients follow three.js (SphericalHarmonics3): order Y00, Y1-1 (y), Y10 (z), Y11 (x), Y2-2 .. Y22,
radiance in linear sRGB, world axes +Y up. The page's shader turns them into irradiance (x pi), so a
uniform sky of radiance L lights a white floor as L does; a HemisphereLight of intensity I gives I / pi.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from tools.assets.mesh import hex_to_rgb
from tools.core.gltf import srgb_to_linear

# Elevation x azimuth cells the sky is sampled on: SH up to band 2 is smooth, so a coarse grid is exact enough.
SH_GRID = (48, 96)
# Sharpness of the glow round the sun (a cosine power) and its share of the fill.
SUN_GLOW_POWER = 6.0
# Elevation (degrees) over which the horizon band fades into the zenith colour, above and below.
HORIZON_BAND = 30.0


@dataclass(frozen=True)
class Sky:
    """A sky as linear RGB radiances (3,) by direction band, plus a glow lobe round ``sun`` (unit (3,))."""

    zenith: np.ndarray
    horizon: np.ndarray
    ground: np.ndarray
    sun: np.ndarray
    sun_glow: np.ndarray

    def radiance(self, directions: np.ndarray) -> np.ndarray:
        """(N, 3) linear radiance seen along unit ``directions`` (N, 3)."""
        y = directions[:, 1:2]
        band = math.sin(math.radians(HORIZON_BAND))
        up = np.clip(y / band, 0.0, 1.0)
        down = np.clip(-y / band, 0.0, 1.0)
        sky = self.horizon + (self.zenith - self.horizon) * up
        below = self.horizon + (self.ground - self.horizon) * down
        result = np.where(y >= 0, sky, below)
        glow = np.clip(directions @ self.sun, 0.0, 1.0)[:, None] ** SUN_GLOW_POWER
        return result + glow * self.sun_glow


def linear(hex_color: str) -> np.ndarray:
    """(3,) linear RGB of an sRGB hex colour."""
    return np.array([srgb_to_linear(c) for c in hex_to_rgb(hex_color)])


def sh_basis(directions: np.ndarray) -> np.ndarray:
    """(N, 9) real SH basis of band 0-2 at unit ``directions`` (N, 3), three.js's order and constants."""
    x, y, z = directions[:, 0], directions[:, 1], directions[:, 2]
    return np.stack([
        np.full_like(x, 0.282095),
        0.488603 * y, 0.488603 * z, 0.488603 * x,
        1.092548 * x * y, 1.092548 * y * z, 0.315392 * (3 * z * z - 1), 1.092548 * x * z,
        0.546274 * (x * x - y * y),
    ], axis=1)


def _sphere_grid() -> tuple[np.ndarray, np.ndarray]:
    """Cell-centred directions (N, 3) over the sphere and their solid angles (N,), summing to 4 pi."""
    rows, cols = SH_GRID
    elevation = (np.arange(rows) + 0.5) / rows * math.pi - math.pi / 2
    azimuth = (np.arange(cols) + 0.5) / cols * 2 * math.pi
    el, az = np.meshgrid(elevation, azimuth, indexing="ij")
    directions = np.stack([np.cos(el) * np.sin(az), np.sin(el), np.cos(el) * np.cos(az)], axis=-1).reshape(-1, 3)
    weights = np.cos(el).reshape(-1)
    return directions, weights * (4 * math.pi / weights.sum())


def project(sky: Sky) -> np.ndarray:
    """(9, 3) SH coefficients of the sky's radiance."""
    directions, weights = _sphere_grid()
    return sh_basis(directions).T @ (sky.radiance(directions) * weights[:, None])


def irradiance(coefficients: np.ndarray, normal) -> np.ndarray:
    """(3,) irradiance at unit ``normal`` (3,), as three.js's shGetIrradianceAt computes it on the page."""
    x, y, z = np.asarray(normal, dtype=float)
    c = coefficients
    return (c[0] * 0.886227 + 2 * 0.511664 * (c[1] * y + c[2] * z + c[3] * x)
            + 2 * 0.429043 * (c[4] * x * y + c[5] * y * z + c[7] * x * z)
            + c[6] * (0.743125 * z * z - 0.247708) + c[8] * 0.429043 * (x * x - y * y))


def probe(sky: Sky) -> dict:
    """scene.json's light-probe entry for ``sky``: coefficients rounded for a stable, small manifest (+ 0.0: no -0.0)."""
    return {"type": "probe", "intensity": 1.0, "sh": [[round(float(v), 5) + 0.0 for v in row] for row in project(sky)]}
