// Codes rejected or replaced in the most recent completed extraction run, with the reason stored.
MATCH (run:ExtractionRun {status: 'completed'})
WITH run ORDER BY run.finished_at DESC LIMIT 1
MATCH (m:Mention)-[:PRODUCED_BY]->(run)
WHERE m.outcome IN ['reject', 'replace']
RETURN run.id AS run, m.item_id AS item, m.text AS mention, m.outcome AS outcome,
       m.proposed_system + ' ' + m.proposed_code AS proposed, m.grounded_system + ' ' + m.grounded_code AS grounded,
       m.reason AS reason
ORDER BY outcome, item;
