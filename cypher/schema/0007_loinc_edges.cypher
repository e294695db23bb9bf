// LOINC: links from a term to its parts (component, system, …), by part type.
CREATE INDEX has_part_release IF NOT EXISTS
FOR ()-[r:HAS_PART]-() ON (r.release);

CREATE INDEX has_part_type IF NOT EXISTS
FOR ()-[r:HAS_PART]-() ON (r.part_type);
