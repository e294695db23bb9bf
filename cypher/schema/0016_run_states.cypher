// One run lifecycle (graph/store/runs.py) for extraction runs, specialty maps and link runs:
// running → completed → superseded, or failed; the completed run of a job is `current`.
// Specialty maps had states of their own (loading, complete, replaced) and no job.
MATCH (m:SpecialtyMap)
SET m.job = coalesce(m.job, 'clinigraph.specialties'),
    m.status = CASE m.status WHEN 'complete' THEN 'completed' WHEN 'replaced' THEN 'superseded'
                             WHEN 'loading' THEN 'running' ELSE m.status END;
MATCH (r:ExtractionRun)
SET r.current = (r.status = 'completed');
