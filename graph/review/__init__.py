"""For reviewers and explorers: read-only Cypher with limits (``free_cypher``) and the saved queries
shipped in ``cypher/`` (``saved_queries``); ``results`` declares a query's answer."""
