"""All run-time settings, read once from the environment (and a .env file).

Nothing else in Diorama reads ``os.environ``. Every field maps to a
``DIORAMA_<NAME>`` variable; bad values fail at start-up, not mid-run.
"""

from __future__ import annotations

import shutil
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[1]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="DIORAMA_", env_file=".env", extra="ignore")

    data_dir: Path = Field(Path(".diorama"), description="scenes, catalog, checkpoints and the job database")
    llm_base_url: str | None = Field(None, description="OpenAI-compatible endpoint; unset: the grounded planner")
    llm_model: str | None = Field(None, description="model name on that endpoint")
    llm_api_key: str | None = Field(None, description="key for that endpoint")
    storage: Literal["local", "s3"] = Field("local", description="where published scenes go")
    s3_endpoint: str | None = Field(None, description="S3 endpoint URL when storage is s3")
    s3_bucket: str = Field("diorama", description="S3 bucket when storage is s3")
    public_base_url: str | None = Field(None, description="public URL prefix of published files")
    api_keys: list[str] = Field(default_factory=list, description="REST API keys; none: local-only mode")
    chromium: str | None = Field(None, description="path of the Chromium binary; default: Debian's, else Playwright's")
    three_dir: Path = Field(REPO_ROOT / "web" / "node_modules" / "three", description="the npm 'three' package")
    max_repairs: int = Field(2, ge=0, le=10, description="repair rounds after a failed verification")
    render_timeout_s: float = Field(30.0, gt=0, description="longest wait for a page to become ready")

    @field_validator("chromium")
    @classmethod
    def _chromium_exists(cls, value: str | None) -> str | None:
        if value and not (Path(value).is_file() or shutil.which(value)):
            raise ValueError(f"DIORAMA_CHROMIUM={value!r} is not an executable file")
        return value

    @property
    def checkpoint_db(self) -> Path:
        return self.data_dir / "checkpoints.sqlite"


@lru_cache
def get_settings() -> Settings:
    return Settings()
