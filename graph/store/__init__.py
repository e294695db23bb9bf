"""Where the graph lives and how releases and runs get into it.

``runtime`` resolves and runs the local Neo4j, ``connection`` opens drivers, ``schema`` applies
``cypher/schema``; ``releases`` is the lifecycle of a release and its instances (switch, don't
withdraw), ``runs`` the one lifecycle of every job's runs, ``derived`` which instances those runs
stand on; ``loading`` + ``writer`` are the driver load path, ``bulk`` the full build through
``neo4j-admin import``; ``stats`` counts per release.
"""
