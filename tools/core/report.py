"""What report.json says: the verifier's checks, each named once here with what can mend it.

``CheckName`` is the one list of check names; every other module names a check through it, so a
renamed or added check changes here only (tests/test_check_names.py holds everyone to that). Each
name declares beside it what a repair round can change to mend it (``Mend``), and graph/repair.py
routes from that declaration. ``Report`` is report.json (docs/contracts.md), written by verify and
publish through ``model_dump(mode="json")``; its ``render``, ``page``, ``repairs`` and ``tool_calls``
stay plain JSON because their shape belongs to the modules that fill them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tools.core.manifest import absent
from tools.core.schema import Requirement, UnknownNoun


class Mend(StrEnum):
    """What a repair round can change so that a failed check may pass next time."""

    LAYOUT = "layout"  # re-solving the layout (or the model's moves) can fix it
    CAMERA = "camera"  # reframing the views on what was not seen can fix it
    NOTHING = "nothing"  # the page's own behaviour: the same page fails it the same way every round


class CheckName(StrEnum):
    """Every check report.json can hold, with what mends it and what it means."""

    mended_by: Mend
    meaning: str

    def __new__(cls, value: str, mended_by: Mend, meaning: str) -> CheckName:
        """A check name carrying the repair that mends it and what it means."""
        member = str.__new__(cls, value)
        member._value_ = value
        member.mended_by = mended_by
        member.meaning = meaning
        return member

    READY = "ready", Mend.NOTHING, "the page said ready, opened no dialog and its test API answered"
    NO_CONSOLE_ERRORS = "no_console_errors", Mend.NOTHING, "the browser console logged no error"
    NO_FAILED_REQUESTS = "no_failed_requests", Mend.NOTHING, "every request the page made succeeded"
    NOT_BLANK = "not_blank", Mend.CAMERA, "no overall view is one flat colour"
    OBJECTS_VISIBLE = "objects_visible", Mend.CAMERA, "every object shows in at least one view"
    NO_COLLISIONS = "no_collisions", Mend.LAYOUT, "no two objects' boxes interpenetrate"
    IN_BOUNDS = "in_bounds", Mend.LAYOUT, "every object lies inside the scene's bounds"
    SUPPORTED = "supported", Mend.LAYOUT, "every object stands on the floor or its parent, or is mounted"
    REQUIREMENTS = "requirements", Mend.LAYOUT, "the prompt's counts, colours and relations are met"
    NAVIGABILITY = ("navigability", Mend.LAYOUT, "indoors, a 0.4 m walker reaches nearly all the free floor as one "
                    "region and the used side of every seat, bed, desk, counter, appliance and storage")
    OPENING_CLEARANCE = ("opening_clearance", Mend.LAYOUT, "indoors, nothing stands in a door's swing or tall in front "
                         "of a window, and the walkable floor reaches every door")
    UI_FOCUS = "ui_focus", Mend.NOTHING, "clicking an object's list entry brings the camera onto it"
    PHONE_LAYOUT = "phone_layout", Mend.NOTHING, "at 390x844 nothing overflows and the panel leaves the scene room"
    MOTION = "motion", Mend.NOTHING, "what should move moves between t=0 and t=0.5 s, and nothing else does"


class Check(BaseModel):
    """One judged check."""

    model_config = ConfigDict(extra="allow")

    name: CheckName = Field(description="which check")
    passed: bool = Field(description="whether the scene passed it")
    evidence: str = Field(description="what was measured, in words, so a failure says why")


def check(name: CheckName, passed: bool, evidence: str) -> dict:
    """A check as report.json holds it (and as the graph's state keeps it: plain JSON)."""
    return Check(name=name, passed=bool(passed), evidence=evidence).model_dump(mode="json")


class Report(BaseModel):
    """report.json (version 1): verification results, requirement checks, repairs and timings."""

    model_config = ConfigDict(extra="allow")

    version: int = Field(1, description="format version of report.json")
    scene_id: str = Field("", description="the scene id (also the checkpoint thread id)")
    prompt: str = Field("", description="the prompt as given")
    planner: str = Field("grounded", description="which planner made the plan, as scene.json's planner")
    passed: bool = Field(description="every check passed")
    checks: list[Check] = Field(default_factory=list, description="every check judged, in the verifier's order")
    requirements: list[Requirement] = Field(default_factory=list,
                                            description="the prompt's requirements with passed and evidence")
    unknown_nouns: list[UnknownNoun] = Field(default_factory=list,
                                             description="nouns the planner did not know, and what they became")
    visible: dict[str, bool] = Field(default_factory=dict, description="object id -> seen in some view")
    page: dict[str, Any] | None = Field(None, description="bytes by kind, requests, draw calls, triangles, load ms")
    render: dict[str, Any] = Field(default_factory=dict,
                                   description="views, console errors, failed requests, dialogs, motion, experience")
    repairs: list[dict[str, Any]] = Field(default_factory=list, description="one entry per repair round")
    timings: dict[str, float] = Field(default_factory=dict, description="seconds per stage, summed over rounds")
    tool_calls: list[dict[str, Any]] = Field(default_factory=list, description="every tool call, in call order")
    urls: dict[str, Any] | None = Field(None, exclude_if=absent,
                                        description="where the published copies are; added by publish")

    def failed(self) -> list[Check]:
        """The checks that failed."""
        return [c for c in self.checks if not c.passed]

    def checks_passed(self) -> int:
        """How many checks passed."""
        return sum(c.passed for c in self.checks)

    def requirements_met(self) -> int:
        """How many requirements were met."""
        return sum(bool(r.passed) for r in self.requirements)
