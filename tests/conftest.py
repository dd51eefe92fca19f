"""Shared fixtures: real settings in a temp folder and one Chromium for the whole session."""

from __future__ import annotations

import pytest

from graph.context import LazyBrowser, RunContext
from tools.core.settings import Settings


@pytest.fixture(scope="session")
def lazy_browser():
    browser = LazyBrowser(None, timeout_s=60)
    yield browser
    browser.close()


@pytest.fixture
def run_context(tmp_path, lazy_browser) -> RunContext:
    settings = Settings(data_dir=tmp_path / "data", _env_file=None)
    return RunContext(settings, lazy_browser)


@pytest.fixture(scope="session")
def postgres_server():
    """One real PostgreSQL for the session (tests/postgres_server.py); each test makes its own database."""
    pytest.importorskip("psycopg", reason="the PostgreSQL driver is an extra: pip install -e '.[postgres]'")
    from postgres_server import running_postgres

    with running_postgres() as server:
        yield server


@pytest.fixture(scope="session")
def built():
    """``generate(category, color=..., variant=...)`` at the typical size, each built once for the whole session.

    generate() keeps only its last 512 results, fewer than the registry's kinds and variants, so test files that
    check every kind (test_assets.py, test_parts_kinds.py, test_kinds_data.py, test_kinds.py) share these builds
    instead of rebuilding each GLB once per check. Generation is deterministic (test_assets.py checks it).
    """
    from tools.assets.generate import generate
    from tools.assets.registry import VARIANTS

    memo: dict = {}

    def build(category: str, color: str | None = None, variant: int = 0):
        key = (category, color, variant % VARIANTS[category])
        if key not in memo:
            memo[key] = generate(category, color=color, variant=variant)
        return memo[key]

    return build
