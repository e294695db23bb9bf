// Few relationship types, each with indexed properties: the release an edge
// came from, and for citations the kind of instructional note.
CREATE INDEX is_a_release IF NOT EXISTS
FOR ()-[r:IS_A]-() ON (r.release);

CREATE INDEX cites_release IF NOT EXISTS
FOR ()-[r:CITES]-() ON (r.release);

CREATE INDEX cites_note_type IF NOT EXISTS
FOR ()-[r:CITES]-() ON (r.note_type);
