"""tools.core.embeddings keeps each call's vectors under the cache folder, keyed by the call's texts and the model's
versions: a later process reads the same values back without the model. A fake model stands in (the real one is
the optional extra), counting what it is asked to encode."""

from __future__ import annotations

import numpy as np
import pytest

import tools.core.settings as settings_module
from tools.core import embeddings
from tools.core.settings import Settings


class FakeModel:
    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def encode(self, texts, **_options):
        self.calls.append(list(texts))
        rows = [np.random.default_rng(abs(hash(t)) % 2**32).standard_normal(embeddings.EMBEDDING_DIM) for t in texts]
        return np.array([r / np.linalg.norm(r) for r in rows], np.float32)


@pytest.fixture
def model(monkeypatch, tmp_path):
    fake = FakeModel()
    monkeypatch.setattr(embeddings, "embeddings_available", lambda: True)
    monkeypatch.setattr(embeddings, "_model", lambda: fake)
    monkeypatch.setattr(embeddings, "_versions", lambda: "test-model=1")
    monkeypatch.setattr(settings_module, "get_settings", lambda: Settings(data_dir=tmp_path / "data", cache_dir=tmp_path / "data", _env_file=None))
    return fake


def test_the_same_call_is_read_back_without_the_model(model, tmp_path):
    first = embeddings.embed(["a sofa", "a lamp"])
    again = embeddings.embed(["a sofa", "a lamp"])
    assert model.calls == [["a sofa", "a lamp"]]
    assert again.dtype == np.float32 and np.array_equal(first, again)
    assert len(list((tmp_path / "data" / embeddings.KEPT_FOLDER).glob("*.npy"))) == 1


def test_another_call_or_other_versions_are_computed(model, monkeypatch):
    embeddings.embed(["a sofa", "a lamp"])
    embeddings.embed(["a lamp", "a sofa"])  # another batch: its vectors may differ in the last bits
    monkeypatch.setattr(embeddings, "_versions", lambda: "test-model=2")
    embeddings.embed(["a sofa", "a lamp"])
    assert len(model.calls) == 3


def test_a_damaged_file_is_computed_again(model, tmp_path):
    embeddings.embed(["a sofa"])
    (kept,) = (tmp_path / "data" / embeddings.KEPT_FOLDER).glob("*.npy")
    kept.write_bytes(b"cut short")
    assert embeddings.embed(["a sofa"]).shape == (1, embeddings.EMBEDDING_DIM)
    assert len(model.calls) == 2
    assert np.load(kept).shape == (1, embeddings.EMBEDDING_DIM)


def test_a_folder_that_cannot_be_written_keeps_nothing(model, tmp_path):
    (tmp_path / "data").write_text("a file where the data folder should be")
    assert embeddings.embed(["a sofa"]).shape == (1, embeddings.EMBEDDING_DIM)
    assert embeddings.embed(["a sofa"]).shape == (1, embeddings.EMBEDDING_DIM)
    assert len(model.calls) == 2


def test_data_folders_share_one_cache(monkeypatch, tmp_path):
    fake = FakeModel()
    monkeypatch.setattr(embeddings, "embeddings_available", lambda: True)
    monkeypatch.setattr(embeddings, "_model", lambda: fake)
    monkeypatch.setattr(embeddings, "_versions", lambda: "test-model=1")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("DIORAMA_CACHE_DIR", raising=False)
    for folder in ("batch-1", "batch-2"):  # a new data folder each, as a batch, a benchmark or a test makes
        monkeypatch.setattr(settings_module, "get_settings",
                            lambda folder=folder: Settings(data_dir=tmp_path / folder, _env_file=None))
        embeddings.embed(["a sofa", "a lamp"])
    assert fake.calls == [["a sofa", "a lamp"]]
    assert list((tmp_path / "xdg" / "diorama" / embeddings.KEPT_FOLDER).glob("*.npy"))
