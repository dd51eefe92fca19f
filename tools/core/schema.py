"""The shared vocabulary of a scene: plan, assets, placements.

Every model here is plain data (JSON-serialisable through ``model_dump``), so
the graph can checkpoint it and each tool can be used without the graph.
Units are metres, +Y is up, objects face +Z.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field

Vec3 = tuple[float, float, float]

RelationKind = Literal[
    "on",  # subject stands on target's top surface
    "next_to",  # subject beside target, touching distance
    "in_front_of",  # subject on target's +Z side (its front)
    "behind",  # subject on target's -Z side
    "facing",  # subject rotated to look at target
    "around",  # subject instances in a ring around target, facing it
    "against_wall",  # subject's back to the nearest wall (indoor)
    "in_corner",  # subject in a room corner
    "center",  # subject at the middle of the bounds
    "above",  # subject hangs above target (ceiling) or on the wall above it
    "row",  # subject instances in a straight row
    "grid",  # subject instances in a grid
    "in_circle",  # subject instances on a ring round their middle, facing it
    "stacked",  # subject instances stacked on each other
    "each_with",  # every target instance gets one subject instance next to it
    "front",  # subject at the front of the room (the -Z wall side), facing +Z into the room
    "by_window",  # subject beside or under one of the room's windows, back to its wall (indoor)
    "under",  # subject in the clear space under target (between a table's legs), else beside it
    "held_in",  # subject held by target: on the boards inside it (a bookshelf) or sunk into its open top (a crate)
]

WallFinish = Literal["plaster", "brick", "stone", "wood", "tile", "concrete", "wallpaper"]  # a room's walls


class Environment(BaseModel):
    """Where the scene happens."""

    kind: Literal["indoor", "outdoor"] = Field(description="room with walls, or open ground")
    room_type: str | None = Field(None, description="e.g. 'living_room', 'forest'; None when unknown")
    width: float = Field(description="extent along X in metres (interior for rooms)")
    depth: float = Field(description="extent along Z in metres")
    height: float = Field(2.7, description="wall height indoors; sky clearance outdoors")
    size_from_prompt: bool = Field(False, description="the prompt stated the size")
    floor: str = Field("wood", description="floor or ground surface: wood, tile, carpet, stone, concrete, grass, sand, snow, asphalt, dirt, water")
    walls: WallFinish = Field("plaster", description="indoor wall finish")
    wall_color: str | None = Field(None, description="'#rrggbb' of the walls as the prompt or an edit states it")
    windows: int = Field(0, description="windows to put in walls (indoor)")
    natural: bool = Field(False, description="indoors: an enclosure of natural rock (a cave, a mine): closed above by "
                          "a ceiling of its walls' finish, with no door")
    surroundings: str | None = Field(None, description="the place type around it whose ground or grounds it stands on "
                                     "('a rooftop bar': rooftop), which gives an outdoor scene its ground and scenery")


class ObjectSpec(BaseModel):
    """One kind of object the scene needs, with how many."""

    key: str = Field(description="unique name in the plan, e.g. 'chair' or 'chair_red'")
    category: str = Field(description="a category of tools.knowledge.categories.CATEGORIES")
    count: int = Field(1, ge=1, description="instances wanted")
    color: str | None = Field(None, description="CSS hex like '#808080' or None for the generator's default")
    color_name: str | None = Field(None, description="colour word(s) as the prompt said them")
    material: str | None = Field(None, description="wood, metal, glass, stone, leather, fabric, plastic")
    size: Literal["small", "large", "long", "tall"] | None = Field(None, description="size word from the prompt")
    shape: str | None = Field(None, description="shape word (round, oval, square, double) when it matters")
    measure_m: float | None = Field(None, description="a measure the prompt stated for it ('a 2 m statue'), metres")
    measure_axis: Literal["height", "width", "depth", "length"] | None = Field(
        None, description="what measure_m measures; None: the category's largest side")
    requested: bool = Field(True, description="named in the prompt (False: added by the planner)")
    noun: str = Field("", description="the prompt's own word for it")
    placeholder: bool = Field(False, description="noun unknown: a generic stand-in is used")
    variant: int | None = Field(None, ge=0, description="style variant the prompt's words chose; None: the scene seed picks")
    grounding: NounGrounding | None = Field(None, description="how the prompt's noun became this kind")


class Relation(BaseModel):
    """A spatial relation between object kinds (by ObjectSpec.key)."""

    kind: RelationKind
    subject: str = Field(description="ObjectSpec.key the relation constrains")
    target: str | None = Field(None, description="ObjectSpec.key of the reference, None for room-level relations")
    param: int | None = Field(None, description="e.g. the number of rows for 'row'/'grid'")


class Requirement(BaseModel):
    """A check derived from the prompt, judged by the verifier."""

    id: str
    kind: Literal["count", "color", "relation", "render", "visibility", "kind"]
    description: str = Field(description="human sentence, e.g. 'four chairs'")
    subject: str | None = None
    target: str | None = None
    expected: int | str | None = None
    passed: bool | None = None
    evidence: str | None = None


# "kind": the asset shows the kind of thing the prompt named (False for a stand-in). No layout mends that.
UNMENDABLE_REQUIREMENTS = frozenset({"kind"})


class NounGrounding(BaseModel):
    """How a noun of the prompt became a kind (tools/plan/ground.py)."""

    noun: str = Field(description="the prompt's noun, compounds whole ('pool table')")
    kind: str = Field(description="the category that shows it")
    score: float = Field(description="similarity in [0, 1]; 1 for a name or synonym")
    how: Literal["name", "meaning", "head", "hypernym", "archetype", "none"] = Field(description="how it was found")
    via: str = Field("", description="the broader class it was found by (how 'hypernym'): 'bench' for a pew")
    fit: Literal["exact", "stand-in"] = Field(description="the thing itself, or a stand-in for it")
    modelled_by: str | None = Field(
        None, description="the model whose shape program draws it (no kind fits; tools/model/shapes.py)")


class UnknownNoun(BaseModel):
    """A noun the planner did not know, and what it became."""

    noun: str
    mapped_to: str = Field(description="category used instead (may be 'placeholder')")
    reason: str


TimeOfDay = Literal["morning", "day", "sunset", "night"]
Weather = Literal["clear", "fog", "snow", "rain"]
BehaviourKind = Literal["orbit", "spin", "flicker", "sway", "ripple", "bob", "circle", "glow"]


class Palette(BaseModel):
    """Colours a style or 'in blue tones' asks for; applied to finishes and to objects of no stated colour."""

    name: str = Field(description="e.g. 'victorian' or 'blue tones'")
    accent: str = Field(description="'#rrggbb' of the main accent")
    colors: list[str] = Field(default_factory=list, description="accent colours for objects, in order of use")
    floor: str | None = Field(None, description="'#rrggbb' floor finish, None: the floor material's own")
    wall: str | None = Field(None, description="'#rrggbb' wall finish, None: the default wall colour")


class Look(BaseModel):
    """Light and mood the prompt asks for (tools.plan.look reads it; tools.page.look turns it into lights)."""

    time_of_day: TimeOfDay = "day"
    weather: Weather = "clear"
    style: str = Field("default", description="minimalist, victorian, scifi, rustic, cozy, industrial, ...")
    palette: Palette | None = None
    light: Literal["neutral", "warm", "cool"] = Field("neutral", description="colour of the indoor light")
    wind: float = Field(0.0, ge=0.0, le=1.0, description="0 still air .. 1 storm: how far plants sway")
    tone_mapping: Literal["aces", "agx", "neutral"] = "neutral"
    exposure: float = Field(1.0, gt=0.0, le=4.0)


class Behaviour(BaseModel):
    """A motion the page plays: target is an ObjectSpec.key in the plan, an object id in scene.json."""

    target: str
    kind: BehaviourKind
    speed: float = Field(gt=0.0, description="cycles per second")
    amplitude: float | None = Field(None, description="radians (sway), metres (bob) or a 0..1 share (flicker, glow)")
    axis: Vec3 | None = Field(None, description="turning axis in the object's own frame (spin)")
    part: str | None = Field(None, description="named node of the asset that moves, e.g. a fan's 'rotor'")
    around: str | None = Field(None, description="orbit: the ObjectSpec.key whose centre it goes round")
    radius: float | None = Field(None, gt=0.0, description="circle: metres from the centre of the path")


class ScenePlan(BaseModel):
    """What the scene should contain, before any geometry exists."""

    prompt: str
    seed: int
    environment: Environment
    objects: list[ObjectSpec]
    relations: list[Relation] = []
    requirements: list[Requirement] = []
    unknown_nouns: list[UnknownNoun] = []
    planner: str = Field("grounded", description="which planner (and model) made this plan")
    look: Look | None = Field(None, description="light and mood; None: plain daylight (tools.plan.look fills it)")
    behaviours: list[Behaviour] = Field(default_factory=list, description="motions the page plays")

    def spec(self, key: str) -> ObjectSpec:
        """The object spec with this key; KeyError when there is none."""
        for obj in self.objects:
            if obj.key == key:
                return obj
        raise KeyError(key)


class AssetRef(BaseModel):
    """One generated asset file, shared by every instance of an ObjectSpec."""

    key: str = Field(description="content hash of the generator parameters")
    category: str
    path: str = Field(description="path relative to the scene folder, 'assets/<key>.glb'")
    size: Vec3 = Field(description="bounding box extent (x, y, z) in metres")
    params: dict = Field(default_factory=dict, description="generator parameters")
    source: str = "procedural"
    url: str | None = Field(None, description="public URL once uploaded")


class Placement(BaseModel):
    """One placed instance."""

    id: str = Field(description="instance id, e.g. 'chair_3'")
    spec: str = Field(description="ObjectSpec.key")
    category: str
    asset: str = Field(description="AssetRef.key")
    position: Vec3 = Field(description="bottom centre in world metres")
    yaw: float = Field(0.0, description="rotation about +Y in radians; 0 faces +Z")
    scale: Vec3 = (1.0, 1.0, 1.0)
    size: Vec3 = Field(description="scaled extent (x, y, z) before rotation")
    parent: str | None = Field(None, description="id of the object it stands on; None: the floor")
    mount: Literal["floor", "surface", "wall", "ceiling", "air"] = "floor"  # air: floats, supported by design
    variant: int | None = Field(None, description="its asset's style variant, which the room under it depends on")


class Camera(BaseModel):
    """The scene camera: where it stands, what it looks at, and its vertical field of view in degrees."""

    position: Vec3
    target: Vec3
    fov: float = 50.0


def instance_ids(key: str, count: int) -> list[str]:
    """The placed instances' ids of a spec: ``key`` alone, or ``key_1`` .. ``key_<count>``."""
    return [key] if count == 1 else [f"{key}_{i}" for i in range(1, count + 1)]


def free_key(specs: Sequence[ObjectSpec], base: str, count: int = 1) -> str:
    """``base``, else ``base_b``, ``base_c``...: a spec key whose instance ids are all new and that no
    earlier spec's instance ids take ('placeholder_2' would be an instance of 'placeholder')."""
    used = {s.key for s in specs} | {i for s in specs for i in instance_ids(s.key, s.count)}
    for suffix in ["", *(f"_{chr(c)}" for c in range(ord("b"), ord("z") + 1))]:
        key = base + suffix
        if key not in used and not any(u.startswith(f"{key}_") for u in used) \
                and not set(instance_ids(key, count)) & used:
            return key
    raise ValueError(f"too many kinds of {base} in one scene")
