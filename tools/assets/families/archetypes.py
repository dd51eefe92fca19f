"""Parametric archetypes: one generator per family of look-alike objects.

A kind with no generator of its own (a washer, a vending machine, a shop
shelf, a throne, a hydrant) is drawn by the archetype of its family with its
own size, colour, variant and options, so it reads as a plausible member of
that family at any size. archetypes_display holds the rest of the family
(machines, display cases, screens, columns, flat panels). Every archetype builds from the floor up, front +Z,
and fits ``p.size`` exactly. ``p.color`` is the main body; the ``accent``
option (a '#rrggbb') colours trim, frames or the secondary parts.
"""

from __future__ import annotations

from tools.assets.families.palette import BLACK, CHROME
from tools.assets.mesh import Part, material, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import fit, frustum, hull, lathe, post, ring, rotated_x, slab, x_rod, zcyl

GOODS_COLOURS = ("#c0392b", "#2e86c1", "#f1c40f", "#27ae60", "#e67e22", "#8e44ad", "#ecf0f1", "#16a085", "#d35400")
_SEAM = 0.004  # how far a seam, button or handle stands proud of a face


def accent(p: GenParams, kind: str, default: str):
    """The trim material: the `accent` option's colour, else ``default``."""
    return material(kind, p.text_option("accent") or default)


GOODS_MAX_HEIGHT = 0.3  # metres: shop goods are small packs, bottles and jars, never shelf-high like books
GOODS_FACINGS = (2, 4)  # a product stands in this many facings side by side, as shops face them
GOODS_GAP = 0.03  # metres between one product's facings and the next product's


def goods_row(x0: float, x1: float, y: float, z: float, depth: float, h_max: float, rng, fill: float = 0.85) -> list[Part]:
    """Products standing on y between x0 and x1, centred at depth z: runs of two to four facings of one product
    (a box, a bottle with a neck, a lidded jar or a can, in one colour), a gap between products, none taller than
    GOODS_MAX_HEIGHT, so a shop shelf reads as goods, not as a row of books."""
    parts, x = [], x0
    top = min(h_max, GOODS_MAX_HEIGHT)
    while x < x1 - 0.05:
        shape = str(rng.choice(("boxed", "necked", "lidded", "canned")))  # a packaging shape, no kind's name
        mat = material("plastic", str(rng.choice(GOODS_COLOURS)))
        if shape == "boxed":
            w, h = rng.uniform(0.06, 0.13), top * rng.uniform(0.55, 0.9)
        elif shape == "necked":
            w, h = rng.uniform(0.05, 0.08), top * rng.uniform(0.75, 1.0)
        elif shape == "lidded":
            w, h = rng.uniform(0.07, 0.1), min(top * 0.6, 0.14)
        else:
            w, h = 0.066, min(top * 0.5, 0.12)
        w = min(w, depth)
        for _ in range(int(rng.integers(GOODS_FACINGS[0], GOODS_FACINGS[1] + 1))):
            if x + w > x1:
                break
            cx = x + w / 2
            if rng.random() < fill:
                if shape == "boxed":
                    parts.append(Part(slab(w * 0.92, h, min(depth * 0.8, w * 1.6), cx, y, z), mat))
                elif shape == "necked":
                    parts.append(Part(post(w * 0.45, h * 0.65, cx, y, z, 6), mat))
                    parts.append(Part(post(w * 0.16, h * 0.35, cx, y + h * 0.65, z, 4), mat))
                elif shape == "lidded":
                    parts.append(Part(post(w * 0.46, h * 0.85, cx, y, z, 8), material("glass", "#d9e6ea")))
                    parts.append(Part(post(w * 0.48, h * 0.15, cx, y + h * 0.85, z, 8), mat))
                else:
                    parts.append(Part(post(w * 0.48, h, cx, y, z, 8), mat))
            x += w + 0.006
        x += GOODS_GAP
    return parts


# ------------------------------------------------------------- appliance

def _feet(w: float, d: float, h: float) -> list[Part]:
    return [Part(post(min(0.025, w * 0.05), h, sx * (w / 2 - 0.05), 0, sz * (d / 2 - 0.05), 8), BLACK)
            for sx in (-1, 1) for sz in (-1, 1)]


@generator("appliance", options={"accent": None}, sizes=((0.6, 0.85, 0.6), (0.9, 1.8, 0.8), (0.6, 2.0, 1.0)))
def appliance(p: GenParams) -> list[Part]:
    """A boxy appliance: v0 front-loader (washer, dryer), v1 vending machine or ATM, v2 cabinet (server rack, fridge)."""
    w, h, d = p.size
    body = p.mat("metal" if p.variant == 2 else "plastic", ("#f2f2f0", "#c0392b", "#2b2d31")[p.variant])
    trim = accent(p, "plastic", ("#3a3c40", "#1c1c1e", "#55585e")[p.variant])
    foot = min(0.03, h * 0.04)
    parts = _feet(w, d, foot) + [Part(slab(w, h - foot, d, 0, foot, 0), body)]
    front = d / 2
    if p.variant == 0:
        parts.append(Part(slab(w, h * 0.12, _SEAM * 2, 0, h * 0.86, front), trim))  # control strip
        parts.append(Part(zcyl(w * 0.06, 0.02, (w * 0.3, h * 0.92, front + 0.01), 16), CHROME))
        parts.append(Part(slab(w * 0.25, h * 0.05, _SEAM * 3, -w * 0.15, h * 0.895, front), material("emissive", "#47d16b")))
        door = (0, h * 0.45, front + 0.012)
        parts.append(Part(zcyl(w * 0.36, 0.02, door, 32), CHROME))
        parts.append(Part(zcyl(w * 0.28, 0.03, door, 32), material("glass", "#2c3e50")))
    elif p.variant == 1:
        window_w = w * 0.62
        x_w = -w / 2 + 0.04 + window_w / 2
        parts.append(Part(slab(window_w, h * 0.68, 0.02, x_w, h * 0.2, front - 0.005), material("plastic", "#111418")))
        rng = p.rng()
        for i in range(5):  # products behind the glass
            parts += goods_row(x_w - window_w / 2 + 0.02, x_w + window_w / 2 - 0.02, h * (0.22 + 0.13 * i), front + 0.012,
                            0.01, h * 0.09, rng, 1.0)
        parts.append(Part(slab(window_w, h * 0.68, 0.006, x_w, h * 0.2, front + 0.03), material("glass", "#dfeff5")))
        x_k = w / 2 - (w - window_w - 0.04) / 2
        parts.append(Part(slab(w * 0.22, h * 0.14, _SEAM * 2, x_k, h * 0.62, front), material("emissive", "#8fd3ff")))
        for row in range(3):  # keypad
            for col in range(3):
                parts.append(Part(slab(w * 0.05, w * 0.04, 0.01, x_k + (col - 1) * w * 0.065, h * (0.45 + 0.035 * row), front), trim))
        parts.append(Part(slab(w * 0.9, h * 0.08, 0.06, 0, h * 0.06, front), trim))  # pick-up flap
        parts.append(Part(slab(w, h * 0.06, _SEAM * 2, 0, h * 0.92, front), material("emissive", "#fff1c8")))
    else:
        parts.append(Part(slab(0.006, h * 0.9, _SEAM * 2, 0, h * 0.05, front), trim))  # the seam between two doors
        for sx in (-1, 1):
            parts.append(Part(slab(0.02, h * 0.25, 0.03, sx * 0.04, h * 0.45, front), CHROME))
            for i in range(12):  # vent slats
                parts.append(Part(slab(w * 0.36, 0.012, _SEAM * 2, sx * w * 0.24, h * (0.1 + 0.065 * i), front), trim))
        for i in range(4):  # status lights
            parts.append(Part(sphere(0.008, (-w * 0.4 + i * 0.025, h * 0.93, front + 0.005), 1), material("emissive", "#47d16b")))
    return fit(parts, p.size)


# ------------------------------------------------------------ shelf unit

@generator("shelf_unit", options={"accent": None, "shelves": None, "goods": True},
           sizes=((1.2, 1.8, 0.45), (1.5, 2.0, 0.6), (0.9, 1.8, 0.35)))
def shelf_unit(p: GenParams) -> list[Part]:
    """Uprights and shelves holding goods: v0 shop shelving with a back panel, v1 open steel rack, v2 wooden shelf."""
    w, h, d = p.size
    # Shop shelving is powder-coated steel: a painted, non-metallic finish (bare metal with nothing bright to reflect
    # renders near black, and the light gondola read as a dark bookcase).
    frame = p.mat(*(("plastic", "#d8dadc"), ("metal", "#2f5d8a"), ("wood", "#9a6b3f"))[p.variant])
    board = accent(p, *(("plastic", "#eceeef"), ("wood", "#c89a63"), ("wood", "#9a6b3f"))[p.variant])
    shelves = int(p.option("shelves") or max(2, round(h / 0.4)))
    t, post_w = max(0.015, h * 0.012), min(0.06, w * 0.05)
    parts = []
    if p.variant == 1:
        for sx in (-1, 1):
            for sz in (-1, 1):
                parts.append(Part(slab(post_w, h, post_w, sx * (w / 2 - post_w / 2), 0, sz * (d / 2 - post_w / 2)), frame))
    else:
        for sx in (-1, 1):
            parts.append(Part(slab(post_w, h, d, sx * (w / 2 - post_w / 2), 0, 0), frame))
        parts.append(Part(slab(w - 2 * post_w, h, 0.015, 0, 0, -d / 2 + 0.0075), frame))
    rng = p.rng()
    inner = w / 2 - post_w
    levels = [h * 0.06 + i * (h * 0.94 - t) / shelves for i in range(shelves)] + [h - t]
    for i, y in enumerate(levels):
        parts.append(Part(slab(2 * inner, t, d - 0.02, 0, y, 0.0), board))
        if p.variant == 1:
            parts.append(Part(x_rod(-w / 2, w / 2, y, d / 2 - post_w / 2, post_w * 0.3, 8), frame))
        if p.option("goods", True) and i < len(levels) - 1:
            gap = levels[i + 1] - y - t
            parts += goods_row(-inner + 0.01, inner - 0.01, y + t, 0.02, d * 0.7, gap * 0.85, rng)
    if p.variant == 0:  # a kick plate and a price rail
        parts.append(Part(slab(2 * inner, h * 0.06, 0.02, 0, 0, d / 2 - 0.02), frame))
    return fit(parts, p.size)


# ------------------------------------------------------------ table-like

@generator("table_like", options={"accent": None}, sizes=((1.2, 0.75, 0.8), (0.9, 0.75, 0.9), (1.4, 0.76, 0.7)))
def table_like(p: GenParams) -> list[Part]:
    """A top on legs: v0 four legs (tables, stands), v1 pedestal (round when asked: cafe tables), v2 desk with side panels."""
    w, h, d = p.size
    top_mat = p.mat("wood", ("#9a6b3f", "#e8e4da", "#c9a36b")[p.variant])
    legs = accent(p, *(("wood", "#5c3b23"), ("metal", "#2b2b2e"), ("wood", "#c9a36b"))[p.variant])
    t = min(0.05, max(0.02, h * 0.04))
    round_top = p.shape in ("round", "oval", "circular") or (p.variant == 1 and p.shape is None)
    if round_top:
        top = Part(lathe([(0, 0), (0.5, 0), (0.5, t), (0, t)], 0, h - t, 0, 32, (w, d)), top_mat)
    else:
        top = Part(slab(w, t, d, 0, h - t, 0), top_mat)
    parts = [top]
    leg = min(0.06, max(0.025, min(w, d) * 0.06))
    if p.variant == 0:
        inset = 0.06 if round_top else 0.03
        for sx in (-1, 1):
            for sz in (-1, 1):
                parts.append(Part(slab(leg, h - t, leg, sx * (w / 2 - inset - leg / 2), 0, sz * (d / 2 - inset - leg / 2)), legs))
        parts.append(Part(slab(w - 0.1, h * 0.08, 0.02, 0, h - t - h * 0.08, -d / 2 + 0.05), legs))  # apron
    elif p.variant == 1:
        parts += [Part(post(leg, h - t, 0, 0, 0, 16), legs),
                  Part(frustum(min(w, d) * 0.32, leg, h * 0.06, (0, 0, 0), 24), legs)]
    else:
        for sx in (-1, 1):
            parts.append(Part(slab(0.03, h - t, d - 0.02, sx * (w / 2 - 0.015), 0, 0), legs))
        parts.append(Part(slab(w - 0.06, h * 0.45, 0.02, 0, h * 0.45 - t, -d / 2 + 0.04), legs))  # modesty panel
        parts.append(Part(slab(w * 0.3, h * 0.12, d * 0.8, w * 0.3, h - t - h * 0.12, 0), legs))  # drawer
        parts.append(Part(slab(w * 0.1, 0.015, 0.015, w * 0.3, h - t - h * 0.07, d * 0.4), CHROME))
    return fit(parts, p.size)


# -------------------------------------------------------------- seat-like

@generator("seat_like", options={"accent": None, "arms": None, "back": True, "seat_height": 0.45},
           sizes=((0.5, 0.9, 0.5), (1.5, 0.85, 0.55), (0.9, 1.6, 0.8)))
def seat_like(p: GenParams) -> list[Part]:
    """A seat and a back: v0 chair on legs, v1 slatted bench, v2 throne on a plinth (arms by default).

    Options: arms (bool, default only on v2), back (bool; False makes a stool or a backless bench),
    seat_height (metres of the seat's top, 0.45 for people; at most 90% of the height with a back).
    """
    w, h, d = p.size
    back = bool(p.option("back", True))
    arms = p.option("arms")
    arms = p.variant == 2 if arms is None else bool(arms)
    seat_y = min(p.number_option("seat_height", 0.45), h * 0.9) if back else h
    cover = p.mat(*(("wood", "#9a6b3f"), ("wood", "#8a5a34"), ("fabric", "#8e1b2b"))[p.variant])
    frame = accent(p, *(("wood", "#5c3b23"), ("metal", "#2b2b2e"), ("metal", "#c9a24a"))[p.variant])
    t = min(0.06, max(0.03, seat_y * 0.1))
    leg = min(0.05, w * 0.08)
    back_d = min(0.08, d * 0.15)
    parts = []
    if p.variant == 2:
        parts.append(Part(slab(w, seat_y - t, d, 0, 0, 0), frame))
    else:
        for sx in (-1, 1):
            for sz in (-1, 1):
                parts.append(Part(slab(leg, seat_y - t, leg, sx * (w / 2 - leg / 2), 0, sz * (d / 2 - leg / 2)), frame))
    if p.variant == 1:  # slats across the seat
        n = max(3, int(d / 0.09))
        for i in range(n):
            parts.append(Part(slab(w, t, d / n * 0.8, 0, seat_y - t, -d / 2 + d / n * (i + 0.5)), cover))
    else:
        parts.append(Part(slab(w, t, d, 0, seat_y - t, 0), cover))
    if back and h > seat_y + 0.05:
        back_h = h - seat_y
        if p.variant == 2:  # a tall arched back with a crest
            parts.append(Part(slab(w * 0.9, back_h * 0.85, back_d, 0, seat_y, -d / 2 + back_d / 2), cover))
            parts.append(Part(hull([(x, seat_y + back_h * 0.85, z) for x in (-w * 0.45, w * 0.45) for z in (-d / 2, -d / 2 + back_d)]
                                   + [(0, h, -d / 2), (0, h, -d / 2 + back_d)]), frame))
        else:
            parts.append(Part(rotated_x(slab(w, back_h, back_d, 0, seat_y, -d / 2 + back_d / 2), -0.08, (0, seat_y, -d / 2 + back_d)), cover))
    if arms:
        arm_y = seat_y + min(0.25, (h - seat_y) * 0.4)
        for sx in (-1, 1):
            x = sx * (w / 2 - 0.04)
            parts.append(Part(slab(0.08, arm_y - seat_y + t, d * 0.9, x, seat_y - t, 0.0), frame))
    return fit(parts, p.size)


# ------------------------------------------------------------- container

@generator("container", options={"accent": None, "lid": None}, sizes=((0.6, 0.45, 0.4), (0.45, 0.6, 0.45), (0.45, 0.3, 0.35)))
def container(p: GenParams) -> list[Part]:
    """A body and a lid or rim: v0 chest or crate with a lid and bands, v1 round bin or pot, v2 open basket with a handle.

    Options: lid (bool; default on v0 and v1, a basket has none).
    """
    w, h, d = p.size
    body = p.mat(*(("wood", "#8a5a34"), ("plastic", "#4a6b8a"), ("wood", "#c8a46a"))[p.variant])
    trim = accent(p, *(("metal", "#3a3c40"), ("plastic", "#2d3e50"), ("wood", "#8a6a3a"))[p.variant])
    lid = p.option("lid")
    lid = p.variant != 2 if lid is None else bool(lid)
    t = min(0.03, max(0.008, min(w, d) * 0.04))
    if p.variant == 1:
        r = min(w, d) / 2
        parts = [Part(lathe([(0, 0), (r * 0.85, 0), (r * 0.97, h * 0.92), (r * 0.9, h * 0.92), (r * 0.78, t), (0, t)], 0, 0, 0, 24,
                            (w / (2 * r), d / (2 * r))), body),
                 Part(ring(r * 0.9, r, h * 0.06, (0, h * 0.9, 0), 24), trim)]
        if lid:
            parts.append(Part(lathe([(0, 0), (r, 0), (r * 0.95, h * 0.05), (0, h * 0.08)], 0, h * 0.92, 0, 24), trim))
        return fit(parts, p.size)
    wall_h = h * (0.78 if lid else 1.0) if p.variant == 0 else h * 0.62  # a basket's handle arches over it
    parts = [Part(slab(w, t, d, 0, 0, 0), body)]
    parts += [Part(slab(w, wall_h, t, 0, 0, sz * (d / 2 - t / 2)), body) for sz in (-1, 1)]
    parts += [Part(slab(t, wall_h, d - 2 * t, sx * (w / 2 - t / 2), 0, 0), body) for sx in (-1, 1)]
    if p.variant == 0:
        for sx in (-1, 1):  # metal bands over the corners
            parts.append(Part(slab(0.03, wall_h, d + 0.01, sx * w * 0.32, 0, 0), trim))
        if lid:
            parts.append(Part(slab(w, h - wall_h, d, 0, wall_h, 0), body))
            parts.append(Part(slab(w * 0.12, h * 0.1, 0.015, 0, wall_h - h * 0.08, d / 2), trim))  # hasp
    else:
        for i in range(1, 4):  # woven bands
            parts.append(Part(slab(w + 0.004, h * 0.04, d + 0.004, 0, wall_h * i / 4, 0), trim))
        handle_y = h - 0.012
        parts.append(Part(x_rod(-w * 0.42, w * 0.42, handle_y, 0, 0.012, 8), trim))
        parts += [Part(slab(0.02, handle_y - wall_h * 0.6, 0.02, sx * w * 0.42, wall_h * 0.6, 0), trim) for sx in (-1, 1)]
    return fit(parts, p.size)
