"""The asset catalog: everything the agent can use before it makes something new.

One SQLite file at ``<data_dir>/catalog.sqlite`` lists three kinds of entry:

- ``procedural``: one per built-in generator category (it can make any size
  within the category's range), licence CC0-1.0, no file;
- ``generated``: assets the generators made for earlier scenes, kept as
  content-addressed GLBs under ``<data_dir>/assets/``;
- ``user``: assets imported with ``diorama assets import`` (tools.catalog.importer).

Each entry has category, name, tags, size (metres, x y z), source and licence.
``tools.catalog.search.search_assets`` ranks entries by meaning.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from tools.core.errors import AssetError
from tools.core.files import write_whole
from tools.core.geometry import triple
from tools.knowledge.categories import CATEGORIES, Category

Source = Literal["procedural", "generated", "user", "remote"]
PROCEDURAL_LICENCE = "CC0-1.0"
SCHEMA = """
CREATE TABLE IF NOT EXISTS entries (
    key TEXT PRIMARY KEY,
    category TEXT NOT NULL,
    name TEXT NOT NULL,
    tags TEXT NOT NULL,          -- JSON array of words
    size_x REAL NOT NULL, size_y REAL NOT NULL, size_z REAL NOT NULL,
    source TEXT NOT NULL,        -- procedural | generated | user | remote
    licence TEXT NOT NULL,
    path TEXT,                   -- GLB file relative to the catalog folder; NULL for generators
    params TEXT NOT NULL         -- JSON object: generator parameters or import details
);
CREATE INDEX IF NOT EXISTS entries_category ON entries(category);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS embeddings (
    key TEXT PRIMARY KEY,
    model TEXT NOT NULL,
    text_sha TEXT NOT NULL,      -- hash of the text that was embedded: a changed entry is embedded again
    vector BLOB NOT NULL         -- float32, unit length
);
"""


@dataclass(frozen=True)
class CatalogEntry:
    """One usable asset or generator. size: (3,) extent x, y, z in metres."""

    key: str
    category: str
    name: str
    tags: tuple[str, ...]
    size: tuple[float, float, float]
    source: Source
    licence: str
    path: str | None = None
    params: dict = field(default_factory=dict, compare=False)

    @property
    def search_text(self) -> str:
        """What search compares a query with: name, category words, synonyms and tags."""
        words = [self.name, self.category.replace("_", " "), *self.tags]
        return ", ".join(dict.fromkeys(w for w in words if w))


def procedural_entry(category: Category) -> CatalogEntry:
    """The catalog entry standing for a category's procedural generator."""
    return CatalogEntry(
        key=f"procedural:{category.name}",
        category=category.name,
        name=category.name.replace("_", " "),
        tags=(*category.synonyms, category.family, *category.tags),
        size=category.size,
        source="procedural",
        licence=PROCEDURAL_LICENCE,
        params={"size_range": list(category.size_range), "size_source": category.source},
    )


def _builtin_version() -> str:
    text = json.dumps([(c.name, c.size, c.synonyms, c.family, c.tags, c.size_range) for c in CATEGORIES.values()])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Catalog:
    """The catalog of one data folder. Cheap to create; every call opens its own short connection."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.db_path = self.data_dir / "catalog.sqlite"
        self.asset_dir = self.data_dir / "assets"
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.executescript(SCHEMA)
        self._seed_generators()

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.db_path, timeout=30)
        try:
            db.execute("PRAGMA journal_mode=WAL")  # scenes generated in parallel add entries concurrently
            with db:
                yield db
        finally:
            db.close()

    def _seed_generators(self) -> None:
        version = _builtin_version()
        with self._connect() as db:
            row = db.execute("SELECT value FROM meta WHERE name = 'builtin_version'").fetchone()
            if row and row[0] == version:
                return
            db.execute("DELETE FROM entries WHERE source = 'procedural'")
            db.executemany(_INSERT, [_row(procedural_entry(c)) for c in CATEGORIES.values()])
            db.execute("INSERT OR REPLACE INTO meta VALUES ('builtin_version', ?)", (version,))

    def add(self, entry: CatalogEntry, glb: bytes | None = None) -> CatalogEntry:
        """Add or replace ``entry``; with ``glb``, store its file as ``assets/<key>.glb`` first."""
        if glb is not None:
            path = f"assets/{entry.key}.glb"
            entry = CatalogEntry(**{**entry.__dict__, "path": path})
            target = self.data_dir / path
            if not target.exists():  # content-addressed: an existing file holds these bytes
                write_whole(target, glb)
        with self._connect() as db:
            db.execute(_INSERT, _row(entry))
        return entry

    def add_generated(self, key: str, category: str, glb: bytes, size, params: dict) -> CatalogEntry:
        """Record an asset the generators made, so later scenes can find it."""
        cat = CATEGORIES[category]
        words = [params.get("material"), params.get("shape"), params.get("color")]
        entry = CatalogEntry(
            key=key,
            category=category,
            name=" ".join(w for w in (*words[:2], category.replace("_", " ")) if w),
            tags=tuple(w for w in (*words, *cat.synonyms, cat.family) if w),
            size=triple(float(v) for v in size),
            source="generated",
            licence=PROCEDURAL_LICENCE,
            params=params,
        )
        return self.add(entry, glb)

    def get(self, key: str) -> CatalogEntry:
        """The entry with this key; AssetError when there is none."""
        with self._connect() as db:
            row = db.execute(f"SELECT {_COLUMNS} FROM entries WHERE key = ?", (key,)).fetchone()
        if row is None:
            raise AssetError(f"no catalog entry {key!r} in {self.db_path}")
        return _entry(row)

    def entries(self, source: Source | None = None) -> list[CatalogEntry]:
        """Every entry (of one source), ordered by category and key."""
        query = f"SELECT {_COLUMNS} FROM entries" + (" WHERE source = ?" if source else "") + " ORDER BY category, key"
        with self._connect() as db:
            return [_entry(r) for r in db.execute(query, (source,) if source else ())]

    def file(self, entry: CatalogEntry) -> Path:
        """The GLB file of a stored entry."""
        if entry.path is None:
            raise AssetError(f"catalog entry {entry.key!r} is a generator, it has no file")
        return self.data_dir / entry.path

    def cached_vectors(self, model: str) -> dict[str, tuple[str, bytes]]:
        """key -> (text hash, float32 vector bytes) of every cached embedding made by ``model``."""
        with self._connect() as db:
            rows = db.execute("SELECT key, text_sha, vector FROM embeddings WHERE model = ?", (model,))
            return {key: (sha, vector) for key, sha, vector in rows}

    def store_vectors(self, model: str, rows: list[tuple[str, str, bytes]]) -> None:
        """Cache (key, text hash, float32 vector bytes) rows made by ``model``."""
        with self._connect() as db:
            db.executemany("INSERT OR REPLACE INTO embeddings VALUES (?, ?, ?, ?)", [(k, model, s, v) for k, s, v in rows])


_COLUMNS = "key, category, name, tags, size_x, size_y, size_z, source, licence, path, params"
_INSERT = f"INSERT OR REPLACE INTO entries ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"


def _row(e: CatalogEntry) -> tuple:
    return (e.key, e.category, e.name, json.dumps(list(e.tags)), *map(float, e.size), e.source, e.licence, e.path,
            json.dumps(e.params, sort_keys=True))


def _entry(row: tuple) -> CatalogEntry:
    key, category, name, tags, x, y, z, source, licence, path, params = row
    return CatalogEntry(key, category, name, tuple(json.loads(tags)), (x, y, z), source, licence, path, json.loads(params))
