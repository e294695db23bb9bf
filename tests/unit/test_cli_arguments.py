"""``clinigraph verify SYSTEM:CODE`` reads system names from the one vocabulary (issue 19): the CLI kept a
copy of the aliases that lacked ``HP`` and ``ORPHANET``, so ``HP:HP:0000822`` was searched as a name."""

from __future__ import annotations

import pytest

from api.cli.verify import _concept_arg


@pytest.mark.parametrize(("text", "expected"), [
    ("ICD10CM:I10", {"system": "ICD10CM", "code": "I10"}),
    ("icd-10-cm:I10", {"system": "icd-10-cm", "code": "I10"}),
    ("HP:HP:0000822", {"system": "HP", "code": "HP:0000822"}),
    ("Orphanet:ORPHA:558", {"system": "Orphanet", "code": "ORPHA:558"}),
    ("UMLS:C0020538", {"system": "UMLS", "code": "C0020538"}),
    ("hypertension", {"name": "hypertension"}),
    ("Type 2: diabetes", {"name": "Type 2: diabetes"}),
    ("ICD10CM:", {"name": "ICD10CM:"}),
])
def test_a_system_code_argument_is_a_code_and_anything_else_a_name(text, expected):
    assert _concept_arg(text) == expected
