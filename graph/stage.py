"""The wrapper every node goes through: progress messages, stage seconds and the node's tool calls."""

from __future__ import annotations

import time
from collections.abc import Callable

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.state import SceneState
from tools.telemetry import collect_tool_calls

Node = Callable[[SceneState, Runtime[RunContext]], dict]


def stage(name: str) -> Callable[[Node], Node]:
    """Wrap a node so it reports its start and adds its seconds to ``timings``."""

    def wrap(fn: Node) -> Node:
        def node(state: SceneState, runtime: Runtime[RunContext]) -> dict:
            runtime.context.progress(name, "started")
            start = time.perf_counter()
            with collect_tool_calls(name) as calls:  # kept in the checkpoint, so a resumed run still reports them
                update = fn(state, runtime)
            seconds = time.perf_counter() - start
            runtime.context.progress(name, f"done in {seconds:.1f} s")
            return {**update, "timings": {name: seconds}, "tool_calls": calls}

        node.__name__ = fn.__name__
        node.__doc__ = fn.__doc__
        return node

    return wrap
