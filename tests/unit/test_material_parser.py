"""The source-material reader on files alone: documents, items, versions and per-line problems."""

from __future__ import annotations

import json

import pytest

from loaders.errors import SourceFormatError
from loaders.material import read_material


def write(tmp_path, *lines):
    path = tmp_path / "deck.jsonl"
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n")
    return path


ITEM = {"id": "q1", "kind": "board_question", "text": "A man has fever.",
        "sections": {"stem": "A man has fever.", "options": ["A. Sepsis", "B. Flu"], "answer": "Sepsis"},
        "candidates": [{"mention": "Sepsis", "category": "diagnosis", "role": "correct", "system": "icd-10-cm",
                        "code": "A41.9", "proposed_by": "llm:x"}]}


def test_document_line_items_and_candidates(tmp_path):
    doc, items, problems = read_material(write(tmp_path, {"document": {"id": "deck-1", "title": "Deck"}}, ITEM))
    assert (doc.id, doc.title, problems) == ("deck-1", "Deck", [])
    (item,) = items
    assert item.uid == f"q1@{item.version}" and item.line == 2
    assert item.section("options") == ("A. Sepsis", "B. Flu")
    assert [f for f, _ in item.fields()] == ["text", "sections.stem", "sections.options[0]", "sections.options[1]",
                                             "sections.answer"]
    (c,) = item.candidates
    assert (c.system, c.code, c.role) == ("ICD10CM", "A41.9", "correct")


def test_version_is_the_content(tmp_path):
    _, (a,), _ = read_material(write(tmp_path, ITEM))
    _, (b,), _ = read_material(write(tmp_path, ITEM))
    _, (c,), _ = read_material(write(tmp_path, {**ITEM, "text": "A woman has fever."}))
    assert a.version == b.version != c.version


@pytest.mark.parametrize("line, field, message", [
    ("[1, 2]", "(line)", "expected a JSON object, found list"),
    ({"id": "bad id!", "kind": "case", "text": "t"}, "id", "must be 1–120 letters, digits or ._:-"),
    ({"id": "a", "text": "t"}, "kind", "missing; one of board_question, fact_card, case"),
    ({"id": "a", "kind": "case", "text": "t", "extra": 1}, "extra", "unknown field"),
    ({"id": "a", "kind": "case", "text": "t", "sections": {"Stem": "x"}}, "sections.Stem",
     "section names are lower-case words with _"),
    ({"id": "a", "kind": "case", "text": "t", "candidates": [{"mention": "x", "category": "drug"}]},
     "candidates[0].category", "'drug' is not one of diagnosis, finding"),
    ({"id": "a", "kind": "case", "text": "t", "candidates": [{"mention": "x", "category": "finding",
                                                              "code": "R50.9"}]},
     "candidates[0].system", "a proposed code needs both system and code"),
])
def test_each_bad_line_names_its_field_and_the_rest_loads(tmp_path, line, field, message):
    _, items, problems = read_material(write(tmp_path, ITEM, line))
    assert [i.id for i in items] == ["q1"]
    (p,) = problems
    assert (p.line, p.field, p.message) == (2, field, message)


def test_duplicate_ids_are_a_problem(tmp_path):
    _, items, problems = read_material(write(tmp_path, ITEM, ITEM))
    assert len(items) == 1 and str(problems[0]) == "line 2, field id: 'q1' already used on line 1"


def test_unreadable_files_are_errors(tmp_path):
    with pytest.raises(SourceFormatError, match="file not found"):
        read_material(tmp_path / "missing.jsonl")
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(b'{"id": "a", "kind": "case", "text": "caf\xe9"}\n')
    with pytest.raises(SourceFormatError, match="not UTF-8"):
        read_material(latin)
    empty = write(tmp_path, "")
    with pytest.raises(SourceFormatError, match="no items"):
        read_material(empty)
