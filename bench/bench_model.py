"""Model planner speed through a llama.cpp server: latency per prompt, tokens per second, prefix reuse.

    .venv/bin/python bench/bench_model.py [--prompts N] [--url http://127.0.0.1:8080/v1]

Without --url it starts llama.cpp's server (tests/llama_server.py) on the Gemma 3 270M GGUF
from PyPI (as the tests do). Every request bypasses the response cache.

- per prompt: seconds of the structured planning request, prompt and
  completion tokens, completion tokens per second, and whether the answer
  validated (the whole plan_with_model merge is timed too);
- prefix: the planner's stable system prompt lets the server reuse the
  cached computation of the previous request's prefix; the same requests with
  a system prompt that changes at its first line (no reusable prefix) show
  what that saves. Both are timed with max_tokens=1, i.e. prompt processing;
- decoding with and without the schema grammar.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from llama_server import llama_server  # noqa: E402

from tools.core.errors import ModelOutputError  # noqa: E402
from tools.model.client import LLMClient, parse_endpoints  # noqa: E402
from tools.model.planner import MAX_TOKENS, plan_with_model, planned_summary, proposal_schema, validate_proposal  # noqa: E402
from tools.model.prompts import planner_messages  # noqa: E402
from tools.plan.planner import plan_prompt  # noqa: E402

DEV_PROMPTS = ROOT.parent / "shared" / "prompts" / "dev.txt"
FALLBACK_PROMPTS = [
    "a cozy living room with a grey sofa facing a TV, a wooden coffee table in front of the sofa; 5m x 4m",
    "a home office with a desk, an office chair, two bookshelves against the wall and a potted plant",
    "a forest clearing with 8 pine trees, a campfire in the middle surrounded by 4 logs, and a tent",
    "a bathroom with a bathtub, a toilet and a sink with a mirror above it; 3m x 2.5m",
    "three red cubes stacked on top of each other",
]


def prompts(count: int) -> list[str]:
    lines = FALLBACK_PROMPTS
    if DEV_PROMPTS.is_file():
        lines = [line.strip() for line in DEV_PROMPTS.read_text().splitlines() if line.strip()]
    return lines[:count]


def bench_planning(client: LLMClient, texts: list[str]) -> None:
    schema = proposal_schema()
    rates, latencies = [], []
    print(f"{'s':>6} {'prompt':>6} {'compl':>6} {'tok/s':>6} {'merge s':>7}  valid  prompt")
    for seed, text in enumerate(texts):
        messages = planner_messages(text, planned_summary(plan_prompt(text, seed)))
        result = client.chat(messages, schema=schema, seed=seed, max_tokens=MAX_TOKENS)
        try:
            validate_proposal(result.content)
            valid = "yes"
        except ModelOutputError:
            valid = "no"
        completion = result.usage.get("completion_tokens", 0)
        rate = completion / result.seconds if result.seconds else 0.0
        started = time.perf_counter()
        plan = plan_with_model(text, seed + 1000, client)  # another seed: a real request, plus the merge
        merge_s = time.perf_counter() - started
        rates.append(rate)
        latencies.append(result.seconds)
        print(f"{result.seconds:6.2f} {result.usage.get('prompt_tokens', 0):6d} {completion:6d} {rate:6.1f} "
              f"{merge_s:7.2f}  {valid:5}  {text[:60]}  [{plan.planner[:40]}]")
    print(f"planning latency: median {statistics.median(latencies):.2f} s, worst {max(latencies):.2f} s; "
          f"median {statistics.median(rates):.1f} completion tokens/s")


def bench_prefix(client: LLMClient, texts: list[str]) -> None:
    stable, changing = [], []
    for index, text in enumerate(texts):
        messages = planner_messages(text, "nothing yet")
        stable.append(client.chat(messages, seed=index, max_tokens=1).seconds)
    for index, text in enumerate(texts):
        messages = planner_messages(text, "nothing yet")
        messages[0] = {"role": "system", "content": f"Request {index} at {time.time()}.\n{messages[0]['content']}"}
        changing.append(client.chat(messages, seed=index, max_tokens=1).seconds)
    print(f"prompt processing: stable system prompt median {statistics.median(stable[1:] or stable):.3f} s "
          f"(first {stable[0]:.3f} s, cold); changing prefix median {statistics.median(changing):.3f} s")


def bench_grammar_cost(client: LLMClient, text: str) -> None:
    """The same request with and without the schema grammar: what constrained decoding costs per token."""
    messages = planner_messages(text, "nothing yet")
    rates = {}
    for name, schema in (("constrained", proposal_schema()), ("free", None)):
        result = client.chat(messages, schema=schema, seed=7, max_tokens=80)
        rates[name] = result.usage.get("completion_tokens", 0) / result.seconds if result.seconds else 0.0
    print(f"decoding: {rates['constrained']:.1f} tokens/s under the schema grammar, {rates['free']:.1f} without")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=int, default=5)
    parser.add_argument("--url", help="an already running OpenAI-compatible server (default: start llama.cpp)")
    args = parser.parse_args()
    started = time.perf_counter()
    with (nullcontext(args.url) if args.url else llama_server()) as url:
        print(f"server ready in {time.perf_counter() - started:.1f} s at {url}")
        client = LLMClient(parse_endpoints(url, None, None), timeout_s=300, retries=0, cache=None)
        texts = prompts(args.prompts)
        bench_planning(client, texts)
        bench_prefix(client, texts)
        bench_grammar_cost(client, texts[0])
        client.close()


if __name__ == "__main__":
    main()
