"""Musical instruments: pianos (upright, grand, digital), guitars on a stand, drum kits.

Instruments face +Z, where a listener stands: a piano's keys, a guitar's strings,
the bass drum's front head. A requested colour paints the case, body or shells;
keys, strings and cymbals keep their own look.
"""

from __future__ import annotations

import numpy as np

from tools.assets.families.palette import BLACK, BRASS, CHROME, DARK_METAL, WHITE
from tools.assets.mesh import Part, cylinder, material, rod
from tools.assets.registry import GenParams, generator, pick
from tools.assets.shapes import around, fit, frustum, hull, rot, rotated_x, slab, z_disc, zcyl

IVORY = material("plastic", "#f6f3ea")
EBONY = material("plastic", "#121212")
HEAD = material("fabric", "#f2efe6")  # a drum head's coated skin
# Cymbal bronze as a glossy non-metal: a wide metal disc reads near black without an environment map.
BRONZE = material("ceramic", "#d2a84e")
LEAN = np.radians(11)  # a guitar leans back on its stand by this much
WHITE_KEYS = 52  # an 88-key piano keyboard, A0 to C8
_BLACK_AFTER = "ACDFG"  # white keys followed by a black key; the keyboard starts at A


# ------------------------------------------------------------------ pianos

def keyboard(width: float, depth: float, y: float, z_front: float) -> list[Part]:
    """88 keys on top of a keybed at height ``y``: one ivory slab scored into keys by the black keys,
    36 black keys in their twos and threes; the front edge at ``z_front``."""
    white_w = width / WHITE_KEYS
    parts = [Part(slab(width, 0.022, depth, y=y, z=z_front - depth / 2), IVORY)]
    letters = "ABCDEFG"
    for index in range(WHITE_KEYS - 1):
        if letters[index % 7] in _BLACK_AFTER:
            x = -width / 2 + (index + 1) * white_w
            parts.append(Part(slab(0.55 * white_w, 0.014, 0.62 * depth, x=x, y=y + 0.022,
                                   z=z_front - depth + 0.31 * depth), EBONY))
    return parts


def _pedals(y: float, z: float, spacing: float) -> list[Part]:
    return [Part(slab(0.025, 0.012, 0.09, x=dx * spacing, y=y, z=z), BRASS) for dx in (-1, 0, 1)]


@generator("piano")
def piano(p: GenParams) -> list[Part]:
    """v0 a walnut upright, v1 a black grand with its lid propped open, v2 a slim white digital piano."""
    return pick(p, (_upright, _grand, _digital))


def _upright(p: GenParams) -> list[Part]:
    W, H, D = p.size
    case = p.mat("wood", "#5a3620")
    key_y, case_d, arm_w = 0.58 * H, 0.55 * D, 0.05 * W
    back_z = -D / 2 + case_d / 2
    inner_w = W - 2 * arm_w
    parts = [Part(slab(W, H - key_y, case_d, y=key_y, z=back_z), case),  # upper case with the action
             Part(slab(W * 1.02, 0.03 * H, case_d * 1.1, y=H - 0.03 * H, z=back_z), case),  # top lid
             Part(slab(inner_w, key_y - 0.08 * H, case_d * 0.9, y=0.06 * H, z=back_z), case),  # knee board
             Part(slab(0.7 * inner_w, 0.1 * H, 0.02, y=key_y + 0.1 * H, z=-D / 2 + case_d + 0.01), case)]  # music desk
    for side in (-1, 1):
        x = side * (W - arm_w) / 2
        parts += [Part(slab(arm_w, key_y + 0.04 * H, 0.92 * D, x=x, z=-0.04 * D), case),  # arm holding the keys
                  Part(slab(arm_w * 0.9, 0.06 * H, 0.1 * D, x=x, z=D / 2 - 0.05 * D), case)]  # toe block
    parts.append(Part(slab(inner_w, 0.04 * H, D - case_d, y=key_y - 0.04 * H, z=D / 2 - (D - case_d) / 2), case))
    parts += keyboard(inner_w * 0.98, 0.7 * (D - case_d), key_y, D / 2 - 0.02 * D)
    return fit(parts + _pedals(0.03 * H, -D / 2 + case_d + 0.045, 0.06 * W), p.size)


LID_OPEN = np.radians(30)  # a grand's lid on its long stick


def _wing(W: float, D: float, y: float, h: float, z: float = 0.0, segments: int = 10) -> list:
    """A grand piano's outline in plan, extruded from ``y`` up by ``h``: the straight bass side at -X,
    the keyboard end at +Z, the bent side curving in to a round tail; convex slices, since the bend is not."""
    front_d = 0.3 * D
    z_split = z + D / 2 - front_d
    slices = [hull([(x, yy, zz) for x in (-W / 2, W / 2) for zz in (z_split, z + D / 2) for yy in (y, y + h)])]
    s = np.linspace(0, 1, segments + 1)
    width = 0.35 + 0.65 * (1 - _smoothstep(0.05, 0.8, s))
    width *= np.sqrt(np.clip(1 - ((s - 0.75) / 0.25).clip(0) ** 2, 0.0, 1.0))
    xs, zs = -W / 2 + W * np.maximum(width, 0.04), z_split - (D - front_d) * s
    for i in range(segments):
        corners = [(-W / 2, zs[i]), (xs[i], zs[i]), (xs[i + 1], zs[i + 1]), (-W / 2, zs[i + 1])]
        slices.append(hull([(cx, yy, cz) for cx, cz in corners for yy in (y, y + h)]))
    return slices


def _smoothstep(lo: float, hi: float, s: np.ndarray) -> np.ndarray:
    t = np.clip((s - lo) / (hi - lo), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def _grand(p: GenParams) -> list[Part]:
    W, H, D = p.size
    case = p.mat("plastic", "#141414")
    rim_y, rim_h = 0.37 * H, 0.2 * H
    top = rim_y + rim_h
    body_d, body_z = 0.9 * D, -0.05 * D  # the keyboard stands out in front of the case
    parts = [Part(mesh, case) for mesh in _wing(W, body_d, rim_y, rim_h, body_z)]
    hinge = (-W / 2, top, 0.0)
    lid = [Part(rot(mesh, LID_OPEN, (0, 0, 1), hinge), case)  # hinged on the bass side, open to the audience
           for mesh in _wing(W, 0.96 * body_d, top, 0.012 * H, body_z - 0.02 * D)]
    reach = 0.75 * W  # where the stick meets the lid, measured from the hinge along it
    stick_top = (-W / 2 + reach * np.cos(LID_OPEN), top + reach * np.sin(LID_OPEN), -0.12 * D)
    parts += lid + [Part(rod((stick_top[0] + 0.04 * W, top, -0.12 * D), stick_top, 0.01, 6), case)]
    for x, z in ((-0.44 * W, 0.3 * D), (0.44 * W, 0.3 * D), (-0.3 * W, -0.35 * D)):
        parts.append(Part(frustum(0.035 * W, 0.05 * W, rim_y, (x, 0, z), 10), case))
    parts.append(Part(slab(0.1 * W, rim_y - 0.04 * H, 0.03 * D, y=0.04 * H, z=0.32 * D), case))  # pedal lyre
    parts += _pedals(0.02 * H, 0.32 * D + 0.06 * D, 0.04 * W)
    key_y = rim_y + 0.35 * rim_h
    key_front = D / 2
    parts.append(Part(slab(W, 0.25 * rim_h, 0.1 * D, y=key_y - 0.25 * rim_h, z=key_front - 0.05 * D), case))
    for side in (-1, 1):  # cheek blocks either side of the keys
        parts.append(Part(slab(0.06 * W, 0.6 * rim_h, 0.1 * D, x=side * 0.47 * W, y=key_y - 0.25 * rim_h,
                               z=key_front - 0.05 * D), case))
    parts += keyboard(0.86 * W, 0.085 * D, key_y, key_front - 0.005 * D)
    parts.append(Part(slab(0.6 * W, 0.13 * H, 0.015 * D, y=top, z=key_front - 0.2 * D), case))  # music desk
    return fit(parts, p.size)


def _digital(p: GenParams) -> list[Part]:
    W, H, D = p.size
    body = p.mat("plastic", "#eeece7")
    key_y = 0.78 * H
    parts = [Part(slab(0.04 * W, key_y, 0.9 * D, x=side * 0.48 * W, z=0.0), body) for side in (-1, 1)]
    parts += [Part(slab(0.96 * W, 0.55 * key_y, 0.03 * D, y=0.3 * key_y, z=-0.4 * D), body),  # modesty panel
              Part(slab(W, 0.1 * H, D, y=key_y - 0.1 * H), body),  # the instrument's case
              Part(slab(W, 0.1 * H, 0.35 * D, y=key_y, z=-D / 2 + 0.175 * D), body),  # speaker and panel strip
              Part(slab(0.2 * W, 0.012, 0.05 * D, y=key_y + 0.1 * H, z=-0.33 * D), BLACK),  # display
              Part(slab(0.5 * W, 0.12 * H, 0.02 * D, y=key_y + 0.1 * H, z=-0.4 * D), body)]  # music rest
    parts += keyboard(0.92 * W, 0.55 * D, key_y, D / 2 - 0.05 * D)
    parts.append(Part(slab(0.3 * W, 0.03 * H, 0.2 * D, y=0, z=0.15 * D), DARK_METAL))  # pedal unit
    return fit(parts, p.size)


# ------------------------------------------------------------------ guitars

NECK_WOOD, FRETBOARD = material("wood", "#3b2414"), material("wood", "#241710")


@generator("guitar")
def guitar(p: GenParams) -> list[Part]:
    """A guitar leaning back on an A-frame stand: v0 acoustic with a sound hole, v1 solid-body electric
    with pickups, v2 a four-string bass with a longer neck. Built at real length, then fitted."""
    acoustic = p.variant == 0
    cradle_y, length = 0.12, (1.0, 1.0, 1.15)[p.variant]
    body_len, depth = (0.5, 0.1) if acoustic else (0.44, 0.045)
    if acoustic:  # (x, y, width, height) of the lower bout, upper bout, the waist between
        bouts: list[tuple[float, float, float, float]] = [(0, 0.15, 0.38, 0.3), (0, 0.37, 0.29, 0.24), (0, 0.26, 0.25, 0.12)]
    else:  # double cutaway: a lower bout, a waist and two horns either side of the neck
        bouts = [(0, 0.15, 0.33, 0.3), (0, 0.27, 0.24, 0.14), (-0.085, 0.35, 0.09, 0.22), (0.09, 0.33, 0.08, 0.15)]
    finish = p.mat("wood", ("#c68a45", "#b3202a", "#6b3a1e")[p.variant])
    parts = [Part(z_disc(w, h, depth, (x, y, 0), 24), finish) for x, y, w, h in bouts]
    parts += _neck(p.variant == 2, body_len, length, depth / 2) + _face(p.variant, depth / 2)
    for part in parts:  # stand the guitar in the cradle and lean it back against the stand's post
        part.mesh.apply_translation((0, cradle_y, 0))
        rotated_x(part.mesh, -LEAN, about=(0, cradle_y, -depth / 2))
    return fit(parts + _stand(cradle_y, depth, length), p.size)


def _neck(bass: bool, body_len: float, length: float, front: float) -> list[Part]:
    """Neck, fretboard, headstock with its tuning pegs, and the strings from the bridge to the nut."""
    head_len = 0.14 if bass else 0.16
    nut = length - head_len
    parts = [Part(slab(0.05, nut - body_len + 0.06, 0.025, y=body_len - 0.06, z=front - 0.02), NECK_WOOD),
             Part(slab(0.052, nut - body_len + 0.04, 0.006, y=body_len - 0.02, z=front - 0.004), FRETBOARD),
             Part(slab(0.085, head_len, 0.02, y=nut, z=front - 0.025), NECK_WOOD)]
    pegs = 2 if bass else 3
    for i in range(pegs):
        y = nut + (i + 0.6) * head_len / (pegs + 0.4)
        parts += [Part(rod((side * 0.042, y, front - 0.02), (side * 0.065, y, front - 0.02), 0.006, 6), CHROME)
                  for side in (-1, 1)]
    gauge = 0.002 if bass else 0.0012
    parts += [Part(rod((x, 0.1, front + 0.008), (x, nut, front + 0.004), gauge, 4), CHROME)
              for x in np.linspace(-0.016, 0.016, 4 if bass else 6)]
    return parts


def _face(variant: int, front: float) -> list[Part]:
    """What sits on the top: a sound hole and bridge (acoustic), or a pickguard, pickups, bridge and knobs."""
    if variant == 0:
        return [Part(z_disc(0.09, 0.09, 0.004, (0, 0.32, front + 0.001), 20), BLACK),
                Part(slab(0.14, 0.014, 0.012, y=0.1, z=front + 0.004), FRETBOARD)]
    guard = material("plastic", "#f1ede2" if variant == 1 else "#1d1d1d")
    parts = [Part(z_disc(0.2, 0.28, 0.004, (-0.04, 0.22, front + 0.001), 20), guard),
             Part(slab(0.09, 0.02, 0.014, y=0.1, z=front + 0.006), CHROME)]
    pickups = (0.2, 0.3) if variant == 1 else (0.24,)
    parts += [Part(slab(0.085, 0.03, 0.012, y=y, z=front + 0.006), BLACK) for y in pickups]
    return parts + [Part(zcyl(0.011, 0.02, (0.1, y, front + 0.012), 10), BLACK) for y in (0.08, 0.12)]


def _stand(cradle_y: float, depth: float, length: float) -> list[Part]:
    """A black A-frame guitar stand: two splayed front legs with a padded cradle, a back post the neck rests on."""
    tube = DARK_METAL
    post_y = cradle_y + 0.55 * length
    back_top = (0, post_y, -depth / 2 - (post_y - cradle_y) * np.tan(LEAN) - 0.01)
    parts = [Part(rod((side * 0.17, 0, 0.12), (side * 0.08, cradle_y, 0.02), 0.008, 6), tube) for side in (-1, 1)]
    parts += [Part(rod((0, 0, -0.2), back_top, 0.009, 6), tube),
              Part(rod((-0.1, cradle_y - 0.012, 0.02), (0.1, cradle_y - 0.012, 0.02), 0.012, 8), BLACK),  # cradle
              Part(rod((-0.05, cradle_y, 0.03), (-0.05, cradle_y + 0.05, 0.04), 0.008, 6), BLACK),
              Part(rod((0.05, cradle_y, 0.03), (0.05, cradle_y + 0.05, 0.04), 0.008, 6), BLACK),
              Part(rod((-0.17, 0, 0.12), (0, 0, -0.2), 0.006, 6), tube),
              Part(rod((0.17, 0, 0.12), (0, 0, -0.2), 0.006, 6), tube)]
    return parts


# ------------------------------------------------------------------ drum kits

def _drum(base, top, radius: float, shell) -> list[Part]:
    """A drum from ``base`` to ``top`` (its batter head), with a chrome hoop at each end."""
    base, top = np.asarray(base, float), np.asarray(top, float)
    axis = (top - base) / np.linalg.norm(top - base)
    return [Part(rod(base, top - axis * 0.006, radius, 20), shell),
            Part(rod(top - axis * 0.006, top, radius * 0.97, 20), HEAD),
            Part(rod(top - axis * 0.016, top - axis * 0.002, radius * 1.03, 20), CHROME),
            Part(rod(base, base + axis * 0.012, radius * 1.03, 20), CHROME)]


def _cymbal(centre, radius: float, stand_from=None) -> list[Part]:
    """A brass cymbal at ``centre`` on a chrome stand from the floor (or from ``stand_from``)."""
    c = np.asarray(centre, float)
    base = np.asarray(stand_from, float) if stand_from is not None else np.array([c[0], 0, c[2]])
    parts = [Part(frustum(radius, 0.12 * radius, 0.025, c - [0, 0.012, 0], 24), BRONZE),
             Part(rod(base, c - [0, 0.012, 0], 0.009, 6), CHROME)]
    if stand_from is None:
        parts += [Part(rod(base + [0, 0.25, 0], base + foot, 0.006, 5), CHROME) for foot in around(3, 0.2, 0.0, 0.5)]
    return parts


def _throne(x: float, z: float, h: float) -> list[Part]:
    """The drummer's round stool."""
    return [Part(cylinder(0.17, 0.08, (x, h - 0.04, z), 20), BLACK),
            Part(rod((x, 0.1, z), (x, h - 0.08, z), 0.02, 8), CHROME),
            *(Part(rod((x, 0.15, z), (x + fx, 0, z + fz), 0.01, 5), CHROME) for fx, _, fz in around(3, 0.22, 0, 0.3))]


@generator("drum_kit")
def drum_kit(p: GenParams) -> list[Part]:
    """A kit seen from the audience (+Z), the drummer's stool behind it: v0 a red five-piece rock kit,
    v1 a small natural-wood jazz kit, v2 an electronic kit of black pads on a chrome rack."""
    if p.variant == 2:
        return _electronic_kit(p)
    rock = p.variant == 0
    shell = p.mat("plastic" if rock else "wood", "#a3162a" if rock else "#b5814a")
    bass_r = 0.28 if rock else 0.23
    parts = _drum((0, bass_r, -0.18), (0, bass_r, 0.22), bass_r, shell)  # bass drum, front head to the audience
    parts += _drum((0.22, 0.55, -0.3), (0.22, 0.64, -0.33), 0.18, shell)  # snare, at the drummer's left knee
    parts.append(Part(rod((0.22, 0, -0.3), (0.22, 0.55, -0.3), 0.01, 6), CHROME))
    toms = ((-0.16, 0.0), (0.16, 0.0)) if rock else ((0.1, 0.0),)
    for x, z in toms:  # rack toms on the bass drum, tilted towards the drummer
        parts += _drum((x, 2 * bass_r + 0.08, z + 0.02), (x * 1.1, 2 * bass_r + 0.28, z - 0.06), 0.12, shell)
        parts.append(Part(rod((x * 0.5, 2 * bass_r, 0.0), (x, 2 * bass_r + 0.1, z), 0.01, 6), CHROME))
    floor_r = 0.2 if rock else 0.17
    parts += _drum((-0.45, 0.2, -0.22), (-0.45, 0.62, -0.22), floor_r, shell)  # floor tom, drummer's right
    parts += [Part(rod((-0.45 + fx, 0, -0.22 + fz), (-0.45 + fx, 0.3, -0.22 + fz), 0.008, 5), CHROME)
              for fx, _, fz in around(3, floor_r + 0.02, 0, 0.2)]
    parts += _cymbal((0.55, 0.86, -0.25), 0.18) + _cymbal((0.55, 0.82, -0.25), 0.18)  # hi-hat pair
    parts += _cymbal((0.4, 1.17 if rock else 1.08, 0.15), 0.23)  # crash
    parts += _cymbal((-0.6, 1.0, 0.05), 0.27)  # ride
    parts.append(Part(slab(0.08, 0.03, 0.22, x=0, y=0, z=-0.3), DARK_METAL))  # bass pedal
    return fit(parts + _throne(0.0, -0.58, 0.5), p.size)


def _electronic_kit(p: GenParams) -> list[Part]:
    pad = p.mat("plastic", "#202124")
    rack_y = 0.72
    parts = [Part(rod((x, 0, z), (x, rack_y + 0.1, z), 0.018, 8), CHROME)
             for x, z in ((-0.55, 0.05), (0.55, 0.05), (0.0, 0.15))]
    parts += [Part(rod((-0.55, rack_y, 0.05), (0.55, rack_y, 0.05), 0.016, 8), CHROME),
              Part(rod((-0.55, rack_y, 0.05), (-0.55, rack_y, -0.3), 0.016, 8), CHROME),
              Part(rod((0.55, rack_y, 0.05), (0.55, rack_y, -0.3), 0.016, 8), CHROME)]
    for x, y, r in ((-0.18, rack_y + 0.18, 0.11), (0.18, rack_y + 0.18, 0.11), (-0.45, rack_y - 0.1, 0.14),
                    (0.22, rack_y - 0.12, 0.13)):
        parts += [Part(rod((x, y - 0.03, -0.1), (x, y, -0.14), r, 20), pad),
                  Part(rod((x, y - 0.03, -0.1), (x, rack_y, 0.05), 0.01, 6), CHROME)]
    for x, y, r in ((0.5, rack_y + 0.4, 0.17), (-0.55, rack_y + 0.3, 0.19), (0.55, rack_y + 0.08, 0.14)):
        parts.append(Part(frustum(r, 0.15 * r, 0.02, (x, y, -0.15), 20), pad))  # rubber cymbal pads
        parts.append(Part(rod((x, y, -0.15), (np.sign(x) * 0.55, rack_y, 0.05), 0.01, 6), CHROME))
    parts += [Part(z_disc(0.3, 0.3, 0.12, (0, 0.15, -0.05), 20), pad),  # kick tower
              Part(slab(0.18, 0.06, 0.12, x=0.14, y=rack_y + 0.42, z=0.06), WHITE),  # the sound module
              Part(slab(0.08, 0.03, 0.22, x=0, y=0, z=-0.3), DARK_METAL)]
    return fit(parts + _throne(0.0, -0.58, 0.5), p.size)
