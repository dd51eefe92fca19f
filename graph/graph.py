"""The scene graph: plan -> assets -> layout -> compose -> verify -> (repair -> layout|compose)* -> publish.

An edit's revision enters at assets with its plan already made, and the same nodes follow.
"""

from __future__ import annotations

from langgraph.graph import END, START, StateGraph

from graph.assets import assets
from graph.compose import compose
from graph.context import RunContext
from graph.layout import layout
from graph.plan import plan, start_at
from graph.publish import publish
from graph.repair import after_repair, after_verify, repair
from graph.state import SceneState
from graph.verify import verify

FINAL_STAGE = "publish"  # the graph ends after it: nothing resumes a run that finished it


def build_graph(checkpointer=None):
    """The compiled scene graph: plan, assets, layout, compose, verify (repairing until it passes), publish."""
    builder = StateGraph(SceneState, context_schema=RunContext)
    builder.add_node("plan", plan)
    builder.add_node("assets", assets)
    builder.add_node("layout", layout)
    builder.add_node("compose", compose)
    builder.add_node("verify", verify)
    builder.add_node("repair", repair)
    builder.add_node("publish", publish)

    builder.add_conditional_edges(START, start_at)
    builder.add_edge("plan", "assets")
    builder.add_edge("assets", "layout")
    builder.add_edge("layout", "compose")
    builder.add_edge("compose", "verify")
    builder.add_conditional_edges("verify", after_verify)
    builder.add_conditional_edges("repair", after_repair)
    builder.add_edge("publish", END)
    return builder.compile(checkpointer=checkpointer)
