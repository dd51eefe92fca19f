"""Grounding by meaning: calibrate its thresholds and time it.

Leave-one-out over the kind registry's own names: each synonym is taken out of its kind's text and embedded;
the nearest kind should be its own. For each threshold it prints the share of synonyms whose nearest kind is
right and scores at least the threshold (recall), and the share of those at or above it that are right
(precision). Words that name no object (a list written for this benchmark) show how often a non-thing would
pass. tools/plan/ground.py's FIT_SCORE / NEAR_SCORE are chosen from this table; the closing lines print
them with their figures. Also prints warm parse + grounding time per prompt over the tune half of
dev-wide (odd prompts).

    .venv/bin/python bench/bench_grounding.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.core.embeddings import embed  # noqa: E402
from tools.knowledge.categories import CATEGORIES  # noqa: E402
from tools.plan import ground  # noqa: E402

NOT_THINGS = ["idea", "meeting", "specification", "mood", "feeling", "work", "setup", "theme", "style",
              "moment", "plan", "opinion", "reason", "history", "future", "silence", "peace", "fun", "energy",
              "quality", "version", "detail", "example", "question", "answer", "purpose", "attention"]
THRESHOLDS = [0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]
PROMPTS = ROOT.parent / "shared" / "prompts" / "dev-wide.txt"


def leave_one_out() -> list[tuple[float, bool]]:
    """(best score, whether the best is the synonym's own kind) for every synonym held out of its kind."""
    names, matrix = ground._kind_matrix()
    held: list[tuple[int, str, str]] = []  # (row, synonym, the kind's text without it)
    for row, name in enumerate(names):
        kind = CATEGORIES[name]
        for synonym in kind.synonyms:
            rest = ", ".join([kind.name.replace("_", " "), *[s for s in kind.synonyms if s != synonym]])
            held.append((row, synonym, f"{rest}. {getattr(kind, 'description', '')}"))
    # Two batches, not two model calls per synonym: thousands of one-text calls took over 15 minutes.
    texts, synonyms = embed([t for _, _, t in held]), embed([s for _, s, _ in held])
    scores = synonyms @ matrix.T
    own = np.einsum("ij,ij->i", synonyms, texts)  # each synonym against its own kind's held-out text
    results = []
    for i, (row, _, _) in enumerate(held):
        scores[i, row] = own[i]
        best = int(np.argmax(scores[i]))
        results.append((float(scores[i, best]), best == row))
    return results


def main() -> None:
    results = leave_one_out()
    names, matrix = ground._kind_matrix()
    negatives = [float(np.max(matrix @ v)) for v in embed(NOT_THINGS)]
    print(f"{len(results)} held-out synonyms over {len(CATEGORIES)} kinds; {len(NOT_THINGS)} words that are no thing")
    print("threshold  recall  precision  non-things passing")
    for t in THRESHOLDS:
        above = [ok for score, ok in results if score >= t]
        recall = sum(above) / len(results)
        precision = sum(above) / len(above) if above else 1.0
        passing = sum(s >= t for s in negatives) / len(negatives)
        print(f"{t:9.2f}  {recall:6.1%}  {precision:9.1%}  {passing:18.1%}")
    print(f"in use: FIT_SCORE {ground.FIT_SCORE}, NEAR_SCORE {ground.NEAR_SCORE}, PLACE_SCORE {ground.PLACE_SCORE}")
    lines = PROMPTS.read_text().splitlines()[1:] if PROMPTS.exists() else []
    tune = [text for k, text in enumerate(lines, 1) if k % 2 == 1]
    from tools.core.errors import InputError
    from tools.plan.planner import plan_prompt

    def plan_or_refuse(text: str) -> None:
        try:
            plan_prompt(text)
        except InputError:
            pass  # a refused prompt is timed like any other

    for text in tune[:3]:
        plan_or_refuse(text)  # warm: pipeline, model, kind vectors
    times = []
    for text in tune:
        started = time.perf_counter()
        plan_or_refuse(text)
        times.append((time.perf_counter() - started) * 1000)
    if times:
        times.sort()
        print(f"plan (parse + grounding + planning), warm, {len(times)} tune prompts: median "
              f"{statistics.median(times):.1f} ms, p90 {times[int(0.9 * (len(times) - 1))]:.1f} ms")


if __name__ == "__main__":
    main()
