"""The grounding cascade and the mention finder on a small hand-made lexicon (no database)."""

from __future__ import annotations

import pytest

from graph.extraction.grounding import FUZZY_THRESHOLD, Grounder, similarity
from graph.extraction.lexicon import Abbreviation, Entry, Lexicon, tokens
from graph.extraction.mentions import DictionaryExtractor
from loaders.material import Item

ENTRIES = [
    Entry("ICD10CM", "E11", "Type 2 diabetes mellitus", "ICD10CM@2026", "category", billable=False,
          names=("Diabetes NOS",)),
    Entry("ICD10CM", "E11.9", "Type 2 diabetes mellitus without complications", "ICD10CM@2026", "code",
          billable=True),
    Entry("ICD10CM", "E11.8", "Type 2 diabetes mellitus with unspecified complications", "ICD10CM@2026", "code",
          billable=True),
    Entry("ICD10CM", "E11.A", "Type 2 diabetes mellitus without complications in remission", "ICD10CM@2026", "code",
          billable=True),
    Entry("ICD10CM", "E11.6", "Type 2 diabetes mellitus with other specified complications", "ICD10CM@2026",
          "category", billable=False),
    Entry("ICD10CM", "E10.9", "Type 1 diabetes mellitus without complications", "ICD10CM@2026", "code",
          billable=True),
    Entry("ICD10CM", "E05.0", "Thyrotoxicosis with diffuse goiter", "ICD10CM@2026", "category", billable=False,
          names=("Graves' disease",)),
    Entry("ICD10CM", "E05.00", "Thyrotoxicosis with diffuse goiter without thyrotoxic crisis or storm",
          "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "E05.01", "Thyrotoxicosis with diffuse goiter with thyrotoxic crisis or storm", "ICD10CM@2026",
          "code", billable=True),
    Entry("ICD10CM", "N40", "Benign prostatic hyperplasia", "ICD10CM@2026", "category", billable=False),
    Entry("ICD10CM", "N40.0", "Benign prostatic hyperplasia without lower urinary tract symptoms", "ICD10CM@2026",
          "code", billable=True),
    Entry("ICD10CM", "N40.2", "Nodular prostate without lower urinary tract symptoms", "ICD10CM@2026", "code",
          billable=True),
    Entry("ICD10CM", "Q99", "Other chromosome abnormalities", "ICD10CM@2026", "category", billable=False),
    Entry("ICD10CM", "Q99.1", "Chromosome abnormality A, unspecified", "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "Q99.2", "Chromosome abnormality B, unspecified", "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "I48.0", "Paroxysmal atrial fibrillation", "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "E87.5", "Hyperkalemia", "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "E87.6", "Hypokalemia", "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "D50.9", "Iron deficiency anemia, unspecified", "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "I10", "Essential (primary) hypertension", "ICD10CM@2026", "category", billable=True),
    Entry("ICD10CM", "I48.91", "Unspecified atrial fibrillation", "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "A00-B99", "Certain infectious and parasitic diseases", "ICD10CM@2026", "chapter"),
    Entry("ICD10CM", "N39.0", "Urinary tract infection, site not specified", "ICD10CM@2026", "code", billable=True),
    Entry("HPO", "HP:0000118", "Phenotypic abnormality", "HPO@1", "term"),
    Entry("HPO", "HP:0000103", "Polyuria", "HPO@1", "term", parents=["HP:0000118"]),
    Entry("HPO", "HP:0100749", "Chest pain", "HPO@1", "term", parents=["HP:0000118"]),
    Entry("HPO", "HP:0005110", "Atrial fibrillation", "HPO@1", "term", parents=["HP:0000118"],
          names=("Auricular fibrillation",),
          links=[("SNOMEDCT", "49436004")]),
    Entry("HPO", "HP:0040283", "Occasional", "HPO@1", "term"),
    Entry("HPO", "HP:0002373", "Febrile seizure", "HPO@1", "term", parents=["HP:0000118"]),
    Entry("HPO", "HP:0000999", "Old polyuria term", "HPO@1", "term", active=False, replaced_by=["HP:0000103"],
          parents=["HP:0000118"]),
    Entry("SNOMEDCT", "49436004", "Atrial fibrillation (disorder)", "SNOMEDCT@1", "disorder",
          links=[("ICD10CM", "I48.91")]),
    Entry("SNOMEDCT", "80146002", "Appendectomy", "SNOMEDCT@1", "procedure"),
]
RELEASES = {"ICD10CM": "ICD10CM@2026", "HPO": "HPO@1", "SNOMEDCT": "SNOMEDCT@1"}


@pytest.fixture(scope="module")
def grounder():
    return Grounder(Lexicon(ENTRIES, RELEASES, {"t2dm": Abbreviation((tokens("type 2 diabetes mellitus"),))}))


def test_a_proposed_code_that_checks_out_is_accepted(grounder):
    d = grounder.ground("type 2 diabetes mellitus", "diagnosis", system="ICD10CM", code="e119")
    assert (d.outcome, d.method, d.code) == ("accept", "proposed_code", "E11.9")


@pytest.mark.parametrize("mention, category, system, code, reason, replacement", [
    ("Type 2 diabetes mellitus", "diagnosis", "ICD10CM", "E11.99", "does not exist in ICD10CM@2026", "E11.9"),
    ("Type 2 diabetes mellitus", "diagnosis", "ICD10CM", "E10.9", "does not match", "E11.9"),
    ("atrial fibrillation", "diagnosis", "HPO", "HP:0005110", "an HPO phenotype term, not a diagnosis", "I48.91"),
    ("atrial fibrillation", "diagnosis", "SNOMEDCT", "80146002", "a SNOMED CT procedure, not a diagnosis",
     "I48.91"),
    ("polyuria", "finding", "ICD10CM", "A00-B99", "an ICD-10-CM chapter heading", "HP:0000103"),
    ("polyuria", "finding", "LOINC", "2345-7", "no complete release of LOINC is loaded", "HP:0000103"),
])
def test_wrong_proposed_codes_are_replaced_with_why(grounder, mention, category, system, code, reason, replacement):
    d = grounder.ground(mention, category, system=system, code=code)
    assert d.outcome == "replace" and d.code == replacement
    assert reason in d.reason and code in d.reason


def test_an_inactive_code_is_replaced_by_its_successor(grounder):
    d = grounder.ground("polyuria", "finding", system="HPO", code="HP:0000999")
    assert (d.outcome, d.method, d.code) == ("replace", "replaced_by", "HP:0000103")


@pytest.mark.parametrize("mention", ["afebrile seizure", "afebrile seizures"])
def test_a_negating_prefix_is_never_taken_for_a_typo(grounder, mention):
    """Issue 21, pattern 4: "afebrile" is one letter from "febrile" and says the opposite. A proposal naming
    the positive form is not kept, and no typo-tolerant search finds it either."""
    proposed = grounder.ground(mention, "finding", system="HPO", code="HP:0002373")
    assert proposed.code != "HP:0002373" and proposed.outcome in ("reject", "replace"), proposed
    searched = grounder.ground(mention, "finding")
    assert searched.code != "HP:0002373", searched
    assert grounder.ground("febrile seizure", "finding").code == "HP:0002373"  # the positive form still grounds


def test_nothing_of_the_right_kind_is_a_reject(grounder):
    d = grounder.ground("occasional", "finding")
    assert d.outcome == "reject" and d.code is None
    d = grounder.ground("hyperemesis gravidarum", "diagnosis", system="ICD10CM", code="O21.0")
    assert d.outcome == "reject" and "does not exist" in d.reason


def test_cascade_steps_exact_crosswalk_fuzzy(grounder):
    exact = grounder.ground("Essential hypertension", "diagnosis")
    assert (exact.method, exact.code, exact.score) == ("exact_name", "I10", 1.0)
    assert grounder.ground("urinary tract infection", "diagnosis").code == "N39.0"
    assert grounder.ground("diabetes", "diagnosis").code == "E11.9"  # an inclusion term, "NOS" dropped
    assert grounder.ground("T2DM", "diagnosis").code == "E11.9"  # an abbreviation from the data file
    walk = grounder.ground("auricular fibrillation", "diagnosis")  # only an HPO synonym: HPO → SNOMED → ICD
    assert (walk.method, walk.code) == ("crosswalk", "I48.91")
    plain = grounder.ground("type 2 diabetes", "diagnosis")  # "Type 2 diabetes mellitus …" without "mellitus"
    assert (plain.method, plain.code) == ("exact_name", "E11.9")
    fuzzy = grounder.ground("diabetes mellitus type 2", "diagnosis")  # every word, in another order
    assert fuzzy.method == "fuzzy" and fuzzy.code == "E11.9" and fuzzy.score >= FUZZY_THRESHOLD
    typo = grounder.ground("polyurai", "finding")  # mended to the name it is one slip from, named exactly
    assert (typo.code, typo.method) == ("HP:0000103", "exact_name") and typo.steps[0].startswith("spelling: ")


@pytest.mark.parametrize("mention, code, default", [
    ("Type 2 diabetes mellitus", "E11", "E11.9"),  # "without complications", not "with unspecified complications"
    ("Graves' disease", "E05.0", "E05.00"),  # the parent's own "with diffuse goiter" is not a specific form
    ("Benign prostatic hyperplasia", "N40", "N40.0"),  # two "without" children: the one extending the title
])
def test_a_category_is_refined_to_its_billable_default_code(grounder, mention, code, default):
    found = grounder.ground(mention, "diagnosis")
    assert found.code == default and any(s.startswith(f"default code: {code} ") for s in found.steps)
    proposed = grounder.ground(mention, "diagnosis", system="ICD10CM", code=code)
    assert (proposed.outcome, proposed.code) == ("replace", default) and "not a billable code" in proposed.reason


def test_no_default_code_when_two_children_are_equally_unspecified(grounder):
    d = grounder.ground("other chromosome abnormalities", "diagnosis")
    assert d.outcome == "reject" and not any(s.startswith("default code") for s in d.steps)
    assert "Q99 'Other chromosome abnormalities' is a category, not a billable code" in d.reason
    assert "(Q99.1, Q99.2)" in d.reason  # the codes the text would have to choose among


def test_a_proposed_code_must_say_everything_the_mention_says(grounder):
    d = grounder.ground("paroxysmal atrial fibrillation", "diagnosis", system="ICD10CM", code="I48.91")
    assert (d.outcome, d.code) == ("replace", "I48.0") and "leaves out words" in d.reason


def test_hypo_and_hyper_are_never_a_typo_of_each_other(grounder):
    d = grounder.ground("hyperkalemia", "diagnosis", system="ICD10CM", code="E87.6")
    assert (d.outcome, d.code) == ("replace", "E87.5")
    assert similarity(tokens("hypokalemia"), tokens("Hyperkalemia")) == 0.0


def test_british_spelling_matches_exactly(grounder):
    d = grounder.ground("iron deficiency anaemia", "diagnosis")
    assert (d.method, d.code, d.score) == ("exact_name", "D50.9", 1.0)


def test_similarity_needs_numbers_to_agree():
    assert similarity(tokens("type 2 diabetes"), tokens("type 1 diabetes")) == 0.0
    assert similarity(tokens("heart failure"), tokens("Heart failure")) == 1.0


def test_dictionary_extractor_spans_negation_and_sections(grounder):
    extractor = DictionaryExtractor(grounder.lexicon)
    item = Item(id="q", kind="board_question", text="She has polyuria. She denies chest pain.",
                sections=(("options", ("A. Type 1 diabetes mellitus", "B. Type 2 diabetes mellitus")),
                          ("answer", ("Type 2 diabetes mellitus",))),
                metadata_json="{}", candidates=(), line=1, version="v")
    found = list(extractor.mentions(item))
    by_text = {m.text: m for m in found}
    assert by_text["polyuria"].start == item.text.index("polyuria") and not by_text["polyuria"].negated
    assert by_text["chest pain"].negated and by_text["chest pain"].category == "finding"
    roles = sorted((m.text, m.role) for m in found if m.category == "diagnosis")
    assert roles == [("Type 1 diabetes mellitus", "differential"), ("Type 2 diabetes mellitus", "correct")]


def _full_scan(grounder, words, category, systems):
    """The fuzzy search without its bounds: every name holding a word of the mention, or a close spelling of
    a misspelt one, scored."""
    from difflib import get_close_matches

    from graph.extraction.grounding import _SOFT_TOKEN, CORROBORATED_FLOOR, _adds_with, adds_state, kind_allows

    lexicon = grounder.lexicon
    known = frozenset(w for w in words if w in lexicon.by_token)
    names = set()
    for w in words:
        if w in known:
            names |= lexicon.by_token[w]
        elif len(w) >= 5 and not w.isdigit():
            for close in get_close_matches(w, lexicon.vocabulary(w), n=3, cutoff=_SOFT_TOKEN):
                names |= lexicon.by_token[close]
    best = None
    for name in names:
        score = similarity(words, name, known)
        if score < CORROBORATED_FLOOR or adds_state(words, name):  # no caller reads a score below the floor
            continue
        for entry in grounder._rank(lexicon.by_name[name], systems):
            if kind_allows(lexicon, entry, category) is None and not _adds_with(words, entry.display):
                if best is None or score > best[1] or (score == best[1] and grounder._prefer(entry, best[0], systems)):
                    best = (entry, score)
                break
    return best


#: Names where the bounds decide: a long name holding more of a mention's words scores below a short one
#: holding fewer, or fewer as they are and one more as a misspelling.
BOUNDED = [
    Entry("ICD10CM", "N17.8", "Acute kidney injury following complicated abdominal aortic aneurysm repair surgery "
          "elderly adults", "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "N17.9", "Kidney injury", "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "N39.0", "Urinary tract infection, site not specified", "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "N39.4", "Urinary fibrillation", "ICD10CM@2026", "code", billable=True),
    Entry("ICD10CM", "R33.8", "Urinary retention following prolonged immobility elderly adults", "ICD10CM@2026",
          "code", billable=True),
]


@pytest.mark.parametrize("lexicon, mention", [
    ("bounded", "kidney injury contrast acute"), ("bounded", "urinary tract fibrilation"),
    ("bounded", "kidney kidney injury"), ("bounded", "urinary urinary site"), ("bounded", "fibrilation"),
    *(("small", m) for m in [
        "type 2 diabetes diabetes", "diabetes", "atrial fibrilation paroxysmal", "chest pain type 2",
    "nodular prostatic hyperplasia", "hypokalemia hyperkalemia", "goiter storm crisis thyroid",
    "unspecified iron deficiency anemia", "polyurea", "fibrillation", "urinary infection of the tract site",
    "seizure febrile chest", "chromosome abnormality b"])])
@pytest.mark.parametrize("category", ["diagnosis", "finding"])
def test_the_bounded_fuzzy_search_finds_what_scoring_every_name_finds(grounder, lexicon, mention, category):
    """The search groups names by how many of the mention's words they hold and stops where no name can win;
    its answer (entry and score) must be the one scoring every candidate name gives, among the scores a
    caller reads (from CORROBORATED_FLOOR up)."""
    if lexicon == "bounded":
        grounder = Grounder(Lexicon(BOUNDED, {"ICD10CM": "ICD10CM@2026"}, {}))
    words = tokens(mention)
    systems = grounder.systems_for(category)
    assert grounder._fuzzy_search(words, category, systems) == _full_scan(grounder, words, category, systems)


def test_two_words_names_write_as_one_are_read_as_one_and_as_written_first_where_a_name_has_them_apart():
    finding = {"parents": ["HP:0000118"]}
    lexicon = Lexicon([Entry("HPO", "HP:0002315", "Headache", "HPO@1", "term", **finding),
                       Entry("HPO", "HP:0000001", "Exertional heat stroke", "HPO@1", "term", **finding),
                       Entry("HPO", "HP:0000002", "Heatstroke", "HPO@1", "term", **finding)], {"HPO": "HPO@1"}, {})
    assert lexicon.readings(tokens("head ache")) == [("headache",)]
    assert Grounder(lexicon).ground("head ache", "finding").code == "HP:0002315"
    # a name has them side by side: as written first, then as one ("Heatstroke and sunstroke")
    assert lexicon.readings(tokens("heat stroke")) == [("heat", "stroke"), ("heatstroke",)]
    assert Grounder(lexicon).ground("heat stroke", "finding").code == "HP:0000002"


def test_a_title_ending_without_a_complication_names_the_condition_said_plainly():
    r = "ICD10CM@2026"
    lexicon = Lexicon([
        Entry("ICD10CM", "I71.3", "Abdominal aortic aneurysm, ruptured", r, "code", billable=True),
        Entry("ICD10CM", "I71.4", "Abdominal aortic aneurysm, without rupture", r, "code", billable=True),
        Entry("ICD10CM", "K57.91", "Diverticulosis of intestine, without perforation or abscess with bleeding", r,
              "code", billable=True),
        Entry("HPO", "HP:0005112", "Abdominal aortic aneurysm", "HPO@1", "term", parents=["HP:0000118"]),
    ], {"ICD10CM": "ICD10CM@2026", "HPO": "HPO@1"}, {})
    assert lexicon.by_name[tokens("abdominal aortic aneurysm")] == [("HPO", "HP:0005112"), ("ICD10CM", "I71.4")]
    assert Grounder(lexicon).ground("abdominal aortic aneurysm", "diagnosis").code == "I71.4"
    assert tokens("diverticulosis of intestine") not in lexicon.by_name  # its clause states a "with"


def test_a_kind_under_an_other_specified_group_is_no_default_of_a_broader_condition():
    r = "ICD10CM@2026"
    lexicon = Lexicon([
        Entry("ICD10CM", "N39.4", "Other specified urinary incontinence", r, "category", billable=False),
        Entry("ICD10CM", "N39.41", "Urge incontinence", r, "code", billable=True),
        Entry("ICD10CM", "N39.42", "Incontinence without sensory awareness", r, "code", billable=True),
        Entry("ICD10CM", "R76.8", "Other specified abnormal immunological findings in serum", r, "category",
              billable=False),
        Entry("ICD10CM", "R76.81", "Abnormal rheumatoid factor without rheumatoid arthritis", r, "code",
              billable=True),
    ], {"ICD10CM": "ICD10CM@2026"}, {})
    # "incontinence" is broader than the group N39.42 is one kind of: no name for it
    assert tokens("incontinence") not in lexicon.by_name
    # a form that says more than its group keeps the name its "without" gives
    assert lexicon.by_name[tokens("abnormal rheumatoid factor")] == [("ICD10CM", "R76.81")]


def default_title(parent: str, *children: str) -> str | None:
    """The title of the default child a category titled ``parent`` has among children so titled."""
    from graph.extraction.grounding import _default_child

    r = "ICD10CM@2026"
    kids = [Entry("ICD10CM", f"X{n}", title, r, "code", billable=True) for n, title in enumerate(children)]
    chosen = _default_child(Entry("ICD10CM", "X", parent, r, "category", billable=False), kids)
    return chosen.display if chosen else None


def test_no_default_code_between_two_forms_a_title_names_side_by_side():
    # bilateral or unilateral: the text does not say, and no title of the two is the shorter one's
    assert default_title("Inguinal hernia", "Bilateral inguinal hernia, without obstruction or gangrene",
                   "Unilateral inguinal hernia, without obstruction or gangrene") is None
    # the parent names one of the two words: its form is the default
    assert default_title("Congenital deformities of hip", "Congenital deformity of hip, unspecified",
                   "Congenital dislocation of hip, unspecified") == "Congenital deformity of hip, unspecified"
    # a fracture not said to be displaced is coded displaced (guideline I.C.19.c.1)
    assert default_title("Unspecified fracture of surgical neck of humerus",
                   "Unspecified displaced fracture of surgical neck of unspecified humerus",
                   "Unspecified nondisplaced fracture of surgical neck of unspecified humerus",
                   ) == "Unspecified displaced fracture of surgical neck of unspecified humerus"


def test_a_kind_of_its_own_carrying_a_mark_is_no_default_beside_a_child_that_only_says_unspecified():
    # S72.4: the supracondylar fracture's "without" is no default beside S72.40's "Unspecified …"
    assert default_title("Fracture of lower end of femur", "Unspecified fracture of lower end of femur",
                   "Supracondylar fracture without intracondylar extension of lower end of femur",
                   "Torus fracture of lower end of femur") == "Unspecified fracture of lower end of femur"
    # K80: every code says the condition in words of its own, and none only "unspecified": the mark decides
    assert default_title("Cholelithiasis", "Calculus of gallbladder with acute cholecystitis",
                   "Calculus of gallbladder without cholecystitis", "Calculus of bile duct, unspecified",
                   ) == "Calculus of gallbladder without cholecystitis"


def test_a_name_left_without_its_unspecified_clause_is_no_name_where_it_names_many_families():
    r = "ICD10CM@2026"
    lexicon = Lexicon([
        Entry("ICD10CM", "S51.059", "Open bite, unspecified elbow", r, "code", billable=False),
        Entry("ICD10CM", "S71.059", "Open bite, unspecified hip", r, "code", billable=False),
        Entry("ICD10CM", "A41.9", "Sepsis, unspecified organism", r, "code", billable=True),
        Entry("ICD10CM", "M08.9", "Juvenile arthritis, unspecified", r, "code", billable=False),
        Entry("ICD10CM", "M08.919", "Juvenile arthritis, unspecified, unspecified shoulder", r, "code",
              billable=True),
        Entry("ICD10CM", "M08.929", "Juvenile arthritis, unspecified, unspecified elbow", r, "code", billable=True),
    ], {"ICD10CM": r}, {})
    assert tokens("open bite") not in lexicon.by_name  # of the elbow or of the hip: no open bite in general
    assert lexicon.by_name[tokens("sepsis")] == [("ICD10CM", "A41.9")]
    assert lexicon.by_name[tokens("juvenile arthritis")] == [("ICD10CM", "M08.9")]  # its own name, kept
    assert lexicon.by_name[tokens("open bite elbow")] == [("ICD10CM", "S51.059")]


@pytest.mark.parametrize("mention", [
    "type 2 diabetes diabetes mellitus", "diabetes diabetes diabetes", "atrial fibrillation paroxysmal unspecified",
    "a 60 year old with type 2 diabetes mellitus has polyuria chest pain and paroxysmal atrial fibrillation",
    "thyrotoxicosis goiter storm crisis without thyrotoxic diffuse", "urinary tract infection site"])
def test_names_holding_enough_words_are_the_groups_of_every_name_from_that_count_up(grounder, mention):
    """Where the caller reads no name holding fewer than ``least_held`` of the mention's words, only the rarer
    words' names are gathered; the groups from that count up must be those of gathering every name."""
    words = tokens(mention)
    known = frozenset(w for w in words if w in grounder.lexicon.by_token)
    every = dict(grounder._names_by_words_held(words, known, []))
    for least in range(2, len(words) + 2):
        bounded = list(grounder._names_by_words_held(words, known, [], least))
        assert [held for held, _ in bounded] == sorted((h for h in every if h >= least and every[h]), reverse=True)
        assert all(names == every[held] for held, names in bounded)


def test_titles_are_found_by_how_they_begin_in_code_order():
    lexicon = Lexicon([*ENTRIES,
                       Entry("ICD10CM", "Z86.73", "Personal history of transient ischemic attack", "ICD10CM@2026",
                             "code", billable=True),
                       Entry("ICD10CM", "Z85.3", "Personal history of malignant neoplasm of breast", "ICD10CM@2026",
                             "code", billable=True),
                       Entry("ICD10CM", "Z80.3", "Family history of malignant neoplasm of breast", "ICD10CM@2026",
                             "code", billable=True),
                       Entry("HPO", "HP:9999999", "Personal history of nothing", "HPO@1", "term")], RELEASES, {})
    assert [e.code for e in lexicon.icd_titled("personal history")] == ["Z85.3", "Z86.73"]
    assert [e.code for e in lexicon.icd_titled("type 2 diabetes mellitus with ")] == ["E11.6", "E11.8"]
    assert [e.code for e in lexicon.icd_titled("type 2 diabetes mellitus with")] == ["E11.6", "E11.8", "E11.9", "E11.A"]
    assert lexicon.icd_titled("history") == [] and lexicon.icd_titled("zzz") == []


def test_a_word_one_slip_from_a_name_word_is_respelled_as_it():
    lexicon = Lexicon([*ENTRIES,
                       Entry("ICD10CM", "J18.9", "Pneumonia, unspecified organism", "ICD10CM@2026", "code",
                             billable=True),
                       Entry("ICD10CM", "K52.9", "Noninfective colitis, unspecified", "ICD10CM@2026", "code",
                             billable=True),
                       Entry("HPO", "HP:0001945", "Fever", "HPO@1", "term", names=("Febrile",)),
                       Entry("HPO", "HP:0001250", "Seizure", "HPO@1", "term", names=("Seizures",))], RELEASES, {})
    assert lexicon.respelled("pnuemonia") == "pneumonia"      # two neighbours swapped
    assert lexicon.respelled("pneumoniaa") == "pneumonia"     # a letter added
    assert lexicon.respelled("pneumnia") == "pneumonia"       # a letter left out
    assert lexicon.respelled("colitus") == "colitis"          # a letter changed
    assert lexicon.respelled("fibrilation") == "fibrillation"
    assert lexicon.respelled("siezure") == "seizure"
    assert lexicon.respelled("afebrile") is None              # a first letter added is a prefix, not a slip
    assert lexicon.respelled("pneumonia") is None             # a name's own word
    assert lexicon.respelled("feverr") is None                # under seven letters: often another word
    assert lexicon.respelled("pneumonxxa") is None            # two slips


def test_a_word_one_slip_from_an_index_terms_word_is_respelled_as_it():
    """"bacterial vaginosus": no title says "vaginosis", the Index's "bacterial vaginosis" does (N76.0)."""
    from graph.extraction.index_terms import IndexTerm

    entries = [*ENTRIES, Entry("ICD10CM", "N76.0", "Acute vaginitis", "ICD10CM@2026", "code", billable=True)]
    index = [IndexTerm("bacterial vaginosis", "N76.0", "Vaginosis - see Vaginitis; Vaginitis (acute) N76.0")]
    lexicon = Lexicon(entries, RELEASES, {}, index_terms=index)
    assert lexicon.respelled("vaginosus") == "vaginosis" and lexicon.respelled("vaginosis") is None
    assert Grounder(lexicon).ground("bacterial vaginosus", "diagnosis").code == "N76.0"
    assert Lexicon(entries, RELEASES, {}, index_terms=[]).respelled("vaginosus") is None


def test_a_look_alike_never_calls_intractable_or_acute_what_the_text_does_not_nor_denies_what_it_says():
    """A migraine with status migrainosus is the "not intractable" code, the default of a text that says
    nothing; a diverticulitis with abscess is never the title "… without perforation or abscess …"; a gastric
    ulcer the text does not call acute is ICD-10-CM's "chronic or unspecified" one."""
    lexicon = Lexicon([
        Entry("ICD10CM", "G43.9", "Migraine, unspecified", "ICD10CM@2026", "category", billable=False),
        Entry("ICD10CM", "G43.901", "Migraine, unspecified, not intractable, with status migrainosus", "ICD10CM@2026",
              "code", billable=True),
        Entry("ICD10CM", "G43.911", "Migraine, unspecified, intractable, with status migrainosus", "ICD10CM@2026",
              "code", billable=True),
        Entry("ICD10CM", "K57.32", "Diverticulitis of large intestine without perforation or abscess without "
              "bleeding", "ICD10CM@2026", "code", billable=True),
        Entry("ICD10CM", "K57.20", "Diverticulitis of large intestine with perforation and abscess without "
              "bleeding", "ICD10CM@2026", "code", billable=True),
        Entry("ICD10CM", "K35.80", "Unspecified acute appendicitis", "ICD10CM@2026", "code", billable=True,
              names=("Acute appendicitis NOS", "Acute appendicitis without (localized) (generalized) peritonitis")),
        Entry("ICD10CM", "K25.1", "Acute gastric ulcer with perforation", "ICD10CM@2026", "code", billable=True),
        Entry("ICD10CM", "K25.5", "Chronic or unspecified gastric ulcer with perforation", "ICD10CM@2026", "code",
              billable=True),
    ], {"ICD10CM": "ICD10CM@2026"}, {})
    grounder = Grounder(lexicon)
    assert grounder.ground("migraine with status migrainosus", "diagnosis").code == "G43.901"
    assert grounder.ground("intractable migraine with status migrainosus", "diagnosis").code == "G43.911"
    assert grounder.ground("diverticulitis of the colon with abscess", "diagnosis").code != "K57.32"
    # an inclusion term says "without" too, its parenthesised words nonessential
    assert grounder.ground("acute appendicitis with peritonitis", "diagnosis").code != "K35.80"
    assert grounder.ground("acute appendicitis", "diagnosis").code == "K35.80"
    # the acute form is no ulcer the text leaves unqualified, where the title "Chronic or unspecified …" is there
    assert grounder.ground("gastric ulcer with perforation", "diagnosis").code == "K25.5"
    assert grounder.ground("acute gastric ulcer with perforation", "diagnosis").code == "K25.1"


def test_a_history_no_note_spans_narrowly_is_the_history_code_naming_the_conditions_family():
    """A deep vein thrombosis (I82.409, under I82 "Other venous embolism and thrombosis") falls only in Z86.7's
    wide "classifiable to I00-I99", a category; Z86.718 "… other venous thrombosis and embolism" names its
    family, and a pulmonary embolism keeps its own code."""
    lexicon = Lexicon([
        Entry("ICD10CM", "I82", "Other venous embolism and thrombosis", "ICD10CM@2026", "category", billable=False),
        Entry("ICD10CM", "I82.409", "Acute embolism and thrombosis of unspecified deep veins of unspecified lower "
              "extremity", "ICD10CM@2026", "code", billable=True, names=("Deep vein thrombosis NOS",)),
        Entry("ICD10CM", "Z86.7", "Personal history of diseases of the circulatory system", "ICD10CM@2026",
              "category", billable=False, names=("Conditions classifiable to I00-I99",)),
        Entry("ICD10CM", "Z86.71", "Personal history of venous thrombosis and embolism", "ICD10CM@2026",
              "category", billable=False),
        Entry("ICD10CM", "Z86.711", "Personal history of pulmonary embolism", "ICD10CM@2026", "code", billable=True),
        Entry("ICD10CM", "Z86.718", "Personal history of other venous thrombosis and embolism", "ICD10CM@2026",
              "code", billable=True),
    ], {"ICD10CM": "ICD10CM@2026"}, {})
    grounder = Grounder(lexicon)
    assert grounder.ground("history of deep vein thrombosis", "diagnosis").code == "Z86.718"
    assert grounder.ground("history of pulmonary embolism", "diagnosis").code == "Z86.711"


def test_a_cause_said_with_due_to_finds_the_title_that_says_secondary_to():
    lexicon = Lexicon([
        Entry("ICD10CM", "D50.0", "Iron deficiency anemia secondary to blood loss (chronic)", "ICD10CM@2026", "code",
              billable=True),
        Entry("ICD10CM", "D50.9", "Iron deficiency anemia, unspecified", "ICD10CM@2026", "code", billable=True),
    ], {"ICD10CM": "ICD10CM@2026"}, {})
    decided = Grounder(lexicon).ground("iron deficiency anemia due to chronic blood loss", "diagnosis")
    assert decided.code == "D50.0"
    assert any("secondary to" in step for step in decided.steps)
    # a note's "2/2" says it too, and never leaves the cause for the unspecified code
    assert Grounder(lexicon).ground("iron deficiency anemia 2/2 chronic blood loss", "diagnosis").code == "D50.0"


def test_a_capital_a_after_a_word_is_the_type_it_names_not_the_article():
    """"Hepatitis A" is no name of hepatitis unqualified, and influenza A is an identified influenza virus."""
    lexicon = Lexicon([
        Entry("ICD10CM", "B15.9", "Hepatitis A without hepatic coma", "ICD10CM@2026", "code", billable=True),
        Entry("ICD10CM", "K75.9", "Inflammatory liver disease, unspecified", "ICD10CM@2026", "code", billable=True,
              names=("Hepatitis NOS",)),
    ], {"ICD10CM": "ICD10CM@2026"}, {})
    grounder = Grounder(lexicon)
    assert grounder.ground("hepatitis", "diagnosis").code == "K75.9"
    assert grounder.ground("hepatitis A", "diagnosis").code == "B15.9"
    assert tokens("A 60-year-old with a fever") == tokens("60-year-old with fever")


def test_a_title_that_spells_out_its_acronym_is_named_by_the_acronym_too():
    r = "ICD10CM@2026"
    lexicon = Lexicon([
        Entry("ICD10CM", "D75.A", "Glucose-6-phosphate dehydrogenase (G6PD) deficiency without anemia", r, "code",
              billable=True),
        Entry("ICD10CM", "D75.82", "Heparin induced thrombocytopenia (HIT)", r, "code", billable=True),
    ], {"ICD10CM": r}, {})
    assert Grounder(lexicon).ground("G6PD deficiency", "diagnosis").code == "D75.A"
    assert tokens("hit") not in lexicon.by_name  # the acronym alone is the abbreviations file's to read


def test_a_symptom_named_first_by_one_chapter_18_title_is_that_title_as_a_finding_and_as_a_diagnosis():
    """R55 "Syncope and collapse" names syncope first; R05.4 "Cough syncope" names a cough's. A syncope said as
    a diagnosis is coded as a finding is when no other name says it."""
    r = "ICD10CM@2026"
    lexicon = Lexicon([
        Entry("ICD10CM", "R55", "Syncope and collapse", r, "code", billable=True),
        Entry("ICD10CM", "R05.4", "Cough syncope", r, "code", billable=True),
    ], {"ICD10CM": r}, {})
    grounder = Grounder(lexicon)
    assert grounder.ground("syncope", "finding").code == "R55"
    assert grounder.ground("syncope", "diagnosis").code == "R55"


def test_a_proposal_is_corroborated_by_a_notes_phrase_but_not_by_a_narrative(grounder):
    """The search's closest name being the proposal's own stands in for the wording of a note's short phrase;
    a case's narrative says too much else for its closest name to vouch for a proposal: there the proposal is
    kept only as the last resort, because its name is said whole in the case."""
    note = grounder.ground("paroxysmal atrial fibrillation episodes for the past three weeks", "diagnosis",
                           system="ICD10CM", code="I48.0")
    assert (note.outcome, note.code, note.method) == ("accept", "I48.0", "corroborated")
    case = grounder.ground("a 70-year-old man presents with paroxysmal atrial fibrillation episodes for the past "
                           "three weeks", "diagnosis", system="ICD10CM", code="I48.0")
    assert not any(step.startswith("corroborated:") for step in case.steps)
    assert any(step.startswith("proposed: its name 'Paroxysmal atrial fibrillation' leaves out") for step in case.steps)
    assert (case.outcome, case.code) == ("accept", "I48.0")
    assert "'paroxysmal atrial fibrillation' is said whole within" in case.steps[-2]
    taken_back = grounder.ground("a 70-year-old man presents with palpitations; paroxysmal atrial fibrillation was "
                                 "ruled out", "diagnosis", system="ICD10CM", code="I48.0")
    assert taken_back.outcome == "reject"


def test_a_rare_name_word_a_letter_from_a_common_one_is_read_as_its_slip():
    """An ontology's own slip ("syndrom" in one name) does not make a mention's "syndrom" a word: a word two
    names or fewer use, a letter short or long of one fifty times as common, is read as that word; a letter
    changed never ("hepatoma" stays, beside "hematoma")."""
    common = [Entry("ICD10CM", f"Q87.{n}", f"Rare syndrome {n}", "ICD10CM@2026", "code", billable=True)
              for n in range(60)]
    bruises = [Entry("ICD10CM", f"S00.{n}", f"Hematoma {n}", "ICD10CM@2026", "code", billable=True)
               for n in range(60)]
    lexicon = Lexicon([*ENTRIES, *common, *bruises,
                       Entry("MONDO", "MONDO:1", "Odd syndrom", "MONDO@1", "term"),
                       Entry("ICD10CM", "C22.0", "Liver cell carcinoma", "ICD10CM@2026", "code", billable=True,
                             names=("Hepatoma",))], {**RELEASES, "MONDO": "MONDO@1"}, {})
    assert lexicon.respelled("syndrom") == "syndrome"
    assert lexicon.respelled("hepatoma") is None
    assert lexicon.respelled("syndrome") is None


def test_a_region_of_the_abdomen_said_before_abdominal_is_the_regions_finding():
    hpo = "HPO@1"
    entries = [Entry("HPO", "HP:0000118", "Phenotypic abnormality", hpo, "term"),
               Entry("HPO", "HP:0002027", "Abdominal pain", hpo, "term", parents=["HP:0000118"]),
               Entry("HPO", "HP:0410019", "Epigastric pain", hpo, "term", parents=["HP:0002027"])]
    grounder = Grounder(Lexicon(entries, {"HPO": hpo}, {}), phrasings=[])
    assert grounder.ground("epigastric abdominal pain", "finding").code == "HP:0410019"
    assert grounder.ground("crampy abdominal pain", "finding").code == "HP:0002027"  # no region: the head


def _parts_lexicon() -> Lexicon:
    r, hpo = "ICD10CM@2026", "HPO@1"
    return Lexicon([
        Entry("ICD10CM", "E21", "Hyperparathyroidism and other disorders of parathyroid gland", r, "category",
              billable=False),
        Entry("ICD10CM", "E21.0", "Primary hyperparathyroidism", r, "code", billable=True),
        Entry("ICD10CM", "E21.3", "Hyperparathyroidism, unspecified", r, "code", billable=True),
        Entry("ICD10CM", "E11", "Type 2 diabetes mellitus", r, "category", billable=False),
        Entry("ICD10CM", "E11.9", "Type 2 diabetes mellitus without complications", r, "code", billable=True),
        Entry("ICD10CM", "E11.22", "Type 2 diabetes mellitus with diabetic chronic kidney disease", r, "code",
              billable=True),
        Entry("ICD10CM", "N18.30", "Chronic kidney disease, stage 3 unspecified", r, "code", billable=True),
        Entry("ICD10CM", "I26.99", "Other pulmonary embolism without acute cor pulmonale", r, "code", billable=True,
              names=("Pulmonary embolism",)),
        Entry("ICD10CM", "R07.9", "Chest pain, unspecified", r, "code", billable=True),
        Entry("HPO", "HP:0000118", "Phenotypic abnormality", hpo, "term"),
        Entry("HPO", "HP:0100749", "Chest pain", hpo, "term", parents=["HP:0000118"]),
        Entry("HPO", "HP:0000103", "Polyuria", hpo, "term", parents=["HP:0000118"]),
    ], {"ICD10CM": r, "HPO": hpo}, {})


def test_a_proposal_one_part_of_a_note_names_is_kept_where_the_rest_is_beside_it():
    """Two readings agree: the proposer's code and a part of the note that names it; the other parts are a
    test's values, a pertinent negative, or a presentation, never an axis of the code's kin nor a second
    condition."""
    grounder = Grounder(_parts_lexicon(), phrasings=[])
    note = "primary hyperparathyroidism: calcium 11.2, PTH 98, no kidney stones"
    kept = grounder.ground(note, "diagnosis", system="ICD10CM", code="E21.0")
    assert (kept.outcome, kept.code) == ("accept", "E21.0") and kept.steps[0].startswith("part:")
    assert grounder.ground(note, "diagnosis").outcome == "reject"  # the note's words alone name nothing whole
    # a part that is an axis of the proposal's kin: the stage E11.22 says
    kin = grounder.ground("type 2 diabetes mellitus: chronic kidney disease stage 3, on metformin", "diagnosis",
                          system="ICD10CM", code="E11.9")
    assert kin.code != "E11.9"
    # a second condition, a doubt, a symptom's code for a diagnosis, a finding listed beside another
    assert grounder.ground("primary hyperparathyroidism: pulmonary embolism, on heparin", "diagnosis",
                           system="ICD10CM", code="E21.0").outcome == "reject"
    assert grounder.ground("primary hyperparathyroidism: calcium 11.2, ruled out", "diagnosis",
                           system="ICD10CM", code="E21.0").outcome == "reject"
    symptom = grounder.ground("chest pain: calcium 11.2, PTH 98", "diagnosis", system="ICD10CM", code="R07.9")
    assert not any(step.startswith("part:") for step in symptom.steps)
    said = grounder.ground("chest pain: calcium 11.2, PTH 98", "finding", system="HPO", code="HP:0100749")
    assert (said.outcome, said.code) == ("accept", "HP:0100749")
    assert grounder.ground("calcium 11.2, chest pain (polyuria)", "finding",
                           system="HPO", code="HP:0100749").outcome == "reject"
    # a word only the proposal's kin say; a denial of what the title says, and of what it says is absent
    assert grounder.ground("type 2 diabetes mellitus: kidney involvement, on metformin", "diagnosis",
                           system="ICD10CM", code="E11.9").outcome == "reject"
    assert grounder.ground("primary hyperparathyroidism: calcium 11.2, no primary disease", "diagnosis",
                           system="ICD10CM", code="E21.0").outcome == "reject"
    assert grounder.ground("pulmonary embolism: PESI 2, no cor pulmonale", "diagnosis",
                           system="ICD10CM", code="I26.99").code == "I26.99"


def test_a_part_only_loosely_held_by_a_longer_name_does_not_name_the_proposal():
    r = "ICD10CM@2026"
    grounder = Grounder(Lexicon([Entry("ICD10CM", "L98.1", "Factitial dermatitis of skin", r, "code",
                                       billable=True)], {"ICD10CM": r}, {}), phrasings=[])
    assert grounder.ground("dermatitis: calcium 11.2, PTH 98", "diagnosis",
                           system="ICD10CM", code="L98.1").outcome == "reject"
    assert grounder.ground("factitial dermatitis: calcium 11.2, PTH 98", "diagnosis",
                           system="ICD10CM", code="L98.1").outcome == "accept"


def test_a_clause_taking_the_condition_back_or_naming_a_condition_by_its_value_is_no_aside():
    """"Pulmonary embolism, ruled out" is no embolism to code; "type 2 diabetes, chronic kidney disease 3"
    gives the stage of a second condition, never a score beside the first (E11.9 would deny it)."""
    grounder = Grounder(_parts_lexicon(), phrasings=[])
    assert grounder.ground("pulmonary embolism, ruled out", "diagnosis").outcome == "reject"
    assert grounder.ground("pulmonary embolism, resolved", "diagnosis").outcome == "reject"
    assert grounder.ground("pulmonary embolism, PESI 2", "diagnosis").code == "I26.99"
    assert grounder.ground("type 2 diabetes mellitus, chronic kidney disease 3", "diagnosis").code != "E11.9"


def test_a_notes_heading_is_read_past_unless_it_names_a_condition_or_a_history():
    grounder = Grounder(_parts_lexicon(), phrasings=[])
    headed = grounder.ground("Home health referral: primary hyperparathyroidism", "diagnosis")
    assert headed.code == "E21.0" and headed.steps[0].startswith("heading:")
    for written in ("PMH: pulmonary embolism", "Pulmonary embolism: primary hyperparathyroidism"):
        assert not any(step.startswith("heading:") for step in grounder.ground(written, "diagnosis").steps)
    assert grounder._under_a_heading("The nurse practitioner saw her today and wrote down: pulmonary embolism") \
        is None  # a sentence of the note, no heading
    assert grounder._under_a_heading("Prenatal intake at 16w2d: preterm labor") == (
        "Prenatal intake at 16w2d", "preterm labor, 16w2d")
    assert grounder._under_a_heading("Prenatal intake at 16w2d: preterm labor at 20 weeks")[1] == \
        "preterm labor at 20 weeks"
    # the one side a heading gives goes with what it heads, unless that says its own
    assert grounder._under_a_heading("X-ray L foot: fracture of fifth metatarsal") == (
        "X-ray L foot", "left fracture of fifth metatarsal")
    assert grounder._under_a_heading("X-ray L foot: fracture of right fifth metatarsal")[1] == \
        "fracture of right fifth metatarsal"
    assert grounder._under_a_heading("L&D: preterm labor")[1] == "preterm labor"  # labor and delivery


def test_a_cause_that_is_an_infection_by_an_agent_is_read_as_titles_name_the_agent():
    """"Sepsis secondary to E. coli bacteremia": A41.51 "Sepsis due to Escherichia coli", never the sepsis
    coded bare beside its organism; a cause with no agent titles name leaves the condition coded alone."""
    r = "ICD10CM@2026"
    lexicon = Lexicon([
        Entry("ICD10CM", "A41", "Other sepsis", r, "category", billable=False),
        Entry("ICD10CM", "A41.51", "Sepsis due to Escherichia coli [E. coli]", r, "code", billable=True),
        Entry("ICD10CM", "A41.9", "Sepsis, unspecified organism", r, "code", billable=True),
    ], {"ICD10CM": r}, {})
    grounder = Grounder(lexicon, phrasings=[])
    assert grounder.ground("sepsis secondary to Escherichia coli bacteremia", "diagnosis").code == "A41.51"
    kept = grounder.ground("sepsis secondary to Escherichia coli bacteremia", "diagnosis",
                           system="ICD10CM", code="A41.51")
    assert (kept.outcome, kept.code) == ("accept", "A41.51")
    assert grounder.ground("sepsis secondary to urinary tract infection", "diagnosis").code == "A41.9"


def test_a_value_given_of_the_same_condition_is_an_aside_and_a_fhir_text_is_read_out_of_its_json():
    grounder = Grounder(_parts_lexicon(), phrasings=[])
    # "GAD (GAD-7 of 16)": a score of the condition itself, never a second one
    assert grounder.ground("primary hyperparathyroidism, hyperparathyroidism 2", "diagnosis").code == "E21.0"
    assert grounder.ground("primary hyperparathyroidism, pulmonary embolism 2", "diagnosis").outcome == "reject"
    resource = ('{"resourceType": "Condition", "code": {"text": "primary hyperparathyroidism", '
                '"coding": [{"code": "E21.3"}]}}')
    read = grounder.ground(resource, "diagnosis", system="ICD10CM", code="E21.3")
    assert (read.outcome, read.code) == ("replace", "E21.0") and read.steps[0].startswith("FHIR:")
    quoted = grounder.ground('Condition.code.text: "primary hyperparathyroidism"; coding.code: E21.0', "diagnosis",
                             system="ICD10CM", code="E21.0")
    assert (quoted.outcome, quoted.code) == ("accept", "E21.0")


def test_shipped_readings_of_a_sickle_cell_crisis_an_erosive_esophagitis_and_a_nephrosclerosis():
    """VOC, HIT type II, DNR/DNI, CKD 3b, a scald and a partial-thickness burn (abbreviations file), "erosive" (a
    course word ICD-10-CM does not tell apart) and the Index's "Nephrosclerosis … I12.9" (icd10cm_index.toml),
    each read from the files the project ships."""
    r = "ICD10CM@2026"
    grounder = Grounder(Lexicon([
        Entry("ICD10CM", "D57.0", "Hb-SS disease with crisis", r, "category", billable=False),
        Entry("ICD10CM", "D57.00", "Hb-SS disease with crisis, unspecified", r, "code", billable=True),
        Entry("ICD10CM", "D57.1", "Sickle-cell disease without crisis", r, "code", billable=True),
        Entry("ICD10CM", "K21.0", "Gastro-esophageal reflux disease with esophagitis", r, "category",
              billable=False),
        Entry("ICD10CM", "K21.00", "Gastro-esophageal reflux disease with esophagitis, without bleeding", r,
              "code", billable=True),
        Entry("ICD10CM", "I12.9", "Hypertensive chronic kidney disease with stage 1 through stage 4 chronic kidney "
              "disease, or unspecified chronic kidney disease", r, "code", billable=True),
        Entry("ICD10CM", "D75.822", "Immune-mediated heparin-induced thrombocytopenia", r, "code", billable=True),
        Entry("ICD10CM", "Z66", "Do not resuscitate", r, "code", billable=True),
        Entry("ICD10CM", "T22.211A", "Burn of second degree of right forearm, initial encounter", r, "code",
              billable=True),
        Entry("ICD10CM", "N18.31", "Chronic kidney disease, stage 3a", r, "code", billable=True),
        Entry("ICD10CM", "N18.32", "Chronic kidney disease, stage 3b", r, "code", billable=True),
    ], {"ICD10CM": r}), phrasings=[])  # the shipped abbreviations, read as the default graph reads them
    assert grounder.ground("partial-thickness scald of the right forearm", "diagnosis").code == "T22.211A"
    # a stage's number said after CKD names the stage exactly, which a note's dash needs (a guess never does)
    assert grounder.ground("CKD 3b, stable - follow up every 6 months", "diagnosis").code == "N18.32"
    assert grounder.ground("HbSS with VOC", "diagnosis").code == "D57.00"
    assert grounder.ground("HIT type II", "diagnosis").code == "D75.822"
    assert grounder.ground("DNR/DNI", "diagnosis").code == "Z66"
    assert grounder.ground("gastro-esophageal reflux disease with erosive esophagitis", "diagnosis").code == "K21.00"
    assert grounder.ground("hypertensive nephrosclerosis", "diagnosis").code == "I12.9"


def test_a_place_of_care_heads_a_note_and_a_course_word_is_left_out_of_every_reading():
    r = "ICD10CM@2026"
    grounder = Grounder(Lexicon([
        Entry("ICD10CM", "N52.9", "Male erectile dysfunction, unspecified", r, "code", billable=True, names=("ED",)),
        Entry("ICD10CM", "E21.0", "Primary hyperparathyroidism", r, "code", billable=True),
        Entry("ICD10CM", "I50.2", "Systolic (congestive) heart failure", r, "category", billable=False),
        Entry("ICD10CM", "I50.20", "Unspecified systolic (congestive) heart failure", r, "code", billable=True),
        Entry("ICD10CM", "I50.23", "Acute on chronic systolic (congestive) heart failure", r, "code", billable=True),
    ], {"ICD10CM": r}), phrasings=[])
    assert grounder.ground("ED: primary hyperparathyroidism", "diagnosis").code == "E21.0"  # the department
    # "HFrEF" read as a systolic heart failure, as titles say it, with "exacerbation" left out of that reading too
    assert grounder.ground("acute on chronic HFrEF exacerbation", "diagnosis").code == "I50.23"


def test_a_semicolon_sets_a_notes_sentence_apart_but_not_a_cases_narrative():
    grounder = Grounder(_parts_lexicon(), phrasings=[])
    assert grounder.ground("calcium 11.2 and rising; primary hyperparathyroidism", "diagnosis").code == "E21.0"
    narrative = ("a woman of fifty eight with years of aches in her bones and much tiredness was seen in the clinic "
                 "after a long wait; primary hyperparathyroidism")
    assert grounder.ground(narrative, "diagnosis").outcome == "reject"
    # a fact card's sentence, its full stop said: one story, not a list of the note's points
    assert grounder.ground("calcium is high in her case; primary hyperparathyroidism.", "diagnosis").outcome \
        == "reject"


def test_a_milk_or_egg_allergy_is_the_status_its_baked_form_decides():
    r = "ICD10CM@2026"
    grounder = Grounder(Lexicon([
        Entry("ICD10CM", "Z91.011", "Allergy to milk products", r, "category", billable=False),
        Entry("ICD10CM", "Z91.0110", "Allergy to milk products, unspecified", r, "code", billable=True),
        Entry("ICD10CM", "Z91.0111", "Allergy to milk products with tolerance to baked milk", r, "code",
              billable=True),
        Entry("ICD10CM", "Z91.0112", "Allergy to milk products with reactivity to baked milk", r, "code",
              billable=True),
    ], {"ICD10CM": r}, {}), phrasings=[])
    tolerant = grounder.ground("Cow's milk allergy - tolerates baked milk (muffins)", "diagnosis",
                               system="ICD10CM", code="Z91.011")
    assert (tolerant.outcome, tolerant.code) == ("replace", "Z91.0111")
    assert grounder.ground("milk allergy, carries an EpiPen", "diagnosis").code == "Z91.0110"


def test_a_diagnosis_a_notes_first_part_names_is_the_notes_where_the_rest_is_beside_it():
    """"influenza A (rapid +), fever, cough, no pneumonia on CXR": the first part names the diagnosis, the rest
    are its values, its symptoms or a pertinent negative. Never where another part states a side or a site, a
    word the code's category says, a second diagnosis, nor where the parts list findings, nor a definition."""
    r, hpo = "ICD10CM@2026", "HPO@1"
    base = _parts_lexicon()
    lexicon = Lexicon([*base.by_ref.values(),
                       Entry("ICD10CM", "N64.3", "Galactorrhea not associated with childbirth", r, "code",
                             billable=True, names=("Galactorrhea",)),
                       Entry("HPO", "HP:0100829", "Galactorrhea", hpo, "term", parents=["HP:0000118"]),
                       Entry("ICD10CM", "E05", "Thyrotoxicosis [hyperthyroidism]", r, "category", billable=False),
                       Entry("ICD10CM", "E05.00", "Thyrotoxicosis with diffuse goiter without thyrotoxic crisis or "
                             "storm", r, "code", billable=True, names=("Graves disease",)),
                       Entry("ICD10CM", "E05.10", "Thyrotoxicosis with toxic single thyroid nodule without "
                             "thyrotoxic crisis or storm", r, "code", billable=True),
                       Entry("ICD10CM", "M10", "Gout", r, "category", billable=False),
                       Entry("ICD10CM", "M10.9", "Gout, unspecified", r, "code", billable=True),
                       Entry("ICD10CM", "M10.071", "Idiopathic gout, right ankle and foot", r, "code",
                             billable=True)],
                      {"ICD10CM": r, "HPO": hpo}, {})
    grounder = Grounder(lexicon, phrasings=[])
    led = grounder.ground("primary hyperparathyroidism, polyuria, chest pain, no pulmonary embolism", "diagnosis")
    assert led.code == "E21.0" and any(step.startswith("first part:") for step in led.steps)
    replaced = grounder.ground("primary hyperparathyroidism, polyuria", "diagnosis", system="ICD10CM",
                               code="E21.3")
    assert (replaced.outcome, replaced.code) == ("replace", "E21.0")
    for refused in ("primary hyperparathyroidism, pulmonary embolism",  # a second diagnosis
                    "primary hyperparathyroidism, right neck",  # a side, a site
                    "type 2 diabetes mellitus, chronic kidney disease",  # a word of E11.22
                    "galactorrhea, polyuria and chest pain",  # a list of findings
                    "primary hyperparathyroidism: calcium 11.2",  # defined, as a fact card does
                    "gout, R first MTP joint", "gout, big toe", "gout, right side",  # where the codes say one
                    "primary hyperparathyroidism, parathyroid gland",  # a word of E21's other codes
                    ):
        assert not any(step.startswith("first part:") for step in grounder.ground(refused, "diagnosis").steps), \
            refused
    # a denial the title says itself, though a word of it is another code's ("thyroid": E05.10)
    assert grounder.ground("Graves disease, no thyroid storm, polyuria", "diagnosis").code == "E05.00"
    assert grounder._diagnosis_said_first("primary hyperparathyroidism, polyuria") is not None
    assert grounder._diagnosis_said_first("primary hyperparathyroidism, polyuria in a 40-year-old") is None  # a story


def test_a_kind_said_after_its_condition_is_read_before_it_only_where_that_names_a_code():
    """A list's "Anemia, iron deficiency type" is iron deficiency anemia, never the anemia alone; "…, type 2"
    keeps its number; a turned reading that names nothing leaves the mention as it was."""
    lexicon = Lexicon([*ENTRIES, Entry("ICD10CM", "D64.9", "Anemia, unspecified", "ICD10CM@2026", "code",
                                       billable=True)], {"ICD10CM": "ICD10CM@2026", "HPO": "HPO@1"}, {},
                      index_terms=[])
    grounder = Grounder(lexicon, phrasings=[], presentations=[])
    turned = grounder.ground("Anemia, iron deficiency type", "diagnosis")
    assert (turned.method, turned.code) == ("exact_name", "D50.9")
    assert turned.steps[0] == ("kind: 'Anemia, iron deficiency type' says its kind last; read as "
                               "'iron deficiency Anemia'")
    assert grounder.ground("Anemia, sideroblastic type", "diagnosis").code != "D50.9"
    assert not any(s.startswith("kind:") for s in grounder.ground("Diabetes, type 2", "diagnosis").steps)


def test_a_value_after_what_it_is_of_is_no_word_of_a_code():
    """"sinus tach 132, afebrile" is sinus tachycardia, its rate set apart; a number that is part of a name
    ("CKD 5", "type 2") or a lab's value ("calcium 11.2") is never set apart."""
    lexicon = Lexicon([*ENTRIES, Entry("HPO", "HP:0011703", "Sinus tachycardia", "HPO@1", "term",
                                       parents=["HP:0000118"]),
                       Entry("ICD10CM", "N18.9", "Chronic kidney disease, unspecified", "ICD10CM@2026", "code",
                             billable=True, names=("CKD",))],
                      RELEASES, {"tach": Abbreviation((("tachycardia",),))}, index_terms=[])
    grounder = Grounder(lexicon, phrasings=[], presentations=[])
    tach = grounder.ground("Tele: sinus tach 132, afebrile", "finding")
    assert (tach.method, tach.code) == ("exact_name", "HP:0011703")
    assert "value: 'sinus tach 132, afebrile' gives a value after what it is of; read as 'sinus tach, afebrile'" \
        in tach.steps
    assert grounder.ground("sinus tach 130-140 while walking, afebrile", "finding").code == "HP:0011703"
    assert grounder.ground("CKD 5", "diagnosis").code != "N18.9"  # the stage, not a value


def test_an_arrow_sets_what_followed_apart_as_a_part_of_the_note():
    lexicon = Lexicon([*ENTRIES, Entry("HPO", "HP:0001903", "Anemia", "HPO@1", "term", parents=["HP:0000118"])],
                      RELEASES, {}, index_terms=[])
    grounder = Grounder(lexicon, phrasings=[], presentations=[])
    low = grounder.ground("Hgb 6.8 -> transfuse 1 unit PRBC", "finding")
    assert (low.method, low.steps[0]) == ("measurement", "arrow: 'Hgb 6.8 -> transfuse 1 unit PRBC' is read as "
                                                         "'Hgb 6.8, transfuse 1 unit PRBC'")
