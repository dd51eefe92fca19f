"""Real sizes: size words and stated measures from the table; unknown things from a (local, fake-data) SearxNG."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import pytest

from tools.core.errors import PromptError, ReferenceSearchError
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.reference import SearxngClient, dimension_range, explicit_dimension, reference_size, size_for


def test_size_words_shape_the_typical_size():
    table = CATEGORIES["table"].size
    assert size_for("table") == table
    small = size_for("table", "small")
    assert all(s < t for s, t in zip(small, table))
    plant = size_for("potted_plant", "tall")
    assert plant[1] > CATEGORIES["potted_plant"].size[1] and plant[0] == CATEGORIES["potted_plant"].size[0]


def test_a_2_m_statue_is_2_m_tall_and_in_proportion():
    w, h, d = size_for("sculpture", explicit_m=2.0)
    assert h == pytest.approx(2.0)
    typical = CATEGORIES["sculpture"].size
    assert w / h == pytest.approx(typical[0] / typical[1], rel=0.01)


def test_a_3_metre_long_table_keeps_its_working_height():
    w, h, d = size_for("table", explicit_m=3.0, axis="length")
    assert w == pytest.approx(3.0) and h == pytest.approx(CATEGORIES["table"].size[1])
    assert d >= CATEGORIES["table"].size[2]


def test_a_tall_bookshelf_keeps_its_footprint_in_range():
    w, h, d = size_for("bookshelf", explicit_m=2.4, axis="height")
    lo, hi = dimension_range("bookshelf")[:2]
    assert h == pytest.approx(2.4) and lo[0] <= w <= hi[0] and lo[2] <= d <= hi[2]


def test_implausible_measures_are_prompt_errors():
    with pytest.raises(PromptError, match="not plausible"):
        size_for("chair", explicit_m=0.0)
    with pytest.raises(PromptError, match="not plausible"):
        size_for("chair", explicit_m=5000.0)


@pytest.mark.parametrize(
    ("phrase", "metres", "axis"),
    [
        ("a 2 m statue", 2.0, None),
        ("a 3 metre long table", 3.0, "length"),
        ("a 50 cm tall vase", 0.5, "height"),
        ("a 6 ft tall cactus", 1.8288, "height"),
        ("a desk 120cm wide", 1.2, "width"),
        ("height: 75 cm", 0.75, "height"),
        ("a 1,5 m high fence", 1.5, "height"),
    ],
)
def test_explicit_dimensions_are_read_from_phrases(phrase, metres, axis):
    stated = explicit_dimension(phrase)
    assert stated is not None and stated.metres == pytest.approx(metres) and stated.axis == axis


def test_phrases_without_a_measure():
    assert explicit_dimension("a big red sofa") is None
    assert explicit_dimension("two chairs") is None


def test_every_category_has_a_range_and_a_source():
    for name in CATEGORIES:
        lo, hi, source = dimension_range(name)
        assert all(0 < a <= b for a, b in zip(lo, hi)) and source


# --- SearxNG, answered by a tiny local server in SearxNG's JSON format ----------------------------------------

SEARXNG_RESULTS = {  # for a noun no kind names, so reference_size must ask the web
    "boneshaker": [
        {"url": "https://example.org/a", "title": "Boneshaker", "content": "The wheel makes it 1.5 m tall; 1.7 m long."},
        {"url": "https://example.org/b", "title": "Dimensions", "content": "Height: 145 cm, width 50 cm, depth: 170 cm"},
        {"url": "https://example.org/c", "title": "History", "content": "A bicycle from the 1870s."},
    ],
}


class FakeSearxng(BaseHTTPRequestHandler):
    queries: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        params = parse_qs(urlparse(self.path).query)
        query, fmt = params.get("q", [""])[0], params.get("format", [""])[0]
        FakeSearxng.queries.append(query)
        if urlparse(self.path).path != "/search" or fmt != "json":
            self.send_error(403, "format not allowed")
            return
        noun = next((n for n in SEARXNG_RESULTS if n in query), None)
        body = json.dumps({"query": query, "number_of_results": 0, "results": SEARXNG_RESULTS.get(noun, []),
                           "answers": [], "infoboxes": [], "suggestions": []}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@contextmanager
def searxng_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeSearxng)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_searxng_measures_become_a_size():
    with searxng_server() as url:
        web = SearxngClient(url).dimensions("boneshaker")
    assert web is not None
    assert web.height == pytest.approx((1.5 + 1.45) / 2) and web.width == pytest.approx((1.7 + 0.5) / 2)
    assert web.depth == pytest.approx(1.7) and set(web.sources) == {"https://example.org/a", "https://example.org/b"}
    assert "format" not in FakeSearxng.queries[-1] and "boneshaker" in FakeSearxng.queries[-1]


def test_reference_size_prefers_the_table_then_the_web():
    with searxng_server() as url:
        client = SearxngClient(url)
        assert reference_size("couch", client) == (CATEGORIES["sofa"].size, CATEGORIES["sofa"].source)
        size, source = reference_size("boneshaker", client)
        assert size[1] == pytest.approx(1.475) and source.startswith("web search")
        size, source = reference_size("zorbulator", client)
        assert size == CATEGORIES["placeholder"].size and "no reference" in source


def test_unreachable_searxng_is_a_clear_error():
    with searxng_server() as url:
        pass  # the server is gone once the block ends: its port refuses connections
    with pytest.raises(ReferenceSearchError, match="did not answer"):
        SearxngClient(url, timeout_s=5).dimensions("boneshaker")
