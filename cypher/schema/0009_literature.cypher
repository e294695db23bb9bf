// Literature relations (SemMedDB): one PREDICATION edge per (subject CUI,
// predicate, object CUI, release), NEG_ predicates kept with negated = true.
// Verification looks edges up between two known concepts; these indexes serve
// reviewers and Browser queries that start from a predicate.
CREATE INDEX predication_release IF NOT EXISTS
FOR ()-[r:PREDICATION]-() ON (r.release);

CREATE INDEX predication_predicate IF NOT EXISTS
FOR ()-[r:PREDICATION]-() ON (r.predicate);

CREATE INDEX predication_negated IF NOT EXISTS
FOR ()-[r:PREDICATION]-() ON (r.negated);
