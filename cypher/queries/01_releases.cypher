// Releases loaded, with status, current flag and the files they came from.
MATCH (s:CodeSystem)-[:HAS_RELEASE]->(r:Release)
OPTIONAL MATCH (r)-[h:HAS_FILE]->(f:SourceFile)
RETURN s.name AS system, r.version AS version, r.status AS status, r.current AS current,
       r.finished_at AS finished, collect(h.name + ' sha256:' + left(f.sha256, 12)) AS files
ORDER BY system, version;
