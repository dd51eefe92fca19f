"""scene.json (version 1) as a typed model, so writers and readers agree on one shape.

Compose writes it (tools/page/compose.py), verify fills the requirements' results, publish adds the
URLs; each writes ``model_dump(mode="json")``. The parts whose inner shape belongs to the module that
builds them (architecture, camera, lights, look, behaviours) stay plain JSON here; docs/contracts.md
describes them. Fields absent from older scene folders have defaults, so those folders still read.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tools.core.schema import Requirement


def absent(value: Any) -> bool:
    """Fields filled by a later stage are left out of the JSON until then (so the files keep their shape)."""
    return value is None


class Box(BaseModel):
    """An axis-aligned box in world metres."""

    min: list[float] = Field(description="[x, y, z] of the lowest corner")
    max: list[float] = Field(description="[x, y, z] of the highest corner")


class SceneObject(BaseModel):
    """One placed instance, as the page and game engines read it."""

    model_config = ConfigDict(extra="allow")

    id: str = Field(description="instance id, e.g. 'chair_3'")
    category: str = Field(description="a category of tools.knowledge.categories")
    name: str = Field("", description="what the page's list shows, e.g. 'red chair'")
    asset: str = Field(description="relative path of its GLB, 'assets/<key>.glb'")
    position: list[float] = Field(description="bottom centre [x, y, z], metres")
    rotation: list[float] = Field(description="quaternion [x, y, z, w], yaw only")
    scale: list[float] = Field(description="[x, y, z]")
    bbox: Box | None = Field(None, description="world AABB")
    parent: str | None = Field(None, description="id of the object it stands on; None: the floor")
    requested: bool = Field(False, description="named in the prompt (False: added by the planner)")
    mount: Literal["floor", "surface", "wall", "ceiling", "air"] = Field("floor", description="how it is held up")
    stand_in_for: str | None = Field(None, exclude_if=absent,
                                     description="the prompt's noun this object stands in for (no fitting kind)")
    asset_url: str | None = Field(None, exclude_if=absent,
                                  description="the shared copy of its GLB in the store; added by publish")


class SceneManifest(BaseModel):
    """scene.json: everything the page draws, and what other programs may read about the scene."""

    model_config = ConfigDict(extra="allow")

    version: int = Field(1, description="format version of scene.json")
    id: str = Field("", description="the scene id (also the checkpoint thread id)")
    prompt: str = Field(description="the prompt as given")
    seed: int = Field(0, description="the seed the scene was made with")
    units: Literal["m"] = Field("m", description="metres")
    up: Literal["+Y"] = Field("+Y", description="the up axis; objects face +Z")
    planner: str = Field("grounded", description="which planner (and model) made the plan")
    bounds: Box = Field(description="the space objects must stay in; the floor is y = 0")
    architecture: dict[str, Any] = Field(default_factory=dict,
                                         description="kind, floor, sea, walls, windows, doors")
    objects: list[SceneObject] = Field(default_factory=list, description="one entry per placed instance")
    requirements: list[Requirement] = Field(default_factory=list,
                                            description="checks derived from the prompt; results filled by verify")
    camera: dict[str, Any] = Field(default_factory=dict, description="fov, aspect, near, far, position, target, views")
    lights: list[dict[str, Any]] = Field(default_factory=list, description="sky light probe, directional, point lights")
    stats: dict[str, int] = Field(default_factory=dict, description="assets (distinct) and instances")
    title: str = Field("", description="a short title from the prompt, shown through textContent only")
    look: dict[str, Any] | None = Field(None, description="time of day, weather, style, palette, sky, fog, ...")
    behaviours: list[dict[str, Any]] = Field(default_factory=list, description="what the page animates")
    urls: dict[str, Any] | None = Field(None, exclude_if=absent,
                                        description="where the published copies are; added by publish")
