"""Where things stand inside a holder: on the boards of a shelf unit (a kind's ``hold_levels``) or sunk into an
open top (the ``holds_open`` trait). One geometry, read by the planner (how many things fill a holder) and by
the layout and verification (where each one stands), so what the planner counts is what the layout can place.
"""

from __future__ import annotations

from tools.knowledge.categories import CATEGORIES

HEADROOM = 0.01  # metres a thing on a board keeps under the board above
BOARD_INSET = 0.03  # metres kept free at a board's ends and front
SPACING = 0.012  # metres between held things side by side: over the layout solver's clearance
SINK = 0.5  # share of a held thing's height below an open container's rim
EYE_HEIGHT = 1.2  # metres: the boards nearest this height fill first, they show best
_EPS = 1e-6


def hold_heights(category: str, y: float, h: float, held_h: float) -> list[float]:
    """Where a thing ``held_h`` tall stands in a holder of ``category`` whose bottom is at ``y``, ``h`` tall:
    on each board it fits under (boards nearest eye height first), else sunk into an open top; [] when none."""
    kind = CATEGORIES.get(category)
    if kind is None:
        return []
    if kind.hold_levels:
        boards = [y + f * h for f in kind.hold_levels]
        ceilings = boards[1:] + [y + h]
        fitting = [b for b, c in zip(boards, ceilings) if b + held_h <= c - HEADROOM + _EPS]
        return sorted(fitting, key=lambda b: abs(b + held_h / 2 - EYE_HEIGHT))
    if "holds_open" in kind.traits:
        return [max(y + h - SINK * held_h, y + 0.05 * h)]
    return []


def board_row(holder_w: float, holder_d: float, w: float, d: float) -> list[float]:
    """Local x of each thing ``w`` wide, ``d`` deep standing side by side along a board of a holder
    ``holder_w`` x ``holder_d``, left to right; [] when it does not fit the board."""
    free_x = (holder_w - w) / 2 - BOARD_INSET
    if free_x < -_EPS or d + BOARD_INSET > holder_d + _EPS:
        return []
    step = w + SPACING
    return [-free_x + i * step for i in range(int(2 * max(free_x, 0.0) / step) + 1)]


def open_spots(holder_w: float, holder_d: float, w: float, d: float, limit: int = 12) -> list[tuple[float, float]]:
    """Local (x, z) spots over an open top for things ``w`` x ``d``: the middle, then a grid over the opening.
    What is wider than the opening (a bunch of tulips in a vase) may lean off the middle, its own middle still
    over the opening."""
    free_x, free_z = ((side - own) / 2 if side > own else side * 0.45 for side, own in ((holder_w, w), (holder_d, d)))
    step_x, step_z = (own + SPACING if side > own else side * 0.45 for side, own in ((holder_w, w), (holder_d, d)))
    return [(0.0, 0.0)] + [
        (-free_x + i * step_x, -free_z + j * step_z)
        for i in range(min(int(2 * free_x / step_x) + 1, limit))
        for j in range(min(int(2 * free_z / step_z) + 1, limit))
    ]


def capacity(holder: str, held: str) -> int:
    """How many things of kind ``held`` fill a holder of kind ``holder`` at their typical sizes, side by side
    without stacking: a row on each board they fit under, or a grid over an open top (one across a side they are
    wider than); 0 when none fit."""
    hw, hh, hd = CATEGORIES[holder].size
    w, h, d = CATEGORIES[held].size
    levels = hold_heights(holder, 0.0, hh, h)
    if CATEGORIES[holder].hold_levels:
        return len(levels) * len(board_row(hw, hd, w, d))
    across, deep = (int(max(side - own, 0.0) // (own + SPACING)) + 1 for side, own in ((hw, w), (hd, d)))
    return across * deep if levels else 0
