"""Camera framing: a composed hero view, and overview, top and side views that fit the whole scene.

A view is ``{"position": [x, y, z], "target": [x, y, z]}`` (the hero adds its own ``fov``). The
overview, top and side views look from a fixed direction at the centre of the box of interest and
back off just far enough that every corner of that box projects inside the frustum, with a margin.
Indoors that box includes the room, so those cameras end up outside it.

The hero is a photograph rather than a plan: a low three-quarter view (HERO_ELEVATION) through a
35 mm lens, framing the requested objects (not the empty room or plaza around them) on a thirds point,
from the front-right unless other things would hide the requested ones from there (HERO_AZIMUTHS), or it
would see the back of one people use from its front, a shop's counter from the shopkeeper's side, or stand
inside a thing, a barn's walls seen from within (camera_view.Sight). It
frames the requested things at a readable size: the other things come into the framing, nearest first,
only while they cost the camera at most CONTEXT_GROWTH more distance, so a bench is not a speck on a
plaza framed whole; what is left out may run off the frame's edge, as round any photograph's subject. When
the prompt names only a place, the subject is the place's main group (tools/page/camera_subject.py): the
seating group, the bed, the well of a square, framed as requested things are.

Indoors the hero stands inside the room (ROOM_INSET from the walls, under the ceiling), as a
photographer would, its eye at most INDOOR_EYE_TOP high: it tries INDOOR_HERO_ELEVATIONS from the
highest down (a lower camera needs less height for the same distance), and the framing without context
before giving up. When the requested things cannot be framed from inside, it stands just behind a wall,
where no wall stands between it and the objects, because the page draws walls single-sided facing
inward, so a wall seen from outside vanishes, and a convex room's walls seen from inside are all behind
what they enclose; but only as far back as the floor still fills the bottom of its frame
(floor_edge_shows). Further back (a hall, a classroom: too large for the lens), it stands inside and
frames part of what was asked for, the rest as context (_largest_part; PART_HIDDEN); only a room too small to frame
even one of them from inside (a 2 m bathroom) is taken from further behind a wall.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from tools.core.geometry import quaternion_yaw, world_aabb
from tools.knowledge.categories import CATEGORIES
from tools.page.camera_subject import GROUP_GAP, SUBJECT_SPAN, subject_group, thing_of
from tools.page.camera_thirds import (
    FIT_MARGIN,
    HERO_MIN_FRAME,
    MIN_FOCUS_EXTENT,
    ROOM_INSET,
    THIRDS_SLACK,
    as_box,
    hero_from,
    rounded,
    view_direction,
)
from tools.page.camera_thirds import (
    MAX_HERO_ELEVATION as MAX_HERO_ELEVATION,  # re-exported: the tests hold heroes to it
)
from tools.page.camera_view import RESTING, Sight, cut_by_edge, foreground_share, view_basis, view_contains
from tools.page.camera_view import hidden_share as hidden_share  # re-exported: the tests judge views with it
from tools.page.camera_view import ndc as ndc  # re-exported: bench_hero and the tests read views with it

# (azimuth from +Z towards +X, elevation above the horizon), degrees.
VIEW_DIRECTIONS: dict[str, tuple[float, float]] = {
    "overview": (35.0, 40.0),  # front-right, looking down into the whole room
    "top": (0.0, 88.0),  # almost straight down; the 2 degrees keep "up" well defined
    "side": (-60.0, 22.0),  # left-front, low
}


# The hero: front-right like the overview, looking down 28 degrees (a creator's bound: at most 35), with
# the vertical field of view of a 35 mm lens on a 36 x 24 mm frame.
HERO_AZIMUTH = 35.0
# When other things stand between that view and what the prompt asked for (a tall bookshelf before a
# potter's wheel), the hero turns to the first of these azimuths that hides the least of it.
HERO_AZIMUTHS = (HERO_AZIMUTH, -HERO_AZIMUTH, 55.0, -55.0, 15.0, -15.0)
HERO_ELEVATION = 28.0
# Outdoors the hero stands lower, looking down less than half its vertical field of view, so the horizon and
# the backdrop beyond the scene (tools/page/backdrop.py) show across the top of the frame, as in a photograph
# of a place rather than a plan of a lawn.
OUTDOOR_HERO_ELEVATION = 13.0
# Indoors, the elevations tried in turn until the hero stands inside the room: a photograph of a room is
# taken from inside it, at eye level or a little above.
INDOOR_HERO_ELEVATIONS = (HERO_ELEVATION, 22.0, 16.0, 10.0, 5.0)
# Inside a room the photographer may also turn to face the front wall or a side wall (a tv on the front wall).
INDOOR_TURNED_AZIMUTHS = (180.0 - HERO_AZIMUTH, HERO_AZIMUTH - 180.0, 90.0, -90.0)
# A large room's part (see _composed_hero) may have this share of its sight lines hidden (chairs round a
# table, a row of pews before the next): asking for none left a lone counter or altar as the part.
PART_HIDDEN = 0.25
# Indoors a thing nobody asked for, standing apart from the subject and nearer the camera, may cover at most this
# share of the frame (camera_view.foreground_share); beyond it the view counts as hiding CLUTTERED of the subject.
FOREGROUND = 0.06
CLUTTERED = 0.5
# Metres above the floor the indoor hero's eye stands at most: a photographer's raised camera under a hall's
# high ceiling, not a view from its gallery.
INDOOR_EYE_TOP = 2.4
# Outdoors each framed requested thing's mean extent spans at least this share of the frame's height (a
# hydrant, a mailbox on a street), else the hero frames part of them (see _composed_hero).
READABLE = 0.15
# Indoors a room's walls may leave no room for that: the subject then comes towards the centre before the hero
# gives up standing inside.
INDOOR_THIRDS_SLACKS = (THIRDS_SLACK, 0.0)


def _item_box(item: Any) -> tuple[str, np.ndarray, np.ndarray]:
    """(id, min (3,), max (3,)) of a Placement or a scene.json object dict."""
    if isinstance(item, Mapping):
        lo, hi = as_box(item["bbox"])
        return str(item["id"]), lo, hi
    lo, hi = world_aabb(item.position, item.size, item.yaw)
    return item.id, lo, hi


def _box_of_interest(bounds, placements: Iterable[Any], focus_ids: Iterable[str] | None) -> tuple[np.ndarray, np.ndarray]:
    boxes = [_item_box(p) for p in placements]
    if focus_ids is not None:
        wanted = set(focus_ids)
        chosen = [(lo, hi) for oid, lo, hi in boxes if oid in wanted]
        if not chosen:
            raise ValueError(f"none of the focus ids {sorted(wanted)} is a placed object")
        lo = np.min([b[0] for b in chosen], axis=0)
        hi = np.max([b[1] for b in chosen], axis=0)
        pad = np.maximum(MIN_FOCUS_EXTENT - (hi - lo), 0.0) / 2
        return lo - pad, hi + pad
    lo, hi = as_box(bounds)
    for _, blo, bhi in boxes:
        lo, hi = np.minimum(lo, blo), np.maximum(hi, bhi)
    return lo, hi


def fit_distance(lo: np.ndarray, hi: np.ndarray, direction: np.ndarray, aspect: float, fov: float) -> float:
    """Smallest distance from the box centre along ``direction`` (3,) at which the box (lo, hi) fits.

    For each corner q (relative to the centre), with camera axes right/up and
    depth = dist - q.d, fitting needs |q.right| <= depth tan(hfov/2) and
    |q.up| <= depth tan(vfov/2); solve both for dist and take the largest.
    """
    tan_v = math.tan(math.radians(fov) / 2) * FIT_MARGIN
    tan_h = tan_v * aspect
    world_up = np.array([0.0, 1.0, 0.0])
    right = np.cross(world_up, direction)
    if np.linalg.norm(right) < 1e-6:
        raise ValueError("view direction must not be vertical")
    right /= np.linalg.norm(right)
    up = np.cross(direction, right)
    centre = (lo + hi) / 2
    corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]) - centre
    along = corners @ direction
    need = np.maximum(along + np.abs(corners @ right) / tan_h, along + np.abs(corners @ up) / tan_v)
    return float(need.max())


def frame_views(
    bounds,
    placements: Iterable[Any],
    aspect: float = 4 / 3,
    fov: float = 50.0,
    focus_ids: Iterable[str] | None = None,
    outdoor: bool = False,
    indoor: bool = False,
    focal_kinds: Sequence[str] = (),
) -> dict[str, dict[str, Any]]:
    """The hero (see hero_view), then overview, top and side views that fit the bounds and every
    placement (or, all four, only ``focus_ids``).

    bounds: ``{"min": (3,), "max": (3,)}`` or a (min, max) pair. placements:
    Placement models or scene.json object dicts (with ``id`` and ``bbox``; ``requested`` marks the subject).
    Returns ``{name: {"position": [x, y, z], "target": [x, y, z]}}``, the hero with its ``fov`` too.
    ``outdoor``: the hero looks from OUTDOOR_HERO_ELEVATION, low enough to show the horizon, and frames at
    least HERO_MIN_FRAME["outdoor"] round the requested things. ``indoor``: the bounds are a room, and the
    hero stands inside it when it can (see hero_view). ``focal_kinds``: the place's furnishing kinds, most
    important first, from which the hero's subject grows when nothing is requested (tools/page/camera_subject.py).
    """
    if aspect <= 0 or not 1 <= fov < 179:
        raise ValueError(f"aspect must be positive and fov in [1, 179) degrees, got {aspect}, {fov}")
    items = list(placements)
    lo, hi = _box_of_interest(bounds, items, focus_ids)
    centre = (lo + hi) / 2
    elevation = OUTDOOR_HERO_ELEVATION if outdoor else HERO_ELEVATION
    hero = hero_view(bounds, items, aspect, focus_ids, elevation, outdoor=outdoor, indoor=indoor,
                     focal_kinds=focal_kinds)
    views: dict[str, dict[str, Any]] = {"hero": hero}
    for name, (azimuth, elevation) in VIEW_DIRECTIONS.items():
        direction = view_direction(azimuth, elevation)
        distance = fit_distance(lo, hi, direction, aspect, fov)
        position = centre + direction * distance
        views[name] = {"position": rounded(position), "target": rounded(centre)}
    return views


def hero_view(bounds, placements: Sequence[Any], aspect: float, focus_ids: Iterable[str] | None = None,
              elevation: float = HERO_ELEVATION, outdoor: bool = False, indoor: bool = False,
              focal_kinds: Sequence[str] = ()) -> dict[str, Any]:
    """The composed hero (see hero_from) from the first of HERO_AZIMUTHS that hides the least of the
    requested objects behind other things (usually the first: nothing stands in the way). With nothing requested
    (and no ``focus_ids``), the subject is the place's main group (subject_group, grown from ``focal_kinds``);
    the view names its subject's ids in ``subject``.

    ``indoor``: the bounds are the room, and the first view that stands inside it (ROOM_INSET) and hides
    nothing wins (see _room_views); else the view under the eye height that hides nothing and, of those,
    stands the least far beyond the walls, if the floor's edge does not show from there; else a view from
    inside of part of the subject (_largest_part), which ``subject`` then names; else the view under the eye
    height that hides the least; then the same under a higher ceiling; when every one hides the subject, the
    view from outside that hides the least, as with no room."""
    items = [(_item_box(p), _requested(p)) for p in placements]
    occluders = Sight([box for box, _ in items], {box[0]: front for p, (box, _) in zip(placements, items)
                                                   if (front := _front(p, box)) is not None})
    framed = items
    if focus_ids is not None:
        wanted = set(focus_ids)
        framed = [(box, requested) for box, requested in items if box[0] in wanted]
    elif not any(requested for _, requested in items):
        things = [thing_of(p, box) for p, (box, _) in zip(placements, items)]
        group = subject_group(things, focal_kinds, SUBJECT_SPAN["outdoor" if outdoor else "indoor"],
                              np.mean(as_box(bounds), axis=0), indoor=not outdoor)
        framed = [(box, box[0] in group) for box, _ in items]
    subjects = {box[0] for box, requested in framed if requested}
    view, framed_ids = _composed_hero(bounds, framed, occluders, subjects, aspect, elevation, outdoor, indoor)
    return {**view, "subject": sorted(framed_ids)}


def _composed_hero(bounds, framed: list[tuple[tuple[str, np.ndarray, np.ndarray], bool]],
                   occluders: Sight, subjects: set[str], aspect: float,
                   elevation: float, outdoor: bool, indoor: bool) -> tuple[dict[str, Any], set[str]]:
    """hero_view's search over rooms, elevations and azimuths, once the subject is known: the view and the
    subject it frames (where the whole subject cannot be framed well, the part of it that can: _largest_part)."""
    min_frame = HERO_MIN_FRAME["outdoor" if outdoor else "indoor"]
    elevations = tuple(e for e in INDOOR_HERO_ELEVATIONS if e <= elevation) or (elevation,)
    # What nobody asked for standing on the floor (a crate, a table), to keep out of the way; a painting on the
    # wall the camera stands behind is not drawn from there.
    clutter = _standing([box for box, requested in framed if not requested], as_box(bounds)[0][1])
    asked = [box for box, requested in framed if requested]
    # Under the eye height first; under a high ceiling only when nothing frames the subject below it (a
    # basketball hoop 3.9 m high seen from a gym's floor).
    for room in _hero_rooms(bounds) if indoor else ():
        found = _room_views(bounds, framed, occluders, subjects, aspect, elevations, min_frame, room, True,
                            clutter=clutter)
        clean = [f for f in found if f[1] == 0 or not floor_edge_shows(f[3], room, aspect)]
        if clean and min(clean, key=lambda f: f[:3])[0] == 0:
            return min(clean, key=lambda f: f[:3])[3], subjects

        def inside(part_framed: list, part: set[str], _: bool, room=room, whole=(), clutter=clutter,
                   ) -> dict[str, Any] | None:
            views = _room_views(bounds, part_framed, occluders, part, aspect, elevations, min_frame, room, False,
                                PART_HIDDEN, whole, clutter, asked)
            return views[0][3] if views and views[0][0] <= PART_HIDDEN else None

        # A hall's rows of desks do not fit a 35 mm frame from inside it: the photographer stands in the room
        # and frames part, grown from its bulkiest thing (a stage and the chairs before it), the rest of what
        # was asked for whole in the frame as context or out of it, never cut by its edge, even at the cost of
        # a thing nobody asked for in the foreground; only when no part frames so, a part with the rest cut.
        for whole, aside in ((asked, clutter), (asked, []), ([], clutter)):
            part = _largest_part(framed, _bulk_first, functools.partial(inside, whole=whole, clutter=aside))
            if part is not None:
                return part
        if found:
            hidden, _, _, view = min(found, key=lambda f: f[:3])
            if hidden < 1:
                return view, subjects
    view = _open_hero(bounds, framed, occluders, subjects, aspect, elevation, min_frame)
    if outdoor and not readable(view, asked):

        def legible(part_framed: list, part: set[str], alone: bool, whole=()) -> dict[str, Any] | None:
            seen = _open_hero(bounds, part_framed, occluders, part, aspect, elevation, min_frame)
            if cut_by_edge(seen, [box for box in whole if box[0] not in part], aspect):
                return None
            return seen if alone or readable(seen, [box for box, requested in part_framed if requested]) else None

        def shown(part: tuple[dict[str, Any], set[str]]) -> tuple[int, int, int]:
            whole = sum(view_contains(part[0], lo, hi, aspect, part[0]["fov"]) for _, lo, hi in asked)
            return len(part[1]), -sum(cut_by_edge(part[0], [box], aspect) for box in asked), whole

        # Named things far apart on a square would each be a speck in one frame: the hero frames a part that still
        # reads, grown from the bulkiest thing (an orchard's trees, not the basket under one) or from the smallest
        # (a bench and the fountain beside it), whichever holds more of what was asked, then shows more of it
        # whole; the overview shows them all. As indoors, the frame's edge cuts none of the rest (two men at a
        # chess table halved by it) unless no part frames so; then, of parts as large, the one it cuts least.
        for whole in (asked, []):
            parts = [grown for seed_order in (_bulk_first, _small_first)
                     if (grown := _largest_part(framed, seed_order, functools.partial(legible, whole=whole)))
                     is not None]
            if parts:
                return max(parts, key=shown)
    return view, subjects


def _standing(boxes: list[tuple[str, np.ndarray, np.ndarray]], floor: float) -> list[tuple[str, np.ndarray, np.ndarray]]:
    """The boxes standing on the floor, or on one that does (a stack of crates), however high."""
    stood = [box for box in boxes if box[1][1] <= floor + RESTING]
    rest = [box for box in boxes if box[1][1] > floor + RESTING]
    while True:
        on = [box for box in rest if any(abs(box[1][1] - under[2][1]) <= RESTING
                                         and np.all(box[1][[0, 2]] < under[2][[0, 2]])
                                         and np.all(under[1][[0, 2]] < box[2][[0, 2]]) for under in stood)]
        if not on:
            return stood
        stood += on
        rest = [box for box in rest if all(box is not o for o in on)]


def _open_hero(bounds, framed: list[tuple[tuple[str, np.ndarray, np.ndarray], bool]],
               occluders: Sight, subjects: set[str], aspect: float,
               elevation: float, min_frame: float) -> dict[str, Any]:
    """The first view of HERO_AZIMUTHS, with no room to stay in, that hides nothing of the subject, else the
    one that hides the least."""
    views = (_hero_anywhere(azimuth, bounds, framed, aspect, elevation, min_frame) for azimuth in HERO_AZIMUTHS)
    best = next(views)
    best_hidden = occluders.hidden(best["position"], subjects)
    for view in views:
        if best_hidden == 0:
            break
        hidden = occluders.hidden(view["position"], subjects)
        if hidden < best_hidden:
            best, best_hidden = view, hidden
    return best


def readable(view: Mapping[str, Any], boxes: Sequence[tuple[str, np.ndarray, np.ndarray]]) -> bool:
    """Whether every box's mean extent spans at least READABLE of the frame's height at its depth in ``view``, but
    for one lying on another of them (a chess board on its table), which is read with what holds it."""
    position, forward, _, _, tan_v = view_basis(view)
    tall = 2 * tan_v  # the frame's height per metre of depth
    return all(float(np.mean(hi - lo)) >= READABLE * tall * float(((lo + hi) / 2 - position) @ forward)
               for _, lo, hi in boxes if not _lies_on(lo, hi, boxes))


def _lies_on(lo: np.ndarray, hi: np.ndarray, boxes: Sequence[tuple[str, np.ndarray, np.ndarray]]) -> bool:
    """Whether the box (lo, hi) rests on the top of one of ``boxes`` (its bottom there, its middle over it)."""
    middle = (lo[[0, 2]] + hi[[0, 2]]) / 2
    return any(abs(lo[1] - under_hi[1]) <= RESTING and under_hi[1] > under_lo[1] + RESTING
               and np.all(under_lo[[0, 2]] <= middle) and np.all(middle <= under_hi[[0, 2]])
               for _, under_lo, under_hi in boxes)


def _room_views(bounds, framed: list[tuple[tuple[str, np.ndarray, np.ndarray], bool]],
                occluders: Sight, subjects: set[str], aspect: float,
                elevations: Sequence[float], min_frame: float, room: tuple[np.ndarray, np.ndarray],
                behind_walls: bool, enough: float = 0.0, whole: Sequence[tuple[str, np.ndarray, np.ndarray]] = (),
                clutter: Sequence[tuple[str, np.ndarray, np.ndarray]] = (),
                asked: Sequence[tuple[str, np.ndarray, np.ndarray]] = ()) -> list[RoomView]:
    """RoomViews of the views under the room's eye height, trying
    INDOOR_THIRDS_SLACKS and ``elevations`` from the highest, HERO_AZIMUTHS then INDOOR_TURNED_AZIMUTHS: from
    inside the room, then (``behind_walls``) from behind a wall, as near it as frames the subject (so centred);
    only the first view from inside that hides at most ``enough`` when there is one, and of those the first that
    sees no subject thing's back (Sight.backs) if one does, else the first; none whose frame's edge cuts
    one of the ``whole`` boxes; one where a box of ``clutter`` fills the foreground (FOREGROUND) counts as hiding
    CLUTTERED of the subject (unless it stands by one of ``asked``, the subject's context)."""
    found: list[RoomView] = []
    keep = frozenset(box[0] for box in whole)
    seen = [box for box in occluders.boxes if box[0] in subjects]
    tries = [(True, el, slack) for slack in INDOOR_THIRDS_SLACKS for el in elevations]
    tries += [(False, el, 0.0) for el in elevations] if behind_walls else []
    turned_away: list[RoomView] = []
    for walls, el, slack in tries:
        if not walls and turned_away:
            return turned_away  # a shelf's side seen from inside the shop beats the shop seen from outside
        for azimuth in HERO_AZIMUTHS + INDOOR_TURNED_AZIMUTHS:
            view = hero_from(azimuth, bounds, framed, aspect, el, min_frame, slack, (room, walls), keep)
            if view is None or cut_by_edge(view, whole, aspect):
                continue
            outside = _outside(view["position"], room)
            if any(f[0] == 0 and f[1] <= outside and f[2][0] == 0 for f in found):
                continue  # a view as near that hides nothing is already found: this one cannot win
            blocked = occluders.blocked(view["position"], subjects)
            if foreground_share(view, seen, clutter, aspect, GROUP_GAP, asked) > FOREGROUND:
                blocked = max(blocked, CLUTTERED)  # a crate filling the foreground hides the counter like a wall
            backs = occluders.backs(np.asarray(view["position"], float), subjects)
            if walls and blocked <= enough:
                if not backs:
                    return [(blocked, 0.0, (0.0, 0), view)]
                turned_away = turned_away or [(blocked, 0.0, (backs, 0), view)]
            found.append((blocked, outside, (backs, len(found)), view))
    return turned_away or found


# A view from a room's search (_room_views): (hidden share, metres outside the room, (share of the subject's
# front-used things seen from behind, order tried), view); the least wins, so a thing's back only turns the camera
# between views that hide as much from as near.
RoomView = tuple[float, float, tuple[float, int], dict[str, Any]]


def _bulk_first(box: tuple[str, np.ndarray, np.ndarray]) -> float:
    return -float(np.prod(box[2] - box[1]))


def _small_first(box: tuple[str, np.ndarray, np.ndarray]) -> float:
    return float(np.mean(box[2] - box[1]))


def _largest_part(framed: list[tuple[tuple[str, np.ndarray, np.ndarray], bool]],
                  seed_order: Callable[[tuple[str, np.ndarray, np.ndarray]], float],
                  view_of: Callable[[list, set[str], bool], dict[str, Any] | None],
                  ) -> tuple[dict[str, Any], set[str]] | None:
    """The view of the most requested things that ``view_of(framed with only them requested, their ids, whether
    it is one thing)`` frames well, and their ids: the part grows from the first by ``seed_order``, nearest
    first, the rest staying as context; None when one thing is requested or no part is framed well. Halving
    finds the count, as more things never make a framing easier."""
    wanted = [box for box, requested in framed if requested]
    if len(wanted) < 2:
        return None
    seed = min(wanted, key=seed_order)
    middle = (seed[1] + seed[2]) / 2
    order = sorted(wanted, key=lambda box: float(np.linalg.norm((box[1] + box[2]) / 2 - middle)))
    best: tuple[dict[str, Any], set[str]] | None = None
    few, many = 1, len(order) - 1  # the whole subject is already known not to be framed well
    while few <= many:
        count = (few + many) // 2
        part = {box[0] for box in order[:count]}
        view = view_of([(box, box[0] in part) for box, _ in framed], part, count == 1)
        if view is not None:
            best, few = (view, part), count + 1
        else:
            many = count - 1
    return best


def _hero_rooms(bounds) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """The room's box with its top at the indoor hero's highest eye (INDOOR_EYE_TOP), then, under a higher
    ceiling, the whole box."""
    lo, hi = as_box(bounds)
    top = lo[1] + INDOOR_EYE_TOP + ROOM_INSET
    eye = (lo, np.array([hi[0], min(hi[1], top), hi[2]]))
    return (eye, (lo, hi)) if hi[1] > top else (eye,)


def floor_edge_shows(view: Mapping[str, Any], room: tuple[np.ndarray, np.ndarray], aspect: float) -> bool:
    """Whether a camera behind a wall (which the page hides) sees the floor's edge and the void past it: it
    stands beyond two walls (its corner's side walls are hidden too), or a bottom corner of its frame meets the
    floor's plane outside the room (else the frame's bottom edge lies on the floor, and walls close its sides)."""
    lo, hi = room
    position, forward, right, up, tan_v = view_basis(view)
    if np.sum((position[[0, 2]] < lo[[0, 2]]) | (position[[0, 2]] > hi[[0, 2]])) > 1:
        return True
    for side in (-1.0, 1.0):
        ray = forward - up * tan_v + right * (side * tan_v * aspect)
        if ray[1] >= 0:
            return True
        hit = position + ray * ((lo[1] - position[1]) / ray[1])
        if not (lo[0] <= hit[0] <= hi[0] and lo[2] <= hit[2] <= hi[2]):
            return True
    return False


def _outside(position: Sequence[float], room: tuple[np.ndarray, np.ndarray]) -> float:
    """Metres ``position`` stands beyond the room's walls less ROOM_INSET (0 inside), in x or z."""
    lo, hi = room
    p = np.asarray(position, dtype=float)[[0, 2]]
    return float(np.max(np.maximum(np.maximum(lo[[0, 2]] + ROOM_INSET - p, p - hi[[0, 2]] + ROOM_INSET), 0.0)))


def _hero_anywhere(azimuth: float, bounds, framed: list[tuple[tuple[str, np.ndarray, np.ndarray], bool]],
                   aspect: float, elevation: float, min_frame: float) -> dict[str, Any]:
    """hero_from with no room to stay in, so always a view."""
    view = hero_from(azimuth, bounds, framed, aspect, elevation, min_frame)
    assert view is not None  # noqa: S101  # only a room can refuse a view
    return view


def _front(item: Any, box: tuple[str, np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray] | None:
    """(centre x z, unit front x z) of a Placement or scene.json object whose kind people use from the front
    (kinds.toml used_from: its +Z turned by its yaw), else None."""
    kind = CATEGORIES.get(str(item.get("category") if isinstance(item, Mapping) else item.category))
    if kind is None or kind.used_from != "front":
        return None
    yaw = quaternion_yaw(item.get("rotation", (0.0, 0.0, 0.0, 1.0))) if isinstance(item, Mapping) else item.yaw
    return (box[1][[0, 2]] + box[2][[0, 2]]) / 2, np.array([math.sin(yaw), math.cos(yaw)])


def _requested(item: Any) -> bool:
    """Named in the prompt: a scene.json object's flag (a bare Placement carries none: every one counts)."""
    return bool(item.get("requested", True)) if isinstance(item, Mapping) else True
