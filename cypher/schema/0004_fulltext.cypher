// Ranked search over titles and synonyms (inclusion terms, FSNs, ...).
CREATE FULLTEXT INDEX concept_names IF NOT EXISTS
FOR (c:Concept) ON EACH [c.display, c.synonyms_text]
OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words' } };
