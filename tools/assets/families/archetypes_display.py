"""Parametric archetypes, continued: machines, display cases, screens, columns and flat panels.

Same rules as archetypes.py: floor up, front +Z, ``p.size`` filled exactly,
``p.color`` the body and the ``accent`` option the trim.
"""

from __future__ import annotations

import numpy as np

from tools.assets.families.archetypes import accent, goods_row
from tools.assets.families.palette import BLACK, CHROME, GLASS
from tools.assets.mesh import Part, material, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import fit, frame, frustum, post, rod, rotated_x, slab, x_rod, xcyl, zcyl


def _screen(p: GenParams, default: str = "#5aa9e6"):
    return material("emissive", p.text_option("screen_color") or default)


# ---------------------------------------------------------------- machine

@generator("machine", options={"accent": None, "screen_color": None},
           sizes=((1.2, 2.0, 1.6), (0.6, 1.1, 0.6), (2.0, 1.8, 1.2)))
def machine(p: GenParams) -> list[Part]:
    """A base, a body and an arm or a panel: v0 gym machine, v1 printer or copier, v2 industrial machine."""
    return (_gym_machine, _printer, _industrial)[p.variant](p)


def _gym_machine(p: GenParams) -> list[Part]:
    w, h, d = p.size
    steel = p.mat("metal", "#2b2b2e")
    pad = accent(p, "leather", "#b03a2e")
    bar = min(0.06, w * 0.05)
    parts = [Part(slab(w, bar, d, 0, 0, 0), steel),  # the base frame
             Part(slab(bar * 1.5, h - bar, bar * 1.5, 0, bar, -d / 2 + bar), steel),  # the upright
             Part(slab(w * 0.35, h * 0.45, bar * 2, 0, bar, -d / 2 + bar * 3), material("metal", "#8a8d91")),  # weight stack
             Part(slab(w * 0.4, 0.1, d * 0.5, 0, h * 0.24, d * 0.15), pad),  # seat
             Part(slab(w * 0.38, h * 0.3, 0.08, 0, h * 0.3, -d * 0.12), pad)]  # back pad
    parts.append(Part(post(bar * 0.6, h * 0.24 - bar, 0, bar, d * 0.15, 10), steel))
    arm_y = h * 0.7
    parts.append(Part(rod((0, h - bar, -d / 2 + bar), (0, arm_y, d * 0.1), bar * 0.5, 10), steel))
    parts.append(Part(x_rod(-w / 2, w / 2, arm_y, d * 0.1, bar * 0.4, 10), steel))  # handles
    parts.append(Part(rod((0, h - bar, -d / 2 + bar), (0, h - bar, -d / 2), bar * 0.5, 10), steel))
    return fit(parts, p.size)


def _printer(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#e8e8e4")
    trim = accent(p, "plastic", "#3a3c40")
    parts = [Part(slab(w, h * 0.1, d, 0, 0, 0), trim),  # base cabinet plinth
             Part(slab(w, h * 0.72, d, 0, h * 0.1, 0), body),
             Part(slab(w * 0.9, h * 0.14, d * 0.95, 0, h * 0.82, -d * 0.02), body)]  # scanner lid
    for i in range(3):  # paper drawers
        parts.append(Part(slab(w * 0.9, 0.006, 0.01, 0, h * (0.2 + 0.14 * i), d / 2), trim))
        parts.append(Part(slab(w * 0.3, 0.02, 0.02, 0, h * (0.26 + 0.14 * i), d / 2), trim))
    parts.append(Part(slab(w * 0.55, 0.015, d * 0.35, -w * 0.1, h * 0.7, d * 0.3), material("plastic", "#f7f7f2")))  # output tray
    panel = rotated_x(slab(w * 0.35, 0.03, d * 0.18, w * 0.25, h * 0.82, d / 2 - d * 0.09), 0.4, (0, h * 0.82, d / 2))
    parts += [Part(panel, trim), Part(rotated_x(slab(w * 0.2, 0.006, d * 0.1, w * 0.22, h * 0.85, d / 2 - d * 0.08), 0.4,
                                                (0, h * 0.82, d / 2)), _screen(p))]
    return fit(parts, p.size)


def _industrial(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#e0a526")  # painted: a yellow metal reads brown without an environment map
    trim = accent(p, "metal", "#3a3c40")
    parts = [Part(slab(w, h * 0.12, d, 0, 0, 0), trim),
             Part(slab(w * 0.7, h * 0.45, d * 0.8, -w * 0.1, h * 0.12, 0), body)]
    for x in np.linspace(-w / 2 + 0.05, w / 2 - 0.05, 7):  # warning stripes on the base
        parts.append(Part(slab(w * 0.05, h * 0.1, 0.01, x, h * 0.01, d / 2), material("plastic", "#1b1b1d")))
    col_x = w * 0.35
    parts.append(Part(slab(w * 0.12, h * 0.88, d * 0.3, col_x, h * 0.12, -d * 0.2), body))  # gantry column
    parts.append(Part(slab(w * 0.75, h * 0.08, d * 0.25, -w * 0.02, h * 0.92, -d * 0.2), body))  # arm
    parts.append(Part(post(0.03, h * 0.3, -w * 0.25, h * 0.62, -d * 0.2, 12), CHROME))  # tool head
    parts.append(Part(frustum(0.05, 0.015, 0.06, (-w * 0.25, h * 0.57, -d * 0.2), 12), trim))
    parts.append(Part(slab(w * 0.16, h * 0.22, 0.05, w * 0.4, h * 0.5, d / 2 - 0.05), trim))  # control panel
    parts.append(Part(slab(w * 0.12, h * 0.1, 0.01, w * 0.4, h * 0.6, d / 2), _screen(p, "#47d16b")))
    parts.append(Part(sphere(0.02, (w * 0.4, h * 0.54, d / 2 + 0.005), 1), material("emissive", "#e74c3c")))
    return fit(parts, p.size)


# ----------------------------------------------------------- display case

@generator("display_case", options={"accent": None, "goods": True},
           sizes=((1.5, 1.0, 0.6), (0.8, 1.9, 0.45), (0.5, 1.3, 0.5)))
def display_case(p: GenParams) -> list[Part]:
    """A glass box on a base: v0 shop counter, v1 tall vitrine with glass shelves, v2 museum plinth case."""
    w, h, d = p.size
    base = p.mat(*(("wood", "#6b4a2f"), ("wood", "#3a3c40"), ("stone", "#eeeae2"))[p.variant])
    trim = accent(p, "metal", ("#c4c8cc", "#c9a24a", "#c4c8cc")[p.variant])
    base_h = h * (0.55, 0.12, 0.7)[p.variant]
    inset = (0.0, 0.0, 0.08)[p.variant] * min(w, d)
    parts = [Part(slab(w - 2 * inset, base_h, d - 2 * inset, 0, 0, 0), base)]
    gw, gd, gh = w - 0.02, d - 0.02, h - base_h - 0.02
    parts.append(Part(slab(gw, gh, gd, 0, base_h, 0), GLASS))
    parts.append(Part(slab(w, 0.02, d, 0, h - 0.02, 0), trim))  # the lid frame
    for sx in (-1, 1):
        for sz in (-1, 1):
            parts.append(Part(slab(0.02, gh, 0.02, sx * (w / 2 - 0.01), base_h, sz * (d / 2 - 0.01)), trim))
    if not p.option("goods", True):
        return fit(parts, p.size)
    rng = p.rng()
    if p.variant == 2:  # one exhibit on a small stand
        parts.append(Part(post(min(gw, gd) * 0.12, gh * 0.15, 0, base_h, 0, 16), trim))
        parts.append(Part(sphere(min(gw, gd) * 0.2, (0, base_h + gh * 0.15 + min(gw, gd) * 0.2, 0), 2), material("metal", "#c9a24a"), smooth=True))
    else:
        shelves = 1 if p.variant == 0 else 3
        for i in range(shelves):
            y = base_h + gh * i / shelves
            if i:
                parts.append(Part(slab(gw - 0.02, 0.008, gd - 0.02, 0, y, 0), GLASS))
            parts += goods_row(-gw / 2 + 0.04, gw / 2 - 0.04, y + 0.008, 0, gd * 0.5, min(0.25, gh / shelves * 0.5), rng)
    return fit(parts, p.size)


# ---------------------------------------------------------- screen device

@generator("screen_device", options={"accent": None, "screen_color": None},
           sizes=((0.6, 0.45, 0.2), (0.34, 0.24, 0.26), (0.75, 1.8, 0.9)))
def screen_device(p: GenParams) -> list[Part]:
    """A panel with a glowing screen: v0 monitor on a stand, v1 open laptop, v2 arcade cabinet."""
    w, h, d = p.size
    body = p.mat("plastic", ("#1c1c1e", "#9a9ca0", "#2a2f8a")[p.variant])
    trim = accent(p, "plastic", ("#2b2b2e", "#3a3c40", "#f1c40f")[p.variant])
    screen = _screen(p)
    if p.variant == 0:
        panel_h = h * 0.72
        parts = [Part(slab(w * 0.4, 0.015, d, 0, 0, 0), trim),
                 Part(slab(w * 0.08, h - panel_h * 0.6, 0.03, 0, 0.015, -d * 0.2), trim),
                 Part(slab(w, panel_h, 0.04, 0, h - panel_h, -d * 0.05), body),
                 Part(slab(w * 0.94, panel_h * 0.9, 0.005, 0, h - panel_h * 0.95, -d * 0.05 + 0.02), screen)]
        return fit(parts, p.size)
    if p.variant == 1:
        t = 0.015
        parts = [Part(slab(w, t, d, 0, 0, 0), body),
                 Part(slab(w * 0.85, 0.003, d * 0.45, 0, t, -d * 0.05), BLACK),  # keyboard
                 Part(slab(w * 0.3, 0.002, d * 0.2, 0, t, d * 0.32), material("plastic", "#7f8185"))]  # touchpad
        hinge = (0, t, -d / 2)
        lid = rotated_x(slab(w, h, 0.008, 0, t, -d / 2 + 0.004), -0.25, hinge)
        glow = rotated_x(slab(w * 0.9, h * 0.85, 0.003, 0, t + h * 0.08, -d / 2 + 0.0095), -0.25, hinge)
        return fit(parts + [Part(lid, body), Part(glow, screen)], p.size)
    parts = [Part(slab(w, h * 0.88, d * 0.7, 0, 0, -d * 0.15), body),
             Part(slab(w, h * 0.12, d * 0.45, 0, h * 0.88, -d * 0.275), body),
             Part(slab(w * 0.96, h * 0.1, 0.01, 0, h * 0.89, -d * 0.05), material("emissive", "#fff1c8")),  # marquee
             Part(slab(w, h * 0.06, d * 0.3, 0, h * 0.46, d * 0.35), trim)]  # control deck
    parts.append(Part(slab(w * 0.8, h * 0.28, 0.01, 0, h * 0.56, d * 0.2 + 0.005), screen))
    parts.append(Part(post(0.008, 0.06, -w * 0.2, h * 0.52, d * 0.35, 8), CHROME))  # joystick
    parts.append(Part(sphere(0.02, (-w * 0.2, h * 0.58 + 0.02, d * 0.35), 1), material("plastic", "#c0392b")))
    for i in range(3):
        parts.append(Part(post(0.015, 0.01, w * (0.05 + 0.1 * i), h * 0.52, d * 0.36, 10),
                          material("plastic", ("#c0392b", "#27ae60", "#2e86c1")[i])))
    return fit(parts, p.size)


# ------------------------------------------------------------ column-like

@generator("column_like", options={"accent": None, "glow": None},
           sizes=((0.25, 1.0, 0.25), (0.4, 0.8, 0.35), (0.5, 3.5, 0.5)))
def column_like(p: GenParams) -> list[Part]:
    """Something round and upright: v0 bollard or post with a cap, v1 fire hydrant, v2 lamp post.

    Options: glow (bool; a lit band on a bollard, the lamp of a lamp post: default on v2 only).
    """
    w, h, d = p.size
    body = p.mat("metal", ("#3a3c40", "#c0392b", "#2b2b2e")[p.variant])
    trim = accent(p, "metal", ("#f1c40f", "#c4c8cc", "#2b2b2e")[p.variant])
    glow = p.option("glow")
    glow = p.variant == 2 if glow is None else bool(glow)
    lamp = material("emissive", "#fff1c8")
    r = min(w, d) / 2
    if p.variant == 0:
        parts = [Part(post(r * 0.85, h * 0.92, 0, 0, 0, 20), body),
                 Part(frustum(r * 0.85, r * 0.5, h * 0.08, (0, h * 0.92, 0), 20), body),
                 Part(post(r * 0.88, h * 0.06, 0, h * 0.75, 0, 20), lamp if glow else trim)]
        return fit(parts, p.size)
    if p.variant == 1:
        parts = [Part(post(r * 0.75, h * 0.06, 0, 0, 0, 16), body),
                 Part(post(r * 0.55, h * 0.7, 0, h * 0.06, 0, 16), body),
                 Part(post(r * 0.62, h * 0.06, 0, h * 0.72, 0, 16), body),
                 Part(frustum(r * 0.55, r * 0.15, h * 0.18, (0, h * 0.78, 0), 16), body),
                 Part(post(r * 0.12, h * 0.04, 0, h * 0.96, 0, 8), trim),
                 Part(zcyl(r * 0.25, r * 0.45, (0, h * 0.45, r * 0.55), 12), body),  # the big nozzle, facing +Z
                 Part(zcyl(r * 0.3, r * 0.1, (0, h * 0.45, r * 0.8), 6), trim)]
        for sx in (-1, 1):
            parts.append(Part(xcyl(r * 0.16, r * 0.45, (sx * r * 0.7, h * 0.55, 0), 10), body))
        return fit(parts, p.size)
    pole_r = max(0.03, r * 0.12)
    parts = [Part(frustum(r * 0.5, pole_r * 1.3, h * 0.08, (0, 0, 0), 16), body),
             Part(post(pole_r, h * 0.9, 0, h * 0.08, 0, 12), body),
             Part(frustum(r * 0.5, r * 0.15, h * 0.05, (0, h * 0.95, 0), 16), trim),
             Part(frustum(r * 0.25, r * 0.45, h * 0.1, (0, h * 0.85, 0), 16), lamp if glow else material("glass", "#dfeff5"))]
    return fit(parts, p.size)


# -------------------------------------------------------------- flat panel

@generator("flat_panel", options={"accent": None, "face_color": None},
           sizes=((1.2, 0.9, 0.04), (0.6, 1.0, 0.5), (0.8, 0.6, 0.04)))
def flat_panel(p: GenParams) -> list[Part]:
    """A framed flat face, front +Z: v0 board or wall sign, v1 standing A-frame sign, v2 wall art of colour fields."""
    w, h, d = p.size
    frame_mat = accent(p, *(("wood", "#8a5a34"), ("wood", "#b08d57"), ("wood", "#c9a24a"))[p.variant])
    face = p.mat(*(("plastic", "#2f4f3f"), ("plastic", "#1c1c1e"), ("fabric", "#f3ecd9"))[p.variant])
    if face_color := p.text_option("face_color"):
        face = material("plastic", face_color)
    if p.variant == 1:
        legs = []
        for sz in (-1, 1):  # two boards leaning together at the top
            board = slab(w, h / np.cos(0.25), 0.02, 0, 0, 0)
            rotated_x(board, sz * 0.25, (0, 0, 0)).apply_translation((0, 0, -sz * d / 2 + sz * 0.01))
            legs.append(Part(board, frame_mat))
            face_board = slab(w * 0.86, h * 0.7, 0.005, 0, h * 0.18, 0.0125 * sz)
            legs.append(Part(rotated_x(face_board, sz * 0.25, (0, 0, 0)).apply_translation((0, 0, -sz * d / 2 + sz * 0.01)), face))
        return fit(legs, p.size)
    t = min(0.06, min(w, h) * 0.06)
    parts = [Part(slab(w - 2 * t, h - 2 * t, d * 0.5, 0, t, 0), face)]
    parts += [Part(m, frame_mat) for m in frame(w, h, d, t, 0, 0, 0)]
    if p.variant == 2:
        rng = p.rng()
        colours = ("#c0392b", "#2e86c1", "#f1c40f", "#1b1b1d", "#e67e22", "#16a085")
        for _ in range(4):
            bw, bh = rng.uniform(0.15, 0.45) * w, rng.uniform(0.15, 0.45) * h
            x = rng.uniform(-w / 2 + t + bw / 2, w / 2 - t - bw / 2)
            y = rng.uniform(t, h - t - bh)
            parts.append(Part(slab(bw, bh, 0.004, x, y, d * 0.25), material("fabric", str(rng.choice(colours)))))
    else:
        parts.append(Part(slab(w * 0.3, t * 0.5, d * 1.2, 0, t, d * 0.2), frame_mat))  # chalk ledge or a sign's lower rail
    return fit(parts, p.size)
