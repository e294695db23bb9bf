// Everything grounded by fuzzy match below a score: the mention, its item, and what it was grounded to.
:param max_score => '0.97';
MATCH (m:Mention {method: 'fuzzy'})-[:GROUNDED_TO]->(c:Concept)
WHERE m.score < toFloat($max_score)
MATCH (m)-[:PRODUCED_BY]->(run:ExtractionRun)
RETURN m.item_id AS item, m.text AS mention, m.category AS category, m.score AS score,
       c.system + ' ' + c.code AS grounded_to, c.display AS name, m.outcome AS outcome, run.status AS run_status
ORDER BY score;
