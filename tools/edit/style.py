"""The look's style, palette, light and brightness changed by an edit ('make it cosier', 'a warmer palette', 'in
blue tones', 'make it brighter'), the way the planner sets them for a prompt (tools/plan/look.py): the style's
palette on the finishes and on the objects of no stated colour, tones on every thing without its own colour.

What a person asked stays: an object's colour stated in the prompt or an earlier edit, and walls or a floor
painted by an earlier edit. What the previous palette painted is taken back first, so the new one paints it.
(A colour an earlier edit gave that equals a shade of the tones applied after it reads as the tones'.)
"""

from __future__ import annotations

from tools.core.colors import tone_palette
from tools.core.errors import InputError
from tools.core.schema import Look, ObjectSpec, Palette, ScenePlan
from tools.edit.ops import EditOp
from tools.edit.outcome import color_requirement, colour, resolve_specs
from tools.edit.targets import mentions
from tools.knowledge.look_words import STYLES
from tools.plan.look import light_for_time, look_palette, paint_accents, tones_palette
from tools.plan.planner import apply_tone
from tools.plan.text import clean_prompt, tokenize

EXPOSURE_STEP = 1.25  # 'brighter' raises the exposure by a quarter, 'darker' lowers it by the same ratio
MAX_EXPOSURE, MIN_EXPOSURE = 4.0, 0.25
TONES_SUFFIX = " tones"  # tools/plan/look.py tones_palette names its palettes '<colour> tones'
FINISHES = ("wall", "floor")
TONE_SHADES = 5  # tools/core/colors.py tone_palette's distinct shades; the planner's tones repeat after them


def restyle(plan: ScenePlan, op: EditOp) -> dict[str, str]:
    """Apply the op's style, palette, tones, light and brightness to ``plan``; {part: what it became}."""
    for name in (op.style, op.palette):
        if name is not None and name not in STYLES:
            raise InputError(f"'{name}' is no style the planner knows ({', '.join(sorted(STYLES))})")
    look = plan.look or Look()
    update: dict = {}
    if op.style is not None:
        update["style"] = op.style
        update["light"] = STYLES[op.style].light or light_for_time(look.time_of_day)
    if op.light is not None:
        update["light"] = op.light
    if op.brightness is not None:
        update["exposure"] = _exposure(look.exposure, op.brightness)
    if op.style or op.palette or op.tones:  # the latest colour words win: a new style's palette drops old tones
        tones = tones_palette(*colour(op.tones)) if op.tones else None
        palette = look_palette(op.palette or update.get("style", look.style), tones)
        update["palette"] = _with_kept_finishes(palette, look)
        _repaint(plan, look.palette, update["palette"], tones)
    plan.look = look.model_copy(update=update)
    return {k: (v.name if isinstance(v, Palette) else f"{v:g}" if isinstance(v, float) else str(v))
            for k, v in update.items() if v is not None and v != getattr(look, k)}


def _exposure(current: float, brightness: str) -> float:
    factor = EXPOSURE_STEP if brightness == "brighter" else 1 / EXPOSURE_STEP
    goal = round(min(MAX_EXPOSURE, max(MIN_EXPOSURE, current * factor)), 3)
    if goal == current:
        raise InputError(f"the scene is already as {brightness.removesuffix('er')} as it goes (exposure {current:g})")
    return goal


def _tones_of(palette: Palette | None) -> Palette | None:
    """The tones ``palette`` was made of ('blue tones'), without any style's floor; None for a style's palette."""
    if palette is None or not palette.name.endswith(TONES_SUFFIX):
        return None
    return tones_palette(palette.accent, palette.name.removesuffix(TONES_SUFFIX))


def _with_kept_finishes(palette: Palette | None, look: Look) -> Palette | None:
    """``palette`` with the walls and floor an earlier edit painted kept: a finish of the old palette that its
    own style or tones would not give."""
    old = look.palette
    if old is None:
        return palette
    tones = _tones_of(old)
    own = look_palette(look.style, tones) if tones else STYLES[old.name].palette if old.name in STYLES else None
    kept = {part: getattr(old, part) for part in FINISHES
            if getattr(old, part) is not None and (own is None or getattr(own, part) != getattr(old, part))}
    return palette.model_copy(update=kept) if palette else None


def _repaint(plan: ScenePlan, old: Palette | None, new: Palette | None, tones: Palette | None) -> None:
    """Objects the old palette painted lose its colour; the new palette paints every object of no colour as the
    planner does: tones on every thing, then a style's accents on furniture and props."""
    stated = _stated_in_prompt(plan)
    for spec in plan.objects:
        if old is not None and spec.key not in stated and _painted_by(spec, old):
            spec.color = spec.color_name = None
            plan.requirements = [r for r in plan.requirements if r.id != f"color:{spec.key}"]
    if tones is not None:
        plain = [s for s in plan.objects if s.color is None]
        apply_tone(plan.objects, (tones.accent, tones.name.removesuffix(TONES_SUFFIX)))
        for spec in plain:
            if spec.color is not None:  # the planner checks a tone's colours as it checks stated ones
                color_requirement(plan, spec)
    if new is not None:
        paint_accents(plan.objects, new)


def _painted_by(spec: ObjectSpec, palette: Palette) -> bool:
    """Whether ``palette`` gave ``spec`` its colour rather than a person: a style's accent has no colour
    words; a tone's shade has its shade's words ('light blue')."""
    if spec.color is None:
        return False
    if spec.color_name is None:
        return spec.color in palette.colors
    if not palette.name.endswith(TONES_SUFFIX):
        return False
    return (spec.color, spec.color_name) in tone_palette(palette.accent, palette.name.removesuffix(TONES_SUFFIX),
                                                         TONE_SHADES)


def _stated_in_prompt(plan: ScenePlan) -> set[str]:
    """Keys of the specs whose colour the prompt states ('a blue sofa'): in blue tones the sofa's blue is the
    tones' own plain shade, and still the person's."""
    tokens = tokenize(clean_prompt(plan.prompt))
    return {s.key for m in mentions(tokens, None) if m.color for s in resolve_specs(plan, m.words)}
