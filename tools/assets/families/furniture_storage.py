"""furniture generators, storage: tv stand, bookshelf, nightstand, wardrobe, dresser, cabinet.

Closed carcasses are one solid block set back by FRONT_ROOM, with drawer
fronts, doors and handles in front of it; open compartments are built from
panels so their insides show.
"""

from __future__ import annotations

from tools.assets.families.furniture_parts import (
    BLACK,
    CHROME,
    DARK_WOOD,
    FRONT_ROOM,
    LIGHT_WOOD,
    MIRROR,
    WOOD,
    books,
    door_pair,
    drawer_bank,
    four_legs,
    thickness,
)
from tools.assets.mesh import Part, cylinder, material, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import frustum, slab


def _body(W: float, H: float, D: float, y: float, mat) -> tuple[Part, float]:
    """A solid carcass from height ``y`` to ``H``, set back to leave FRONT_ROOM; returns it and its front z."""
    depth = D - FRONT_ROOM
    return Part(slab(W, H - y, depth, 0, y, -D / 2 + depth / 2), mat), -D / 2 + depth


def _open_box(W: float, H: float, D: float, y: float, t: float, mat, back: bool = True) -> list[Part]:
    """Top, bottom, two sides and (optionally) a back panel: a box open at the front."""
    parts = [Part(slab(W, t, D, 0, y, 0), mat), Part(slab(W, t, D, 0, H - t, 0), mat)]
    for sx in (-1, 1):
        parts.append(Part(slab(t, H - y, D, sx * (W / 2 - t / 2), y, 0), mat))
    if back:
        parts.append(Part(slab(W, H - y, t * 0.5, 0, y, -D / 2 + t * 0.25), mat))
    return parts


def _shelves(W: float, D: float, t: float, levels: list[float], mat) -> list[Part]:
    return [Part(slab(W - 2 * t, t, D - t, 0, y, t / 2), mat) for y in levels]


@generator("tv_stand", variants=3)
def tv_stand(p: GenParams) -> list[Part]:
    """v0 low cabinet: doors either side of an open middle; v1 open shelves on metal legs;
    v2 three drawers on tapered legs."""
    W, H, D = p.size
    body = p.mat("wood", (WOOD, DARK_WOOD, LIGHT_WOOD)[p.variant])
    handle = material("metal", BLACK if p.variant else CHROME)
    t = thickness(H, 0.05, 0.03, 0.015)
    if p.variant == 0:
        plinth = H * 0.08
        shell = _open_box(W, H, D - FRONT_ROOM, plinth, t, body)
        for part in shell:
            part.mesh.apply_translation((0, 0, -FRONT_ROOM / 2))
        parts = [Part(slab(W - 0.04, plinth, D - 0.06, 0, 0, -0.02), material("wood", DARK_WOOD))] + shell
        z_front = D / 2 - FRONT_ROOM
        parts.append(Part(slab(W - 2 * t, t, D - FRONT_ROOM - t, 0, (plinth + H) / 2, -FRONT_ROOM / 2), body))
        for sx in (-1, 1):
            parts.append(Part(slab(t, H - plinth, D - FRONT_ROOM, sx * W / 6, plinth, -FRONT_ROOM / 2), body))
        parts += door_pair(-W / 2, -W / 6, plinth, H, z_front, 1, body, handle, "knob")
        parts += door_pair(W / 6, W / 2, plinth, H, z_front, 1, body, handle, "knob")
        return parts
    if p.variant == 1:
        leg = thickness(H, 0.05, 0.03, 0.015)
        steel = material("metal", BLACK)
        parts = [Part(m, steel) for m in four_legs(W / 2 - leg / 2, D / 2 - leg / 2, H, leg)]
        for y in (H * 0.1, H * 0.52, H - t):
            parts.append(Part(slab(W - 0.005, t, D - 0.005, 0, y, 0), body))
        parts.append(Part(slab(W * 0.25, H * 0.12, D * 0.6, -W * 0.2, H * 0.52 + t, -D * 0.1), material("plastic", BLACK)))
        return parts
    leg_h = H * 0.28
    parts = [Part(m, material("wood", DARK_WOOD)) for m in four_legs(W / 2 - 0.06, D / 2 - 0.08, leg_h, 0.035, round_legs=True, taper=0.6)]
    box, z_front = _body(W, H, D, leg_h, body)
    parts.append(box)
    parts += drawer_bank(-W / 2 + 0.01, W / 2 - 0.01, leg_h + 0.02, H - 0.02, z_front, 1, 3, body, handle, "bar")
    return parts


@generator("bookshelf", variants=3, options={"goods": True})
def bookshelf(p: GenParams) -> list[Part]:
    """v0 closed-back bookcase full of books; v1 open metal frame with wooden shelves;
    v2 grid of cubbies with books and storage bins. Option goods=False: bare boards, for what the scene puts on them."""
    W, H, D = p.size
    rng = p.rng()
    filled = bool(p.option("goods", True))
    body = p.mat("wood" if p.variant != 1 else "metal", (WOOD, BLACK, "#f2f0ea")[p.variant])
    t = thickness(W, 0.025, 0.025, 0.012)
    count = max(2, round(H / 0.38))
    gap = (H - 0.06 - t) / count
    levels = [0.06 + i * gap for i in range(count)] + [H - t]
    if p.variant == 1:
        shelf_mat = material("wood", LIGHT_WOOD)
        r = thickness(W, 0.02, 0.015, 0.008)
        parts = [Part(cylinder(r, H, (sx * (W / 2 - r), H / 2, sz * (D / 2 - r)), 8), body) for sx in (-1, 1) for sz in (-1, 1)]
        parts += [Part(slab(W, t, D, 0, y, 0), shelf_mat) for y in levels]
        for i, y in enumerate(levels[:-1] if filled else ()):
            fill = 0.45 if i % 2 else 0.65
            parts += books(rng, -W / 2 + 0.02, W / 2 - 0.02, y + t, gap - t, -D / 2 + 0.01, D * 0.9, fill)
        return parts
    # the lowest board sits on the kick plate, where the books (and what the shelf holds) stand
    parts = _open_box(W, H, D, 0, t, body) + _shelves(W, D, t, levels[:-1], body)
    parts.append(Part(slab(W - 2 * t, 0.06, t, 0, 0, D / 2 - t / 2), body))  # kick plate
    if p.variant == 0:
        for y in levels[:-1] if filled else ():
            parts += books(rng, -W / 2 + t, W / 2 - t, y + t, gap - t, -D / 2 + t, D * 0.85, float(rng.uniform(0.6, 0.9)))
        return parts
    parts.append(Part(slab(t, H, D - t, 0, 0, t / 2), body))
    bins = material("fabric", "#8c9aa8")
    for i, y in enumerate(levels[:-1] if filled else ()):
        for side in (-1, 1):
            x0 = -W / 2 + t if side < 0 else t / 2
            x1 = -t / 2 if side < 0 else W / 2 - t
            if (i + (side > 0)) % 2:
                parts.append(Part(slab((x1 - x0) * 0.92, (gap - t) * 0.85, D * 0.85, (x0 + x1) / 2, y + t, -D * 0.05), bins))
            else:
                parts += books(rng, x0, x1, y + t, gap - t, -D / 2 + t, D * 0.85, 0.85)
    return parts


@generator("nightstand", variants=3)
def nightstand(p: GenParams) -> list[Part]:
    """v0 two drawers on short legs; v1 drawer over an open shelf on a plinth;
    v2 one drawer on tall splayed legs with a lower shelf."""
    W, H, D = p.size
    body = p.mat("wood", (WOOD, "#f2efe8", LIGHT_WOOD)[p.variant])
    wood = material("wood", DARK_WOOD)
    knob = material("metal", "#b08d57")
    t = thickness(W, 0.04, 0.02, 0.012)
    if p.variant == 0:
        leg_h = H * 0.15
        parts = [Part(m, wood) for m in four_legs(W / 2 - 0.03, D / 2 - 0.05, leg_h, 0.03)]
        box, z_front = _body(W, H, D, leg_h, body)
        return parts + [box] + drawer_bank(-W / 2 + 0.01, W / 2 - 0.01, leg_h + 0.01, H - 0.01, z_front, 2, 1, body, knob, "knob")
    if p.variant == 1:
        plinth = H * 0.06
        parts = [Part(slab(W - 0.03, plinth, D - 0.05, 0, 0, -0.01), wood)]
        shell = _open_box(W, H, D - FRONT_ROOM, plinth, t, body)
        for part in shell:
            part.mesh.apply_translation((0, 0, -FRONT_ROOM / 2))
        drawer_y = H * 0.68
        parts += shell + [Part(slab(W - 2 * t, t, D - FRONT_ROOM, 0, drawer_y - t, -FRONT_ROOM / 2), body)]
        parts += drawer_bank(-W / 2 + t, W / 2 - t, drawer_y, H - t, D / 2 - FRONT_ROOM, 1, 1, body, knob, "bar")
        parts += books(p.rng(), -W / 2 + t, W / 2 - t, plinth + t, drawer_y - plinth - 2 * t, -D / 2 + t, D * 0.6, 0.4)
        return parts
    leg_h, r = H * 0.55, thickness(W, 0.04, 0.02, 0.01)
    parts = [Part(frustum(r * 0.6, r, leg_h, (sx * (W / 2 - r * 1.5), 0, sz * (D / 2 - r * 1.5)), 10), wood)
             for sx in (-1, 1) for sz in (-1, 1)]
    parts.append(Part(slab(W - 4 * r, t, D - 4 * r, 0, leg_h * 0.35, 0), body))
    box, z_front = _body(W, H, D, leg_h, body)
    return parts + [box] + drawer_bank(-W / 2 + 0.01, W / 2 - 0.01, leg_h + 0.01, H - 0.01, z_front, 1, 1, body, knob, "cup")


@generator("wardrobe", variants=3)
def wardrobe(p: GenParams) -> list[Part]:
    """v0 two doors with bar handles, plinth and cornice; v1 three doors, the middle one
    mirrored; v2 doors over two drawers, on legs."""
    W, H, D = p.size
    body = p.mat("wood", (WOOD, "#ece8df", DARK_WOOD)[p.variant])
    handle = material("metal", (CHROME, "#b08d57", BLACK)[p.variant])
    if p.variant == 2:
        leg_h = H * 0.06
        parts = [Part(m, material("wood", DARK_WOOD)) for m in four_legs(W / 2 - 0.05, D / 2 - 0.06, leg_h, 0.04)]
        box, z_front = _body(W, H, D, leg_h, body)
        split = leg_h + (H - leg_h) * 0.25
        parts += [box] + drawer_bank(-W / 2 + 0.01, W / 2 - 0.01, leg_h + 0.01, split, z_front, 2, 1, body, handle, "bar")
        return parts + door_pair(-W / 2 + 0.01, W / 2 - 0.01, split, H - 0.02, z_front, 2, body, handle, "bar")
    plinth, cornice = H * 0.04, H * 0.03
    parts = [Part(slab(W - 0.02, plinth, D - FRONT_ROOM - 0.02, 0, 0, -FRONT_ROOM / 2), material("wood", DARK_WOOD)),
             Part(slab(W, cornice, D, 0, H - cornice, 0), body)]
    box, z_front = _body(W, H - cornice, D, plinth, body)
    parts.append(box)
    doors = 2 if p.variant == 0 else 3
    parts += door_pair(-W / 2 + 0.01, W / 2 - 0.01, plinth, H - cornice, z_front, doors, body, handle,
                       "bar" if p.variant == 0 else "knob")
    if p.variant == 1:
        dw = (W - 0.02) / 3
        parts.append(Part(slab(dw * 0.8, (H - plinth - cornice) * 0.85, 0.006, 0, plinth + (H - plinth - cornice) * 0.075,
                               z_front + 0.021), material("ceramic", MIRROR)))
    return parts


@generator("dresser", variants=3)
def dresser(p: GenParams) -> list[Part]:
    """v0 two columns of three drawers on a plinth; v1 one column of four drawers on tapered
    legs; v2 two small drawers over two wide ones, with an overhanging top."""
    W, H, D = p.size
    body = p.mat("wood", (WOOD, "#e9e4d8", DARK_WOOD)[p.variant])
    handle = material("metal", ("#b08d57", BLACK, CHROME)[p.variant])
    if p.variant == 0:
        plinth = H * 0.06
        parts = [Part(slab(W - 0.02, plinth, D - FRONT_ROOM - 0.02, 0, 0, -FRONT_ROOM / 2), material("wood", DARK_WOOD))]
        box, z_front = _body(W, H, D, plinth, body)
        return parts + [box] + drawer_bank(-W / 2 + 0.01, W / 2 - 0.01, plinth + 0.01, H - 0.01, z_front, 3, 2, body, handle, "knob")
    if p.variant == 1:
        leg_h = H * 0.16
        parts = [Part(m, material("wood", LIGHT_WOOD)) for m in four_legs(W / 2 - 0.05, D / 2 - 0.08, leg_h, 0.04, round_legs=True, taper=0.6)]
        box, z_front = _body(W, H, D, leg_h, body)
        return parts + [box] + drawer_bank(-W / 2 + 0.01, W / 2 - 0.01, leg_h + 0.01, H - 0.01, z_front, 4, 1, body, handle, "bar")
    top_t = thickness(H, 0.04, 0.035, 0.015)
    parts = [Part(slab(W, top_t, D, 0, H - top_t, 0), body)]
    inner_w = W - 0.04
    box, z_front = _body(inner_w, H - top_t, D - 0.02, 0, body)
    box.mesh.apply_translation((0, 0, -0.01))
    z_front -= 0.01
    split = (H - top_t) * 0.72
    parts += [box] + drawer_bank(-inner_w / 2, inner_w / 2, 0.04, split, z_front, 2, 1, body, handle, "bar")
    return parts + drawer_bank(-inner_w / 2, inner_w / 2, split, H - top_t - 0.005, z_front, 1, 2, body, handle, "knob")


@generator("cabinet", variants=3)
def cabinet(p: GenParams) -> list[Part]:
    """v0 two-door sideboard on a plinth; v1 metal filing cabinet; v2 glass-door display
    cabinet with shelves and ceramics inside."""
    W, H, D = p.size
    if p.variant == 1:
        body = p.mat("plastic", "#7d8790")  # plastic: painted steel
        box, z_front = _body(W, H, D, 0, body)
        cols = max(1, round(W / 0.5))
        rows = max(2, min(4, round(H / 0.3)))
        return [box] + drawer_bank(-W / 2 + 0.01, W / 2 - 0.01, 0.03, H - 0.01, z_front, rows, cols, body, material("metal", CHROME), "bar")
    body = p.mat("wood", WOOD if p.variant == 0 else DARK_WOOD)  # v1 returned above
    plinth = H * 0.06
    parts = [Part(slab(W - 0.02, plinth, D - FRONT_ROOM - 0.02, 0, 0, -FRONT_ROOM / 2), material("wood", DARK_WOOD))]
    if p.variant == 0:
        box, z_front = _body(W, H, D, plinth, body)
        return parts + [box] + door_pair(-W / 2 + 0.01, W / 2 - 0.01, plinth, H - 0.01, z_front, 2, body, material("metal", "#b08d57"), "knob")
    t = thickness(W, 0.03, 0.025, 0.012)
    shell = _open_box(W, H, D - FRONT_ROOM, plinth, t, body)
    for part in shell:
        part.mesh.apply_translation((0, 0, -FRONT_ROOM / 2))
    parts += shell
    inner_d = D - FRONT_ROOM - t
    levels = [plinth + (H - plinth) * f for f in (0.35, 0.68)]
    parts += [Part(slab(W - 2 * t, t, inner_d, 0, y, -FRONT_ROOM / 2 + t / 2), body) for y in levels]
    ceramic = material("ceramic", "#3f6f8f")
    for i, y in enumerate([plinth + t] + [y + t for y in levels]):
        for x in (-W * 0.22, W * 0.2):
            r = min(0.06, inner_d * 0.25)
            vase = frustum(r, r * 0.6, (H - plinth) * 0.2, (x + 0.03 * i, y, -FRONT_ROOM / 2), 12)
            parts.append(Part(vase, ceramic))
    glass = material("glass", "#d8eef2")
    z_front = D / 2 - FRONT_ROOM
    for sx in (-1, 1):  # each door: a wooden frame around a glass pane
        x = sx * W / 4
        dw, dh = W / 2 - 0.008, H - plinth - 0.01
        parts.append(Part(slab(dw * 0.9, dh * 0.9, 0.006, x, plinth + dh * 0.05, z_front + 0.009), glass))
        for fx in (-1, 1):
            parts.append(Part(slab(dw * 0.05, dh, 0.018, x + fx * dw * 0.475, plinth, z_front + 0.009), body))
        for fy in (plinth, plinth + dh * 0.95):
            parts.append(Part(slab(dw, dh * 0.05, 0.018, x, fy, z_front + 0.009), body))
        knob = sphere(0.014, (sx * 0.04, plinth + dh * 0.5, z_front + 0.03), subdivisions=1)
        parts.append(Part(knob, material("metal", "#b08d57"), smooth=True))
    return parts
