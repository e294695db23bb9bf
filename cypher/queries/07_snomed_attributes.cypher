// A SNOMED CT concept's attribute relationships, grouped by role group, and its ICD-10-CM map rows.
:param code => '127013003';
MATCH (r:Release {system: 'SNOMEDCT', status: 'complete', current: true})
MATCH (c:Concept {system: 'SNOMEDCT', code: $code, release: r.id})
OPTIONAL MATCH (c)-[a:HAS_ATTRIBUTE]->(v:Concept)
WITH c, a.role_group AS role_group, collect(a.attribute + ' → ' + v.display) AS attributes
ORDER BY role_group
WITH c, collect({role_group: role_group, attributes: attributes}) AS groups
OPTIONAL MATCH (c)-[m:MAPS_TO]->(k:Code)
RETURN c.display AS concept, groups,
       collect(k.code + ' (group ' + toString(m.map_group) + ', priority ' + toString(m.map_priority) + ': '
               + m.map_rule + ')') AS icd10cm_map;
