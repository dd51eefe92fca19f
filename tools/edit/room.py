"""Edit operations on the room and the look rather than one thing: time of day and weather (style, palette,
light and brightness in tools/edit/style.py), the walls' and
floor's finish, the room's size, and which wall a person means ('the left wall', 'the window wall', 'the other
wall')."""

from __future__ import annotations

from tools.core.errors import InputError, PromptError
from tools.core.schema import Environment, Look, ObjectSpec, Palette
from tools.core.windows import windows_of
from tools.edit.ops import CUSTOM_PALETTE, FLOOR_MATERIALS, WALL_NAMES, EditOp
from tools.edit.outcome import EditOutcome, colour
from tools.edit.style import restyle
from tools.knowledge.places import WALL_FINISHES
from tools.plan.text import StatedSize, check_size

ROOM_FACTOR = 1.25  # 'make the room bigger' grows each side by a quarter; 'smaller' shrinks it by the same ratio


def look(outcome: EditOutcome, op: EditOp) -> str:
    """Time of day and weather: the page's light, sky, fog and falling snow or rain (tools/page/look.py); then
    the style, palette, light and brightness, which may follow the new hour."""
    plan = outcome.plan
    if op.weather not in (None, "clear") and plan.environment.kind == "indoor":
        raise InputError(f"{op.weather} shows only outdoors and this scene is a room; the time of day can change "
                         "('make it night')")
    update = {k: v for k, v in (("time_of_day", op.time_of_day), ("weather", op.weather)) if v is not None}
    plan.look = (plan.look or Look()).model_copy(update=update)
    styled = restyle(plan, op)
    if not update and not styled:
        raise InputError("say the time of day, the weather or the style, e.g. 'make it night', 'make it foggy' or "
                         "'make it cosier'")
    return "look: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in {**update, **styled}.items())


def finish(outcome: EditOutcome, op: EditOp) -> str:
    """Wall or floor colour and material: the finishes compose draws (tools/page/look.py finishes)."""
    plan, env = outcome.plan, outcome.plan.environment
    if op.target == "walls" and env.kind != "indoor":
        raise InputError("an outdoor scene has no walls to paint")
    if op.target == "walls":
        return _walls(env, op)
    if op.material is not None:
        if op.material not in FLOOR_MATERIALS.values():
            raise InputError(f"'{op.material}' is no floor the page draws ({', '.join(sorted(set(FLOOR_MATERIALS.values())))})")
        env.floor = op.material
        if plan.look and plan.look.palette and plan.look.palette.floor:  # the material's own colour shows
            plan.look.palette.floor = None
        if op.color is None:
            return f"floor: {op.material}"
    hex_color, name = colour(op.color or "")
    if op.target == "floor" and env.kind != "indoor":
        raise InputError("outdoors the ground's colour is its material's; say the material ('make the ground sand')")
    current = plan.look or Look()
    palette = current.palette or Palette(name=CUSTOM_PALETTE, accent=hex_color)
    palette = palette.model_copy(update={"wall" if op.target == "walls" else "floor": hex_color})
    plan.look = current.model_copy(update={"palette": palette})
    return f"{op.target}: {name}" + (f" {op.material}" if op.material else "")


def _walls(env: Environment, op: EditOp) -> str:
    """The walls' finish and colour; a new finish of no stated colour shows its own."""
    if op.material is not None:
        if op.material not in WALL_FINISHES:
            raise InputError(f"'{op.material}' is no wall the page draws ({', '.join(WALL_FINISHES)})")
        env.walls = op.material  # type: ignore[assignment]  # one of WALL_FINISHES, checked above
    hex_color, name = colour(op.color) if op.color else (None, "")
    env.wall_color = hex_color
    return "walls: " + " ".join(part for part in (name, op.material) if part)


def room_size(outcome: EditOutcome, op: EditOp) -> str:
    """'make the room bigger', 'make the room 6 by 5 metres': a new size within what a prompt may state
    (tools/plan/text.py check_size). The walls move, so every object is placed again by its relations."""
    env = outcome.plan.environment
    if env.kind != "indoor":
        raise InputError("only a room's size can change; this scene is outdoors")
    before = (env.width, env.depth)
    if op.width_m is not None or op.depth_m is not None:
        width, depth = op.width_m or env.width, op.depth_m or op.width_m or env.depth
    elif op.size is not None:
        factor = ROOM_FACTOR if op.size == "larger" else 1 / ROOM_FACTOR
        width, depth = round(env.width * factor, 2), round(env.depth * factor, 2)
    else:
        raise InputError("say how the room changes: 'make the room bigger' or 'make the room 6 by 5 m'")
    if (width, depth) == before:
        raise InputError(f"the room already is {width:g} m x {depth:g} m")
    try:
        check_size(StatedSize(width, depth, None, f"{width:g}m x {depth:g}m"), outdoor=False)
    except PromptError as error:
        raise InputError(str(error)) from None
    env.width, env.depth, env.size_from_prompt = width, depth, True
    outcome.replace.update(s.key for s in outcome.plan.objects)
    return f"room: {before[0]:g} m x {before[1]:g} m -> {width:g} m x {depth:g} m (everything placed again)"


def wall_index(outcome: EditOutcome, spec: ObjectSpec, name: str) -> int:
    """The index in WALL_SIDES of the wall ``name`` means for ``spec``: a named side, the first window's wall,
    or the wall opposite the one the spec's first instance stands at now ('the other wall')."""
    env = outcome.plan.environment
    if env.kind != "indoor":
        raise InputError("an outdoor scene has no walls to move things to")
    if name == "window":
        windows = windows_of(env)
        if not windows:
            raise InputError("the room has no window, so no window wall")
        return windows[0].wall
    if name != "other":
        return WALL_NAMES.index(name)
    now = [p for p in outcome.before if p.spec == spec.key]
    if not now:
        raise InputError(f"where the {spec.noun or spec.category} stands now is unknown, so 'the other wall' is too; "
                         "name the wall ('the left wall')")
    return (_nearest_wall(now[0].position[0], now[0].position[2], env) + 2) % 4


def _nearest_wall(x: float, z: float, env: Environment) -> int:
    """The index in WALL_SIDES of the wall nearest (x, z)."""
    gaps = (z + env.depth / 2, env.width / 2 - x, env.depth / 2 - z, x + env.width / 2)  # WALL_SIDES order
    return min(range(4), key=lambda i: gaps[i])
