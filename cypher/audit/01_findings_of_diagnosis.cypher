// All findings extraction linked to one diagnosis, with the relationship type, the items and documents it
// came from, and the run. Change the code to audit another diagnosis.
:param code => 'I50.9';
MATCH (d:Concept {code: $code})-[e:HAS_FINDING]->(f:Concept)
MATCH (run:ExtractionRun {id: e.run})
UNWIND e.items AS uid
MATCH (i:Item {uid: uid})-[:FROM_DOCUMENT]->(doc:Document)
RETURN d.system + ' ' + d.code AS diagnosis, f.system + ' ' + f.code AS finding, f.display AS finding_name,
       e.relationship_type AS type, e.frequency AS frequency, e.method AS method, run.status AS run_status,
       collect(DISTINCT i.item_id) AS items, collect(DISTINCT left(doc.sha256, 12)) AS documents
ORDER BY type, finding_name;
