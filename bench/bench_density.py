"""How full the grounded planner furnishes interiors: objects (surface things included) per 10 m² of floor.

    python bench/bench_density.py FILE [--odd] [--solve]

FILE holds one prompt a line; --odd reads only the odd-numbered prompts after a first comment line (the tune
half of a prompt set); --solve also runs the layout solver on each plan (category sizes) and counts failures.
Prints the median density over interiors and, with --solve, the prompts whose layout did not fit.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from tools.core.errors import LayoutError, PromptError
from tools.knowledge.categories import CATEGORIES
from tools.layout.solver import solve_layout
from tools.plan.planner import plan_prompt


def density(plan) -> float:
    env = plan.environment
    return 10 * sum(o.count for o in plan.objects) / (env.width * env.depth)


def read_prompts(path: Path, odd: bool) -> list[str]:
    lines = path.read_text().splitlines()
    if odd:
        return [line for number, line in enumerate(lines[1:], start=1) if number % 2 == 1 and line.strip()]
    return [line for line in lines if line.strip() and not line.startswith("#")]


def main(argv: list[str]) -> None:
    prompts = read_prompts(Path(argv[0]), "--odd" in argv)
    densities, failures = [], []
    for prompt in prompts:
        try:
            plan = plan_prompt(prompt)
        except PromptError:
            continue
        if plan.environment.kind == "indoor":
            densities.append(density(plan))
        if "--solve" in argv:
            try:
                solve_layout(plan, {o.key: CATEGORIES[o.category].size for o in plan.objects})
            except (LayoutError, ValueError) as error:  # ValueError: a solver bug, reported as such
                failures.append(f"{prompt}: {error}")
    print(f"{len(densities)} interiors of {len(prompts)} prompts: median {statistics.median(densities):.2f} "
          f"objects per 10 m2 (quartiles {statistics.quantiles(densities, n=4)})")
    for failure in failures:
        print("layout failed:", failure)


if __name__ == "__main__":
    main(sys.argv[1:])
