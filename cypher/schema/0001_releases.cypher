// Releases: every load is a versioned release with its source files.
// A release is visible to queries only once its status is 'complete'.
CREATE CONSTRAINT release_id IF NOT EXISTS
FOR (r:Release) REQUIRE r.id IS UNIQUE;

CREATE INDEX release_system_status IF NOT EXISTS
FOR (r:Release) ON (r.system, r.status);

CREATE CONSTRAINT source_file_sha256 IF NOT EXISTS
FOR (f:SourceFile) REQUIRE f.sha256 IS UNIQUE;

CREATE CONSTRAINT code_system_name IF NOT EXISTS
FOR (s:CodeSystem) REQUIRE s.name IS UNIQUE;
