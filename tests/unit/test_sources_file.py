from __future__ import annotations

from pathlib import Path

import pytest

from loaders.errors import SourceFormatError
from loaders.sources_file import read_sources_file

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def test_fixture_sources_file_resolves_relative_paths():
    entries = read_sources_file(FIXTURES / "sources.toml")
    assert [name for name, _ in entries] == ["icd10cm", "hpo", "snomed", "loinc", "loinc", "rxnorm", "umls", "semmeddb"]
    _, hpo = entries[1]
    assert hpo.path == (FIXTURES / "hpo" / "hp.obo").resolve() and hpo.annotations is not None


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[[release]]\nsource = 'icd9'\n", "field release[1].source: source 'icd9' is not one of"),
        ("[[release]]\nsource = 'icd10cm'\ncolour = 'red'\n", "field release[1]: unknown keys ['colour']"),
        ("[[release]]\nsource = 'snomed'\npath = 3\n", "field release[1].path: must be a string"),
        ("title = 'x'\n", "field release: no [[release]] tables"),
        ("[[release]\n", "not valid TOML"),
    ],
)
def test_bad_sources_files(tmp_path, text, fragment):
    path = tmp_path / "sources.toml"
    path.write_text(text)
    with pytest.raises(SourceFormatError, match=r"sources.toml.*" + fragment.replace("[", r"\[").replace("]", r"\]")
                       .replace("(", r"\(").replace(")", r"\)")):
        read_sources_file(path)
