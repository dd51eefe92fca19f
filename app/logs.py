"""Logging set-up for every entry point (CLI, batch workers, API workers): text or JSON lines on stderr.

Each record carries the scene id of the run it happened in (``tools.core.telemetry.scene_id_var``,
set by graph/runner.py for the duration of a run), so one scene's lines can be picked out of a
batch or a server's log:

    {"ts": "2026-11-30T04:01:02.123Z", "level": "INFO", "logger": "diorama.progress",
     "msg": "verify: all checks passed", "scene_id": "s-1a2b", "stage": "verify"}
"""

from __future__ import annotations

import json as jsonlib
import logging
import sys
from datetime import datetime, timezone
from typing import TextIO

from tools.core.telemetry import current_scene_id

LOG_FORMATS = ("text", "json")
PROGRESS_LOGGER = "diorama.progress"
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(scene_id)s] %(message)s"
# Attributes every LogRecord has; anything else on a record came from ``extra=`` and goes into the JSON.
_STANDARD_ATTRS = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class SceneIdFilter(logging.Filter):
    """Stamps the current run's scene id (or None) on every record the handler sees."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Set the record's scene_id from the current run when the caller gave none; never drops a record."""
        if getattr(record, "scene_id", None) is None:
            record.scene_id = current_scene_id()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ts (UTC, ms), level, logger, msg, scene_id, then any ``extra`` fields."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one JSON line, with any extra fields after the standard ones."""
        entry = {
            "ts": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
            "scene_id": getattr(record, "scene_id", None),
        }
        entry.update({k: v for k, v in vars(record).items() if k not in _STANDARD_ATTRS and k not in entry})
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return jsonlib.dumps(entry, default=str, ensure_ascii=False)


def configure_logging(json: bool, level: int | str | None = None, stream: TextIO | None = None) -> None:
    """Send every logger's records to ``stream`` (stderr) as JSON lines or text; replaces earlier set-up.

    level: a logging level or its name; None means INFO for JSON (machines want the stage events)
    and WARNING for text (people already see the progress lines).
    """
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.addFilter(SceneIdFilter())
    handler.setFormatter(JsonFormatter() if json else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(_level(level, json))
    for noisy in ("httpx", "httpcore", "botocore", "boto3", "urllib3", "asyncio"):  # per-request chatter
        logging.getLogger(noisy).setLevel(logging.WARNING)


def _level(level: int | str | None, json: bool) -> int:
    if level is None:
        return logging.INFO if json else logging.WARNING
    if isinstance(level, int):
        return level
    named = logging.getLevelName(level.upper())
    if not isinstance(named, int):
        raise ValueError(f"unknown log level {level!r}; use DEBUG, INFO, WARNING or ERROR")
    return named


def json_logging_enabled() -> bool:
    """True when the root handler writes JSON lines (then progress goes through logging, not print)."""
    return any(isinstance(h.formatter, JsonFormatter) for h in logging.getLogger().handlers)


def log_progress(stage: str, message: str) -> None:
    """A RunContext progress callback that logs each stage event instead of printing it."""
    logging.getLogger(PROGRESS_LOGGER).info("%s: %s", stage, message, extra={"stage": stage})
