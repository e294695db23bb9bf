// A disease's HPO annotations, negative evidence (NOT) first.
:param disease => 'OMIM:125853';
MATCH (d:Concept {code: $disease})-[a:HAS_PHENOTYPE]->(h:Concept)
MATCH (r:Release {id: a.release, status: 'complete', current: true})
RETURN h.code AS hpo, h.display AS phenotype, a.negated AS negated, a.frequency AS frequency,
       a.evidence AS evidence, a.references AS references
ORDER BY negated DESC, phenotype;
