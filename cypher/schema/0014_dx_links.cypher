// Diagnosis–diagnosis links (graph/links.py): one LinkRun per build, DX_LINK edges
// naming their run (only the current, completed run counts), class and method.
CREATE CONSTRAINT link_run_id IF NOT EXISTS
FOR (r:LinkRun) REQUIRE r.id IS UNIQUE;

CREATE INDEX dx_link_run IF NOT EXISTS
FOR ()-[l:DX_LINK]-() ON (l.run);

CREATE INDEX dx_link_class IF NOT EXISTS
FOR ()-[l:DX_LINK]-() ON (l.class);
