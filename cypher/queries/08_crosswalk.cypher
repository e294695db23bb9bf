// Everything a UMLS CUI links to, in the current release of each system.
:param cui => 'C0018802';
MATCH (u:Concept {system: 'UMLS', code: $cui})-[:XREF]->(k:Code)<-[:VERSION_OF]-(c:Concept)
MATCH (r:Release {id: c.release, status: 'complete', current: true})
RETURN k.system AS system, k.code AS code, c.display AS name, r.id AS release
ORDER BY system, code;
