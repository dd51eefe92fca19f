"""Conversational edits: a new revision of a finished scene, re-verified through the same graph.

The scene folder always shows the latest revision; each earlier one is kept
under ``revisions/<n>/`` (its bundle files, screenshots, hard links to its
content-addressed assets and links to the page's shared script and style), and
``revisions.json`` lists them all (graph/revisions.py reads it). An edit starts from the scene's plan
(``plan.json``, written by every edit; for a scene never edited: the run's
checkpoint, else the grounded planner's deterministic re-plan), applies the
edit's operations (tools/edit/apply.py), then runs the graph under the thread
``<scene_id>-r<n>`` from a state that already holds the edited plan and the
pins, so it enters at assets: the assets node makes what changed, every layout
of the revision (repair rounds included) keeps each untouched object where it
was (tools/edit/layout.py), and compose, verify, repair and publish run as for
any scene.
"""

from __future__ import annotations

import fcntl
import json
import math
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

from graph.checkpoints import open_checkpointer
from graph.context import RunContext
from graph.revisions import REVISIONS_DIR, REVISIONS_FILE, read_log
from graph.runner import checkpointed_graph, initial_state
from graph.state import SceneState
from graph.verify import write_json
from tools.core.errors import InputError, ModelError
from tools.core.schema import Placement, ScenePlan, instance_ids
from tools.core.telemetry import scene_scope
from tools.edit.account import change_counts, object_changes, scene_changes
from tools.edit.apply import RESTORING, EditOutcome, apply_edits, exists_in
from tools.edit.history import restored_revision
from tools.edit.layout import PINNING, Pinning, pins_from, remap_pins, standing_pins
from tools.edit.outcome import fresh_outcome
from tools.edit.parse import EditOp, not_understood_message, parse_edits
from tools.edit.targets import Last
from tools.page.compose import PAGE_FILES
from tools.plan.planner import plan_prompt
from tools.storage.bundle import replace_published_file

PLAN_FILE = "plan.json"
EDIT_LOCK_FILE = ".edit.lock"
ARCHIVED_FILES = ("index.html", "scene.json", "scene.glb", "report.json", PLAN_FILE)


def edit_scene(scene_dir: Path, instruction: str, context: RunContext) -> SceneState:
    """Make a new revision of the scene in ``scene_dir`` by ``instruction``; returns the final state.

    InputError (nothing changed on disk) when the folder holds no scene, the instruction is not understood
    (and no model is configured to read it), names nothing in the scene, or the edited scene cannot fit.
    """
    scene_dir = scene_dir.resolve()
    if not (scene_dir / "scene.json").is_file():
        raise InputError(f"{scene_dir} holds no scene (no scene.json); generate one first")
    with _edit_lock(scene_dir):
        return _edit_locked(scene_dir, instruction, context)


@contextmanager
def _edit_lock(scene_dir: Path) -> Iterator[None]:
    """One edit of a folder at a time: a second would take the first's half-made revision for a killed one."""
    with open(scene_dir / EDIT_LOCK_FILE, "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InputError(f"another edit of {scene_dir} is running; wait for it to finish") from None
        yield  # the lock goes with the file's closing, also when the process dies


def _edit_locked(scene_dir: Path, instruction: str, context: RunContext) -> SceneState:
    log = read_log(scene_dir)
    unfinished = scene_dir / REVISIONS_DIR / str(log[-1]["revision"])
    if unfinished.is_dir():  # an edit was killed after archiving the latest revision: put it back first
        restore_revision(scene_dir, unfinished)
    scene = _read_json(scene_dir / "scene.json", f"{scene_dir} holds no scene (no scene.json); generate one first")
    plan = load_plan(scene_dir, scene, context)
    operations, source = edit_operations(instruction, plan, context, _last_targets(log))
    number = log[-1]["revision"] + 1
    base_scene, base_plan = scene, plan  # what the new revision starts from: the latest, or the one restored
    before = previous_placements(scene, plan)
    restoring = len(operations) == 1 and operations[0].kind in RESTORING
    if restoring:
        base_scene, base_plan, outcome = _restored(scene_dir, log, restored_revision(
            [entry.get("operations") or [] for entry in log], operations[0]))
    else:
        outcome = apply_edits(plan, operations, before)
    context.progress("edit", f"revision {number}: {'; '.join(outcome.changes)} ({source})")
    if not (scene_dir / PLAN_FILE).is_file():  # the archived revision keeps the plan it was made from
        write_json(scene_dir / PLAN_FILE, plan.model_dump())
    archive = archive_revision(scene_dir, log[-1]["revision"])
    try:
        with scene_scope(scene["id"]):  # log records of the edit carry the scene id, as a generate's do
            state = run_revision(scene_dir, base_scene, base_plan, outcome, f"{scene['id']}-r{number}", number,
                                 context)
    except BaseException:
        restore_revision(scene_dir, archive)
        raise
    write_json(scene_dir / PLAN_FILE, state["plan"])
    new_plan = ScenePlan.model_validate(state["plan"])
    objects = object_changes(plan, before, new_plan, [Placement.model_validate(p) for p in state["placements"]],
                             None if restoring else outcome.where)
    scene_parts = scene_changes(plan, new_plan)
    account = {"revision": number, "instruction": instruction, "changes": outcome.changes,
               "counts": change_counts(objects), "objects": objects, "scene": scene_parts}
    log.append({"revision": number, "instruction": instruction, "created_at": _now(), "editor": source,
                "operations": [op.model_dump(exclude_none=True) for op in operations], "changes": outcome.changes,
                "counts": account["counts"], "objects": objects, "scene": scene_parts, "targets": outcome.targets,
                "pinned": state.get("pinned", []), "passed": state.get("passed")})
    write_json(scene_dir / REVISIONS_FILE, {"revisions": log})
    return {**state, "report": _report_with_account(scene_dir, scene["id"], state, account, context)}


def _report_with_account(scene_dir: Path, scene_id: str, state: SceneState, account: dict,
                         context: RunContext) -> dict:
    """report.json (here and in the store publish put it in) with the edit's account under ``edit``."""
    report = {**state["report"], "edit": account}
    write_json(scene_dir / "report.json", report)
    replace_published_file(context.store, f"scenes/{scene_id}", "report.json", scene_dir / "report.json")
    return report


def _last_targets(log: list[dict]) -> Last | None:
    """What the latest revision changed, for 'it', 'them' and 'the rest' in the next instruction."""
    targets = log[-1].get("targets") or []
    return Last(" | ".join(targets)) if targets else None


def _restored(scene_dir: Path, log: list[dict], wanted: int) -> tuple[dict, ScenePlan, EditOutcome]:
    """(scene, plan, outcome) that make the new revision an exact copy of revision ``wanted``: its plan (objects,
    look, finishes), every instance pinned where that revision's scene.json has it."""
    folder = scene_dir / REVISIONS_DIR / str(wanted)
    if not (folder / PLAN_FILE).is_file() or not (folder / "scene.json").is_file():
        raise InputError(f"revision {wanted} was not kept with its plan ({folder}); it cannot be restored exactly")
    scene = _read_json(folder / "scene.json", f"revision {wanted} has no scene.json")
    plan = ScenePlan.model_validate_json((folder / PLAN_FILE).read_text(encoding="utf-8"))
    outcome = fresh_outcome(plan, changes=[f"restored revision {wanted}"],
                            targets=list(next((e.get("targets") or [] for e in log if e["revision"] == wanted), [])))
    return scene, plan, outcome


def edit_operations(instruction: str, plan: ScenePlan, context: RunContext,
                    previous: Last | None = None) -> tuple[list[EditOp], str]:
    """The grounded editor's operations; the model's for what it did not understand (when one is configured)."""
    parsed = parse_edits(instruction, exists_in(plan), previous)
    if not parsed.not_understood and parsed.operations:
        return parsed.operations, "grounded"
    unread = parsed.not_understood or [instruction]
    if not context.settings.llm_base_url:
        raise InputError(not_understood_message(unread))
    from tools.model.editor import propose_edits  # the model client only when one is configured

    try:
        proposed, model = propose_edits(unread, plan, context.model_client())
    except ModelError as e:
        raise InputError(f"{not_understood_message(unread)} (the model could not help: {e})") from e
    return [*parsed.operations, *proposed], f"grounded+model:{model}" if parsed.operations else f"model:{model}"


def load_plan(scene_dir: Path, scene: dict, context: RunContext) -> ScenePlan:
    """The plan behind the scene: plan.json, else its run's checkpoint, else the grounded re-plan if it matches."""
    if (scene_dir / PLAN_FILE).is_file():
        return ScenePlan.model_validate_json((scene_dir / PLAN_FILE).read_text(encoding="utf-8"))
    checkpointed = _checkpoint_plan(context, scene["id"])  # the run's own final plan, model repairs included
    if checkpointed is not None:
        return checkpointed
    replanned = _grounded_plan(scene)
    if replanned is not None and _instance_ids(replanned) == {o["id"] for o in scene["objects"]}:
        return replanned
    raise InputError(f"cannot recover the plan of {scene_dir}: no plan.json, no checkpoint of {scene['id']!r}, "
                     "and the prompt re-plans differently; regenerate the scene")


def _checkpoint_plan(context: RunContext, scene_id: str) -> ScenePlan | None:
    if context.settings.database_url is None and not context.settings.checkpoint_db.is_file():
        return None
    with open_checkpointer(context.settings) as saver:
        found = saver.get_tuple({"configurable": {"thread_id": scene_id}})
    plan = found.checkpoint["channel_values"].get("plan") if found else None
    return ScenePlan.model_validate(plan) if plan else None


def _grounded_plan(scene: dict) -> ScenePlan | None:
    if not str(scene.get("planner", "")).startswith("grounded"):
        return None
    return plan_prompt(scene["prompt"], scene["seed"])


def _instance_ids(plan: ScenePlan) -> set[str]:
    return {i for spec in plan.objects for i in instance_ids(spec.key, spec.count)}


def previous_placements(scene: dict, plan: ScenePlan) -> list[Placement]:
    """Placements read back from scene.json objects (spec from the plan's instance ids, yaw from the quaternion)."""
    spec_of = {i: s.key for s in plan.objects for i in instance_ids(s.key, s.count)}
    placements = []
    for obj in scene["objects"]:
        if obj["id"] not in spec_of:  # numbered before a model repair removed a sibling: placed again
            continue
        qx, qy, qz, qw = obj["rotation"]
        lo, hi = obj["bbox"]["min"], obj["bbox"]["max"]
        placements.append(Placement(
            id=obj["id"], spec=spec_of[obj["id"]], category=obj["category"], asset=Path(obj["asset"]).stem,
            position=tuple(obj["position"]), yaw=2 * math.atan2(qy, qw), scale=tuple(obj["scale"]),
            size=tuple(high - low for low, high in zip(lo, hi)), parent=obj["parent"], mount=obj.get("mount", "floor")))
    return placements


def run_revision(scene_dir: Path, scene: dict, old_plan: ScenePlan, outcome: EditOutcome, thread_id: str,
                 number: int, context: RunContext) -> SceneState:
    """The graph from assets on the edited plan, with every untouched object pinned, under its own checkpoint thread.

    ``pinned`` of the result: the objects that still stand where they stood in the previous revision.
    """
    pins = remap_pins(outcome.plan, pins_from(old_plan, previous_placements(scene, old_plan)), outcome.where)
    pinning = Pinning(pins, outcome.replace, outcome.keep, outcome.away, outcome.turns, outcome.placed)
    start: SceneState = {**initial_state(scene["prompt"], scene["seed"], scene_dir, scene["id"]),
             "plan": outcome.plan.model_dump(), "pinning": PINNING.dump_python(pinning, mode="json"),
             "layout_attempt": number}  # another seed than the last revision's layout for what is placed anew
    with checkpointed_graph(context, thread_id) as (graph, saver, config):
        saver.delete_thread(thread_id)
        for _ in graph.stream(start, config, context=context, durability="sync"):
            pass
        final = cast(SceneState, graph.get_state(config).values)  # LangGraph types it as a plain dict
    # A model repair round may have moved a kept object after the layout: only what still stands there counts.
    kept = set(final.get("pinned", []))
    placements = [Placement.model_validate(p) for p in final["placements"]]
    standing = standing_pins(ScenePlan.model_validate(final["plan"]), pinning, placements)
    return {**final, "pinned": [i for i in standing if i in kept]}


def archive_revision(scene_dir: Path, number: int) -> Path:
    """Keep revision ``number`` (the folder's top level) under revisions/<number>/, small: assets hard-linked."""
    target = scene_dir / REVISIONS_DIR / str(number)
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in ARCHIVED_FILES:
        if (scene_dir / name).is_file():
            shutil.copy2(scene_dir / name, target / name)
    if (scene_dir / "screenshots").is_dir():
        shutil.copytree(scene_dir / "screenshots", target / "screenshots")
    (target / "assets").mkdir()
    for asset in {o["asset"] for o in json.loads((scene_dir / "scene.json").read_text(encoding="utf-8"))["objects"]}:
        _link_or_copy(scene_dir / asset, target / asset)
    for name in PAGE_FILES:  # the same bundle (~650 KB) in every revision: a link to the top level's, not a copy
        if (scene_dir / name).is_file():
            os.symlink(os.path.join("..", "..", name), target / name)
    return target


def restore_revision(scene_dir: Path, archive: Path) -> None:
    """Undo a failed edit: the archived revision's files back at the top level, the archive removed."""
    for name in ARCHIVED_FILES:
        if (archive / name).is_file():
            shutil.copy2(archive / name, scene_dir / name)
    if (archive / "screenshots").is_dir():
        shutil.rmtree(scene_dir / "screenshots", ignore_errors=True)
        shutil.copytree(archive / "screenshots", scene_dir / "screenshots")
    shutil.rmtree(archive)


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:  # another file system, or links not allowed: a copy is still correct
        shutil.copy2(source, target)


def _read_json(path: Path, missing: str) -> dict:
    if not path.is_file():
        raise InputError(missing)
    return json.loads(path.read_text(encoding="utf-8"))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
