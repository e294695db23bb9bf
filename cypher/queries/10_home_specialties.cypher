// Which specialties own a diagnosis, and by which rule of graph/resources/specialties.toml.
// Change the code; try E11.22 (endocrinology and nephrology), I63.9, R55 (no home).
:param code => 'E11.22';
MATCH (m:SpecialtyMap {status: 'completed', current: true})
MATCH (c:Concept {system: 'ICD10CM', code: $code})-[h:HOME_SPECIALTY {map: m.id}]->(s:Specialty)
RETURN c.code AS code, c.display AS diagnosis, s.id AS specialty, h.codes AS rule_codes,
       h.rationale AS why, h.record AS rule, m.id AS map;
