"""The page bundle (tools/page/bundle.py): built from its sources, rebuilt only when one of them changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.page import bundle

THREE_DIR = Path(__file__).resolve().parents[1] / "web" / "node_modules" / "three"

needs_three = pytest.mark.skipif(not (THREE_DIR / "package.json").is_file(), reason="three.js not installed (make setup)")


@needs_three
def test_a_fresh_folder_gets_every_file_and_a_second_call_builds_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(bundle, "BUNDLE_DIR", tmp_path / "dist")
    built = bundle.page_bundle(THREE_DIR)
    assert sorted(p.name for p in built.iterdir()) == sorted([*bundle.BUNDLE_FILES, bundle.STAMP])
    assert (built / bundle.STAMP).read_text() == bundle.inputs_digest(THREE_DIR.resolve())
    times = {name: (built / name).stat().st_mtime_ns for name in bundle.BUNDLE_FILES}
    assert bundle.page_bundle(THREE_DIR) == built
    assert {name: (built / name).stat().st_mtime_ns for name in bundle.BUNDLE_FILES} == times


@needs_three
def test_a_stale_stamp_rebuilds(tmp_path, monkeypatch):
    monkeypatch.setattr(bundle, "BUNDLE_DIR", tmp_path / "dist")
    built = bundle.page_bundle(THREE_DIR)
    (built / bundle.STAMP).write_text("a template edited since")
    (built / "viewer.js").write_text("// stale")
    bundle.page_bundle(THREE_DIR)
    assert (built / "viewer.js").read_text() != "// stale"


def test_missing_three_names_the_fix(tmp_path):
    with pytest.raises(FileNotFoundError, match="make setup"):
        bundle.page_bundle(tmp_path / "no-three")
