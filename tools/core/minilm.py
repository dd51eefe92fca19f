"""all-MiniLM-L6-v2 run in numpy: the sentence-transformer's own weights and tokenizer, no torch.

The model is a 6-layer BERT (hidden 384, 12 heads, GELU) whose sentence vector is the mean of its last layer
over the real tokens, made unit length (the package's modules.json: Transformer, mean Pooling, Normalize).
Run here as plain float32 matrix products it gives the vectors sentence-transformers gives (tests compare them,
cosine > 0.99999) while loading in a fraction of a second: importing torch and sentence-transformers and
loading the model through them took about 5 s of every process that met a noun it had not embedded before.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

MAX_TOKENS = 256  # sentence_bert_config.json's max_seq_length


class MiniLM:
    """The encoder of one model folder (model.safetensors, tokenizer.json, config.json)."""

    def __init__(self, folder: Path) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        self.heads, self.layers = int(config["num_attention_heads"]), int(config["num_hidden_layers"])
        self.eps = float(config["layer_norm_eps"])
        self.w = load_file(str(folder / "model.safetensors"))
        for name in [n for n, a in self.w.items() if n.endswith("dense.weight") or n.endswith(("query.weight",
                     "key.weight", "value.weight"))]:  # (in, out) and contiguous, so each product is one gemm
            self.w[name] = np.ascontiguousarray(self.w[name].T)
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # to the longest text of the batch

    def encode(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        """(n, 384) float32 unit vectors of ``texts``."""
        from threadpoolctl import threadpool_limits

        # BLAS threads cost more than they give on products this small (a few nouns: one thread was 30x faster
        # on 2 busy cores); the kinds' descriptions, embedded once per data folder, may use them all.
        order = np.argsort([-len(text) for text in texts], kind="stable")  # batches of like lengths pad little
        ordered = [texts[i] for i in order]
        with threadpool_limits(limits=1 if len(texts) <= batch_size else None, user_api="blas"):
            vectors = np.concatenate([self._batch(ordered[i:i + batch_size]) for i in range(0, len(texts), batch_size)])
        result = np.empty_like(vectors)
        result[order] = vectors
        return result

    def _batch(self, texts: list[str]) -> np.ndarray:
        encodings = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], np.int64)
        mask = np.array([e.attention_mask for e in encodings], np.float32)
        hidden = self._embeddings(ids)
        blocked = (1.0 - mask)[:, None, None, :] * np.finfo(np.float32).min  # padding gets no attention
        for layer in range(self.layers):
            hidden = self._layer(f"encoder.layer.{layer}.", hidden, blocked)
        pooled = (hidden * mask[..., None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        return (pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)).astype(np.float32)

    def _embeddings(self, ids: np.ndarray) -> np.ndarray:
        w = self.w
        positions = np.arange(ids.shape[1])
        summed = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][positions]
                  + w["embeddings.token_type_embeddings.weight"][0])
        return self._norm("embeddings.LayerNorm.", summed)

    def _layer(self, name: str, hidden: np.ndarray, blocked: np.ndarray) -> np.ndarray:
        batch, length, width = hidden.shape
        size = width // self.heads

        def heads(part: str) -> np.ndarray:  # (batch, heads, length, size)
            return self._dense(f"{name}attention.self.{part}.", hidden).reshape(batch, length, self.heads, size) \
                .transpose(0, 2, 1, 3)

        scores = heads("query") @ heads("key").transpose(0, 1, 3, 2) / np.float32(np.sqrt(size)) + blocked
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        context = (scores / scores.sum(axis=-1, keepdims=True)) @ heads("value")
        context = context.transpose(0, 2, 1, 3).reshape(batch, length, width)
        attended = self._norm(f"{name}attention.output.LayerNorm.",
                              self._dense(f"{name}attention.output.dense.", context) + hidden)
        inner = _gelu(self._dense(f"{name}intermediate.dense.", attended))
        return self._norm(f"{name}output.LayerNorm.", self._dense(f"{name}output.dense.", inner) + attended)

    def _dense(self, name: str, x: np.ndarray) -> np.ndarray:
        weight = self.w[name + "weight"]
        return (x.reshape(-1, x.shape[-1]) @ weight + self.w[name + "bias"]).reshape(*x.shape[:-1], weight.shape[1])

    def _norm(self, name: str, x: np.ndarray) -> np.ndarray:
        mean = x.mean(axis=-1, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
        return (x - mean) / np.sqrt(var + self.eps) * self.w[name + "weight"] + self.w[name + "bias"]


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU, x * Phi(x)."""
    from scipy.special import erf

    y = x * np.float32(1.0 / np.sqrt(2.0))
    erf(y, out=y)  # in place: these arrays are the model's largest (tokens x 1536)
    y += np.float32(1.0)
    y *= x
    y *= np.float32(0.5)
    return y
