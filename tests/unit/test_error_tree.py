"""One error tree, answered by class (issue 19): every error clinigraph raises on purpose belongs to one
category, and the API's answer is chosen from the class alone — never from the message's words."""

from __future__ import annotations

import importlib
import json
import pkgutil

import pytest

import api
import graph
import loaders
from api.auth import ForbiddenError, UnauthenticatedError
from api.jobs import JobAlreadyRunningError, JobInputError, JobNotFoundError
from api.problems import ANSWERS, HANDLED, problem_for
from graph.provenance.chains import ProvenanceNotFoundError
from graph.relevance.answers import RelevanceInputError
from graph.review.free_cypher import CypherRefusedError, CypherResultTooLargeError, CypherTimeoutError
from graph.store.derived import StaleLayerError
from graph.store.runtime import RuntimeProblem
from graph.terminology.concepts import ConceptNotFoundError, NotLoadedError, SearchInputError
from graph.terminology.systems import UnknownSystemError
from graph.verification.verifier import VerificationInputError
from loaders.errors import (
    AccessError,
    ClinigraphError,
    ConflictError,
    InputError,
    NotFoundError,
    ReleaseConflictError,
    SourceError,
    UnavailableError,
)

CATEGORIES = (InputError, NotFoundError, ConflictError, AccessError, UnavailableError, SourceError)


def _every_module():
    for package in (loaders, graph, api):
        yield package
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.endswith(".__main__"):  # running it would run the CLI
                yield importlib.import_module(info.name)


def _subclasses(root: type) -> set[type]:
    out: set[type] = set()
    for sub in root.__subclasses__():
        out |= {sub} | _subclasses(sub)
    return out


def test_every_error_of_the_project_belongs_to_one_category():
    list(_every_module())  # import them all, so every class is defined
    ours = {c for c in _subclasses(ClinigraphError) if c.__module__.split(".")[0] in ("loaders", "graph", "api")}
    assert len(ours) > 20
    outside = sorted(c.__qualname__ for c in ours - set(CATEGORIES)
                     if sum(issubclass(c, category) for category in CATEGORIES) != 1)
    assert outside == [], f"errors in no category, or in two: {outside}"


@pytest.mark.parametrize(("error", "status", "title"), [
    (UnauthenticatedError("unknown or revoked API key"), 401, "Unauthorized"),
    (ForbiddenError("the reviewer role may not admin"), 403, "Forbidden"),
    (VerificationInputError("not a code of ICD10CM", "subject.code"), 422, "Invalid request"),
    (RelevanceInputError("unknown specialty", "specialty", "Dentistry"), 422, "Invalid request"),
    (SearchInputError("give q or code", "q"), 422, "Invalid request"),
    (JobInputError("unknown job kind 'x'", "kind"), 422, "Invalid request"),
    (CypherRefusedError("write clauses are refused"), 422, "Query refused"),
    (CypherResultTooLargeError("more than 8 MB"), 413, "Result too large"),
    (CypherTimeoutError("no answer in 10 s"), 504, "Query timed out"),
    (ConceptNotFoundError("E99.99 is not a code"), 404, "Not found"),
    (UnknownSystemError("unknown code system 'XX'"), 404, "Not found"),
    (NotLoadedError("no complete release of LOINC"), 404, "Not found"),
    (ProvenanceNotFoundError("no such edge"), 404, "Not found"),
    (JobNotFoundError("no job 7"), 404, "Not found"),
    (JobAlreadyRunningError("a load job is already running"), 409, "Conflict"),
    (ReleaseConflictError("loaded from other files"), 409, "Conflict"),
    (StaleLayerError("the LinkRun x is stale"), 409, "Derived layer stale"),
    (RuntimeProblem("Neo4j did not start"), 503, "Service misconfigured"),
    (UnavailableError("keys file unreadable"), 503, "Service misconfigured"),
])
def test_each_error_is_answered_by_its_class(error, status, title):
    answer = problem_for(error)
    assert answer is not None and answer.status_code == status
    body = json.loads(answer.body)
    assert (body["status"], body["title"]) == (status, title)
    if isinstance(error, InputError) and error.field and title == "Invalid request":
        assert body["detail"] == f"{error.field}: {error}"  # the field the client must change comes first
    assert type(error) in HANDLED or any(isinstance(error, h) for h in HANDLED)


def test_the_answer_does_not_depend_on_the_message():
    """Before: a JobInputError whose message held "already running" was a 409, any other a 422."""
    assert problem_for(JobInputError("a load job is already running", "kind")).status_code == 422
    assert problem_for(JobAlreadyRunningError("anything at all")).status_code == 409


def test_a_subclass_with_an_answer_of_its_own_comes_before_its_category():
    seen: list[type] = []
    for classes, _ in ANSWERS:
        for cls in classes if isinstance(classes, tuple) else (classes,):
            assert not any(issubclass(cls, earlier) for earlier in seen), f"{cls.__name__} is never reached"
            seen.append(cls)
