"""The README states how many kinds and place types there are: it stays true to the data as they grow."""

from __future__ import annotations

import re
from pathlib import Path

from tools.knowledge.categories import CATEGORIES
from tools.knowledge.places import PLACES

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def test_the_readme_counts_the_kinds_and_place_types_there_are():
    kinds = re.search(r"one of the (\d+) kinds", README)
    places = re.search(r"one of (\d+) place types", README)
    assert kinds and places, "the README no longer states the counts this test keeps true"
    assert (int(kinds.group(1)), int(places.group(1))) == (len(CATEGORIES), len(PLACES))
