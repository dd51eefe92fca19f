"""The asset contact sheet: one tile per category variant, rendered in Chromium, saved as PNGs."""

import json
import struct

import pytest

from tools.assets.registry import GENERATORS, VARIANTS
from tools.evaluate.sheet import BLANK_SPREAD, families, family_of, render_sheet, sheet_tiles

SMALL_FAMILIES = ("basic", "built")  # a quick subset; `diorama sheet` draws them all
MIN_PNG_BYTES = 20_000


def _png_size(path) -> tuple[int, int]:
    return struct.unpack(">II", path.read_bytes()[16:24])


def test_sheet_lists_every_category_variant_once():
    tiles = sheet_tiles()
    assert len(tiles) == len(set(tiles)) == sum(VARIANTS.values())
    assert {t.category for t in tiles} == set(GENERATORS)
    assert {t.family for t in tiles} == set(families())


def test_unknown_family_is_refused():
    with pytest.raises(ValueError, match="unknown asset families"):
        sheet_tiles(["no_such_family"])


@pytest.mark.browser
def test_sheet_renders_one_non_blank_tile_per_category_variant(tmp_path, lazy_browser):
    written = render_sheet(tmp_path, lazy_browser.get(), only=SMALL_FAMILIES)
    expected = sheet_tiles(SMALL_FAMILIES)
    report = json.loads((tmp_path / "sheet-report.json").read_text())
    assert report["tiles"] == len(expected)
    assert sorted(report["spreads"]) == sorted(f"{t.category}-{t.variant}" for t in expected)
    assert not report["blank"], f"tiles showing nothing: {report['blank']}"
    assert min(report["spreads"].values()) > BLANK_SPREAD
    assert [p.name for p in written] == ["sheet.png", *(f"sheet-{f}.png" for f in SMALL_FAMILIES)]
    sheet = written[0]
    width, height = _png_size(sheet)
    assert width >= 800 and height >= 400 and sheet.stat().st_size > MIN_PNG_BYTES
    data = json.loads((tmp_path / "sheet.json").read_text())
    for family in data["families"]:
        assert all(family_of(tile["category"]) == family["name"] for tile in family["tiles"])
        assert all((tmp_path / tile["asset"]).is_file() and tile["triangles"] > 0 for tile in family["tiles"])
