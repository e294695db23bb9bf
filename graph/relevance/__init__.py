"""Which findings matter to a specialty for a patient, and why.

``specialties`` gives ICD-10-CM codes their home specialties (a SpecialtyMap), ``links`` builds
diagnosis–diagnosis links (a LinkRun), ``answers`` answers specialty relevance from both, and
``evaluation`` measures how many reference diagnosis pairs the links recover. Pure, no Neo4j:
``results`` (the shapes of the answers) and ``defaults`` (the tunable numbers).
"""
