"""Where the graph lives and how releases get into it.

``runtime`` resolves and runs the local Neo4j, ``connection`` opens drivers, ``schema`` applies
``cypher/schema``; ``releases`` is the lifecycle of a release and its instances (switch, don't
withdraw), ``derived`` what the jobs built on which instance; ``loading`` + ``writer`` are the driver
load path, ``bulk`` the full build through ``neo4j-admin import``; ``stats`` counts per release.
"""
