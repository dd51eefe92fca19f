"""Files written whole (tools/core/files.py): the old file or the new one, never half, nothing left behind."""

from __future__ import annotations

import os
import stat

import pytest

from tools.core.files import TEMP_SUFFIX, replacing, write_whole


def test_a_file_is_replaced_whole_and_no_temporary_stays(tmp_path):
    path = tmp_path / "deep" / "scene.json"
    write_whole(path, "old")
    write_whole(path, "new ü")
    assert path.read_text(encoding="utf-8") == "new ü"
    assert sorted(p.name for p in path.parent.iterdir()) == ["scene.json"]


def test_a_failed_write_keeps_the_old_file_and_removes_its_temporary(tmp_path):
    path = tmp_path / "report.json"
    write_whole(path, b"old")
    with pytest.raises(RuntimeError), replacing(path) as tmp:
        tmp.write_bytes(b"half")
        raise RuntimeError("the writer died")
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def test_two_writers_of_one_file_never_share_a_temporary(tmp_path):
    path = tmp_path / "assets" / "chair.glb"
    with replacing(path) as first, replacing(path) as second:
        assert first != second
        assert first.name.endswith(TEMP_SUFFIX) and second.name.endswith(TEMP_SUFFIX)  # skipped by folder listings
        first.write_bytes(b"a")
        second.write_bytes(b"b")
    assert path.read_bytes() == b"a"  # the outer block ends last


def test_a_written_file_is_readable_as_the_umask_allows(tmp_path):
    old = os.umask(0o022)
    try:
        write_whole(tmp_path / "asset.glb", b"glTF")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "asset.glb").stat().st_mode) == 0o644  # served to browsers, not owner-only
