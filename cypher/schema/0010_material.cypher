// Source material, extraction runs, mentions and their grounding (issue 5).
// Documents are identified by content; an item version by "<item id>@<content hash>".

CREATE CONSTRAINT document_sha256 IF NOT EXISTS
FOR (d:Document) REQUIRE d.sha256 IS UNIQUE;

CREATE CONSTRAINT item_uid IF NOT EXISTS
FOR (i:Item) REQUIRE i.uid IS UNIQUE;

CREATE INDEX item_id_status IF NOT EXISTS
FOR (i:Item) ON (i.item_id, i.status);

CREATE CONSTRAINT extraction_run_id IF NOT EXISTS
FOR (r:ExtractionRun) REQUIRE r.id IS UNIQUE;

CREATE INDEX extraction_run_job IF NOT EXISTS
FOR (r:ExtractionRun) ON (r.job, r.status);

CREATE CONSTRAINT mention_id IF NOT EXISTS
FOR (m:Mention) REQUIRE m.id IS UNIQUE;

CREATE INDEX mention_run IF NOT EXISTS
FOR (m:Mention) ON (m.run);

CREATE INDEX mention_outcome IF NOT EXISTS
FOR (m:Mention) ON (m.outcome, m.method);

CREATE INDEX has_finding_key IF NOT EXISTS
FOR ()-[r:HAS_FINDING]-() ON (r.key);

CREATE INDEX has_finding_run IF NOT EXISTS
FOR ()-[r:HAS_FINDING]-() ON (r.run);

CREATE INDEX has_finding_relationship_type IF NOT EXISTS
FOR ()-[r:HAS_FINDING]-() ON (r.relationship_type);
