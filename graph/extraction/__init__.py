"""From source material to grounded mentions and typed diagnosis–finding edges.

``material`` stores decks as documents and items; ``lexicon`` reads the loaded terms the grounder
matches; ``runs`` records an extraction run and writes its mentions and edges; ``evaluation`` scores
the cascade against labelled mentions.

Pure, no Neo4j: ``mentions`` (finding candidate mentions in text), ``grounding`` (the deterministic
cascade that accepts, replaces or rejects a proposed code, with the reason) and the readings it uses —
``axes`` (side and encounter choose among a code's siblings), ``history`` ("h/o", "s/p" to their Z codes),
``context`` (a vignette's frame taken off), ``wordforms`` (adjectives and lab results as HPO names them),
``measurements`` (a value against its reference range), ``sites`` (a body site as the region titles use) —
and ``results`` (the shapes the evaluation answers with).
"""
