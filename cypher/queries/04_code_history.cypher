// One code across every release that defines it (Code = identity, Concept = one release's version).
:param code => 'E11.22';
MATCH (k:Code {system: 'ICD10CM', code: $code})<-[:VERSION_OF]-(c:Concept)
MATCH (r:Release {id: c.release})
RETURN r.version AS version, r.status AS status, r.current AS current,
       c.display AS title, c.billable AS billable
ORDER BY version;
