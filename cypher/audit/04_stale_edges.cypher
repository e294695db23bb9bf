// Diagnosis–finding edges that no longer hold as written: a concept inactive or replaced, its release no
// longer current, an item superseded by a newer version, or the run superseded by a later one.
MATCH (d:Concept)-[e:HAS_FINDING]->(f:Concept)
MATCH (run:ExtractionRun {id: e.run})
OPTIONAL MATCH (rd:Release {id: d.release})
OPTIONAL MATCH (rf:Release {id: f.release})
WITH d, e, f, run, rd, rf,
     [uid IN e.items WHERE EXISTS { MATCH (:Item {uid: uid, status: 'superseded'}) }] AS superseded_items
WITH d, e, f, run, superseded_items,
     [reason IN [
        CASE WHEN d.active = false OR f.active = false THEN 'concept inactive' END,
        CASE WHEN EXISTS { (d)-[:REPLACED_BY]->() } OR EXISTS { (f)-[:REPLACED_BY]->() } THEN 'concept replaced' END,
        CASE WHEN NOT coalesce(rd.current, false) OR NOT coalesce(rf.current, false) THEN 'release not current' END,
        CASE WHEN size(superseded_items) > 0 THEN 'item superseded' END,
        CASE WHEN run.status <> 'completed' THEN 'run ' + run.status END
     ] WHERE reason IS NOT NULL] AS reasons
WHERE size(reasons) > 0
RETURN d.code + ' ' + d.display AS diagnosis, f.code + ' ' + f.display AS finding, reasons, superseded_items,
       e.run AS run
ORDER BY diagnosis, finding;
