"""HTTP routers, one per resource; each is a thin call into a ``graph`` service."""
