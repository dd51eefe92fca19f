"""The knowledge's TOML files read fast: parsed once per content, kept as JSON under the cache folder.

Python's tomllib is pure Python: kinds.toml (600 kB) took 0.3-0.9 s to parse in every process, and places.toml
was parsed four times (places, zones, dressing, backdrops). ``read_toml`` parses a file's bytes once and keeps the
tables as JSON text, in the process and in ``<DIORAMA_CACHE_DIR>/knowledge/<sha256 of the bytes>.json``, which a
later process reads back with the C JSON parser; every call returns fresh objects, so callers may change them. JSON
holds every value these files use with the same Python types (ints stay ints, floats round-trip exactly); a file
with a date or time is parsed each time. A cache folder that cannot be written only means nothing is kept.
"""

from __future__ import annotations

import hashlib
import json
import logging
import tomllib
from pathlib import Path

from tools.core.files import write_whole

KEPT_FOLDER = "knowledge"  # under the cache folder (settings.cache_dir)
log = logging.getLogger(__name__)
_parsed: dict[str, str] = {}  # sha256 of a file's bytes -> its tables as JSON text


def read_toml(path: Path) -> dict:
    """The tables of the TOML file at ``path`` (as ``tomllib.load`` gives them)."""
    data = Path(path).read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    text = _parsed.get(digest) or _kept(digest)
    if text is not None:
        try:
            tables = json.loads(text)
            _parsed[digest] = text
            return tables
        except ValueError:  # a kept file cut short: parsed again below
            pass
    tables = tomllib.loads(data.decode("utf-8"))
    try:
        text = json.dumps(tables)
    except TypeError:  # a date or time: no JSON for it, so this file is parsed each time
        return tables
    _parsed[digest] = text
    _keep(digest, text)
    return tables


def _kept_file(digest: str) -> Path | None:
    from tools.core.settings import kept_folder

    folder = kept_folder(KEPT_FOLDER)
    return folder / f"{digest}.json" if folder is not None else None


def _kept(digest: str) -> str | None:
    path = _kept_file(digest)
    try:
        return path.read_text(encoding="utf-8") if path is not None else None
    except (OSError, UnicodeDecodeError):
        return None


def _keep(digest: str, text: str) -> None:
    path = _kept_file(digest)
    if path is None:
        return
    try:
        write_whole(path, text)
    except OSError as error:
        log.debug("%s not kept: %s", path, error)
