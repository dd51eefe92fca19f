"""Boards, signs and small electronics: a dartboard, a chalkboard, posters and maps, a neon sign, a wall chart,
string lights, a photo frame, headphones, a desktop computer, a telescope and a drone.

Wall things are thin (their back at -Z against the wall, face +Z); surface things are real desk-top sizes.
"""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.families.palette import BLACK, CHROME, DARK_METAL, WARM_LIGHT
from tools.assets.mesh import Part, material, rod, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import fit, frame, frustum, hull, post, rot, slab, xcyl, z_disc, zcyl

POSTER_COLOURS = ("#c0392b", "#2e86c1", "#f1c40f", "#27ae60", "#8e44ad", "#e67e22", "#1c1c1e", "#ecf0f1")


def _face_ring(r_in: float, r_out: float, squash: float, center) -> trimesh.Trimesh:
    """A flat ring (a disc when r_in is 0) facing +Z, 4 mm thick, its height scaled by ``squash``."""
    mesh = (trimesh.creation.annulus(r_min=r_in, r_max=r_out, height=0.004, sections=24) if r_in > 0
            else trimesh.creation.cylinder(radius=r_out, height=0.004, sections=16))
    mesh.apply_transform(np.diag([1.0, squash, 1.0, 1.0]))
    return mesh.apply_translation(center)


@generator("dartboard", variants=1)
def dartboard(p: GenParams) -> list[Part]:
    """A bristle dartboard on the wall: black and cream sectors, red and green rings, a bull at the centre."""
    w, h, d = p.size
    c = (0, h / 2, 0)
    parts = [Part(z_disc(w, h, d * 0.6, (0, h / 2, -d * 0.2), 24), BLACK)]
    cream, dark = material("fabric", "#efe4c8"), material("fabric", "#1e1e1e")
    for i in range(20):  # the twenty sectors as thin wedges on the face
        a0, a1 = i * np.pi / 10, (i + 1) * np.pi / 10
        r = 0.4
        pts = [(0, 0)] + [(r * np.cos(a), r * np.sin(a)) for a in (a0, a1)]
        parts.append(Part(hull([(x * w + c[0], y * h + c[1], z) for x, y in pts for z in (d * 0.1, d * 0.3)]),
                          cream if i % 2 else dark))
    for r_in, r_out, colour in ((0.37, 0.4, "#c0392b"), (0.22, 0.25, "#27ae60"), (0.0, 0.04, "#27ae60")):
        parts.append(Part(_face_ring(r_in * w, r_out * w, r_out * h / max(r_out * w, 1e-6), (0, h / 2, d * 0.32)),
                          material("fabric", colour)))
    parts.append(Part(z_disc(0.03 * w, 0.03 * h, 0.006, (0, h / 2, d * 0.36), 10), material("fabric", "#c0392b")))  # the bull
    return fit(parts, p.size)


@generator("chalkboard", variants=2)
def chalkboard(p: GenParams) -> list[Part]:
    """A wall board in a wooden frame with a tray: v0 a green chalkboard with chalk writing, v1 a whiteboard."""
    w, h, d = p.size
    face = p.mat("plastic", ("#2f4f3f", "#f4f4f2")[p.variant])
    wood = material("wood" if p.variant == 0 else "metal", ("#8a5a34", "#c4c8cc")[p.variant])
    ink = material("plastic", ("#eeeeee", "#2e4a7d")[p.variant])
    t = 0.04 * min(w, h)
    parts = [Part(slab(w - t, h - t, d * 0.4, 0, t / 2, -d * 0.2), face)]
    parts += [Part(m, wood) for m in frame(w, h, d * 0.6, t)]
    parts.append(Part(slab(w * 0.8, t * 0.6, d, 0, t, d * 0.2), wood))  # the tray
    rng = p.rng()
    for row in range(4):  # lines of writing
        length = w * rng.uniform(0.35, 0.7)
        parts.append(Part(slab(length, 0.012 * h + 0.005, 0.004, -w * 0.38 + length / 2, h * (0.72 - 0.15 * row), d * 0.02), ink))
    return fit(parts, p.size)


@generator("poster", variants=2, sizes=((0.6, 0.9, 0.01), (0.9, 0.6, 0.01)))
def poster(p: GenParams) -> list[Part]:
    """A sheet on the wall: v0 a printed poster of colour blocks with a title band, v1 a parchment map with a route."""
    w, h, d = p.size
    rng = p.rng()
    paper = p.mat("fabric", ("#f3ecd9", "#d9c08a")[p.variant])
    parts = [Part(slab(w, h, d, 0, 0, 0), paper)]
    if p.variant == 0:
        for _ in range(5):
            bw, bh = w * rng.uniform(0.2, 0.6), h * rng.uniform(0.15, 0.4)
            x, y = rng.uniform(-w / 2 + bw / 2, w / 2 - bw / 2), rng.uniform(0.25 * h, h - bh - 0.05 * h)
            parts.append(Part(slab(bw, bh, 0.002, x, y, d / 2), material("plastic", str(rng.choice(POSTER_COLOURS)))))
        parts.append(Part(slab(w * 0.8, 0.1 * h, 0.003, 0, 0.07 * h, d / 2), material("plastic", "#1c1c1e")))
        return fit(parts, p.size)
    ink = material("plastic", "#6b4a2f")
    pts = [(rng.uniform(-0.35, 0.35) * w, (0.15 + 0.7 * i / 5) * h) for i in range(6)]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        for t in np.linspace(0, 1, 4, endpoint=False):  # a dashed route
            a = np.array([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t])
            b = a + (np.array([x1 - x0, y1 - y0]) * 0.12)
            parts.append(Part(rod((*a, d / 2 + 0.002), (*b, d / 2 + 0.002), 0.004, 4), ink))
    x, y = pts[-1]
    for s in (-1, 1):  # X marks the spot
        parts.append(Part(rod((x - 0.04 * w, y - s * 0.04 * w, d / 2 + 0.003), (x + 0.04 * w, y + s * 0.04 * w, d / 2 + 0.003), 0.006, 4),
                          material("plastic", "#c0392b")))
    return fit(parts, p.size)


@generator("neon_sign", variants=1, options={"glow": None})
def neon_sign(p: GenParams) -> list[Part]:
    """Glowing neon tubes bent into a border and a script on a dark backing board. Option glow: the tubes' colour."""
    w, h, d = p.size
    tube = material("emissive", p.text_option("glow") or p.color or "#ff3fa4")
    parts = [Part(slab(w, h, d * 0.3, 0, 0, -d * 0.35), material("plastic", "#1c1c1e"))]
    z = d * 0.3
    corners = [(-0.45 * w, 0.1 * h), (0.45 * w, 0.1 * h), (0.45 * w, 0.9 * h), (-0.45 * w, 0.9 * h)]
    parts += [Part(rod((*a, z), (*b, z), 0.012, 6), tube) for a, b in zip(corners, corners[1:] + corners[:1])]
    xs = np.linspace(-0.35 * w, 0.35 * w, 9)
    wave = [(x, h * (0.5 + 0.18 * np.sin(i * 1.9))) for i, x in enumerate(xs)]  # a script of loops
    parts += [Part(rod((*a, z), (*b, z), 0.014, 6), material("emissive", "#ffe066")) for a, b in zip(wave, wave[1:])]
    return fit(parts, p.size)


@generator("wall_chart", variants=1)
def wall_chart(p: GenParams) -> list[Part]:
    """A printed wall chart: rows of dark letters shrinking line by line on white (an eye chart), a red rule."""
    w, h, d = p.size
    parts = [Part(slab(w, h, d, 0, 0, 0), p.mat("plastic", "#f7f7f5"))]
    ink = material("plastic", "#1c1c1e")
    y, size = h * 0.92, h * 0.14
    for row in range(8):
        count = row + 1
        y -= size * 1.3
        if y < 0.05 * h:
            break
        for x in np.linspace(-0.3 * w, 0.3 * w, count) if count > 1 else (0.0,):
            parts.append(Part(slab(size * 0.7, size, 0.002, x, y, d / 2), ink))
        size *= 0.72
    parts.append(Part(slab(w * 0.8, 0.004 * h + 0.002, 0.002, 0, h * 0.3, d / 2), material("plastic", "#c0392b")))
    return fit(parts, p.size)


@generator("string_lights", variants=1)
def string_lights(p: GenParams) -> list[Part]:
    """A string of warm bulbs on a wire sagging in two swags along X (fairy lights), hung at its two ends."""
    w, h, d = p.size
    bulb = p.mat("emissive", "#fff1c8") if p.color else WARM_LIGHT
    wire = material("plastic", "#2b2b2b")
    xs = np.linspace(-w / 2, w / 2, 25)
    ys = [h - 0.02 - (h - 0.06) * np.sin(np.pi * ((x + w / 2) / (w / 2)) % np.pi) for x in xs]
    parts = [Part(rod((a, ya, 0), (b, yb, 0), 0.008, 4), wire) for a, b, ya, yb in zip(xs, xs[1:], ys, ys[1:])]
    parts += [Part(sphere(0.035, (x, y - 0.04, 0), 1), bulb) for x, y in list(zip(xs, ys))[1:-1]]
    parts += [Part(slab(0.02, 0.04, d, x, h - 0.04, 0), wire) for x in (-w / 2, w / 2)]
    return fit(parts, p.size)


@generator("photo_frame", variants=1)
def photo_frame(p: GenParams) -> list[Part]:
    """A framed photograph standing on a strut, leaning back slightly."""
    w, h, d = p.size
    wood = p.mat("wood", "#6b4a2f")
    parts = [Part(m, wood) for m in frame(w, h * 0.95, 0.015, 0.12 * w, 0, 0, d / 2 - 0.01)]
    parts.append(Part(slab(w * 0.76, h * 0.72, 0.005, 0, h * 0.11, d / 2 - 0.01), material("plastic", "#7fa7c9")))
    parts.append(Part(slab(w * 0.4, h * 0.35, 0.006, 0, h * 0.11, d / 2 - 0.008), material("plastic", "#d9a07a")))  # the people
    parts.append(Part(rod((0, h * 0.7, d / 2 - 0.02), (0, 0, -d / 2), 0.006, 4), wood))
    return fit(parts, p.size)


# ------------------------------------------------------------ electronics

@generator("headphones", variants=1)
def headphones(p: GenParams) -> list[Part]:
    """Over-ear headphones standing on their ear cups: a padded band arching over two cups facing across X."""
    w, h, d = p.size
    shell = p.mat("plastic", "#1c1c1e")
    angles = np.linspace(0, np.pi, 9)
    pts = [(0.42 * w * np.cos(a), 0.35 * h + 0.62 * h * np.sin(a), 0) for a in angles]
    parts = [Part(rod(a, b, 0.03 * w, 6), shell) for a, b in zip(pts, pts[1:])]
    for sx in (-1, 1):
        parts.append(Part(xcyl(0.45 * d, 0.14 * w, (sx * 0.42 * w, 0.3 * h, 0), 16), shell))
        parts.append(Part(xcyl(0.38 * d, 0.04 * w, (sx * 0.33 * w, 0.3 * h, 0), 16), material("leather", "#3a3c40")))
    return fit(parts, p.size)


@generator("computer_tower", variants=2)
def computer_tower(p: GenParams) -> list[Part]:
    """A computer tower: v0 a plain case with drive bay and power light, v1 a gaming case with a glass side and lights."""
    w, h, d = p.size
    case = p.mat("metal", ("#2b2d31", "#111214")[p.variant])
    parts = [Part(slab(w, h, d, 0, 0, 0), case),
             Part(slab(w * 0.7, h * 0.04, 0.004, 0, h * 0.82, d / 2), BLACK),
             Part(zcyl(0.012, 0.006, (0, h * 0.92, d / 2 + 0.002), 10), material("emissive", "#47d16b"))]
    if p.variant == 1:
        parts.append(Part(slab(0.004, h * 0.8, d * 0.85, w / 2, h * 0.1, 0), material("glass", "#2c3e50")))
        for i, colour in enumerate(("#ff3fa4", "#3fa9ff", "#8e44ad")):
            parts.append(Part(zcyl(0.05 * h, 0.01, (w * 0.1, h * (0.25 + 0.22 * i), d / 2 + 0.003), 16), material("emissive", colour)))
    return fit(parts, p.size)


@generator("telescope", variants=1)
def telescope(p: GenParams) -> list[Part]:
    """A brass refracting telescope tilted up towards +Z on a wooden tripod."""
    w, h, d = p.size
    brass = p.mat("ceramic", "#c9a24a")  # metal would read black without an environment map
    wood = material("wood", "#6b4a2f")
    head = (0, 0.62 * h, 0)
    parts = [Part(rod((x * w * 0.45, 0, z * d * 0.3), head, 0.015 * h, 6), wood)
             for x, z in ((0, -1), (-0.87, 0.5), (0.87, 0.5))]
    tube = frustum(0.035 * h, 0.05 * h, 0.95 * d, (0, 0, 0), 12)
    rot(tube, np.pi / 2 - 0.5, (1, 0, 0)).apply_translation((0, 0.62 * h, -0.35 * d))
    parts.append(Part(tube, brass))
    return fit(parts, p.size)


@generator("drone", variants=1)
def drone(p: GenParams) -> list[Part]:
    """A quadcopter: a body, four arms on the diagonals, a rotor disc at each tip and a camera under the nose."""
    w, h, d = p.size
    body = p.mat("plastic", "#e8e8e6")
    parts = [Part(slab(0.3 * w, 0.4 * h, 0.4 * d, 0, 0.35 * h, 0), body),
             Part(sphere(0.12 * h + 0.01, (0, 0.3 * h, 0.18 * d), 1), BLACK)]
    for sx in (-1, 1):
        for sz in (-1, 1):
            tip = (sx * 0.38 * w, 0.6 * h, sz * 0.38 * d)
            parts.append(Part(rod((0, 0.55 * h, 0), tip, 0.03 * h + 0.004, 6), DARK_METAL))
            parts.append(Part(post(0.03 * w, 0.3 * h, tip[0], 0.5 * h, tip[2], 8), DARK_METAL))
            parts.append(Part(post(0.12 * w, 0.04 * h, tip[0], 0.8 * h, tip[2], 16), material("plastic", "#2b2b2b")))
    parts += [Part(rod((sx * 0.1 * w, 0.35 * h, 0), (sx * 0.12 * w, 0, 0), 0.01, 4), CHROME) for sx in (-1, 1)]  # legs
    return fit(parts, p.size)
