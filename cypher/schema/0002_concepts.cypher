// Two layers, as in UBKG: a Code is the identity of a code in its system,
// unique on (system, code) and shared by every release; a Concept is that code
// as one release defines it (title, synonyms, notes, hierarchy), so two
// releases sit side by side and a failed load never touches another release.
//   (:Concept {system, code, release})-[:VERSION_OF]->(:Code {system, code})
CREATE CONSTRAINT code_identity IF NOT EXISTS
FOR (k:Code) REQUIRE (k.system, k.code) IS UNIQUE;

CREATE CONSTRAINT concept_version IF NOT EXISTS
FOR (c:Concept) REQUIRE (c.system, c.code, c.release) IS UNIQUE;

CREATE INDEX concept_release IF NOT EXISTS
FOR (c:Concept) ON (c.release);

CREATE INDEX concept_system_code IF NOT EXISTS
FOR (c:Concept) ON (c.system, c.code);
