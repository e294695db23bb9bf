"""``clinigraph verify``: one claim or a JSONL batch against the loaded literature and ontologies."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from api.cli.base import _driver, app
from graph.settings import get_settings
from loaders.errors import ClinigraphError


def _concept_arg(text: str) -> dict[str, str]:
    """``ICD10CM:I10``, ``HPO:HP:0000822`` or ``UMLS:C0020538`` → a code; anything else is a name."""
    from graph.terminology.systems import known_system
    from graph.verification.verifier import VERIFY_SYSTEMS

    system, sep, code = text.partition(":")
    if sep and known_system(system) in VERIFY_SYSTEMS and code:
        return {"system": system.strip(), "code": code.strip()}
    return {"name": text}


@app.command("verify")
def verify_command(
    subject: Annotated[str | None, typer.Argument(help="SYSTEM:CODE (UMLS:C0020538, ICD10CM:I10) or a name")] = None,
    predicate: Annotated[str | None, typer.Argument(help="cause, affect, associate, treat, has_finding, "
                                                         "TREATED_BY …, or a SemMedDB predicate")] = None,
    obj: Annotated[str | None, typer.Argument(metavar="OBJECT", help="SYSTEM:CODE or a name")] = None,
    context: Annotated[list[str] | None, typer.Option("--context", help="A background concept (repeatable)")] = None,
    min_pmids: Annotated[int, typer.Option(help="Distinct PMIDs a literature edge needs")] = 1,
    hierarchy_steps: Annotated[int, typer.Option(help="IS A steps to a more general subject / specific object")] = 0,
    ignore_generic: Annotated[bool, typer.Option(help="Do not count edges with a generic concept")] = False,
    sources: Annotated[str, typer.Option(help="Evidence that decides: literature, ontology (comma-separated)")] =
    "literature",
    batch: Annotated[Path | None, typer.Option(help="JSONL of claims (the POST /v1/verify body per line); "
                                                    "writes one JSON answer per line")] = None,
) -> None:
    """Verify a claimed relation (or a JSONL batch) against the loaded literature and ontologies."""
    from api.claims import claim_of
    from api.models import VerifyIn
    from graph.verification.verifier import BATCH_SIZE, Verifier

    settings = get_settings()
    if batch is not None:
        items = []
        with batch.open(encoding="utf-8") as fh:
            for number, line in enumerate(fh, start=1):
                if line.strip():
                    try:
                        items.append(VerifyIn.model_validate_json(line))
                    except ValueError as exc:
                        raise ClinigraphError(f"{batch} line {number}: {exc}") from None
        with _driver() as driver:
            verifier = Verifier(driver, settings.database)
            for start in range(0, len(items), BATCH_SIZE):
                for answer in verifier.verify_many([claim_of(i) for i in items[start:start + BATCH_SIZE]]):
                    sys.stdout.write(json.dumps(answer, default=str) + "\n")
        return
    if not (subject and predicate and obj):
        raise ClinigraphError("give SUBJECT PREDICATE OBJECT, or --batch FILE")
    body = VerifyIn.model_validate({
        "subject": _concept_arg(subject), "predicate": predicate, "object": _concept_arg(obj),
        "context": [_concept_arg(c) for c in context or []],
        "thresholds": {"min_pmids": min_pmids, "hierarchy_steps": hierarchy_steps, "ignore_generic": ignore_generic,
                       "sources": [s.strip() for s in sources.split(",") if s.strip()]},
    })
    with _driver() as driver:
        answer = Verifier(driver, settings.database).verify(claim_of(body))
    sys.stdout.write(json.dumps(answer, indent=2, default=str) + "\n")
