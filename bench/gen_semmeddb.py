"""Deterministic generator of a SemMedDB-scale PREDICATION file (for benchmarks only).

Shape of the real file where it matters for loading: headerless CSV with quoted
fields, ``\\N`` NULLs and latin-1 text; a long-tailed skew — a few thousand
triples repeated hundreds to thousands of times (the well-known relations),
most triples seen once; 2 % NEG_ predicates; some pipe-joined gene CUI fields;
a CITATIONS file with publication years; GENERIC_CONCEPT listing a few hub CUIs.

    python bench/gen_semmeddb.py OUT_DIR [--rows 10000000]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

PREDICATES = [("TREATS", 12), ("CAUSES", 8), ("ASSOCIATED_WITH", 10), ("PROCESS_OF", 14), ("LOCATION_OF", 8),
              ("AFFECTS", 6), ("COEXISTS_WITH", 8), ("INTERACTS_WITH", 6), ("ISA", 6), ("PREDISPOSES", 3),
              ("PREVENTS", 2), ("MANIFESTATION_OF", 3), ("INHIBITS", 4), ("STIMULATES", 3), ("DIAGNOSES", 2),
              ("ADMINISTERED_TO", 3), ("PART_OF", 2)]
SEMTYPES = ["dsyn", "phsu", "sosy", "patf", "gngm", "aapp", "orch", "humn", "bpoc", "lbpr", "neop", "fndg"]
PREFIX = "semmedVER99_2025_R_"  # version 99: a benchmark release, not a real one


def cui(i: int) -> str:
    return f"C{i:07d}"


def generate(out: Path, rows: int, n_cuis: int = 300_000, hot_triples: int = 3_000, seed: int = 7) -> Path:
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    names = {i: f"Concept {i} {rng.choice(['disease', 'drug', 'gene', 'finding', 'procedure'])}"
             for i in range(1, n_cuis + 1)}
    semtype = {i: SEMTYPES[i % len(SEMTYPES)] for i in range(1, n_cuis + 1)}
    preds, weights = zip(*PREDICATES, strict=True)
    cum = []
    total = 0
    for w in weights:
        total += w
        cum.append(total)
    # Subjects and objects: a power law over CUIs (a few hubs, a long tail).
    population = range(1, n_cuis + 1)
    cui_cum: list[float] = []
    acc = 0.0
    for i in population:
        acc += 1.0 / (i ** 0.8)
        cui_cum.append(acc)
    hot = list(zip(rng.choices(population, cum_weights=cui_cum, k=hot_triples),
                   rng.choices(preds, cum_weights=cum, k=hot_triples),
                   rng.choices(population, cum_weights=cui_cum, k=hot_triples), strict=True))
    hot_share = 0.25  # a quarter of all rows repeat the hot triples (up to thousands of PMIDs each)
    hot_weights = [1.0 / (i ** 1.1) for i in range(1, hot_triples + 1)]
    max_pmid = 38_000_000
    path = out / f"{PREFIX}PREDICATION.csv"
    batch = 100_000
    with path.open("w", encoding="latin-1", newline="") as fh:
        written = 0
        while written < rows:
            n = min(batch, rows - written)
            n_hot = int(n * hot_share)
            triples = rng.choices(hot, hot_weights, k=n_hot)
            subjects = rng.choices(population, cum_weights=cui_cum, k=n - n_hot)
            objects = rng.choices(population, cum_weights=cui_cum, k=n - n_hot)
            predicates = rng.choices(preds, cum_weights=cum, k=n - n_hot)
            triples += list(zip(subjects, predicates, objects, strict=True))
            lines = []
            for j, (s, p, o) in enumerate(triples):
                pid = written + j + 1
                if rng.random() < 0.02:
                    p = "NEG_" + p
                s_field, s_name = cui(s), names[s]
                if s % 97 == 0:  # a gene CUI pipe-joined with its Entrez id, as SemMedDB writes it
                    s_field, s_name = f"{cui(s)}|{s % 9973}", f"{names[s]}|G{s % 9973}"
                lines.append(
                    f'"{pid}","{pid * 3}","{rng.randrange(1, max_pmid)}","{p}","{s_field}","{s_name}",'
                    f'"{semtype[s]}","1","{cui(o)}","{names[o]}","{semtype[o]}","{int(o % 5 != 0)}",\\N,\\N,\\N\n'
                )
            fh.writelines(lines)
            written += n
    with (out / f"{PREFIX}CITATIONS.csv").open("w", encoding="latin-1") as fh:
        for pmid in range(1, max_pmid, 37):
            fh.write(f'"{pmid}","0000-0000","{1950 + pmid % 75} Jan","{1950 + pmid % 75}0101","{1950 + pmid % 75}"\n')
    with (out / f"{PREFIX}GENERIC_CONCEPT.csv").open("w", encoding="latin-1") as fh:
        for k, i in enumerate(range(1, 260)):
            fh.write(f'"{k + 1}","{cui(i)}","{names[i]}"\n')
    return path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--rows", type=int, default=10_000_000)
    args = parser.parse_args()
    print(generate(args.out, args.rows))


if __name__ == "__main__":
    main()
