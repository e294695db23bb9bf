// SNOMED CT disorders at an organ-level finding site (graph/links.py): AT_ORGAN edges
// of a link run, from which "shared finding site" class 2 links are read.
CREATE INDEX at_organ_run IF NOT EXISTS
FOR ()-[o:AT_ORGAN]-() ON (o.run);
