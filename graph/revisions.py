"""A scene folder's revision log (``revisions.json``), which graph/edit.py writes after every edit: read without
the graph, so the API and the CLI can list revisions and what each edit changed without loading LangGraph."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from tools.core.errors import InputError

REVISIONS_DIR, REVISIONS_FILE = "revisions", "revisions.json"
LISTED = ("revision", "instruction", "created_at", "counts", "changes")


def list_revisions(scene_dir: Path) -> list[dict]:
    """Every revision, oldest first: ``{"revision": n, "instruction": str | None, "created_at": iso, "counts":
    {change word: objects} | None, "changes": [one line per operation] | None}`` (the edit's account,
    tools/edit/account.py; None for the generated revision)."""
    return [{k: entry.get(k) for k in LISTED} for entry in read_log(scene_dir)]


def read_log(scene_dir: Path) -> list[dict]:
    """Every revision's full entry; a folder never edited has one, the generated revision, dated by its scene.json."""
    path = scene_dir / REVISIONS_FILE
    if path.is_file():
        return json.loads(path.read_text(encoding="utf-8"))["revisions"]
    scene_json = scene_dir / "scene.json"
    if not scene_json.is_file():
        raise InputError(f"{scene_dir} holds no scene (no scene.json); generate one first")
    created = datetime.fromtimestamp(scene_json.stat().st_mtime, UTC).isoformat(timespec="seconds")
    return [{"revision": 1, "instruction": None, "created_at": created}]
