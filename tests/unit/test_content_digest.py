"""The content fingerprint a reload is compared by (issue 18): identical content keeps the serving instance,
so the digest must not change with record order or the process's hash seed, and must change with content."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from loaders.records import ConceptRecord, ContentDigest, RelationRecord
from tests.contract_damage import SAMPLES

ROOT = Path(__file__).resolve().parents[2]

_A = ConceptRecord(system="ICD10CM", code="E11.22", display="Type 2 diabetes mellitus with diabetic CKD",
                   kind="code", source_file="t.xml", record="line 85", synonyms=("T2DM with CKD",))
_B = ConceptRecord(system="ICD10CM", code="E11", display="Type 2 diabetes mellitus", kind="category",
                   source_file="t.xml", record="line 66")
_E = RelationRecord(type="IS_A", source_code="E11.22", target_code="E11", system="ICD10CM", source_file="t.xml",
                    record="line 85")


def digest(*records) -> str:
    d = ContentDigest()
    for r in records:
        d.add(r)
    return d.hexdigest()


def test_the_order_records_come_in_does_not_matter_but_every_field_does():
    assert digest(_A, _B, _E) == digest(_E, _B, _A)
    assert len(digest(_A, _B, _E)) == 64
    assert digest(_A, _B, _E) != digest(_A, _B)  # a missing edge
    assert digest(_A, _B, _E) != digest(_A, _B, _E, _E)  # a repeated record counts
    assert digest(_A, _B, _E) != digest(replace(_A, display="Type 2 diabetes with CKD"), _B, _E)
    assert digest(_A, _B, _E) != digest(_A, _B, replace(_E, record="line 86"))  # provenance is content too
    assert digest(_A, _B, _E) != digest(_A, _B, replace(_E, properties=(("note", "x"),)))
    assert digest() != digest(_A)


def test_through_passes_the_records_on_unchanged():
    d = ContentDigest()
    assert list(d.through([_A, _E])) == [_A, _E]
    assert (d.count, d.hexdigest()) == (2, digest(_E, _A))


_DIGEST_OF_SAMPLE = """
import json, sys
from pathlib import Path
from loaders.contract import LoadRequest
from loaders.records import ContentDigest, LoadReport
from loaders.registry import get_loader
from tests.contract_damage import SAMPLES
sample = SAMPLES[sys.argv[1]]
d = ContentDigest()
for _ in d.through(get_loader(sample.loader).parse(LoadRequest(path=sample.release, **sample.request()),
                                                   LoadReport())):
    pass
print(json.dumps([d.count, d.hexdigest()]))
"""


@pytest.mark.parametrize("loader", sorted(SAMPLES))
def test_every_loader_gives_one_digest_whatever_the_hash_seed(loader):
    """Each parser run in two processes with different ``PYTHONHASHSEED``: a parser that iterates a set of
    strings into its records would fingerprint the same files differently and defeat the carry-over."""
    seen = set()
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", _DIGEST_OF_SAMPLE, loader], capture_output=True, text=True,
                              cwd=ROOT, env=dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT)),
                              check=True)
        count, hexdigest = json.loads(done.stdout)
        assert count > 0
        seen.add(hexdigest)
    assert len(seen) == 1, f"{loader}: the digest changed with the hash seed"
