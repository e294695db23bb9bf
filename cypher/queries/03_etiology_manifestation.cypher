// Etiology/manifestation pairs in the current ICD-10-CM release: codes whose
// "use additional code" note cites another code, with the note text.
MATCH (r:Release {system: 'ICD10CM', status: 'complete', current: true})
MATCH (a:Concept {release: r.id})-[n:CITES {note_type: 'use_additional_code'}]->(b:Concept)
RETURN a.code AS code, a.display AS title, b.code AS cites, b.display AS cited_title, n.note AS note
ORDER BY code, cites
LIMIT 200;
