"""The typed edit operations both editors produce (the grammar of tools/edit/parse.py, and the model through
``EditProposal``) and tools/edit/apply.py applies."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from tools.core.limits import MAX_EDIT_COUNT
from tools.core.schema import TimeOfDay, Weather

EditKind = Literal["recolor", "add", "remove", "move", "resize", "rotate", "replace", "look", "finish", "undo",
                   "redo", "arrange", "duplicate", "room"]
MoveKind = Literal["next_to", "in_front_of", "behind", "facing", "on", "above", "under", "around",
                   "against_wall", "in_corner", "center", "away_from"]
ArrangeKind = Literal["in_circle", "row", "grid", "around"]
# Walls as a person sees the room from the hero view (tools/core/windows.py WALL_SIDES: back -Z, right +X,
# front +Z, left -X), the wall with the windows, or the one opposite the object's own.
WallName = Literal["back", "right", "front", "left", "window", "other"]
WALL_NAMES = ("back", "right", "front", "left")  # by their index in WALL_SIDES
CUSTOM_PALETTE = "custom"  # the palette an edit's wall or floor colour makes where the look had none
# Floor materials compose draws (tools/page/compose.py FLOOR_COLORS; a test keeps the two in step), by the
# words people use for them.
FLOOR_MATERIALS = {"wood": "wood", "wooden": "wood", "timber": "wood", "parquet": "wood", "hardwood": "wood",
                   "tile": "tile", "tiles": "tile", "tiled": "tile", "carpet": "carpet", "carpeted": "carpet",
                   "stone": "stone", "concrete": "concrete", "marble": "stone", "grass": "grass", "sand": "sand",
                   "dirt": "dirt", "asphalt": "asphalt"}


class EditOp(BaseModel):
    """One edit of the scene's plan; objects are named as a person would ('sofa', 'red chair', 'lamp')."""

    kind: EditKind
    target: str = Field(description=(
        "the object to change, e.g. 'sofa', 'lamp', 'red chair'; 'everything' for every object; 'walls' or "
        "'floor' for finish; 'scene' for look, undo and redo; 'room' for the room's size"))
    exclude: list[str] | None = Field(None, description="objects a target of 'everything' leaves out, e.g. ['sofa']")
    ordinal: int | None = Field(None, ge=-1, le=MAX_EDIT_COUNT, description=(
        "one instance of the target: 1 the first, 2 the second ..., -1 the last"))
    near: str | None = Field(None, description=(
        "one instance of the target: the one standing nearest this object, 'window' or 'door' ('the chair by the "
        "window', 'the lamp next to the sofa')"))
    count: int | None = Field(None, ge=1, le=MAX_EDIT_COUNT, description=(
        "add/remove/duplicate: how many; remove without count: all named; duplicate without count: one copy of each"))
    color: str | None = Field(None, description="recolor, finish (or add): a colour word such as 'blue' or 'dark green'")
    relation: MoveKind | None = Field(None, description="move (or add): where it goes relative to `reference`")
    reference: str | None = Field(None, description="the object, 'window' or 'door' the relation is about")
    size: Literal["larger", "smaller"] | None = Field(None, description="resize, room: grow or shrink by a quarter")
    measure_m: float | None = Field(None, gt=0, description="resize: a stated measure in metres")
    measure_axis: Literal["height", "width", "depth", "length"] | None = None
    degrees: float | None = Field(None, ge=-360, le=360, description=(
        "rotate: a relative turn in degrees, positive counter-clockwise seen from above (90 = a quarter turn "
        "to the object's left, -90 to its right, 180 = turned around); or null with relation 'facing' and a "
        "reference to turn it towards"))
    replacement: str | None = Field(None, description="replace: the kind that takes the target's places, e.g. 'stool'")
    time_of_day: TimeOfDay | None = Field(None, description="look: the new time of day")
    weather: Weather | None = Field(None, description="look: the new weather (shown outdoors)")
    style: str | None = Field(None, description=(
        "look: a style word as a prompt says it (cozy, modern, scandinavian, rustic, industrial, victorian, "
        "minimalist, bohemian, scifi): its palette on finishes and on objects of no stated colour, and its light"))
    palette: str | None = Field(None, description=(
        "look: a style word whose colours only the scene takes, the style name unchanged ('a warmer palette': cozy)"))
    tones: str | None = Field(None, description="look: a colour whose shades colour the scene ('in blue tones': blue)")
    light: Literal["warm", "cool"] | None = Field(None, description="look: the colour of the indoor light")
    brightness: Literal["brighter", "darker"] | None = Field(None, description="look: the exposure up or down a step")
    material: str | None = Field(None, description="finish of the floor (wood, tile, carpet, stone ...) or walls (brick, stone, wood, tile, wallpaper ...)")
    revision: int | None = Field(None, ge=1, description=(
        "undo: the revision to restore; null: one step back (each undo goes one further, each redo one forward)"))
    wall: WallName | None = Field(None, description=(
        "move with relation 'against_wall': which wall; 'other' the wall opposite the one it stands at now"))
    arrangement: ArrangeKind | None = Field(None, description=(
        "arrange: the target's instances in a circle, in rows, in a grid, or around `reference`"))
    rows: int | None = Field(None, ge=1, le=20, description="arrange in rows: how many rows")
    width_m: float | None = Field(None, gt=0, description="room: the new width (x) in metres")
    depth_m: float | None = Field(None, gt=0, description="room: the new depth (z) in metres")


class EditProposal(BaseModel):
    """What a model answers for instructions the grounded editor did not understand."""

    operations: list[EditOp]
