"""``clinigraph evaluate grounding|relations``: against a labelled or reference file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from api.cli.base import _driver, app, out
from graph.settings import get_settings
from loaders.errors import ClinigraphError

evaluate_app = typer.Typer(no_args_is_help=True, help="Evaluate against a labelled or reference file.")
app.add_typer(evaluate_app, name="evaluate")


@evaluate_app.command("grounding")
def evaluate_grounding_command(
    labels: Annotated[Path, typer.Argument(help="Labelled mentions, JSONL (bench/labels/grounding_mentions.jsonl)")],
    as_json: Annotated[bool, typer.Option("--json", help="Summary and errors as JSON")] = False,
) -> None:
    """Run the grounding cascade on labelled mentions against the current releases: outcomes, precision, recall."""
    from graph.extraction.evaluation import evaluate_grounding
    from graph.extraction.grounding import Grounder
    from graph.extraction.lexicon import load_lexicon
    from loaders.grounding_labels import read_labels

    settings = get_settings()
    rows = read_labels(labels)
    with _driver() as driver:
        lexicon = load_lexicon(driver, settings.database)
    if not lexicon.releases:
        raise ClinigraphError("no terminology is loaded to ground to; load one with `clinigraph load`")
    evaluation = evaluate_grounding(Grounder(lexicon), rows)
    summary = evaluation.summary
    if as_json:
        out.print_json(data={"releases": lexicon.releases, "names_lent_by": lexicon.lenders, "summary": summary,
                             "errors": evaluation.errors()})
        return
    out.print(f"{summary['mentions']} labelled mentions ({summary['with_a_right_code']} with a right code, "
              f"{summary['must_be_rejected']} to reject) against {', '.join(sorted(set(lexicon.releases.values())))}"
              + (f"; names lent by {', '.join(lexicon.lenders.values())}" if lexicon.lenders else ""))
    out.print(f"correct {summary['correct']} (accuracy {summary['accuracy']}), recall {summary['recall']}, "
              f"precision {summary['precision']}, outcome agreement {summary['outcome_agreement']}, "
              f"wrong proposals kept {summary['bad_proposals_kept']}")
    for expected, actual in summary["outcomes_expected_vs_actual"].items():
        out.print(f"  expected {expected}: " + ", ".join(f"{k} {v}" for k, v in sorted(actual.items())))
    for method, m in summary["by_method"].items():
        out.print(f"  {method}: {m['decisions']} decisions, precision {m['precision']}, "
                  f"recall share {m['recall_share']}")
    for e in evaluation.errors():
        out.print(f"  ✗ {e['id']} {e['mention']!r}: expected {e['expected']}, got {e['outcome']} "
                  f"{e['chosen'] or ''} ({e['method'] or e['reason']})", highlight=False)


@evaluate_app.command("relations")
def evaluate_relations_command(
    reference: Annotated[Path, typer.Argument(help="Required diagnosis pairs, CSV (bench/labels/…relations.csv)")],
    as_json: Annotated[bool, typer.Option("--json", help="The whole report as JSON")] = False,
) -> None:
    """Recall of the current link run on required diagnosis pairs: per class, curated-only hits, every miss."""
    from graph.relevance.evaluation import evaluate_relations
    from loaders.relation_reference import read_reference

    settings = get_settings()
    pairs = read_reference(reference)
    with _driver() as driver:
        report = evaluate_relations(driver, settings.database, pairs)
    if as_json:
        out.print_json(data=report)
        return
    out.print(f"{report['recovered']} of {report['pairs']} pairs recovered (recall {report['recall']}) by link run "
              f"{report['link_run']}; {report['hits_needing_curated_links']} only through curated links; class "
              f"agreement among hits {report['class_agreement_among_hits']}")
    for cls, figures in report["by_class"].items():
        out.print(f"  class {cls}: {figures['hits']}/{figures['pairs']} (recall {figures['recall']}), "
                  f"curated only {figures['curated_only']}")
    for miss in report["misses"]:
        between = miss["between"]
        what = []
        if between["notes"]:
            what.append("notes: " + "; ".join(f"{n['note_type']} {n['from']}→{n['to']}" for n in between["notes"]))
        if between["shared_findings"]:
            what.append("shared findings: " + ", ".join(between["shared_findings"]))
        what.append(f"nearest common ancestor: {between['common_ancestor'] or 'none'}")
        out.print(f"  ✗ {miss['id']} {miss['a']} – {miss['b']} (class {miss['expected_class']}): " + "; ".join(what),
                  highlight=False)
