"""furniture generators, workshop and gym: workbench, tool cabinet, treadmill, weight bench,
dumbbell rack.

Long machines run along Z: a treadmill's runner and a bench's user face +Z,
so the treadmill console stands at the +Z end.
"""

from __future__ import annotations

import numpy as np

from tools.assets.families.furniture_parts import (
    BLACK,
    CHROME,
    FRONT_ROOM,
    LIGHT_WOOD,
    WOOD,
    door_pair,
    drawer_bank,
    four_legs,
    thickness,
)
from tools.assets.mesh import Part, material, rod, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import rotated_x, slab, torus_y, x_rod, z_rod

RUBBER = "#202020"
STEEL = "#3a3d42"


@generator("workbench", variants=3)
def workbench(p: GenParams) -> list[Part]:
    """v0 wooden bench with a lower shelf; v1 metal frame with a row of drawers;
    v2 drawer pedestal on the left and a vise on the front right corner."""
    W, H, D = p.size
    top_t = thickness(H, 0.06, 0.06, 0.03)
    top_y = (H - top_t, H - top_t, H * 0.86 - top_t)[p.variant]
    frame = p.mat("plastic" if p.variant == 1 else "wood", ("#b88a55", "#3d5a80", WOOD)[p.variant])  # plastic: painted steel
    top = material("wood", LIGHT_WOOD) if p.variant else frame
    leg = thickness(min(W, D), 0.1, 0.08, 0.03) * (0.6 if p.variant == 1 else 1.0)
    hx, hz = W / 2 - leg / 2 - 0.03, D / 2 - leg / 2 - 0.03
    parts = [Part(slab(W, top_t, D, 0, top_y, 0), top)]
    shelf = Part(slab(W - 0.08, 0.025, D - 0.08, 0, H * 0.14, 0), top)
    if p.variant == 2:
        ped_w = W * 0.3
        x = -W / 2 + 0.02 + ped_w / 2
        parts.append(Part(slab(ped_w, top_y, D - FRONT_ROOM - 0.04, x, 0, -FRONT_ROOM / 2), frame))
        parts += drawer_bank(x - ped_w / 2, x + ped_w / 2, 0.03, top_y - 0.01, D / 2 - FRONT_ROOM - 0.02, 4, 1, frame,
                             material("metal", CHROME), "bar")
        for sz in (-1, 1):
            parts.append(Part(slab(leg, top_y, leg, hx, 0, sz * hz), frame))
        parts.append(Part(slab(W * 0.55, 0.025, D - 0.08, W * 0.2, H * 0.14, 0), top))
        return parts + _vise(W / 2 - 0.18, top_y + top_t, D / 2, H)
    parts += [Part(m, frame) for m in four_legs(hx, hz, top_y, leg)]
    parts.append(shelf)
    for sz in (-1, 1):  # rails under the top keep the legs square
        parts.append(Part(slab(2 * hx, H * 0.08, leg * 0.5, 0, top_y - H * 0.08, sz * hz), frame))
    if p.variant == 1:
        parts.append(Part(slab(2 * hx - leg, H * 0.14, D * 0.7, 0, top_y - H * 0.15, -D * 0.08), frame))
        parts += drawer_bank(-hx + leg, hx - leg, top_y - H * 0.15, top_y - 0.005, D * 0.27, 1, 3, frame,
                             material("metal", CHROME), "bar")
    return parts


def _vise(x: float, y: float, z_front: float, top: float) -> list[Part]:
    """A bench vise at (x, y) whose front jaw is flush with ``z_front`` and top is at ``top``."""
    iron, steel = material("metal", "#2e5e8c"), material("metal", CHROME)
    jaw_h = top - y
    return [Part(slab(0.16, jaw_h * 0.45, 0.2, x, y, z_front - 0.13), iron),
            Part(slab(0.18, jaw_h, 0.04, x, y, z_front - 0.06), iron),
            Part(slab(0.18, jaw_h, 0.035, x, y, z_front - 0.0175), iron),
            Part(z_rod(z_front - 0.1, z_front - 0.002, x, y + jaw_h * 0.3, 0.01, 8), steel),
            Part(x_rod(x - 0.09, x + 0.09, y + jaw_h * 0.3, z_front - 0.006, 0.006, 6), steel)]


@generator("tool_cabinet", variants=3)
def tool_cabinet(p: GenParams) -> list[Part]:
    """v0 roller cabinet with a top chest and side handle; v1 tall two-door cabinet with
    louvres; v2 drawers under a worktop with a pegboard of tools."""
    W, H, D = p.size
    body = p.mat("plastic", ("#b3261e", "#5a6b7a", "#2f5d8a")[p.variant])  # plastic: painted steel
    chrome = material("metal", CHROME)
    if p.variant == 1:
        plinth = H * 0.04
        parts = [Part(slab(W - 0.02, plinth, D - FRONT_ROOM - 0.02, 0, 0, -FRONT_ROOM / 2), material("metal", BLACK)),
                 Part(slab(W, H - plinth, D - FRONT_ROOM, 0, plinth, -FRONT_ROOM / 2), body)]
        z_front = D / 2 - FRONT_ROOM
        parts += door_pair(-W / 2 + 0.01, W / 2 - 0.01, plinth, H - 0.01, z_front, 2, body, chrome, "bar")
        for sx in (-1, 1):
            for i in range(6):
                y = H * 0.82 + i * H * 0.02
                parts.append(Part(slab(W * 0.3, H * 0.008, 0.006, sx * W / 4, y, z_front + 0.02), material("metal", BLACK)))
        return parts
    if p.variant == 0:
        wheel = thickness(H, 0.03, 0.05, 0.02)
        body_w = W - 0.05
        parts = [Part(sphere(wheel, (sx * (body_w / 2 - 0.05), wheel, sz * (D / 2 - FRONT_ROOM - 0.05)), 1), material("plastic", BLACK), smooth=True)
                 for sx in (-1, 1) for sz in (-1, 1)]
        split, lid = H * 0.58, H * 0.05
        z_front = D / 2 - FRONT_ROOM
        parts.append(Part(slab(body_w, split - 2 * wheel, D - FRONT_ROOM, -0.025, 2 * wheel, -FRONT_ROOM / 2), body))
        parts.append(Part(slab(body_w, H - lid - split, D - FRONT_ROOM - 0.04, -0.025, split, -FRONT_ROOM / 2 - 0.02), body))
        parts.append(Part(slab(body_w + 0.004, lid, D - FRONT_ROOM - 0.03, -0.025, H - lid, -FRONT_ROOM / 2 - 0.02), body))
        parts += drawer_bank(-W / 2 + 0.01, W / 2 - 0.06, 2 * wheel + 0.01, split - 0.01, z_front, 5, 1, body, chrome, "bar")
        parts += drawer_bank(-W / 2 + 0.01, W / 2 - 0.06, split + 0.01, H - lid - 0.01, z_front - 0.04, 4, 1, body, chrome, "bar")
        for z in (-D * 0.25, D * 0.2):
            parts.append(Part(rod((W / 2 - 0.05, split * 0.85, z), (W / 2 - 0.012, split * 0.85, z), 0.012, 8), chrome))
        parts.append(Part(z_rod(-D * 0.25, D * 0.2, W / 2 - 0.012, split * 0.85, 0.012, 8), chrome))
        return parts
    split = H * 0.52
    z_front = D / 2 - FRONT_ROOM
    parts = [Part(slab(W, split, D - FRONT_ROOM, 0, 0, -FRONT_ROOM / 2), body),
             Part(slab(W, 0.035, D, 0, split, 0), material("wood", LIGHT_WOOD)),
             Part(slab(W, H - split - 0.035, 0.02, 0, split + 0.035, -D / 2 + 0.01), material("plastic", "#c7c2b8"))]
    for sx in (-1, 1):
        parts.append(Part(slab(0.02, H - split - 0.035, D * 0.3, sx * (W / 2 - 0.01), split + 0.035, -D / 2 + D * 0.15), body))
    parts += drawer_bank(-W / 2 + 0.01, W / 2 - 0.01, 0.03, split - 0.01, z_front, 4, 2, body, chrome, "bar")
    return parts + _pegboard_tools(W, split + 0.035, H, -D / 2 + 0.02)


def _pegboard_tools(W: float, y0: float, y1: float, z: float) -> list[Part]:
    """Spanners, a hammer and screwdrivers hung on a pegboard face at depth ``z``."""
    steel, grip = material("metal", CHROME), material("plastic", "#d4a017")
    span = y1 - y0
    parts = []
    for i in range(4):  # spanners of growing length
        x, length = -W * 0.35 + i * 0.05, span * (0.25 + 0.05 * i)
        parts.append(Part(slab(0.015, length, 0.01, x, y1 - span * 0.15 - length, z + 0.01), steel))
    parts.append(Part(slab(0.025, span * 0.4, 0.025, 0.0, y0 + span * 0.35, z + 0.02), material("wood", WOOD)))
    parts.append(Part(slab(0.1, 0.035, 0.03, 0.0, y0 + span * 0.75, z + 0.02), steel))
    for i in range(3):
        x = W * 0.2 + i * 0.06
        parts.append(Part(slab(0.025, span * 0.12, 0.025, x, y0 + span * 0.6, z + 0.02), grip))
        parts.append(Part(slab(0.006, span * 0.18, 0.006, x, y0 + span * 0.42, z + 0.02), steel))
    return parts


@generator("treadmill", variants=3)
def treadmill(p: GenParams) -> list[Part]:
    """Belt along Z, console at the +Z end facing the runner. v0 home treadmill with two
    uprights; v1 commercial with a wide hood and big screen; v2 curved manual slat deck."""
    W, H, D = p.size
    frame = p.mat("plastic", ("#2f3439", "#44484e", "#1f2328")[p.variant])
    steel = material("metal", "#9aa0a6")
    belt = material("fabric", RUBBER)
    deck_top = H * 0.13
    parts = _curved_deck(W, D, deck_top, frame, belt) if p.variant == 2 else _flat_deck(p, deck_top, frame, belt)
    post_r = thickness(W, 0.04, 0.035, 0.015) * (1.5 if p.variant == 1 else 1.0)
    console_y = H * 0.82
    post_x = W / 2 - post_r
    z_base, z_top = D / 2 - D * 0.08, D / 2 - D * (0.2 if p.variant != 2 else 0.12)
    for sx in (-1, 1):
        parts.append(Part(rod((sx * post_x, deck_top * 0.5, z_base), (sx * post_x, console_y, z_top), post_r, 10), frame))
        parts.append(Part(rod((sx * post_x, H * 0.72, z_top), (sx * post_x, H * 0.72, z_top - D * 0.25), post_r * 0.7, 8), steel))
    console_w = W if p.variant == 1 else W * 0.85
    console_h = H - console_y
    console = slab(console_w, console_h, D * 0.1, 0, console_y, z_top)
    parts.append(Part(rotated_x(console, -0.35, (0, console_y, z_top)), frame))
    screen = slab(console_w * (0.7 if p.variant == 1 else 0.4), console_h * 0.6, 0.006, 0, console_y + console_h * 0.2, z_top - D * 0.05 - 0.003)
    parts.append(Part(rotated_x(screen, -0.35, (0, console_y, z_top)), material("emissive", "#3a7bd5")))
    return parts


def _flat_deck(p: GenParams, deck_top: float, frame, belt) -> list[Part]:
    W, H, D = p.size
    hood_d, hood_h = D * 0.18, H * (0.2 if p.variant == 1 else 0.15)
    deck_d = D - hood_d
    parts = [Part(slab(W * 0.8, deck_top - 0.04, deck_d, 0, 0.04, -D / 2 + deck_d / 2), frame),
             Part(slab(W * 0.6, 0.012, deck_d - 0.06, 0, deck_top, -D / 2 + deck_d / 2), belt),
             Part(slab(W if p.variant == 1 else W * 0.9, hood_h, hood_d, 0, 0.02, D / 2 - hood_d / 2), frame)]
    for sx in (-1, 1):
        parts.append(Part(slab(W * 0.1, 0.015, deck_d, sx * W * 0.35, deck_top, -D / 2 + deck_d / 2), frame))
        for z in (-D / 2 + 0.06, D / 2 - 0.06):
            parts.append(Part(slab(0.06, 0.04, 0.06, sx * W * 0.32, 0, z), material("plastic", BLACK)))
    return parts


def _curved_deck(W: float, D: float, deck_top: float, frame, belt) -> list[Part]:
    """Slats along a shallow parabola, lowest in the middle, on curved side rails."""
    slats, length = 22, D * 0.8
    z0 = -D / 2 + 0.04
    def height(z: float) -> float:
        u = (z - (z0 + length / 2)) / (length / 2)
        return deck_top * (0.55 + 0.6 * u * u)
    parts = []
    for i in range(slats):
        z = z0 + length * (i + 0.5) / slats
        parts.append(Part(slab(W * 0.6, 0.02, length / slats * 0.85, 0, height(z), z), belt))
    for sx in (-1, 1):
        for i in range(8):
            za, zb = z0 + length * i / 8, z0 + length * (i + 1) / 8
            parts.append(Part(rod((sx * W * 0.34, height(za), za), (sx * W * 0.34, height(zb), zb), 0.025, 8), frame))
        for z in (z0, z0 + length):
            parts.append(Part(slab(0.06, height(z), 0.06, sx * W * 0.34, 0, z), frame))
    parts.append(Part(slab(W * 0.75, deck_top * 1.4, D - length - 0.04, 0, 0, D / 2 - (D - length - 0.04) / 2), frame))
    return parts


@generator("weight_bench", variants=3)
def weight_bench(p: GenParams) -> list[Part]:
    """Pad along Z on a steel frame. v0 flat bench; v1 incline back rest with a seat;
    v2 flat bench with a leg-extension lever and foam rollers at the +Z end."""
    W, H, D = p.size
    pad = p.mat("leather", ("#1c1c1c", "#8b1e1e", "#1c1c1c")[p.variant])
    steel = material("metal", STEEL)
    pad_t, pad_w, bar = thickness(H, 0.14, 0.08, 0.03), W * 0.45, thickness(W, 0.1, 0.06, 0.03)
    seat_top = H * 0.78 if p.variant == 1 else H
    beam_y = seat_top - pad_t - bar
    feet_z = D / 2 - 0.06
    parts = [Part(slab(bar, bar, D * 0.86, 0, beam_y, 0), steel)]
    for sz in (-1, 1):
        z = sz * feet_z
        parts.append(Part(slab(W if p.variant != 2 else W * 0.8, bar * 0.8, bar * 1.2, 0, 0, z), steel))
        parts.append(Part(slab(bar, beam_y - bar * 0.8 + 0.01, bar, 0, bar * 0.8, z * 0.9), steel))
    if p.variant == 1:
        return parts + _incline_pads(p, pad, steel, pad_t, pad_w, seat_top)
    pad_len = D * (0.92 if p.variant == 0 else 0.7)
    pad_z = -D / 2 + 0.02 + pad_len / 2
    parts.append(Part(slab(pad_w, pad_t, pad_len, 0, seat_top - pad_t, pad_z), pad))
    if p.variant == 2:
        foam = material("plastic", RUBBER)
        lever_z = D / 2 - 0.09
        parts.append(Part(slab(bar * 0.8, seat_top - bar, bar * 0.8, 0, bar, lever_z), steel))
        for y in (seat_top - 0.08, H * 0.2):
            parts.append(Part(x_rod(-W / 2, W / 2, y, lever_z, min(0.06, H * 0.1), 16), foam))
            parts.append(Part(x_rod(-W * 0.2, W * 0.2, y, lever_z, 0.012, 8), steel))
    return parts


def _incline_pads(p: GenParams, pad, steel, pad_t: float, pad_w: float, seat_top: float) -> list[Part]:
    """A short seat at +Z and a back rest tipped up towards -Z so its far end reaches the full height."""
    W, H, D = p.size
    seat_len, back_len = D * 0.3, D * 0.6
    seat_front = D / 2 - 0.03
    pivot_z = seat_front - seat_len - 0.02
    seat = slab(pad_w, pad_t, seat_len, 0, seat_top - pad_t, seat_front - seat_len / 2)
    angle = float(np.arcsin(np.clip((H - seat_top) / back_len, 0.0, 0.9)))
    back = slab(pad_w, pad_t, back_len, 0, seat_top - pad_t, pivot_z - back_len / 2)
    back = rotated_x(back, angle, (0, seat_top - pad_t, pivot_z))
    brace_top = (0, seat_top - pad_t + back_len * 0.6 * np.sin(angle), pivot_z - back_len * 0.6 * np.cos(angle))
    return [Part(seat, pad), Part(back, pad),
            Part(rod((0, seat_top - pad_t - 0.05, pivot_z - back_len * 0.2), brace_top, 0.02, 8), steel)]


@generator("dumbbell_rack", variants=3)
def dumbbell_rack(p: GenParams) -> list[Part]:
    """Dumbbells from light to heavy, handles along Z. v0 two-tier saddle rack of round
    dumbbells; v1 three tiers of hex dumbbells; v2 shelf rack with kettlebells below."""
    W, H, D = p.size
    frame = p.mat("plastic", ("#2b2b2b", "#8a8d91", "#2b2b2b")[p.variant])  # plastic: powder-coated steel
    post = thickness(W, 0.04, 0.05, 0.025)
    r_max = min(0.09, H * 0.1, D * 0.18)
    if p.variant == 2:
        return _shelf_rack(W, H, D, frame, post, r_max)
    tiers = 2 if p.variant == 0 else 3
    sides = 16 if p.variant == 0 else 6
    rail = post * 0.6
    depths = np.linspace(D * 0.22, -D * 0.22, tiers)
    tops = [H - 2 * r_max - rail - (tiers - 1 - i) * (H - 2 * r_max) * 0.45 / (tiers - 1) for i in range(tiers)]
    parts = []
    for sx in (-1, 1):
        x = sx * (W / 2 - post / 2)
        parts.append(Part(slab(post, post, D, x, 0, 0), frame))
        for z, y in zip(depths, tops):
            parts.append(Part(slab(post, y + rail, post, x, 0, z), frame))
    for tier, (z, y) in enumerate(zip(depths, tops)):
        for dz in (-0.06, 0.06):
            parts.append(Part(slab(W - 2 * post, rail, rail, 0, y, z + dz), frame))
        parts += _dumbbell_row(-W / 2 + post, W / 2 - post, y + rail, z, r_max * (0.6 + 0.2 * tier), r_max, sides)
    return parts


def _dumbbell_row(x0: float, x1: float, y: float, z: float, r_min: float, r_max: float, sides: int) -> list[Part]:
    """Dumbbells lying side by side on a surface at height y, growing from r_min to r_max."""
    heads, grip = material("plastic", RUBBER), material("metal", CHROME)
    parts, x = [], x0 + 0.01
    count = max(2, int((x1 - x0) / (2 * (r_min + r_max) / 2 + 0.03)))
    for i in range(count):
        r = r_min + (r_max - r_min) * i / max(1, count - 1)
        if x + 2 * r > x1:
            break
        cx, cy = x + r, y + r
        head_len = r * 0.8
        parts.append(Part(z_rod(z - 0.09, z + 0.09, cx, cy, 0.015, 8), grip))
        for sz in (-1, 1):
            zc = z + sz * (0.07 + head_len / 2)
            parts.append(Part(z_rod(zc - head_len / 2, zc + head_len / 2, cx, cy, r, sides), heads))
        x += 2 * r + 0.025
    return parts


def _shelf_rack(W: float, H: float, D: float, frame, post: float, r_max: float) -> list[Part]:
    """Two shelves on four posts: dumbbells on the top shelf, kettlebells on the lower one."""
    t = 0.03
    top_y = H - 2 * r_max - t
    parts = [Part(m, frame) for m in four_legs(W / 2 - post / 2, D / 2 - post / 2, top_y + t, post)]
    wood = material("wood", LIGHT_WOOD)
    for y in (H * 0.06, top_y):
        parts.append(Part(slab(W, t, D, 0, y, 0), wood))
    parts += _dumbbell_row(-W / 2 + post, W / 2 - post, top_y + t, 0.0, r_max * 0.6, r_max, 12)
    iron = material("metal", RUBBER)
    bells = max(2, int(W / 0.3))
    room = top_y - H * 0.06 - t
    r = min(0.1, room * 0.3, D * 0.25)
    for i in range(bells):
        x = -W / 2 + W * (i + 0.5) / bells
        base = H * 0.06 + t
        parts.append(Part(sphere(r, (x, base + r * 0.9, 0), subdivisions=2), iron, smooth=True))
        parts.append(Part(slab(r * 1.2, r * 0.2, r * 1.2, x, base, 0), iron))
        handle = torus_y(r * 0.55, r * 0.12, (x, base + r * 1.9, 0), 16, 6)
        parts.append(Part(rotated_x(handle, np.pi / 2, (x, base + r * 1.9, 0)), iron))
    return parts

