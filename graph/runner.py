"""Run one scene through the graph, checkpointed under its scene id so a killed run resumes."""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import cast

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import Command

from graph.checkpoints import open_checkpointer
from graph.context import RunContext
from graph.graph import build_graph
from graph.scene_id import default_scene_id
from graph.state import SceneState
from tools.core.limits import check_scene_id, check_seed, check_text
from tools.core.telemetry import scene_scope

log = logging.getLogger(__name__)
RECURSION_LIMIT = 64  # far above plan..publish plus max_repairs rounds; a guard, not a budget


def initial_state(prompt: str, seed: int, out_dir: Path, scene_id: str) -> SceneState:
    """The state a new run starts from."""
    return SceneState(
        scene_id=scene_id, prompt=prompt, seed=seed, out_dir=str(out_dir.resolve()),
        layout_attempt=0, camera_focus=[], repairs=0,
    )


def generate_scene(
    prompt: str,
    out_dir: Path,
    context: RunContext,
    seed: int = 0,
    scene_id: str | None = None,
    interrupt_after: list[str] | None = None,
    fresh_out_dir: bool = False,
    moved_here: bool = False,
) -> SceneState:
    """Generate (or resume) a scene into ``out_dir``; returns the final state.

    A thread with unfinished work in the same folder resumes from its last finished
    node; a finished one starts over (emptying ``out_dir`` first when ``fresh_out_dir``:
    a folder the caller owns, such as the CLI's staging folder). ``interrupt_after``
    stops after the named nodes (for tests). ``moved_here``: the caller brought the
    run's half-made folder to ``out_dir`` from where the checkpoint says it was (another
    host's, through the store: app/jobs/worker.py), so the run resumes there, the
    state's ``out_dir`` updated as it resumes. The prompt, seed and id are checked
    first (tools/core/limits.py): InputError, before anything is written.
    """
    check_text(prompt)
    check_seed(seed)
    scene_id = check_scene_id(scene_id or default_scene_id(prompt, seed, out_dir))
    with scene_scope(scene_id):  # every log record of the run (worker threads too) carries its scene id
        return _run(prompt, seed, out_dir, context, scene_id, interrupt_after, fresh_out_dir, moved_here)


# state, run context, input and output: the graph reads and writes SceneState throughout
SceneGraph = CompiledStateGraph[SceneState, RunContext, SceneState, SceneState]


@contextmanager
def checkpointed_graph(context: RunContext,
                       thread_id: str) -> Iterator[tuple[SceneGraph, BaseCheckpointSaver, RunnableConfig]]:
    """The scene graph over the run's checkpointer (graph/checkpoints.py), with the run config of ``thread_id``."""
    with open_checkpointer(context.settings) as saver:
        config: RunnableConfig = {"configurable": {"thread_id": thread_id}, "recursion_limit": RECURSION_LIMIT}
        yield build_graph(checkpointer=saver), saver, config


def _run(prompt: str, seed: int, out_dir: Path, context: RunContext, scene_id: str,
         interrupt_after: list[str] | None, fresh_out_dir: bool, moved_here: bool) -> SceneState:
    with checkpointed_graph(context, scene_id) as (graph, saver, config):
        snapshot = graph.get_state(config)
        here = str(out_dir.resolve())
        moved = snapshot.values.get("out_dir") != here
        # Only into the folder it was writing (or that folder brought here), and only while it is there: it
        # holds the finished nodes' files.
        same_run = snapshot.values.get("prompt") == prompt and out_dir.is_dir() and (moved_here or not moved)
        run_input: SceneState | Command | None
        if snapshot.next and same_run:
            context.progress("resume", f"resuming {scene_id} at {', '.join(snapshot.next)}"
                                       + (" in its folder brought to this host" if moved else ""))
            # the nodes read the folder from the state: a folder brought here is named there as the run goes on
            run_input = Command(update={"out_dir": here}) if moved else None
        else:
            if fresh_out_dir:  # what an earlier, other run left there must not end up in this scene
                shutil.rmtree(out_dir, ignore_errors=True)
            saver.delete_thread(scene_id)
            run_input = initial_state(prompt, seed, out_dir, scene_id)
            log.info("starting %s", scene_id)  # a resume says so through progress
        out_dir.mkdir(parents=True, exist_ok=True)
        for _ in graph.stream(run_input, config, context=context, durability="sync", interrupt_after=interrupt_after):
            pass
        return cast(SceneState, graph.get_state(config).values)  # LangGraph types a snapshot's values as a plain dict
