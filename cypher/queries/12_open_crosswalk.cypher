// A code's neighbourhood across systems without UMLS: the Mondo and Disease Ontology terms that
// cross-reference an ICD-10-CM code, and what those terms cross-reference in turn (UMLS CUIs, SNOMED CT,
// OMIM, Orphanet, MeSH, each other), with the concept each identity has in a current release where one
// does (an OMIM disease of HPO's annotations, a MeSH descriptor). A term naming several codes of one
// system is listed with each: they are linked, never merged.
:param code => 'E11';
MATCH (icd:Code {system: 'ICD10CM', code: $code})<-[x:XREF]-(term:Concept)
WHERE term.system IN ['MONDO', 'DOID']
  AND EXISTS { MATCH (:Release {id: term.release, status: 'complete', current: true}) }
OPTIONAL MATCH (term)-[y:XREF]->(other:Code)
WHERE other.system IN ['UMLS', 'SNOMEDCT', 'OMIM', 'ORPHA', 'MESH', 'MONDO', 'DOID', 'ICD10CM']
OPTIONAL MATCH (other)<-[:VERSION_OF]-(c:Concept)
WHERE EXISTS { MATCH (:Release {id: c.release, status: 'complete', current: true}) }
RETURN term.code AS term, term.display AS term_name, x.xref AS names_the_code_as,
       other.system AS system, other.code AS code, c.display AS name, c.release AS release
ORDER BY term, system, code
LIMIT 300;
