// Excludes1 ("never coded together") notes of a category and its codes.
:param category => 'I50';
MATCH (r:Release {system: 'ICD10CM', status: 'complete', current: true})
MATCH (c:Concept {release: r.id})-[:IS_A*0..3]->(:Concept {code: $category, release: r.id})
MATCH (c)-[n:CITES {note_type: 'excludes1'}]->(x:Concept)
RETURN c.code AS code, x.code AS excludes, x.display AS excluded_title, n.note AS note
ORDER BY code, excludes;
