"""Every prompt text Diorama sends to a model, and nothing else.

The system prompt is the same bytes for every scene (no prompt text, no date,
no seed in it), so servers that cache prompt prefixes (vLLM's prefix caching,
llama.cpp's slot cache) reuse its computation; what changes per scene goes in
the user message after it. No prompt lists the whole kind registry: the
planner's user message lists the few kinds relevant to its scene
(tools/model/planner.py, ``listed_kinds``), so the prompt's size does not grow
with the registry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from tools.core.schema import TimeOfDay, Weather
from tools.edit.ops import FLOOR_MATERIALS, ArrangeKind, EditKind, MoveKind, WallName
from tools.knowledge.places import PLACES

PLANNER_SYSTEM = f"""You plan 3D scenes. The user describes a scene; the objects it names are already planned.
Answer with one JSON object only:
- "room_type": the kind of place, one of: {", ".join(sorted(PLACES))}.
- "indoor": true for a room with walls, false for open ground.
- "objects": up to 4 MORE objects such a place usually has that are not planned yet,
  each {{"category": ..., "count": 1-4, "color": a colour word or "default"}}; categories are lower case
  with underscores, and the user message lists the ones usual for its scene.
- "relations": where each added object goes, each {{"kind": ..., "subject": category, "target": category or "none"}};
  kinds: next_to, in_front_of, facing, on, against_wall, in_corner.
Never repeat a planned object. Keep scenes plausible: a bedroom gets a nightstand, a forest gets trees.
Example: for "a kitchen with a fridge" planned [fridge x1] answer
{{"room_type": "kitchen", "indoor": true, "objects": [{{"category": "stove", "count": 1, "color": "default"}},
{{"category": "table", "count": 1, "color": "default"}}], "relations": [{{"kind": "against_wall", "subject": "stove",
"target": "none"}}]}}"""

PLANNER_USER = """Scene: {prompt}
Planned: {planned}
Categories: {kinds}
Propose what is missing."""

PLANNER_FIX = """That answer was not valid: {error}
Answer again with one JSON object that follows the rules exactly."""


def planner_messages(prompt: str, planned: str, kinds: Sequence[str]) -> list[dict[str, str]]:
    """System + user messages asking for a plan proposal; ``planned`` lists what the prompt already states,
    ``kinds`` the categories worth proposing for this scene (a bounded list, not the registry)."""
    return [
        {"role": "system", "content": PLANNER_SYSTEM},
        {"role": "user", "content": PLANNER_USER.format(prompt=prompt, planned=planned, kinds=", ".join(kinds))},
    ]


def fix_messages(messages: list[dict[str, str]], answer: str, error: str) -> list[dict[str, str]]:
    """The conversation so far plus the invalid answer and the validation error, for one retry."""
    return [*messages, {"role": "assistant", "content": answer}, {"role": "user", "content": PLANNER_FIX.format(error=error)}]

REPAIR_SYSTEM = """You repair 3D room scenes that failed their checks. You get the failed checks with evidence,
the room bounds and every object (id, category, centre x and z, size, what it stands on, whether the user asked for it).
Fix the failures with tool calls only: move_object, resize_object, recolour_object, remove_object, add_object,
reframe_camera. Positions are metres; the floor is y = 0; keep objects inside the bounds and apart.
Never remove or recolour what the user asked for. Use as few calls as fix the failures; no text."""

REPAIR_USER = """Failed checks:
{failed}
Room bounds: x {x0:.2f} to {x1:.2f}, z {z0:.2f} to {z1:.2f}.
Objects:
{objects}
Call the tools that fix the failed checks."""

def _either(values) -> str:
    return "|".join(f'"{v}"' for v in values)


# The operations' fields as tools/edit/ops.py types them (a test keeps every kind and choice in step).
EDITOR_SYSTEM = f"""You turn edit instructions for a 3D room scene into operations, as one JSON object
{{"operations": [...]}}. Each operation: {{"kind": {_either(get_args(EditKind))},
"target": an object of the scene (a new object's category for add; "everything" for all objects; "walls" or
"floor" for finish; "room" for room; "scene" for look, undo and redo), "exclude": the objects "everything" leaves
out, or null, "ordinal": 1 the first, 2 the second ..., -1 the last instance, or null, "near": the one instance standing
nearest this object or "window" ("the chair by the window"), or null, "count": number or null,
"color": a colour word or null (recolor, add, replace, finish of the walls), "relation": {_either(get_args(MoveKind))}
or null, "reference": an object of the scene, "window" or "door", or null, "wall": with against_wall,
{_either(get_args(WallName))} ("other": the wall opposite its own) or null, "size": "larger"|"smaller"|null
(resize, room), "measure_m": metres or null, "measure_axis": "height"|"width"|"depth"|"length"|null, "degrees": for
rotate, the turn counter-clockwise seen from above (180 turns it around, -90 a quarter turn clockwise) or null
with relation "facing" and a reference, "replacement": for replace, the kind that takes the target's places,
"arrangement": for arrange, {_either(get_args(ArrangeKind))} ("around" a reference), "rows": how many rows or null,
"time_of_day": for look, {_either(get_args(TimeOfDay))} or null, "weather": for look, {_either(get_args(Weather))}
or null, "style": for look, a style word ("cozy", "modern", "scandinavian", "rustic" ...) or null, "palette": for
look, a style word whose colours alone the scene takes ("cozy" for a warmer palette) or null, "tones": for look, a
colour whose shades colour the scene or null, "light": for look, "warm"|"cool"|null, "brightness": for look,
"brighter"|"darker"|null, "material": for finish of the floor, {_either(sorted(set(FLOOR_MATERIALS.values())))}, "width_m",
"depth_m": for room, the new size in metres, "revision": for undo, the revision to go back to, or null for one
step back}}.
Use only objects the scene has, except for add and replace. Example: "swap the lamp for a plant" ->
{{"operations": [{{"kind": "replace", "target": "lamp", "replacement": "potted plant"}}]}}"""

EDITOR_USER = """Scene objects: {objects}
Instruction: {instruction}"""


def repair_messages(failed: str, bounds: tuple[float, float, float, float], objects: str,
                    images: list[str] | None = None) -> list[dict]:
    """System + user messages asking for repair tool calls; ``images`` are PNG data URLs (vision models only)."""
    x0, z0, x1, z1 = bounds
    text = REPAIR_USER.format(failed=failed, x0=x0, x1=x1, z0=z0, z1=z1, objects=objects)
    content: str | list[dict] = text
    if images:
        content = [{"type": "text", "text": text}, *({"type": "image_url", "image_url": {"url": url}} for url in images)]
    return [{"role": "system", "content": REPAIR_SYSTEM}, {"role": "user", "content": content}]


def editor_messages(objects: str, instruction: str) -> list[dict[str, str]]:
    """System + user messages asking for edit operations the grounded editor could not read."""
    return [{"role": "system", "content": EDITOR_SYSTEM},
            {"role": "user", "content": EDITOR_USER.format(objects=objects, instruction=instruction)}]

SHAPE_SYSTEM = """You draw objects for 3D scenes as shape programs: one JSON object {"parts": [...]} of at most 24
parts, each {"primitive": "box"|"cylinder"|"sphere"|"cone"|"torus"|"capsule", "size": [x, y, z] metres before
rotation, "position": [x, y, z] metres of its centre, "rotation": [x, y, z] degrees, "color": "#rrggbb",
"material": "wood"|"metal"|"glass"|"fabric"|"leather"|"stone"|"plastic"|"ceramic"|"emissive"}.
y is up and the floor is y = 0; the object's front faces +z. Cylinders, cones (apex up) and capsules stand
upright before rotation; a torus lies flat. Use the object's real size and the few parts that make it
recognisable. Example, a stool: {"parts": [{"primitive": "cylinder", "size": [0.35, 0.04, 0.35], "position":
[0, 0.63, 0], "rotation": [0, 0, 0], "color": "#8b5a2b", "material": "wood"}, {"primitive": "cylinder", "size":
[0.04, 0.61, 0.04], "position": [0, 0.305, 0], "rotation": [0, 0, 0], "color": "#333333", "material": "metal"}]}"""

SHAPE_USER = """Object: {noun}
About {w:.2f} x {h:.2f} x {d:.2f} m (width x height x depth).{colour}
Answer with its shape program."""


def shape_messages(noun: str, size: tuple[float, float, float], colour: str | None = None) -> list[dict[str, str]]:
    """System + user messages asking for the shape program of ``noun``, about ``size`` metres, in ``colour``."""
    w, h, d = size
    said = f"\nIts main colour: {colour}." if colour else ""
    return [{"role": "system", "content": SHAPE_SYSTEM},
            {"role": "user", "content": SHAPE_USER.format(noun=noun, w=w, h=h, d=d, colour=said)}]
