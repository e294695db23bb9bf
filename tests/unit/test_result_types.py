"""Each API model and the graph result type it renders cannot drift apart.

A service declares the shape it answers with once, as a TypedDict next to it (``graph/*/results.py``,
``api/jobs.py``); ``api/models.py`` describes the same shape for OpenAPI and validation. With
``extra="forbid"`` a key the service adds, or a field the model requires that the service leaves out,
is a 500 at the first request that meets it; these tests find it first. Every model is either paired
with its result type or listed with why it has none.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import BaseModel

from api import models
from api.jobs import JobDescription
from graph.relevance import results as relevance
from graph.review import results as review
from graph.store import results as store
from graph.terminology import results as terminology
from graph.verification import results as verification

#: API model → the graph result type it renders.
PAIRS: dict[type[BaseModel], Any] = {
    models.ReleaseRef: terminology.ServedRelease,
    models.Provenance: terminology.SourceRecord,
    models.ConceptRef: terminology.RelatedConcept,
    models.CitedConcept: terminology.NoteCitation,
    models.Note: terminology.ConceptNote,
    models.CodeRef: terminology.CrossReference,
    models.PhenotypeAnnotation: terminology.AnnotatedPhenotype,
    models.Replacement: terminology.ReplacingConcept,
    models.AttributeRelationship: terminology.ConceptAttribute,
    models.MapTarget: terminology.MapRow,
    models.EquivalentOut: terminology.Equivalent,
    models.ConceptOut: terminology.ConceptDetails,
    models.SearchHit: terminology.SearchMatch,
    models.SearchOut: terminology.SearchResults,
    models.Ingredient: terminology.ReachedIngredient,
    models.IngredientsOut: terminology.IngredientNormalisation,
    models.Designation: terminology.LookupDesignation,
    models.LookupProperty: terminology.CodeProperty,
    models.LookupOut: terminology.LookupResult,
    models.CodeReplacement: terminology.SuccessorCode,
    models.ValidateCodeOut: terminology.CodeValidation,
    models.SubsumesOut: terminology.Subsumption,
    models.TranslateMatch: terminology.TranslationMatch,
    models.TranslateOut: terminology.Translation,
    models.ExpansionItem: terminology.DescendantConcept,
    models.ExpandOut: terminology.Expansion,
    models.ConceptBrief: verification.AnchorBrief,
    models.NameMatch: verification.NameHit,
    models.ResolutionOut: verification.Resolution,
    models.EvidenceSource: verification.EvidenceRecord,
    models.EvidenceOut: verification.Evidence,
    models.PredicateOut: verification.PredicateReading,
    models.VerifyOut: verification.Verification,
    models.ItemError: verification.ItemFailure,
    models.BatchItemOut: verification.BatchEntry,
    models.VerifyBatchOut: verification.BatchVerification,
    models.CandidateOut: verification.CandidateScreening,
    models.DistractorsOut: verification.DistractorScreening,
    models.RelevanceOut: relevance.SpecialtyRelevance,
    models.CypherOut: review.ReadOnlyResult,
    models.JobOut: JobDescription,
    models.SourceFileOut: store.ReleaseFile,
    models.ReleaseOut: store.ReleaseListing,
    models.DerivedLayerOut: store.DerivedLayer,
}

_REQUEST = "a request body: it is validated, not rendered"

#: API models that render no graph result type, and why.
UNPAIRED: dict[type[BaseModel], str] = {
    models.Problem: "every error's shape, built by api/problems.py, not by a service",
    models.HealthOut: "built by the health route itself from a connectivity check",
    models.ConceptRefIn: _REQUEST,
    models.ThresholdsIn: _REQUEST,
    models.VerifyIn: _REQUEST,
    models.VerifyBatchIn: _REQUEST,
    models.DistractorsIn: _REQUEST,
    models.FindingRefIn: _REQUEST,
    models.RelevanceIn: _REQUEST,
    models.CypherIn: _REQUEST,
    models.JobIn: _REQUEST,
}


def _fields(model: type[BaseModel]) -> dict[str, bool]:
    """The model's fields as they appear in JSON (``from``, not ``from_``), each with whether it is required."""
    return {field.alias or name: field.is_required() for name, field in model.model_fields.items()}


def _keys(result: Any) -> dict[str, bool]:
    """The TypedDict's keys, each with whether it is required (``NotRequired`` read from the annotation too:
    ``__required_keys__`` misses it in a module with ``from __future__ import annotations`` on Python 3.11)."""
    hints = typing.get_type_hints(result, include_extras=True)
    return {key: key in result.__required_keys__ and typing.get_origin(hint) is not typing.NotRequired
            for key, hint in hints.items()}


def _mentioned(annotation: Any, wanted: Callable[[Any], bool]) -> set[Any]:
    """The classes ``wanted`` picks out of an annotation, through lists, dicts and unions."""
    if wanted(annotation):
        return {annotation}
    return {c for arg in typing.get_args(annotation) for c in _mentioned(arg, wanted)}


def _is_model(annotation: Any) -> bool:
    return inspect.isclass(annotation) and issubclass(annotation, BaseModel)


def _ids(pairs: dict[type[BaseModel], Any]) -> list[str]:
    return [f"{model.__name__}-{result.__name__}" for model, result in pairs.items()]


def test_every_model_is_paired_with_a_result_type_or_says_why_not():
    declared = {c for c in vars(models).values()
                if _is_model(c) and c.__module__ == models.__name__ and c is not models.Strict}
    assert not set(PAIRS) & set(UNPAIRED)
    assert declared == set(PAIRS) | set(UNPAIRED), "a model is in neither table (or a listed one is gone)"
    assert all(typing.is_typeddict(result) for result in PAIRS.values())


@pytest.mark.parametrize(("model", "result"), PAIRS.items(), ids=_ids(PAIRS))
def test_the_model_has_a_field_for_each_key_of_its_result_and_no_other(model, result):
    fields, keys = _fields(model), _keys(result)
    assert set(fields) == set(keys), (f"only in {model.__name__}: {sorted(set(fields) - set(keys))}; "
                                      f"only in {result.__name__}: {sorted(set(keys) - set(fields))}")


@pytest.mark.parametrize(("model", "result"), PAIRS.items(), ids=_ids(PAIRS))
def test_a_field_the_model_requires_is_a_key_the_service_always_gives(model, result):
    keys = _keys(result)
    left_out = sorted(name for name, required in _fields(model).items() if required and not keys.get(name))
    assert not left_out, f"{model.__name__} requires {left_out}, which {result.__name__} may leave out"


@pytest.mark.parametrize(("model", "result"), PAIRS.items(), ids=_ids(PAIRS))
def test_a_nested_model_renders_the_result_type_paired_with_it(model, result):
    hints = typing.get_type_hints(result)
    for name, field in model.model_fields.items():
        nested = _mentioned(field.annotation, _is_model)
        if not nested:  # dict[str, Any] and the like: the result type may say more than the model
            continue
        expected = {PAIRS[m] for m in nested}
        found = _mentioned(hints[field.alias or name], typing.is_typeddict)
        assert found == expected, f"{model.__name__}.{name} renders {nested}, but {result.__name__} holds {found}"

