"""What a view shows: where a point lands in its frame, whether a box lies whole inside it, and whether the frame's
edge cuts a box (part of it in frame, part out), as a photograph's edge should cut nothing that was asked for.

A view is ``{"position": [x, y, z], "target": [x, y, z], "fov": degrees}`` (tools/page/camera.py), seen on a frame
``aspect`` wide per unit high with +Y up.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

# A box pokes into the frame (or out of it) by less than this share of the half-frame, NDC, before it counts as
# cut: a chair leg's corner grazing the edge is not a cut a viewer sees.
EDGE_SLACK = 0.02
CORNER_PICK = np.array([[x, y, z] for x in (0, 1) for y in (0, 1) for z in (0, 1)], dtype=bool)  # hi where True


def camera_axes(forward: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(right, up) unit vectors (3,) of a camera looking along ``forward`` (3,) with +Y up."""
    right = np.cross(forward, [0.0, 1.0, 0.0])
    right /= np.linalg.norm(right)
    return right, np.cross(right, forward)


def view_basis(view: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]:
    """(position, forward, right, up) (3,) each, and the tangent of half the vertical field of view, of ``view``."""
    position = np.asarray(view["position"], float)
    forward = np.subtract(view["target"], position)
    forward /= np.linalg.norm(forward)
    right, up = camera_axes(forward)
    return position, forward, right, up, math.tan(math.radians(view["fov"]) / 2)


def _corners(lows: np.ndarray, highs: np.ndarray, position: np.ndarray) -> np.ndarray:
    """(n, 8, 3) corners of the boxes (lows (n, 3), highs (n, 3)) less ``position``."""
    return np.where(CORNER_PICK[None], highs[:, None], lows[:, None]) - position


def ndc(view: Mapping[str, Any], point: Sequence[float], aspect: float) -> np.ndarray | None:
    """(x, y) in -1..1 across the frame where ``point`` (3,) lands in ``view`` (with its ``fov``); None behind it."""
    position, forward, right, up, tan_v = view_basis(view)
    rel = np.asarray(point, float) - position
    depth = float(rel @ forward)
    if depth <= 0:
        return None
    return np.array([rel @ right / (depth * tan_v * aspect), rel @ up / (depth * tan_v)])


def view_contains(view: Mapping[str, Sequence[float]], lo, hi, aspect: float, fov: float) -> bool:
    """Whether every corner of box (lo (3,), hi (3,)) projects inside the view's frustum and in front of it."""
    position, target = np.asarray(view["position"], float), np.asarray(view["target"], float)
    forward = target - position
    forward /= np.linalg.norm(forward)
    right, up = camera_axes(forward)
    tan_v = math.tan(math.radians(fov) / 2)
    for x in (lo[0], hi[0]):
        for y in (lo[1], hi[1]):
            for z in (lo[2], hi[2]):
                rel = np.array([x, y, z]) - position
                depth = rel @ forward
                if depth <= 0:
                    return False
                if abs(rel @ right) > depth * tan_v * aspect + 1e-6 or abs(rel @ up) > depth * tan_v + 1e-6:
                    return False
    return True

def cut_by_edge(view: Mapping[str, Any], boxes: Sequence[tuple[str, np.ndarray, np.ndarray]], aspect: float) -> bool:
    """Whether the frame's edge cuts any of the (id, min (3,), max (3,)) ``boxes`` in ``view``: part of one drawn
    inside the frame and part outside it or behind the camera. A box wholly beside the frame is left out, not cut."""
    if not boxes:
        return False
    position, forward, right, up, tan_v = view_basis(view)
    lows, highs = np.array([b[1] for b in boxes]), np.array([b[2] for b in boxes])
    corners = _corners(lows, highs, position)
    depth = corners @ forward
    front = depth > 1e-6
    safe = np.where(front, depth, 1.0)
    x, y = corners @ right / (safe * tan_v * aspect), corners @ up / (safe * tan_v)
    big, small = np.inf, -np.inf
    least = np.stack([np.where(front, x, big).min(axis=1), np.where(front, y, big).min(axis=1)], axis=1)
    most = np.stack([np.where(front, x, small).max(axis=1), np.where(front, y, small).max(axis=1)], axis=1)
    seen = front.any(axis=1)
    beside = np.any(least > 1 - EDGE_SLACK, axis=1) | np.any(most < -1 + EDGE_SLACK, axis=1)
    spills = np.any(least < -1 - EDGE_SLACK, axis=1) | np.any(most > 1 + EDGE_SLACK, axis=1)
    partly_behind = seen & ~front.all(axis=1)
    return bool(np.any(seen & ~beside & (spills | partly_behind) | (beside & partly_behind)))


def foreground_share(view: Mapping[str, Any], subject: Sequence[tuple[str, np.ndarray, np.ndarray]],
                     others: Sequence[tuple[str, np.ndarray, np.ndarray]], aspect: float, apart: float,
                     asked: Sequence[tuple[str, np.ndarray, np.ndarray]] = ()) -> float:
    """Largest share of the frame one of ``others`` covers (its drawn rectangle, clipped) that stands wholly nearer
    the camera than every ``subject`` box and more than ``apart`` metres (across the floor) from each and from each
    of ``asked`` (what else was asked for, the subject's context): a crate in the aisle before a shop's counter, not
    the chair drawn up to a desk. 0.0 when nothing stands so."""
    if not subject or not others:
        return 0.0
    position, forward, right, up, tan_v = view_basis(view)
    s_lo, s_hi = np.array([b[1] for b in subject]), np.array([b[2] for b in subject])
    lows, highs = np.array([b[1] for b in others]), np.array([b[2] for b in others])
    nearest = float((_corners(s_lo, s_hi, position) @ forward).min())
    corners = _corners(lows, highs, position)
    depth = corners @ forward
    a_lo, a_hi = np.array([b[1] for b in [*subject, *asked]]), np.array([b[2] for b in [*subject, *asked]])
    gaps = np.maximum(np.maximum(lows[:, None] - a_hi[None], a_lo[None] - highs[:, None]), 0.0)
    alone = np.linalg.norm(gaps[..., [0, 2]], axis=2).min(axis=1) > apart
    before = alone & (depth.max(axis=1) < nearest) & (depth.min(axis=1) > 1e-6)
    if not before.any():
        return 0.0
    near = depth[before]
    x = np.clip(corners[before] @ right / (near * tan_v * aspect), -1, 1)
    y = np.clip(corners[before] @ up / (near * tan_v), -1, 1)
    return float(np.max((x.max(axis=1) - x.min(axis=1)) * (y.max(axis=1) - y.min(axis=1))) / 4)


# An occluder's box is shrunk by this share of each side, so a ray grazing its edge does not count.
OCCLUDER_INSET = 0.05
RESTING = 0.02  # metres between a box's top and another's bottom over it that still count as one on the other


def hidden_share(position: Sequence[float], boxes: Sequence[tuple[str, np.ndarray, np.ndarray]],
                 subject_ids: set[str]) -> float:
    """Share of the sight lines from ``position`` to the subjects (the centre and the top centre of each box
    named in ``subject_ids``) that another box (shrunk by OCCLUDER_INSET) cuts, but for one holding the point (a
    pillow's bed) or resting on the subject over it (the next crate of a stack): no view sees round those, and
    counting them would send the hero out of a room looking for a view that has none; 0.0 with no subject."""
    eye = np.asarray(position, dtype=float)
    bottoms = np.array([lo for _, lo, _ in boxes]).reshape(-1, 3)
    highs = np.array([hi for _, _, hi in boxes]).reshape(-1, 3)
    inset = (highs - bottoms) * OCCLUDER_INSET
    lows, highs = bottoms + inset, highs - inset
    lines = hidden = 0
    for k, (oid, lo, hi) in enumerate(boxes):
        if oid not in subject_ids:
            continue
        centre = (lo + hi) / 2
        top = np.array([centre[0], hi[1] - 0.1 * (hi[1] - lo[1]), centre[2]])
        over = np.all((lows[:, [0, 2]] <= top[[0, 2]]) & (top[[0, 2]] <= highs[:, [0, 2]]), axis=1)
        resting = over & (np.abs(bottoms[:, 1] - hi[1]) <= RESTING)
        for point in (centre, top):
            lines += 1
            around = (np.arange(len(boxes)) != k) & ~np.all((lows <= point) & (point <= highs), axis=1) & ~resting
            hidden += bool(np.any(_segment_hits(eye, point, lows[around], highs[around])))
    return hidden / lines if lines else 0.0


def _segment_hits(start: np.ndarray, end: np.ndarray, lows: np.ndarray, highs: np.ndarray) -> np.ndarray:
    """(n,) bool: the open segment start -> end passes through box i (slab test)."""
    delta = end - start
    with np.errstate(divide="ignore", invalid="ignore"):
        t0, t1 = (lows - start) / delta, (highs - start) / delta
    near = np.nanmax(np.where(delta == 0, -np.inf, np.minimum(t0, t1)), axis=1)
    far = np.nanmin(np.where(delta == 0, np.inf, np.maximum(t0, t1)), axis=1)
    inside_flat = np.all((delta != 0) | ((start >= lows) & (start <= highs)), axis=1)
    return inside_flat & (near < far) & (far > 0) & (near < 1)


# A subject thing people use from its front (a shop's counter, a bookshelf) seen from further round than this
# (degrees from its front, across the floor) shows its back, or its side edge on.
BACK_BEARING = 75.0
# A view showing the backs of all such subject things counts as hiding this share of the subject: a counter seen
# from the shopkeeper's side reads as a wall, not a shop.
BACK_SEEN = 0.5


@dataclass(frozen=True)
class Sight:
    """What the hero's views are judged by: every thing's (id, min (3,), max (3,)) box, which may stand in the way
    or hold the camera (a view from inside a barn sees its walls' insides), and the (centre x z, unit front x z) of
    each thing used from its front (kinds.toml used_from), whose back a photograph of it should not show."""

    boxes: Sequence[tuple[str, np.ndarray, np.ndarray]]
    fronts: Mapping[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)

    def hidden(self, position: Sequence[float], subject_ids: set[str]) -> float:
        """hidden_share of the subject from ``position``, 1.0 from inside a thing's box, plus BACK_SEEN times the
        share of its front-used things (``fronts``) seen from behind, at most 1.0."""
        eye = np.asarray(position, dtype=float)
        return min(1.0, self.blocked(position, subject_ids) + BACK_SEEN * self.backs(eye, subject_ids))

    def blocked(self, position: Sequence[float], subject_ids: set[str]) -> float:
        """hidden_share of the subject from ``position``, 1.0 from inside a thing's box."""
        eye = np.asarray(position, dtype=float)
        if any(np.all((lo < eye) & (eye < hi)) for _, lo, hi in self.boxes):
            return 1.0
        return hidden_share(position, self.boxes, subject_ids)

    def backs(self, position: np.ndarray, subject_ids: set[str]) -> float:
        """Share of the subject's front-used things that ``position`` sees from behind (BACK_BEARING); 0.0 with none."""
        faced = [self.fronts[i] for i in subject_ids if i in self.fronts]
        if not faced:
            return 0.0
        limit = math.cos(math.radians(BACK_BEARING))
        behind = 0
        for centre, front in faced:
            away = position[[0, 2]] - centre
            behind += bool(float(away @ front) < limit * float(np.linalg.norm(away)))
        return behind / len(faced)
