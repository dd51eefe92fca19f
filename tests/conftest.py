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
