"""The scene id a run is checkpointed under, by default from what the run makes (no LangGraph import: the CLI
names its staging folder by it before the graph loads)."""

from __future__ import annotations

import hashlib
from pathlib import Path


def default_scene_id(prompt: str, seed: int, out_dir: Path) -> str:
    """Same prompt, seed and folder -> same id, so rerunning a killed command resumes it."""
    key = f"{prompt}\0{seed}\0{out_dir.resolve()}"
    return "s-" + hashlib.sha256(key.encode()).hexdigest()[:16]
