"""The relevance layer's tunable numbers, apart from the modules that use them.

``clinigraph links --help`` shows the residual threshold's default; taking it from
:mod:`graph.relevance.links` would import Neo4j's driver with it and add half a second to every
``clinigraph`` command. Pure: no imports at all.
"""

#: The weighted Jaccard overlap of shared findings at which a residual (class 3) link is kept.
RESIDUAL_THRESHOLD = 0.20
