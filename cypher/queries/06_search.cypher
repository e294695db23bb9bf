// Full-text search over titles and synonyms, current releases only.
:param q => 'heart failure';
CALL db.index.fulltext.queryNodes('concept_names', $q) YIELD node, score
MATCH (r:Release {id: node.release, status: 'complete', current: true})
RETURN node.system AS system, node.code AS code, node.display AS title, node.kind AS kind, score
ORDER BY score DESC
LIMIT 25;
