"""From source material to grounded mentions and typed diagnosis–finding edges.

``material`` stores decks as documents and items; ``lexicon`` reads the loaded terms the grounder
matches; ``runs`` records an extraction run and writes its mentions and edges; ``evaluation`` scores
the cascade against labelled mentions.

Pure, no Neo4j: ``mentions`` (finding candidate mentions in text), ``grounding`` (the deterministic
cascade that accepts, replaces or rejects a proposed code, with the reason) and ``results`` (the shapes
the evaluation answers with).
"""
