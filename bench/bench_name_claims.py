"""The names and WordNet classes kinds claim that WordNet places elsewhere (tools/knowledge/name_claims.py).

    python bench/bench_name_claims.py [--all]

Prints each suspect claim not in name_claims_allowed.toml (--all: the allowed ones too, with why), then the
counts: suspects, allowed (judged to stand), left (what tests/test_name_claims.py fails on).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.knowledge.name_claims import allowed_claims, suspect_claims  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="list the allowed suspects too")
    args = parser.parse_args()
    claims, allowed = suspect_claims(), allowed_claims()
    for claim in claims:
        why = allowed.get((claim.kind, claim.name))
        if why is None or args.all:
            meets = f"meets only at {claim.meets}" if claim.meets else "meets at no class"
            print(f"{claim.kind}\t{claim.field}\t{claim.name}\t{meets}" + (f"\tallowed: {why}" if why else ""))
    kept = sum((c.kind, c.name) in allowed for c in claims)
    print(f"suspects {len(claims)}, allowed {kept}, left {len(claims) - kept}")


if __name__ == "__main__":
    main()
