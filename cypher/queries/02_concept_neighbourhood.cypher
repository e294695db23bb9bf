// A code in the current ICD-10-CM release with its parents up to the chapter and
// the concepts its notes cite. Change the code in the first line.
:param code => 'E11.22';
MATCH (r:Release {system: 'ICD10CM', status: 'complete', current: true})
MATCH (c:Concept {system: 'ICD10CM', code: $code, release: r.id})
OPTIONAL MATCH up = (c)-[:IS_A*1..6]->(:Concept {kind: 'chapter'})
OPTIONAL MATCH cite = (c)-[:CITES]->(:Concept)
RETURN c, up, cite;
