"""Everything that talks to Neo4j: runtime, connection, schema, writer and query services.

No other package opens a driver or sends Cypher; loaders yield records and the
API calls the services here.
"""
