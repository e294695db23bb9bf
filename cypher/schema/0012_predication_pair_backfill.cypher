// Literature edges loaded before SemMedDB loader 1.1.0 have no `pair`; verification
// seeks edges by pair (0011), so without this they would silently stop counting.
// Batched: a release holds millions of edges. Runs once; later loads write `pair`.
MATCH (a:Concept)-[r:PREDICATION]->(b:Concept) WHERE r.pair IS NULL
CALL (a, r, b) { SET r.pair = a.code + '>' + b.code } IN TRANSACTIONS OF 10000 ROWS;
