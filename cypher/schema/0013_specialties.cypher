// Home specialties of ICD-10-CM diagnoses (graph/specialties.py): one Specialty node
// per specialty, one SpecialtyMap per load of graph/resources/specialties.toml, and
// HOME_SPECIALTY edges from codes, each naming its map (only the current, complete
// map counts) and the rule that made it.
CREATE CONSTRAINT specialty_id IF NOT EXISTS
FOR (s:Specialty) REQUIRE s.id IS UNIQUE;

CREATE CONSTRAINT specialty_map_id IF NOT EXISTS
FOR (m:SpecialtyMap) REQUIRE m.id IS UNIQUE;

CREATE INDEX home_specialty_map IF NOT EXISTS
FOR ()-[h:HOME_SPECIALTY]-() ON (h.map);
