"""Deterministic generator of a SNOMED-CT-scale RF2 Snapshot (for benchmarks only).

Shape of a real International release: ~370,000 concepts, ~1.1 M descriptions
(FSN, a preferred synonym and sometimes an acceptable one), a US English
language refset row per description, and ~1.2 M active inferred relationships:
IS A to 1–3 earlier concepts (so the hierarchy is a DAG) plus attribute
relationships in role groups. Ids carry valid Verhoeff check digits.

    python bench/gen_snomed.py OUT_DIR [--concepts 370000]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loaders.sctid import make_sctid  # noqa: E402

CORE = "900000000000207008"
DATE = "20250301"
ATTRIBUTE_TYPES = ["363698007", "116676008", "42752001", "47429007", "246075003", "370135005"]
WORDS = (
    "acute", "chronic", "renal", "cardiac", "pulmonary", "hepatic", "vascular", "neural",
    "dermal", "ocular", "lesion", "failure", "disorder", "infection", "syndrome", "deficiency",
    "injury", "neoplasm", "stenosis", "ischemia", "fibrosis", "edema",
)


def generate(out: Path, n_concepts: int, seed: int = 42) -> Path:
    rng = random.Random(seed)
    root = out / "SnomedCT_BenchScale_PRODUCTION_20250301T120000Z" / "Snapshot"
    term = root / "Terminology"
    lang_dir = root / "Refset" / "Language"
    term.mkdir(parents=True, exist_ok=True)
    lang_dir.mkdir(parents=True, exist_ok=True)
    ids = ["138875005", *ATTRIBUTE_TYPES, "116680003"]
    ids += [make_sctid(10_000_000 + i) for i in range(n_concepts - len(ids))]
    desc_seq = 20_000_000
    rel_seq = 30_000_000
    with (term / f"sct2_Concept_Snapshot_INT_{DATE}.txt").open("w", newline="") as concepts, \
         (term / f"sct2_Description_Snapshot-en_INT_{DATE}.txt").open("w", newline="") as descriptions, \
         (lang_dir / f"der2_cRefset_LanguageSnapshot-en_INT_{DATE}.txt").open("w", newline="") as language, \
         (term / f"sct2_Relationship_Snapshot_INT_{DATE}.txt").open("w", newline="") as relationships:
        concepts.write("id\teffectiveTime\tactive\tmoduleId\tdefinitionStatusId\r\n")
        descriptions.write("id\teffectiveTime\tactive\tmoduleId\tconceptId\tlanguageCode\ttypeId\tterm\t"
                           "caseSignificanceId\r\n")
        language.write("id\teffectiveTime\tactive\tmoduleId\trefsetId\treferencedComponentId\tacceptabilityId\r\n")
        relationships.write("id\teffectiveTime\tactive\tmoduleId\tsourceId\tdestinationId\trelationshipGroup\t"
                            "typeId\tcharacteristicTypeId\tmodifierId\r\n")
        for index, cid in enumerate(ids):
            concepts.write(f"{cid}\t{DATE}\t1\t{CORE}\t900000000000074008\r\n")
            name = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 5))) + f" {index}"
            terms = [(f"{name} (disorder)", "900000000000003001", "900000000000548007"),
                     (name, "900000000000013009", "900000000000548007")]
            if rng.random() < 0.97:
                terms.append((f"{name} nos", "900000000000013009", "900000000000549004"))
            for text, type_id, acceptability in terms:
                desc_seq += 1
                did = make_sctid(desc_seq, "01")
                descriptions.write(f"{did}\t{DATE}\t1\t{CORE}\t{cid}\ten\t{type_id}\t{text}\t900000000000448009\r\n")
                language.write(f"{desc_seq:08x}-0000-4000-8000-{desc_seq:012x}\t{DATE}\t1\t{CORE}\t"
                               f"900000000000509007\t{did}\t{acceptability}\r\n")
            if index == 0:
                continue
            parents = {ids[rng.randrange(0, index)] for _ in range(rng.choice((1, 1, 2, 2, 3)))}
            for parent in sorted(parents):
                rel_seq += 1
                relationships.write(f"{make_sctid(rel_seq, '02')}\t{DATE}\t1\t{CORE}\t{cid}\t{parent}\t0\t116680003\t"
                                    "900000000000011006\t900000000000451002\r\n")
            for group in range(1, rng.choice((1, 1, 1, 2, 3)) + 1):
                for _ in range(rng.randint(0, 1) + (1 if group == 1 else 0)):
                    rel_seq += 1
                    target = ids[rng.randrange(0, len(ids))]
                    relationships.write(f"{make_sctid(rel_seq, '02')}\t{DATE}\t1\t{CORE}\t{cid}\t{target}\t{group}\t"
                                        f"{rng.choice(ATTRIBUTE_TYPES)}\t900000000000011006\t900000000000451002\r\n")
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--concepts", type=int, default=370_000)
    args = parser.parse_args()
    generate(args.out, args.concepts)
    print(args.out)
