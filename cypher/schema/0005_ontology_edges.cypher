// Edges of OBO ontologies and their annotations (HPO): phenotype annotations,
// with NOT kept as negated evidence; replacements of obsolete terms; and
// cross-references to the Code identity of another system (UMLS, SNOMED CT).
CREATE INDEX has_phenotype_release IF NOT EXISTS
FOR ()-[r:HAS_PHENOTYPE]-() ON (r.release);

CREATE INDEX has_phenotype_negated IF NOT EXISTS
FOR ()-[r:HAS_PHENOTYPE]-() ON (r.negated);

CREATE INDEX replaced_by_release IF NOT EXISTS
FOR ()-[r:REPLACED_BY]-() ON (r.release);

CREATE INDEX xref_release IF NOT EXISTS
FOR ()-[r:XREF]-() ON (r.release);
