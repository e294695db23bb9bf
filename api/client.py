"""A small typed client for generation jobs: verify claims and screen distractors over HTTP.

    from api.client import ClinigraphClient, code, name

    with ClinigraphClient("http://127.0.0.1:8000", api_key=...) as kg:   # or $CLINIGRAPH_API_KEY
        answer = kg.verify(code("UMLS", "C0020538"), "cause", name("stroke"))
        if answer.keep: ...
        for a in kg.verify_many([(code("ICD10CM", "I10"), "cause", code("UMLS", "C0038454"))]): ...

Batches are sent 500 claims per request; a malformed claim comes back as an
:class:`ItemError` in its place and does not fail the others.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

Concept = dict[str, str]


def code(system: str, value: str) -> Concept:
    """A concept by code: ``code("ICD10CM", "I10")``, ``code("UMLS", "C0020538")``."""
    return {"system": system, "code": value}


def name(text: str) -> Concept:
    """A concept by name, resolved by the service (the resolution is reported back)."""
    return {"name": text}


@dataclass(frozen=True)
class Answer:
    """One verification: the verdict, the published rule's keep/drop, and the evidence."""

    verdict: str
    keep: bool
    explanation: str
    evidence: list[dict[str, Any]]
    raw: dict[str, Any] = field(repr=False)

    @property
    def against(self) -> list[dict[str, Any]]:
        """Counted evidence against the claim (or against the object from a context concept)."""
        return [e for e in self.evidence if e["counted"] and e["polarity"] == "negative"]


@dataclass(frozen=True)
class ItemError:
    index: int
    field: str
    detail: str


class ServiceRefusedError(RuntimeError):
    """The service refused a request (4xx) or could not answer (5xx); ``status`` and ``detail`` say why.

    Named apart from the service's own tree (``loaders.errors.ClinigraphError``): a caller of the client
    catches what came back over HTTP, never an exception the service raised inside itself."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(f"{status}: {detail}")
        self.status = status
        self.detail = detail


Claim = tuple[Concept, str, Concept] | tuple[Concept, str, Concept, Sequence[Concept]]


class ClinigraphClient:
    def __init__(self, base_url: str = "http://127.0.0.1:8000", *, api_key: str | None = None, timeout: float = 60.0,
                 headers: dict[str, str] | None = None, http: httpx.Client | None = None, **thresholds: Any) -> None:
        """``api_key`` (a generator key; default ``$CLINIGRAPH_API_KEY``) is sent as a bearer token;
        ``thresholds`` (min_pmids, ignore_generic, hierarchy_steps, sources) apply to every call;
        ``http`` replaces the HTTP client (for example a FastAPI ``TestClient``)."""
        key = api_key or os.environ.get("CLINIGRAPH_API_KEY")
        headers = {**({"Authorization": f"Bearer {key}"} if key else {}), **(headers or {})}
        self._http = http or httpx.Client(base_url=base_url, timeout=timeout, headers=headers)
        self.thresholds = thresholds

    def __enter__(self) -> ClinigraphClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def _post(self, path: str, body: dict[str, Any]) -> Any:
        response = self._http.post(path, json=body)
        if response.status_code >= 400:
            try:
                detail = response.json().get("detail", response.text)
            except ValueError:
                detail = response.text
            raise ServiceRefusedError(response.status_code, str(detail))
        return response.json()

    def _body(self, subject: Concept, predicate: str, obj: Concept, context: Sequence[Concept] = ()) -> dict:
        body: dict[str, Any] = {"subject": subject, "predicate": predicate, "object": obj, "context": list(context)}
        if self.thresholds:
            body["thresholds"] = self.thresholds
        return body

    def verify(self, subject: Concept, predicate: str, obj: Concept, context: Sequence[Concept] = ()) -> Answer:
        return _answer(self._post("/v1/verify", self._body(subject, predicate, obj, context)))

    def verify_many(self, claims: Iterable[Claim], batch_size: int = 500) -> list[Answer | ItemError]:
        out: list[Answer | ItemError] = []
        batch: list[dict[str, Any]] = []

        def flush() -> None:
            if not batch:
                return
            offset = len(out)
            for r in self._post("/v1/verify/batch", {"items": batch})["results"]:
                if r.get("error"):
                    e = r["error"]
                    out.append(ItemError(offset + e["index"], e["field"], e["detail"]))
                else:
                    out.append(_answer(r["result"]))
            batch.clear()

        for claim in claims:
            batch.append(self._body(*claim))
            if len(batch) >= batch_size:
                flush()
        flush()
        return out

    def distractors(self, subject: Concept, predicate: str, candidates: Sequence[Concept],
                    context: Sequence[Concept] = ()) -> list[dict[str, Any]]:
        """For each candidate: ``drop`` (the knowledge supports it), for whom, and the evidence."""
        body = {"subject": subject, "predicate": predicate, "candidates": list(candidates), "context": list(context)}
        if self.thresholds:
            body["thresholds"] = self.thresholds
        result: list[dict[str, Any]] = self._post("/v1/verify/distractors", body)["candidates"]
        return result


def _answer(raw: dict[str, Any]) -> Answer:
    return Answer(raw["verdict"], raw["keep"], raw["explanation"], raw["evidence"], raw)
