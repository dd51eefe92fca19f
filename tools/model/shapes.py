"""Shape programs by the model: for a noun no kind fits, the model writes the parts of its shape.

``needs_program`` says which specs qualify: a requested noun grounded to a generic archetype or the
placeholder (tools/plan/ground.py, how "archetype" or "none"); a nearer kind standing in keeps its own
generator. ``ShapeModeller.make`` asks the model once per noun and model (tools/model/prompts.py), checks
the answer (tools/assets/program.py: schema, parts, triangles, size near the reference), builds the GLB,
validates it against GENERATED_LIMITS and keeps the program in the catalog under
``program_key(noun, model)``, so the next scene naming the noun makes it without a model call. Whatever
goes wrong (no answer, invalid JSON, a rejected program, a refused GLB) is logged with its reason and
gives None: the archetype stands in, as without a model.

The program keeps its own size (the model knows a gramophone's size better than a generic archetype
does); a size the prompt states (a measure, a size word) scales it uniformly to the reference's, and a
colour it states paints the program's main colour (the colour check then reads what was painted).
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass

from tools.assets.program import ShapeProgram, build_program, check_program, program_extent, recoloured
from tools.catalog.store import PROCEDURAL_LICENCE, CatalogEntry
from tools.catalog.validate import GENERATED_LIMITS, validate_glb
from tools.core.errors import AssetError, ModelError
from tools.core.schema import AssetRef, ObjectSpec, ScenePlan, UnknownNoun
from tools.core.telemetry import tool_call
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.extent import target_size
from tools.model.client import LLMClient
from tools.model.planner import inline_refs
from tools.model.prompts import shape_messages
from tools.supply.make import AssetSupply, into_scene

MAX_TOKENS = 2048  # 24 parts of about 60 tokens each, with room to spare
NO_KIND = ("archetype", "none")  # grounding found no kind near: an archetype or the placeholder stands in
AXES = {"width": 0, "height": 1, "depth": 2}
MODELLED = "shape program"  # what an unknown noun a shape program draws is mapped to in report.json
log = logging.getLogger(__name__)


def needs_program(spec: ObjectSpec) -> bool:
    """Whether ``spec`` is a noun of the prompt that no kind fits, so a shape program may draw it."""
    grounding = spec.grounding
    return spec.requested and bool(spec.noun) and grounding is not None and grounding.how in NO_KIND


def program_key(noun: str, model: str) -> str:
    """The catalog key of the program the model ``model`` wrote for ``noun``."""
    return "program-" + hashlib.sha256(json.dumps([noun.lower(), model]).encode()).hexdigest()[:16]


def program_schema() -> dict:
    """ShapeProgram as one JSON schema without references, for the model's structured output."""
    schema = ShapeProgram.model_json_schema()
    return inline_refs(schema, schema.get("$defs", {}))


@dataclass(frozen=True)
class ShapeModeller:
    """Makes shape-program assets: the model client, the name it is cached under, and the run's supply."""

    client: LLMClient
    model: str  # the configured model (DIORAMA_LLM_MODEL, else the endpoint URLs): half of the cache key
    supply: AssetSupply

    def make(self, spec: ObjectSpec) -> AssetRef | None:
        """The asset of ``spec`` drawn by the model's shape program, in the scene folder; None: use the archetype."""
        reference = target_size(spec)
        try:
            program, made_by = self._program(spec, reference)
            asset = build_program(recoloured(program, spec.color), spec.category,
                                  _stated_scale(spec, program, reference), {"noun": spec.noun, "model": made_by})
            with tool_call("validate_asset"):
                validate_glb(asset.glb, GENERATED_LIMITS, parse=False)
        except (ModelError, AssetError) as e:
            log.warning("shape program for %r not used, the archetype stands in: %s", spec.noun, e)
            return None
        path, url = into_scene(self.supply.out_dir, self.supply.store, asset.key, asset.glb)
        params = {**asset.params, "noun": spec.noun, "model": made_by}
        return AssetRef(key=asset.key, category=spec.category, path=path, size=asset.size, params=params,
                        source="model", url=url)

    def _program(self, spec: ObjectSpec, reference: tuple[float, float, float]) -> tuple[ShapeProgram, str]:
        """(program, the model that wrote it): from the catalog when this noun was drawn before, else asked."""
        key = program_key(spec.noun, self.model)
        cached = self._cached(key)
        if cached is not None:  # checked again: this scene's reference size may differ from the first one's
            return check_program(cached.params["program"], reference), cached.params["model"]
        messages = shape_messages(spec.noun, reference, spec.color_name)
        with tool_call("shape_program"):
            data, answer = self.client.chat_json(messages, program_schema(), schema_name="shape_program",
                                                 max_tokens=MAX_TOKENS)
        program = check_program(data, reference)
        self._keep(key, spec, program, answer.model)
        return program, answer.model

    def _cached(self, key: str) -> CatalogEntry | None:
        catalog = self.supply.catalog
        if catalog is None:
            return None
        try:
            return catalog.get(key)
        except AssetError:
            return None

    def _keep(self, key: str, spec: ObjectSpec, program: ShapeProgram, model: str) -> None:
        """Store the program (and its GLB at its own size) in the catalog for later scenes and searches."""
        catalog = self.supply.catalog
        if catalog is None:
            return
        asset = build_program(program, spec.category, extras={"noun": spec.noun, "model": model})
        entry = CatalogEntry(key=key, category=spec.category, name=f"shape program for '{spec.noun}'",
                             tags=(*spec.noun.lower().split(), "shape program", "model"), size=asset.size,
                             source="generated", licence=PROCEDURAL_LICENCE,
                             params={"program": asset.params["program"], "noun": spec.noun, "model": model})
        catalog.add(entry, asset.glb)


def _stated_scale(spec: ObjectSpec, program: ShapeProgram, reference: tuple[float, float, float]) -> float:
    """1 unless the prompt states a size: a measure gives the measured side that length; a size word scales the
    program's own size as it scales any kind's ("a large gramophone"), never to the stand-in's reference size,
    which is a generic machine's and not a gramophone's."""
    if spec.measure_m is not None:
        extent = program_extent(program)
        axis = AXES.get(spec.measure_axis or "", max(range(3), key=lambda i: reference[i]))
        return spec.measure_m / extent[axis]
    low, high = CATEGORIES[spec.category].size_range
    return {"small": low, "large": high, "tall": high, "long": high}.get(spec.size or "", 1.0)



def mark_modelled(plan: ScenePlan, modelled: dict[str, str]) -> ScenePlan:
    """``plan`` saying which specs a shape program draws: ``modelled`` maps ObjectSpec.key -> the model that
    wrote it. Every other spec is marked as not modelled (an edit run without a model draws the archetype
    again), and the unknown nouns say what stands in, for report.json and the CLI summary."""
    specs = [_marked(spec, modelled.get(spec.key)) for spec in plan.objects]
    by_noun = {s.grounding.noun: s for s in specs if s.grounding is not None}
    unknown = [_unknown_marked(u, by_noun.get(u.noun)) for u in plan.unknown_nouns]
    return plan.model_copy(update={"objects": specs, "unknown_nouns": unknown})


def _marked(spec: ObjectSpec, model: str | None) -> ObjectSpec:
    if spec.grounding is None or spec.grounding.modelled_by == model:
        return spec
    return spec.model_copy(update={"grounding": spec.grounding.model_copy(update={"modelled_by": model})})


def _unknown_marked(unknown: UnknownNoun, spec: ObjectSpec | None) -> UnknownNoun:
    """The unknown noun showing ``MODELLED`` and who wrote it, or, no longer modelled, its category again."""
    model = spec.grounding.modelled_by if spec is not None and spec.grounding is not None else None
    was_modelled = unknown.mapped_to == MODELLED
    if model is not None and not was_modelled:
        return UnknownNoun(noun=unknown.noun, mapped_to=MODELLED, reason=f"by the model {model}; {unknown.reason}")
    if model is None and was_modelled and spec is not None:
        return UnknownNoun(noun=unknown.noun, mapped_to=spec.category, reason=unknown.reason.split("; ", 1)[-1])
    return unknown
