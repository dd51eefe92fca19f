"""The wrapper every node goes through: progress messages, stage seconds and the node's tool calls."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.state import SceneState
from tools.core.telemetry import collect_tool_calls

Node = Callable[[SceneState, Runtime[RunContext]], dict]


@contextmanager
def measured_stage(name: str, context: RunContext) -> Iterator[dict]:
    """Report the stage's start and end; the yielded dict receives its ``timings`` and ``tool_calls``
    (kept in the checkpoint, so a resumed run still reports them). The run's ``stage_done`` goes last, inside
    the stage's seconds and tool calls."""
    context.progress(name, "started")
    start = time.perf_counter()
    measured: dict = {}
    with collect_tool_calls(name) as calls:
        yield measured
        context.stage_done(name)
    seconds = time.perf_counter() - start
    context.progress(name, f"done in {seconds:.1f} s")
    measured.update(timings={name: seconds}, tool_calls=calls)


def stage(name: str) -> Callable[[Node], Node]:
    """Wrap a node so it reports its start and adds its seconds to ``timings``."""

    def wrap(fn: Node) -> Node:
        def node(state: SceneState, runtime: Runtime[RunContext]) -> dict:
            with measured_stage(name, runtime.context) as measured:
                update = fn(state, runtime)
            return {**update, **measured}

        node.__name__ = fn.__name__
        node.__doc__ = fn.__doc__
        return node

    return wrap
