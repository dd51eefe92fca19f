"""All run-time settings, read once from the environment (and a .env file).

Nothing else in Diorama reads ``os.environ``. Every field maps to a
``DIORAMA_<NAME>`` variable; bad values fail at start-up, not mid-run.
"""

from __future__ import annotations

import os
import shutil
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from tools.core.limits import MAX_REPAIRS

REPO_ROOT = Path(__file__).resolve().parents[2]


def _user_cache() -> Path:
    """The user's cache folder: $XDG_CACHE_HOME, else ~/.cache (the XDG base directory default), else, for a
    process with no home (a bare container user), .cache in the working folder."""
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"])
    try:
        return Path.home() / ".cache"
    except RuntimeError:
        return Path(".cache")


MIN_API_KEY_CHARS = 16  # a short key can be guessed by trying; 16 random characters cannot


class Settings(BaseSettings):
    """Every DIORAMA_* setting, read from the environment and .env."""

    model_config = SettingsConfigDict(env_prefix="DIORAMA_", env_file=".env", extra="ignore")

    data_dir: Path = Field(Path(".diorama"), description="scenes, catalog, checkpoints and the job database")
    cache_dir: Path = Field(default_factory=lambda: _user_cache() / "diorama", description=(
        "what is computed from the code's own data and kept, keyed by its content: the knowledge parsed and the "
        "embedding model's vectors of its descriptions; shared by every data folder"))
    llm_base_url: str | None = Field(
        None, description="OpenAI-compatible endpoint(s), comma-separated, tried in order; unset: the grounded planner")
    llm_model: str | None = Field(
        None, description="model name per endpoint (comma-separated like the URLs, or one for all); unset: ask /v1/models")
    llm_api_key: str | None = Field(None, description="key for the endpoint(s)")
    llm_light_model: str | None = Field(None, description="lighter model for light steps such as fixing invalid JSON")
    llm_timeout_s: float = Field(60.0, gt=0, description="longest wait for one model request")
    llm_retries: int = Field(2, ge=0, le=10, description="retries per endpoint after a failed request (with backoff)")
    llm_vision: bool = Field(False, description="the model takes images: repair shows it the verifier's screenshots")
    storage: Literal["local", "s3"] = Field("local", description="where published scenes go")
    s3_endpoint: str | None = Field(None, description="S3 endpoint URL when storage is s3")
    s3_bucket: str = Field("diorama", description="S3 bucket when storage is s3")
    s3_prefix: str = Field("", description="key prefix inside the bucket (e.g. 'diorama'); empty: the bucket root")
    s3_region: str = Field("us-east-1", description="S3 region name (SeaweedFS and MinIO accept any)")
    s3_access_key: str | None = Field(None, description="S3 access key; unset: boto3's own credential chain")
    s3_secret_key: SecretStr | None = Field(None, description="S3 secret key")
    s3_url_expiry_s: int = Field(
        7 * 24 * 3600, ge=1, le=7 * 24 * 3600, description="lifetime of presigned URLs (no public_base_url)")
    public_base_url: str | None = Field(None, description="public URL prefix of published files")
    api_keys: Annotated[list[str], NoDecode] = Field(
        default_factory=list, description="REST API keys, comma-separated; none: local-only mode (127.0.0.1)")
    chromium: str | None = Field(None, description="path of the Chromium binary; default: Debian's, else Playwright's")
    three_dir: Path = Field(REPO_ROOT / "web" / "node_modules" / "three", description="the npm 'three' package")
    max_repairs: int = Field(2, ge=0, le=MAX_REPAIRS, description="repair rounds after a failed verification")
    render_timeout_s: float = Field(30.0, gt=0, description="longest wait for a page to become ready")
    searxng_url: str | None = Field(None, description="self-hosted SearxNG for real sizes the table lacks; unset: off")
    searxng_timeout_s: float = Field(10.0, gt=0, description="longest wait for one SearxNG answer")
    remote3d_url: str | None = Field(
        None, description="text-to-3D service (submit-then-poll) for unknown nouns; unset: off, placeholders stay")
    remote3d_max_wait_s: float = Field(300.0, gt=0, description="longest wait for one remote 3D task")
    log_format: Literal["text", "json"] = Field("text", description="stderr logs: text, or JSON lines with scene_id")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] | None = Field(
        None, description="log level; unset: INFO for json, WARNING for text")
    workers: int = Field(1, ge=0, le=64, description="scene worker processes started by `diorama serve`")
    job_timeout_s: float = Field(600.0, gt=0, description="longest run of one API job; then it fails with 'timeout'")
    job_lease_s: float = Field(15.0, ge=1, description="a job whose worker stops renewing its lease this long is reclaimed")
    database_url: SecretStr | None = Field(
        None, description="postgresql://user:password@host:port/db shared by every API and worker host (jobs, events, "
                          "metrics, checkpoints); unset: SQLite files in the data dir, one host")
    worker_max_jobs: int = Field(
        100, ge=1, description="a worker process runs this many jobs, then exits and is restarted (a fresh Chromium)")
    worker_max_rss_mb: int = Field(
        3072, ge=256, description="a worker process above this resident memory (its Chromium included) after a job "
                                  "exits and is restarted")
    rate_limit_per_min: int = Field(30, ge=1, description="scene submissions (and edits) per API key per minute")
    max_concurrent_jobs_per_key: int = Field(8, ge=1, description="queued + running jobs one API key may have")
    max_request_bytes: int = Field(65536, ge=1024, description="largest request body the API accepts")
    url_token_ttl_s: int = Field(24 * 3600, ge=60, description="lifetime of signed file URLs (when API keys are set)")
    link_secret: SecretStr | None = Field(
        None, description="secret that signs file URLs; unset: a random one made once in <data_dir>/link-secret")
    retention_days: float = Field(
        30.0, ge=0, description="metric observations, and the events of jobs ended, older than this are pruned; 0: kept")
    max_event_streams: int = Field(100, ge=1, description="open /events streams one API process serves at once")

    @field_validator("api_keys", mode="before")
    @classmethod
    def _split_keys(cls, value: object) -> object:
        return [key.strip() for key in value.split(",") if key.strip()] if isinstance(value, str) else value

    @field_validator("api_keys")
    @classmethod
    def _keys_long_enough(cls, keys: list[str]) -> list[str]:
        short = [str(i + 1) for i, key in enumerate(keys) if len(key) < MIN_API_KEY_CHARS]
        if short:  # the message names positions, never a key
            raise ValueError(f"key {', '.join(short)} is shorter than {MIN_API_KEY_CHARS} characters; "
                             "make one with: python -c 'import secrets; print(secrets.token_urlsafe(24))'")
        return keys

    @field_validator("chromium")
    @classmethod
    def _chromium_exists(cls, value: str | None) -> str | None:
        if value and not (Path(value).is_file() or shutil.which(value)):
            raise ValueError(f"DIORAMA_CHROMIUM={value!r} is not an executable file")
        return value

    @field_validator("database_url")
    @classmethod
    def _postgres_url(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith(("postgresql://", "postgres://")):
            raise ValueError("DIORAMA_DATABASE_URL must be a postgresql:// URL (unset: SQLite in the data dir)")
        return value

    @model_validator(mode="after")
    def _s3_needs_endpoint(self) -> Settings:
        if self.storage == "s3" and not self.s3_endpoint:
            raise ValueError("DIORAMA_STORAGE=s3 needs DIORAMA_S3_ENDPOINT (e.g. http://127.0.0.1:8333)")
        return self

    @property
    def checkpoint_db(self) -> Path:
        """The LangGraph checkpoint database under the data folder."""
        return self.data_dir / "checkpoints.sqlite"

    @property
    def llm_cache_db(self) -> Path:
        """The model response cache under the data folder."""
        return self.data_dir / "llm_cache.sqlite"


@lru_cache
def get_settings() -> Settings:
    """The settings as the environment gives them now."""
    return Settings()


def kept_folder(name: str) -> Path | None:
    """``<cache_dir>/<name>``; None when the settings cannot be read (whoever needs them reports that), so nothing is kept."""
    from pydantic import ValidationError

    try:
        return get_settings().cache_dir / name
    except ValidationError:
        return None
