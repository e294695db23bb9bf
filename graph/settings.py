"""One settings object for the whole process, read from the environment.

``CLINIGRAPH_*`` variables tune the local runtime; ``NEO4J_URI``,
``NEO4J_USER`` and ``NEO4J_PASSWORD`` point clinigraph at a server it does not
manage (Docker, Aura, a cluster) instead.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from loaders.cache import DEFAULT_CACHE

#: The API's limits by default; named, since what enforces them takes them too when built without settings
#: (``api.server.ServerLimits``, ``api.limits.RequestLimits``, :func:`graph.review.free_cypher.run_read_only`).
API_HEADER_TIMEOUT_SECONDS = 10.0
API_KEEPALIVE_TIMEOUT_SECONDS = 5
API_MAX_HEADER_BYTES = 32_768
API_MAX_HEADERS = 100
API_MAX_RESULT_BYTES = 8_000_000


class Settings(BaseSettings):
    """Where Neo4j lives, how big it may grow, and how the writer batches."""

    model_config = SettingsConfigDict(env_prefix="CLINIGRAPH_", extra="ignore")

    home: Path = Field(
        default=Path.home() / ".clinigraph",
        description="Instance folder of the local Neo4j: config, data, logs and the password file.",
    )
    cache: Path = Field(
        default=DEFAULT_CACHE,
        description="Where resolved Neo4j jars, their class-data archive and fetched data wheels are kept, "
                    "shared by every instance.",
    )
    neo4j_version: str = "5.26.30"
    browser_version: str = "5.24.0"
    bolt_port: int = 7687
    http_port: int = 7474
    heap_size: str = Field(default="2g", description="JVM heap of the local Neo4j.")
    pagecache_size: str = Field(default="4g", description="Page cache of the local Neo4j.")
    neo4j_jit: Literal["server", "brief", "quick"] = Field(
        default="server",
        description="How the local Neo4j's JVM compiles its hot code: `server` (Java's own thresholds, for a "
                    "server that runs for hours), `brief` (the optimising compiler kept for the hottest code, "
                    "for servers that live minutes and load real releases) or `quick` (the quick compiler "
                    "alone, for servers that live minutes on small graphs: most of the test suite's).",
    )
    start_timeout: float = 180.0
    database: str = "neo4j"
    batch_size: int = Field(default=5000, ge=1, le=100_000)
    api_host: str = "127.0.0.1"
    api_port: int = 8000
    api_retry_seconds: float = Field(
        default=3.0, ge=0, description="How long the API retries a transaction before answering 503."
    )

    api_outage_hold_seconds: float = Field(
        default=2.0, ge=0,
        description="After a request finds Neo4j unreachable, /v1 requests are answered 503 at once for this long.",
    )
    api_keys_file: Path | None = Field(
        default=None, description="The API keys file (hashed keys and roles); default: api-keys.json in home."
    )
    api_max_body_bytes: int = Field(default=4_000_000, ge=1024, description="The largest request body accepted.")
    api_timeout_seconds: float = Field(
        default=30.0, gt=0, description="A request's time limit; the Neo4j transaction gets the same."
    )
    api_header_timeout_seconds: float = Field(
        default=API_HEADER_TIMEOUT_SECONDS, gt=0,
        description="How long a request's line and headers may take to arrive, from the connection opening "
                    "or the previous answer on it; past it the connection is closed (408 if a request had begun).",
    )
    api_keepalive_timeout_seconds: int = Field(
        default=API_KEEPALIVE_TIMEOUT_SECONDS, ge=1,
        description="An idle keep-alive connection is closed after this many seconds.",
    )
    api_max_header_bytes: int = Field(
        default=API_MAX_HEADER_BYTES, ge=1024, le=1_048_576,
        description="The largest request line and headers accepted (431 above it).",
    )
    api_max_headers: int = Field(default=API_MAX_HEADERS, ge=8, le=10_000,
                                 description="The most header fields a request may have.")

    api_max_result_bytes: int = Field(
        default=API_MAX_RESULT_BYTES, ge=10_000,
        description="The largest answer the API sends (a free Cypher result counted as it is read); larger ones "
                    "are refused with a 413 problem that says how to narrow the request.",
    )
    transaction_timeout: str = Field(
        default="15m",
        description="db.transaction.timeout of the local Neo4j: any transaction that names no timeout of its "
                    "own (Neo4j Browser, a forgotten query) is stopped by the database after this long.",
    )
    transaction_memory_max: str | None = Field(
        default=None, description="db.memory.transaction.max of the local Neo4j (default: half the heap)."
    )
    transaction_memory_total_max: str | None = Field(
        default=None,
        description="dbms.memory.transaction.total.max of the local Neo4j (default: 70 % of the heap).",
    )

    predicates_file: Path | None = Field(
        default=None,
        description="The predicate groups file verification reads (default: graph/resources/predicates.toml).",
    )

    external_uri: str | None = Field(default=None, validation_alias="NEO4J_URI")
    external_user: str = Field(default="neo4j", validation_alias="NEO4J_USER")
    external_password: str | None = Field(default=None, validation_alias="NEO4J_PASSWORD")

    @property
    def keys_path(self) -> Path:
        return self.api_keys_file or self.home / "api-keys.json"

    @property
    def uses_external_server(self) -> bool:
        return bool(self.external_uri)

    def subprocess_environment(self) -> dict[str, str]:
        """The environment that makes a ``clinigraph`` subprocess use the same server as these settings."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("CLINIGRAPH_")}
        if self.uses_external_server:
            env.update(NEO4J_URI=str(self.external_uri), NEO4J_USER=self.external_user,
                       NEO4J_PASSWORD=self.external_password or "")
        else:
            env.pop("NEO4J_URI", None)
            env.update(CLINIGRAPH_HOME=str(self.home), CLINIGRAPH_BOLT_PORT=str(self.bolt_port),
                       CLINIGRAPH_HTTP_PORT=str(self.http_port))
        env.update(CLINIGRAPH_DATABASE=self.database, CLINIGRAPH_CACHE=str(self.cache),
                   CLINIGRAPH_NEO4J_JIT=self.neo4j_jit)
        return env


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once."""
    return Settings()
