"""Counters and sinks: kitchen sink units, shop and bar counters, wash basins."""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.families.kitchen_parts import cabinet_doors, deck_with_hole, drawer_stack, faucet, inset_basin
from tools.assets.families.palette import CHROME, COUNTER_STONE, DARK, GLASS, PORCELAIN, STEEL
from tools.assets.mesh import Part, material, rod
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import lathe, open_box, parts_of, post, slab


@generator("sink_counter")
def sink_counter(p: GenParams) -> list[Part]:
    """A sink counter: cabinet doors, drawers, or a farmhouse sink."""
    return (_sink_counter_doors, _sink_counter_drawers, _sink_counter_farmhouse)[p.variant](p)


def _counter_carcass(p: GenParams, body, top_y: float, t: float, front_gap: float) -> list[Part]:
    """Cabinet walls up to the top and a dark toe kick; the front face sits at d/2 - front_gap."""
    w, _, d = p.size
    kick = min(0.1, top_y * 0.12)
    cd = d - front_gap - 0.02
    parts = parts_of(open_box(w - 0.01, top_y - t - kick, cd, 0.018, 0, kick, -(front_gap + 0.02) / 2), body)
    return parts + [Part(slab(w - 0.05, kick, cd - 0.05, 0, 0, -(front_gap + 0.02) / 2 - 0.02), DARK)]


def _sink_counter_doors(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#ece6da")
    top, t = 0.82 * h, min(0.04, 0.05 * h)
    face = d / 2 - 0.04
    bw, bd = min(0.55 * w, 0.6), 0.6 * d
    parts = _counter_carcass(p, body, top, t, 0.04)
    parts += parts_of(deck_with_hole(w, d, t, top - t, bw, bd, 0, 0.02 * d), COUNTER_STONE)
    parts += parts_of(inset_basin(top, t, bw, bd, min(0.2, top * 0.25), 0, 0.02 * d), STEEL)
    parts += parts_of(faucet(0, top, -d * 0.38, h - top, d * 0.3), CHROME)
    kick = min(0.1, top * 0.12)
    return parts + cabinet_doors(w - 0.01, kick, top - t, face - 0.02, 2, body, CHROME)


def _sink_counter_drawers(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#8a5a35")
    top, t = 0.82 * h, min(0.04, 0.05 * h)
    face = d / 2 - 0.04
    bw, bd = 0.3 * w, 0.6 * d
    parts = _counter_carcass(p, body, top, t, 0.04)
    holes_x = (-0.18 * w, 0.18 * w)
    # a top with two holes: three slabs between/around the holes plus front and back strips
    x_edges = [-w / 2, holes_x[0] - bw / 2, holes_x[0] + bw / 2, holes_x[1] - bw / 2, holes_x[1] + bw / 2, w / 2]
    z0, z1 = 0.02 * d - bd / 2, 0.02 * d + bd / 2
    stone = material("stone", "#3b3b3d")
    for a, b in ((x_edges[0], x_edges[1]), (x_edges[2], x_edges[3]), (x_edges[4], x_edges[5])):
        parts.append(Part(slab(b - a, t, d, (a + b) / 2, top - t, 0), stone))
    for a, b in ((x_edges[1], x_edges[2]), (x_edges[3], x_edges[4])):
        parts += [Part(slab(b - a, t, z0 + d / 2, (a + b) / 2, top - t, (z0 - d / 2) / 2), stone),
                  Part(slab(b - a, t, d / 2 - z1, (a + b) / 2, top - t, (z1 + d / 2) / 2), stone)]
    for hx in holes_x:
        parts += parts_of(inset_basin(top, t, bw, bd, min(0.2, top * 0.25), hx, 0.02 * d), STEEL)
    parts += parts_of(faucet(0, top, -d * 0.38, h - top, d * 0.28), STEEL)
    kick = min(0.1, top * 0.12)
    dw = w * 0.3
    parts += drawer_stack(-w / 2 + dw / 2, dw, kick, top - t, face - 0.02, 3, body, STEEL)
    doors = cabinet_doors(w - dw - 0.01, kick, top - t, face - 0.02, 2, body, STEEL)
    for part in doors:
        part.mesh.apply_translation((dw / 2, 0, 0))
    return parts + doors


def _sink_counter_farmhouse(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#5d7a8c")
    top, t = 0.82 * h, min(0.04, 0.05 * h)
    face = d / 2 - 0.04
    bw, bd, depth = 0.6 * w, 0.75 * d, min(0.25, top * 0.3)
    hz = d / 2 - bd / 2
    wood_top = material("wood", "#b07a45")
    parts = _counter_carcass(p, body, top, t, 0.04)
    parts += parts_of(deck_with_hole(w, d, t, top - t, bw, bd, 0, hz)[:3], wood_top)
    wall = min(0.025, bw * 0.05)
    parts += parts_of(open_box(bw, depth, bd, wall, 0, top - depth, hz), PORCELAIN)  # apron sink, front flush with the top
    parts += parts_of(faucet(0, top, -d * 0.4, h - top, d * 0.3), material("metal", "#b08d57"))
    kick = min(0.1, top * 0.12)
    return parts + cabinet_doors(w - 0.01, kick, top - depth - 0.01, face - 0.02, 2, body, CHROME)


@generator("counter")
def counter(p: GenParams) -> list[Part]:
    """A counter: shop counter, bar or display case."""
    return (_counter_shop, _counter_bar, _counter_display)[p.variant](p)


def _raised_panels(w: float, y0: float, y1: float, z_face: float, n: int, mat) -> list[Part]:
    pw = w / n
    return [Part(slab(pw * 0.78, (y1 - y0) * 0.75, 0.012, -w / 2 + pw * (i + 0.5), y0 + (y1 - y0) * 0.125, z_face + 0.006), mat)
            for i in range(n)]


def _counter_shop(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#9b6b43")
    t, over = min(0.05, 0.05 * h), min(0.05, 0.08 * d)
    kick = min(0.1, 0.1 * h)
    base_d = d - over - 0.012
    parts = [Part(slab(w - 2 * over, h - t, base_d, 0, 0, -(over + 0.012) / 2), body),
             Part(slab(w, t, d, 0, h - t, 0), COUNTER_STONE),
             Part(slab(w - 2 * over + 0.004, kick, 0.012, 0, 0, d / 2 - over - 0.006), DARK)]
    return parts + _raised_panels(w - 2 * over, kick, h - t, d / 2 - over - 0.012, max(2, round(w / 0.5)), body)


def _counter_bar(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#4a2e1e")
    t = min(0.05, 0.05 * h)
    work_y, bar_d = 0.86 * h, 0.35 * d
    front_z = d / 2 - bar_d * 0.3  # the raised bar overhangs the front face
    base_d = front_z + d / 2
    parts = [Part(slab(w, work_y - t, base_d, 0, 0, (front_z - d / 2) / 2), body),
             Part(slab(w, t, d - bar_d * 0.7, 0, work_y - t, -(bar_d * 0.7) / 2), COUNTER_STONE),  # back work top
             Part(slab(w, h - work_y, bar_d * 0.3, 0, work_y - t, front_z - bar_d * 0.15), body),  # riser
             Part(slab(w, t, bar_d, 0, h - t, d / 2 - bar_d / 2), material("wood", "#c08a50"))]
    brass = material("metal", "#c9a24a")
    rail_z = front_z + min(0.12, d * 0.17)
    parts.append(Part(rod((-w / 2 + 0.05, 0.2 * h, rail_z), (w / 2 - 0.05, 0.2 * h, rail_z), min(0.025, 0.025 * h), 12), brass))
    for x in np.linspace(-w / 2 + 0.1, w / 2 - 0.1, max(2, round(w / 0.8) + 1)):
        parts.append(Part(rod((x, 0.2 * h, rail_z), (x, 0.2 * h, front_z), 0.012, 8), brass))
    return parts + _raised_panels(w, 0.1 * h, work_y - t, front_z, max(2, round(w / 0.6)), body)


def _counter_display(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#e4e0d8")
    base_h, t, post_r = 0.4 * h, min(0.012, 0.02 * d), min(0.02, 0.02 * w)
    parts = [Part(slab(w, base_h, d, 0, 0, 0), body),
             Part(slab(w, t, d, 0, h - t, 0), GLASS),
             Part(slab(w, h - base_h - t, t, 0, base_h, d / 2 - t / 2), GLASS),
             Part(slab(t, h - base_h - t, d, -w / 2 + t / 2, base_h, 0), GLASS),
             Part(slab(t, h - base_h - t, d, w / 2 - t / 2, base_h, 0), GLASS),
             Part(slab(w, h - base_h, t, 0, base_h, -d / 2 + t / 2), body),
             Part(slab(w - 2 * t, t, d - 2 * t, 0, base_h + (h - base_h) * 0.45, 0), GLASS)]  # shelf
    parts += parts_of([post(post_r, h - base_h, sx * (w / 2 - post_r), base_h, sz * (d / 2 - post_r), 8)
                     for sx in (-1, 1) for sz in (-1, 1)], STEEL)
    rng = p.rng()
    colors = ("#e8b04a", "#c4553f", "#6d9a5b", "#4f79b0", "#f2e6c8")
    for i, x in enumerate(np.linspace(-w / 2 + 0.15 * w, w / 2 - 0.15 * w, 5)):
        bw, bh = w * rng.uniform(0.05, 0.09), (h - base_h) * rng.uniform(0.15, 0.3)
        parts.append(Part(slab(bw, bh, d * 0.3, x, base_h, 0), material("plastic", colors[i])))
    return parts


@generator("sink")
def sink(p: GenParams) -> list[Part]:
    """A sink: pedestal, vanity or console."""
    return (_sink_pedestal, _sink_vanity, _sink_console)[p.variant](p)


def _wash_basin(w: float, bh: float, d: float, y: float, z: float, round_bowl: bool) -> list[trimesh.Trimesh]:
    """A porcelain basin block w x bh x d standing on (0, y, z) with a bowl hollowed from its top, tap deck at the back."""
    if round_bowl:
        r = 1.0
        profile = [(0, 0), (r * 0.7, 0), (r, bh * 0.8), (r, bh), (r * 0.9, bh), (r * 0.6, bh * 0.25), (0, bh * 0.25)]
        return [lathe(profile, 0, y, z, 28, scale=(w / 2, d / 2))]
    back = d * 0.22
    wall = min(0.03, w * 0.06)
    inner = open_box(w, bh, d - back + wall, wall, 0, y, z + back / 2 - wall / 2)
    return inner + [slab(w, bh, back, 0, y, z - d / 2 + back / 2)]


def _sink_pedestal(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#f6f6f2")
    top, bh = 0.84 * h, 0.18 * h
    parts = parts_of(_wash_basin(w, bh, d, top - bh, 0, p.shape in ("round", "oval")), china)
    parts.append(Part(lathe([(0, 0), (0.2 * w, 0), (0.13 * w, top * 0.5), (0.16 * w, top - bh), (0, top - bh)], 0, 0, -0.15 * d, 20), china, True))
    return parts + parts_of(faucet(0, top, -d * 0.38, h - top, d * 0.2), CHROME)


def _sink_vanity(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#6f4e37")
    top, t = 0.66 * h, min(0.03, 0.04 * h)
    parts = [Part(slab(w, top - t - 0.06 * h, d - 0.04, 0, 0.06 * h, -0.02), body),
             Part(slab(w, t, d, 0, top - t, 0), COUNTER_STONE)]
    parts += parts_of([post(min(0.015, w * 0.03), 0.06 * h, sx * w * 0.45, 0, sz * d * 0.4, 8) for sx in (-1, 1) for sz in (-1, 1)], CHROME)
    r, bh = min(0.38 * w, 0.38 * d), 0.16 * h
    bowl = [(0, 0), (r * 0.45, 0), (r * 0.95, bh * 0.6), (r, bh), (r * 0.92, bh), (r * 0.85, bh * 0.6), (r * 0.4, bh * 0.12), (0, bh * 0.12)]
    parts.append(Part(lathe(bowl, 0, top, 0.05 * d, 28), PORCELAIN, True))
    parts += parts_of(faucet(0, top, -d * 0.4, h - top, d * 0.3), material("metal", "#2a2a2a"))
    return parts + cabinet_doors(w, 0.06 * h, top - t, d / 2 - 0.04, 2, body, CHROME)


def _sink_console(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#f6f6f2")
    top, bh = 0.84 * h, 0.15 * h
    parts = parts_of(_wash_basin(w, bh, d, top - bh, 0, p.shape in ("round", "oval")), china)
    leg_r = min(0.015, w * 0.03)
    legs_z = d / 2 - leg_r * 2
    parts += parts_of([post(leg_r, top - bh, sx * (w / 2 - leg_r * 2), 0, legs_z, 12) for sx in (-1, 1)], CHROME)
    parts += parts_of([rod((-w / 2 + leg_r * 2, 0.45 * h, legs_z), (w / 2 - leg_r * 2, 0.45 * h, legs_z), leg_r * 0.8, 10),
                     rod((-w / 2 + leg_r * 2, 0.05 * h, legs_z), (w / 2 - leg_r * 2, 0.05 * h, legs_z), leg_r * 0.8, 10)], CHROME)
    parts.append(Part(slab(w * 0.8, 0.09 * h, 0.02, 0, 0.36 * h, legs_z), material("fabric", "#e9dcc6")))  # towel on the bar
    return parts + parts_of(faucet(0, top, -d * 0.38, h - top, d * 0.2), CHROME)
