"""Kitchen appliance generators: fridge, stove, coffee machine, microwave.

Every size is a fraction of the asked ``p.size``; only small details (handle
bars, seams, feet) use absolute metres, clamped to the size.
"""

from __future__ import annotations

from tools.assets.families.kitchen_parts import bar_handle_h, bar_handle_v, knob
from tools.assets.families.palette import BLACK_GLASS, CHROME, DARK, DISPLAY, GLASS, PORCELAIN, STEEL, WATER
from tools.assets.mesh import Part, material, rod
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import frame, lathe, parts_of, post, slab

# ---------------------------------------------------------------- fridge

@generator("fridge")
def fridge(p: GenParams) -> list[Part]:
    """A fridge: top freezer, side-by-side or retro."""
    return (_fridge_top_freezer, _fridge_side_by_side, _fridge_retro)[p.variant](p)


def _fridge_shell(p: GenParams, body, reach: float, foot: float) -> list[Part]:
    w, h, d = p.size
    door_t = 0.06 * d
    return [Part(slab(w, h - foot, d - door_t - reach, 0, foot, -(door_t + reach) / 2), body),
            *parts_of([post(min(0.02, w * 0.04), foot, sx * w * 0.4, 0, sz * d * 0.35) for sx in (-1, 1) for sz in (-1, 1)], DARK)]


def _fridge_top_freezer(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#f2f2f0")
    reach, foot, gap = 0.05 * d, 0.02 * h, min(0.008, h * 0.005)
    face = d / 2 - reach
    door_t, split = 0.06 * d, 0.66 * h
    parts = _fridge_shell(p, body, reach, foot)
    parts += [Part(slab(w, split - gap - foot, door_t, 0, foot, face - door_t / 2), body),
              Part(slab(w, h - split - gap, door_t, 0, split + gap, face - door_t / 2), body)]
    hx = w * 0.4
    handles = bar_handle_v(hx, split - 0.35 * h, split - 0.08 * h, face, reach) + bar_handle_v(hx, split + 0.05 * h, split + 0.2 * h, face, reach)
    return parts + parts_of(handles, STEEL)


def _fridge_side_by_side(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("metal", "#b9bdc2")
    reach, foot, gap = 0.05 * d, 0.02 * h, min(0.008, w * 0.01)
    face, door_t = d / 2 - reach, 0.06 * d
    parts = _fridge_shell(p, body, reach, foot)
    for side, frac in ((-1, 0.42), (1, 0.58)):  # freezer narrower than the fridge door
        dw = w * frac - gap / 2
        cx = side * (w / 2 - dw / 2)
        parts.append(Part(slab(dw, h - foot, door_t, cx, foot, face - door_t / 2), body))
    split_x = -w / 2 + w * 0.42
    parts += parts_of(bar_handle_v(split_x - 0.04 * w, 0.35 * h, 0.8 * h, face, reach), DARK)
    parts += parts_of(bar_handle_v(split_x + 0.04 * w, 0.35 * h, 0.8 * h, face, reach), DARK)
    parts.append(Part(slab(w * 0.2, h * 0.16, 0.01, -w * 0.23, 0.55 * h, face + 0.004), BLACK_GLASS))  # water dispenser
    parts.append(Part(slab(w * 0.08, h * 0.02, 0.01, -w * 0.23, 0.68 * h, face + 0.008), DISPLAY))
    return parts


def _fridge_retro(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#9fd8cf")
    reach, foot = 0.06 * d, 0.06 * h
    r = min(w, d) * 0.12  # rounded top edge: a horizontal cylinder over the front and back
    core_d = d - reach
    parts = [Part(slab(w, h - foot - r, core_d, 0, foot, -reach / 2), body),
             Part(slab(w, r, core_d - 2 * r, 0, h - r, -reach / 2), body),
             Part(rod((-w / 2, h - r, d / 2 - reach - r), (w / 2, h - r, d / 2 - reach - r), r, 16), body),
             Part(rod((-w / 2, h - r, -d / 2 + r), (w / 2, h - r, -d / 2 + r), r, 16), body)]
    parts += parts_of([rod((sx * w * 0.4, 0, sz * d * 0.3), (sx * w * 0.38, foot, sz * d * 0.3), min(0.02, w * 0.04), 10)
                     for sx in (-1, 1) for sz in (-1, 1)], CHROME)
    face = d / 2 - reach
    parts.append(Part(slab(w * 0.98, h * 0.012, 0.01, 0, 0.7 * h, face + 0.002), CHROME))  # door seam trim
    parts += parts_of(bar_handle_h(w * 0.15, w * 0.4, 0.76 * h, face, reach) + bar_handle_h(w * 0.15, w * 0.4, 0.62 * h, face, reach), CHROME)
    parts.append(Part(slab(w * 0.2, h * 0.03, 0.008, 0, 0.2 * h, face), CHROME))  # badge
    return parts


# ----------------------------------------------------------------- stove

@generator("stove")
def stove(p: GenParams) -> list[Part]:
    """A stove: electric, gas or induction."""
    return (_stove_electric, _stove_gas, _stove_induction)[p.variant](p)


def _oven_front(p: GenParams, body, top: float, reach: float) -> list[Part]:
    """Oven door with window and handle, control strip above; the body's front face is at d/2 - reach."""
    w, h, d = p.size
    face = d / 2 - reach
    door_top = top * 0.78
    door_bottom = top * 0.14
    parts = [Part(slab(w * 0.94, door_top - door_bottom, 0.012, 0, door_bottom, face + 0.004), body),
             Part(slab(w * 0.7, (door_top - door_bottom) * 0.5, 0.006, 0, door_bottom + (door_top - door_bottom) * 0.25, face + 0.012), BLACK_GLASS),
             Part(slab(w * 0.94, top * 0.1, 0.01, 0, top * 0.02, face + 0.003), DARK)]  # drawer / kick strip
    parts += parts_of(bar_handle_h(-w * 0.4, w * 0.4, door_top - top * 0.05, face + 0.01, reach - 0.01), STEEL)
    return parts


def _stove_electric(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#f4f4f2")
    reach, top = 0.07 * d, 0.97 * h
    parts = [Part(slab(w, top, d - reach, 0, 0, -reach / 2), body),
             Part(slab(w, h - top, d - reach, 0, top, -reach / 2), BLACK_GLASS)]
    for sx in (-1, 1):
        for sz, rr in ((-1, 0.2), (1, 0.15)):
            parts.append(Part(post(w * rr, 0.004, sx * w * 0.23, h - 0.002, sz * d * 0.2), material("plastic", "#3a3a3c")))
    face = d / 2 - reach
    parts += parts_of([knob(x * w, top * 0.88, face, min(0.02, w * 0.04), reach * 0.6) for x in (-0.36, -0.18, 0.18, 0.36)], DARK)
    return parts + _oven_front(p, body, top, reach)


def _stove_gas(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("metal", "#c2c5c8")
    reach = 0.07 * d
    top, guard = 0.86 * h, 0.04 * d
    parts = [Part(slab(w, top, d - reach, 0, 0, -reach / 2), body),
             Part(slab(w, h - top, guard, 0, top, -d / 2 + guard / 2), body)]  # back guard
    grate_y = top + 0.02 * h
    for sx in (-1, 1):
        for sz in (-1, 1):
            cx, cz = sx * w * 0.23, sz * d * 0.18 - reach / 2
            parts.append(Part(post(w * 0.06, grate_y - top, cx, top, cz), DARK))
            parts += parts_of([rod((cx - w * 0.16, grate_y, cz), (cx + w * 0.16, grate_y, cz), 0.006, 6),
                             rod((cx, grate_y, cz - w * 0.16), (cx, grate_y, cz + w * 0.16), 0.006, 6)], DARK)
    face = d / 2 - reach
    parts += parts_of([knob(x * w, top * 0.9, face, min(0.022, w * 0.045), reach * 0.7) for x in (-0.38, -0.19, 0.0, 0.19, 0.38)], DARK)
    return parts + _oven_front(p, body, top, reach)


def _stove_induction(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#2b2d30")
    reach, top = 0.06 * d, 0.98 * h
    parts = [Part(slab(w, top, d - reach, 0, 0, -reach / 2), body),
             Part(slab(w * 1.0, h - top, d, 0, top, 0), BLACK_GLASS)]
    ring = material("plastic", "#6b6f74")
    for sx, sz, rr in ((-1, -1, 0.2), (1, -1, 0.15), (-1, 1, 0.15), (1, 1, 0.2)):
        outer = lathe([(0, 0), (w * rr, 0), (w * rr, 0.002), (0, 0.002)], sx * w * 0.23, h, sz * d * 0.2)
        parts.append(Part(outer, ring))
    parts.append(Part(slab(w * 0.3, 0.002, d * 0.06, 0, h, d * 0.42), DISPLAY))  # touch controls
    parts += [Part(slab(w * 0.94, top * 0.12, 0.012, 0, top * 0.82, d / 2 - reach + 0.004), BLACK_GLASS)]
    return parts + _oven_front(p, body, top * 0.95, reach)


# ----------------------------------------------------------- appliances

@generator("coffee_machine")
def coffee_machine(p: GenParams) -> list[Part]:
    """A coffee machine: espresso, drip or pod."""
    return (_coffee_espresso, _coffee_drip, _coffee_pod)[p.variant](p)


def _small_cup(x: float, y: float, z: float, r: float) -> list[Part]:
    cup = lathe([(0, 0), (r * 0.8, 0), (r, r * 1.4), (r * 0.85, r * 1.4), (r * 0.7, r * 0.2), (0, r * 0.2)], x, y, z, 16)
    return [Part(cup, PORCELAIN, True), Part(post(r * 0.8, 0.002, x, y + r * 1.1, z), material("plastic", "#4a2c1a"))]


def _coffee_espresso(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("metal", "#c0c3c6")
    back_d = 0.6 * d
    parts = [Part(slab(w, h * 0.96, back_d, 0, 0, -d / 2 + back_d / 2), body),
             Part(slab(w, h * 0.25, d, 0, h * 0.71, 0), body),  # head overhang
             Part(slab(w * 0.9, h * 0.04, d - back_d, 0, 0, d / 2 - (d - back_d) / 2), DARK),  # drip tray
             Part(slab(w * 0.8, h * 0.04, back_d * 0.8, 0, h * 0.96, -d / 2 + back_d / 2), STEEL)]  # cup warmer rail
    gz = d / 2 - 0.35 * d
    parts += parts_of([post(w * 0.12, h * 0.06, 0, h * 0.65, gz), post(w * 0.1, h * 0.04, 0, h * 0.61, gz)], STEEL)
    parts.append(Part(rod((0, h * 0.63, gz), (0, h * 0.6, d / 2 - 0.005), min(0.015, w * 0.05), 10), DARK))  # portafilter handle
    parts.append(Part(rod((w * 0.38, h * 0.72, d / 2 - 0.1 * d), (w * 0.4, h * 0.25, d / 2 - 0.08 * d), 0.005, 6), CHROME))  # steam wand
    parts.append(Part(knob(-w * 0.28, h * 0.86, d / 2, min(0.03, w * 0.1), 0.004), material("ceramic", "#fafafa")))  # gauge
    return parts + _small_cup(0, h * 0.04, gz, min(0.03, w * 0.1))


def _coffee_drip(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#222326")
    col_d = 0.35 * d
    parts = [Part(slab(w, h * 0.08, d, 0, 0, 0), body),
             Part(slab(w, h, col_d, 0, 0, -d / 2 + col_d / 2), body),
             Part(slab(w, h * 0.22, d, 0, h * 0.78, 0), body),
             Part(slab(w * 0.7, h * 0.12, 0.006, 0, h * 0.84, d / 2), BLACK_GLASS),
             Part(slab(w * 0.16, h * 0.03, 0.004, -w * 0.2, h * 0.87, d / 2 + 0.004), DISPLAY)]
    r, ch = min(w, d - col_d) * 0.42, h * 0.38
    cz = -d / 2 + col_d + (d - col_d) / 2
    carafe = [(0, 0), (r, 0), (r, ch * 0.7), (r * 0.6, ch), (r * 0.55, ch), (r * 0.93, ch * 0.7), (r * 0.93, 0.004), (0, 0.004)]
    parts.append(Part(lathe(carafe, 0, h * 0.08, cz, 20), GLASS, True))
    parts.append(Part(lathe([(0, 0), (r * 0.9, 0), (r * 0.9, ch * 0.45), (0, ch * 0.45)], 0, h * 0.08 + 0.005, cz, 20),
                      material("plastic", "#3b1f10"), True))
    parts.append(Part(slab(w * 0.06, ch * 0.6, r * 0.6, r * 1.1, h * 0.08 + ch * 0.2, cz), DARK))  # carafe handle
    return parts


def _coffee_pod(p: GenParams) -> list[Part]:
    """Capsule machine: slim column with a head that overhangs a cup, water tank behind, lever on top."""
    w, h, d = p.size
    body = p.mat("plastic", "#b3262e")
    tank_d = 0.28 * d
    core_d = d - tank_d
    head_h = 0.3 * h
    nose_r = head_h / 2  # the head's front is rounded
    parts = [Part(slab(w * 0.9, h - head_h, core_d * 0.5, 0, 0, -d / 2 + tank_d + core_d * 0.25), body),
             Part(slab(w, head_h, core_d - nose_r, 0, h - head_h, -d / 2 + tank_d + (core_d - nose_r) / 2), body),
             Part(rod((-w / 2, h - nose_r, d / 2 - nose_r), (w / 2, h - nose_r, d / 2 - nose_r), nose_r, 20), body),
             Part(slab(w * 0.9, h * 0.05, core_d, 0, 0, d / 2 - core_d / 2), DARK),  # base / drip tray
             Part(slab(w * 0.85, h * 0.85, tank_d, 0, 0, -d / 2 + tank_d / 2), GLASS),
             Part(slab(w * 0.75, h * 0.5, tank_d * 0.8, 0, h * 0.05, -d / 2 + tank_d / 2), WATER)]
    cup_z = d / 2 - core_d * 0.4
    parts.append(Part(post(w * 0.08, h * 0.05, 0, h - head_h - h * 0.05, cup_z), CHROME))  # spout
    parts.append(Part(slab(w * 0.5, h * 0.025, core_d * 0.4, 0, h - 0.001, -d / 2 + tank_d + core_d * 0.3), CHROME))  # lever
    return parts + _small_cup(0, h * 0.05, cup_z, min(0.035, w * 0.12))


@generator("microwave")
def microwave(p: GenParams) -> list[Part]:
    """A microwave: control panel, retro or steel."""
    return (_microwave_panel, _microwave_retro, _microwave_steel)[p.variant](p)


def _microwave_body(p: GenParams, body, foot: float) -> list[Part]:
    w, h, d = p.size
    parts = [Part(slab(w, h - foot, d - 0.02, 0, foot, -0.01), body)]
    if foot > 0:
        parts += parts_of([post(0.015, foot, sx * w * 0.4, 0, sz * d * 0.35, 8) for sx in (-1, 1) for sz in (-1, 1)], DARK)
    return parts


def _microwave_panel(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#f0f0ee")
    face = d / 2 - 0.02
    parts = _microwave_body(p, body, 0.01)
    parts += [Part(slab(w * 0.72, h * 0.86, 0.01, -w * 0.13, h * 0.07, face + 0.005), body),
              Part(slab(w * 0.5, h * 0.6, 0.004, -w * 0.15, h * 0.2, face + 0.011), BLACK_GLASS),
              Part(slab(w * 0.18, h * 0.1, 0.004, w * 0.37, h * 0.78, face + 0.002), DISPLAY)]
    for i in range(3):
        for j in range(3):
            parts.append(Part(slab(w * 0.04, h * 0.06, 0.006, w * (0.32 + 0.05 * j), h * (0.55 - 0.11 * i), face), DARK))
    parts.append(Part(slab(w * 0.14, h * 0.08, 0.008, w * 0.37, h * 0.12, face), STEEL))  # door release button
    return parts


def _microwave_retro(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#e7d6b0")
    r = min(h, w) * 0.12
    foot = min(0.02, h * 0.06)
    face = d / 2 - 0.02
    parts = [Part(slab(w, h - foot - r, d - 0.02, 0, foot, -0.01), body),
             Part(slab(w - 2 * r, r, d - 0.02, 0, h - r, -0.01), body)]
    for sx in (-1, 1):
        parts.append(Part(rod((sx * (w / 2 - r), h - r, -d / 2), (sx * (w / 2 - r), h - r, face), r, 16), body))
    parts += parts_of([post(0.015, foot, sx * w * 0.4, 0, sz * d * 0.35, 8) for sx in (-1, 1) for sz in (-1, 1)], CHROME)
    parts += parts_of(frame(w * 0.68, h * 0.7, 0.012, min(0.02, h * 0.06), -w * 0.14, h * 0.12, face + 0.004), CHROME)
    parts.append(Part(slab(w * 0.6, h * 0.6, 0.004, -w * 0.14, h * 0.17, face + 0.003), material("plastic", "#2a2620")))
    parts += parts_of([knob(w * 0.35, h * y, face, min(0.025, w * 0.05), 0.02) for y in (0.65, 0.35)], CHROME)
    return parts


def _microwave_steel(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("metal", "#aeb2b6")
    reach = 0.045
    face = d / 2 - reach
    parts = [Part(slab(w, h, d - reach, 0, 0, -reach / 2), body),
             Part(slab(w * 0.98, h * 0.78, 0.01, 0, h * 0.04, face + 0.004), BLACK_GLASS),
             Part(slab(w * 0.98, h * 0.14, 0.01, 0, h * 0.83, face + 0.004), body),
             Part(slab(w * 0.12, h * 0.06, 0.004, w * 0.3, h * 0.87, face + 0.01), DISPLAY)]
    return parts + parts_of(bar_handle_h(-w * 0.4, w * 0.4, h * 0.74, face + 0.009, reach - 0.009), STEEL)
