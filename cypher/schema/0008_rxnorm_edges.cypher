// RxNorm relationships as one type with the RxNorm relationship attribute
// (has_ingredient, tradename_of, consists_of, …) as an indexed property.
CREATE INDEX related_release IF NOT EXISTS
FOR ()-[r:RELATED]-() ON (r.release);

CREATE INDEX related_rela IF NOT EXISTS
FOR ()-[r:RELATED]-() ON (r.rela);
