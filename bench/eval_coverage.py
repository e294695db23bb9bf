"""Coverage: does a short or everyday form ground where its clinical term does?

Each row of ``bench/labels/coverage/abbreviations.tsv`` (an abbreviation and its expansion) and
``phrasings.tsv`` (an everyday or vignette phrasing and the clinical term it says) is grounded twice, the
short form and the term, against the current releases of the running graph. Agreement means the short form
reaches the code its term reaches; the rest are listed, so that a missing abbreviation, Index term or lay
phrasing is found by its kind, not by a labelled set. The lists were written by helper sessions that read
none of the code (issue 21, session 23); they carry no codes, so they measure consistency, not correctness.

    bench/run coverage            # or: python bench/eval_coverage.py [--list]
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LISTS = ROOT / "bench" / "labels" / "coverage"


def pairs(path: Path) -> list[tuple[str, str, str]]:
    """(short form, term, category) of a coverage list; rows of other categories are left out."""
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle, delimiter="\t"))[1:]
    return [(r[0].strip(), r[1].strip(), r[2].strip()) for r in rows
            if len(r) >= 3 and r[2].strip() in ("diagnosis", "finding")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print every disagreement")
    args = parser.parse_args()

    from api.cli.base import _driver
    from graph.extraction.grounding import Grounder
    from graph.extraction.lexicon import load_lexicon
    from graph.settings import get_settings

    with _driver() as driver:
        grounder = Grounder(load_lexicon(driver, get_settings().database))
    for path in sorted(LISTS.glob("*.tsv")):
        outcome: Counter[str] = Counter()
        for short, term, category in pairs(path):
            said, meant = grounder.ground(short, category), grounder.ground(term, category)
            got = (said.system, said.code) if said.outcome != "reject" else None
            want = (meant.system, meant.code) if meant.outcome != "reject" else None
            kind = ("agree" if got == want and got is not None else "neither" if got is None and want is None
                    else "term only" if got is None else "short only" if want is None else "differ")
            outcome[kind] += 1
            if args.list and kind != "agree":
                print(f"  {kind}: {short!r} → {got} ({said.method}); {term!r} → {want} ({meant.method})")
        total = sum(outcome.values())
        print(f"{path.name}: {total} pairs; " + ", ".join(f"{k} {v}" for k, v in sorted(outcome.items()))
              + f"; agreement {outcome['agree'] / total:.3f}")


if __name__ == "__main__":
    main()
