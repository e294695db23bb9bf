// Literature edges looked up by their (subject CUI, object CUI) pair.
// Verification asks "what does the literature say between these two concepts?"
// Expanding between them is cheap for most concepts but costs 6–25 ms when
// both are hubs with hundreds of thousands of PREDICATION edges; an index seek
// on `pair` ("C0011849>C0020538", subject first) costs the same for every pair.
CREATE INDEX predication_pair IF NOT EXISTS
FOR ()-[r:PREDICATION]-() ON (r.pair);
