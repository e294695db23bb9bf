// SNOMED CT: attribute relationships (finding site, due to, …) as one type with
// the attribute's name and role group as indexed properties, and the ICD-10-CM
// extended map from a concept to the ICD-10-CM Code identity.
CREATE INDEX has_attribute_release IF NOT EXISTS
FOR ()-[r:HAS_ATTRIBUTE]-() ON (r.release);

CREATE INDEX has_attribute_name IF NOT EXISTS
FOR ()-[r:HAS_ATTRIBUTE]-() ON (r.attribute);

CREATE INDEX maps_to_release IF NOT EXISTS
FOR ()-[r:MAPS_TO]-() ON (r.release);
