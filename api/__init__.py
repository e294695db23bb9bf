"""The edge of clinigraph: a thin FastAPI app and the ``clinigraph`` command over ``graph`` services."""
