// Diagnosis–diagnosis links of a code in the current link run (`clinigraph links`),
// either direction, with class, method and the evidence that made them; the code's
// more general codes are included (notes often sit on a category). Try E11.22, I50.9.
:param code => 'E11.22';
MATCH (run:LinkRun {status: 'completed', current: true})
MATCH (c:Concept {system: 'ICD10CM', code: $code})-[:IS_A*0..3]->(x:Concept)
MATCH (x)-[l:DX_LINK]-(other:Concept)
WHERE l.run = run.id
RETURN x.code AS via, startNode(l) = x AS outgoing, other.code AS linked, other.display AS diagnosis,
       l.class AS class, l.method AS method, l.evidence AS evidence, l.reference AS reference, l.record AS record
ORDER BY class, linked;
