"""Run one scene through the graph, checkpointed under its scene id so a killed run resumes."""

from __future__ import annotations

import hashlib
import logging
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import cast

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph.state import CompiledStateGraph

from graph.context import RunContext
from graph.graph import build_graph
from graph.state import SceneState
from tools.core.errors import InputError, PromptError
from tools.core.telemetry import scene_scope

SCENE_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
log = logging.getLogger(__name__)
RECURSION_LIMIT = 64  # far above plan..publish plus max_repairs rounds; a guard, not a budget


def default_scene_id(prompt: str, seed: int, out_dir: Path) -> str:
    """Same prompt, seed and folder -> same id, so rerunning a killed command resumes it."""
    key = f"{prompt}\0{seed}\0{out_dir.resolve()}"
    return "s-" + hashlib.sha256(key.encode()).hexdigest()[:16]


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
) -> SceneState:
    """Generate (or resume) a scene into ``out_dir``; returns the final state.

    A thread with unfinished work resumes from its last finished node; a finished
    one starts over. ``interrupt_after`` stops after the named nodes (for tests).
    """
    if not prompt or not prompt.strip():
        raise PromptError("The prompt is empty: describe the scene, e.g. 'a bedroom with a bed and a lamp'.")
    scene_id = scene_id or default_scene_id(prompt, seed, out_dir)
    if not SCENE_ID.match(scene_id):
        raise InputError(f"scene id {scene_id!r} must be 1-64 lower-case letters, digits, '-' or '_'")
    with scene_scope(scene_id):  # every log record of the run (worker threads too) carries its scene id
        return _run(prompt, seed, out_dir, context, scene_id, interrupt_after)


# state, run context, input and output: the graph reads and writes SceneState throughout
SceneGraph = CompiledStateGraph[SceneState, RunContext, SceneState, SceneState]


@contextmanager
def checkpointed_graph(context: RunContext, thread_id: str) -> Iterator[tuple[SceneGraph, SqliteSaver, RunnableConfig]]:
    """The scene graph over the SQLite checkpointer, with the run config of ``thread_id``."""
    db = context.settings.checkpoint_db
    db.parent.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(db, check_same_thread=False)) as conn:
        saver = SqliteSaver(conn)
        config: RunnableConfig = {"configurable": {"thread_id": thread_id}, "recursion_limit": RECURSION_LIMIT}
        yield build_graph(checkpointer=saver), saver, config


def _run(prompt: str, seed: int, out_dir: Path, context: RunContext, scene_id: str,
         interrupt_after: list[str] | None) -> SceneState:
    out_dir.mkdir(parents=True, exist_ok=True)
    with checkpointed_graph(context, scene_id) as (graph, saver, config):
        snapshot = graph.get_state(config)
        if snapshot.next and snapshot.values.get("prompt") == prompt:
            context.progress("resume", f"resuming {scene_id} at {', '.join(snapshot.next)}")
            run_input = None
        else:
            saver.delete_thread(scene_id)
            run_input = initial_state(prompt, seed, out_dir, scene_id)
            log.info("starting %s", scene_id)  # a resume says so through progress
        for _ in graph.stream(run_input, config, context=context, durability="sync", interrupt_after=interrupt_after):
            pass
        return cast(SceneState, graph.get_state(config).values)  # LangGraph types a snapshot's values as a plain dict
