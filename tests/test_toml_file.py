"""tools.knowledge.toml_file: the knowledge's TOML read once per content and kept as JSON under the cache folder,
giving what tomllib gives."""

from __future__ import annotations

import tomllib

import pytest

import tools.core.settings as settings_module
from tools.core.settings import Settings
from tools.knowledge import toml_file
from tools.knowledge.categories import KINDS_FILE
from tools.knowledge.places import PLACES_FILE


@pytest.fixture
def data_dir(monkeypatch, tmp_path):
    monkeypatch.setattr(settings_module, "get_settings", lambda: Settings(data_dir=tmp_path / "data", cache_dir=tmp_path / "data", _env_file=None))
    monkeypatch.setattr(toml_file, "_parsed", {})
    return tmp_path / "data"


@pytest.mark.parametrize("path", [KINDS_FILE, PLACES_FILE])
def test_the_knowledge_reads_as_tomllib_gives_it_then_from_the_kept_json(path, data_dir, monkeypatch):
    expected = tomllib.loads(path.read_text(encoding="utf-8"))
    assert toml_file.read_toml(path) == expected
    (kept,) = (data_dir / toml_file.KEPT_FOLDER).glob("*.json")
    monkeypatch.setattr(toml_file, "_parsed", {})  # as a new process
    monkeypatch.setattr(toml_file.tomllib, "loads", lambda text: pytest.fail("parsed again"))
    again = toml_file.read_toml(path)
    assert again == expected and again is not toml_file.read_toml(path)  # fresh objects every call


def test_types_survive_and_a_damaged_or_unwritable_copy_only_costs_a_parse(data_dir, tmp_path):
    source = tmp_path / "t.toml"
    source.write_text('a = 1\nb = 1.0\nc = [0.1, 2]\nd = true\n[e]\nf = "x"\n', encoding="utf-8")
    expected = {"a": 1, "b": 1.0, "c": [0.1, 2], "d": True, "e": {"f": "x"}}
    assert toml_file.read_toml(source) == expected
    (kept,) = (data_dir / toml_file.KEPT_FOLDER).glob("*.json")
    kept.write_text('{"a": ', encoding="utf-8")
    toml_file._parsed.clear()
    read = toml_file.read_toml(source)
    assert read == expected and type(read["a"]) is int and type(read["b"]) is float
    dated = tmp_path / "d.toml"
    dated.write_text("when = 2026-12-03\n", encoding="utf-8")
    assert str(toml_file.read_toml(dated)["when"]) == "2026-12-03"


def test_a_data_folder_that_cannot_be_written_keeps_nothing(data_dir, tmp_path):
    data_dir.write_text("a file where the data folder should be")
    source = tmp_path / "t.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    assert toml_file.read_toml(source) == {"a": 1}
