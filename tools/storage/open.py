"""The store the settings choose (local folder or S3); only this module knows both backends."""

from __future__ import annotations

from tools.core.settings import Settings
from tools.storage.base import LocalStore, Store


def open_store(settings: Settings) -> Store:
    """The store the settings name: S3 when ``storage == 's3'``, else ``<data_dir>/published``."""
    if settings.storage == "s3":
        from tools.storage.s3 import S3Store  # boto3 costs ~0.3 s to import: only when used

        return S3Store(
            endpoint=settings.s3_endpoint,
            bucket=settings.s3_bucket,
            prefix=settings.s3_prefix,
            access_key=settings.s3_access_key,
            secret_key=settings.s3_secret_key.get_secret_value() if settings.s3_secret_key else None,
            region=settings.s3_region,
            public_base_url=settings.public_base_url,
            url_expiry_s=settings.s3_url_expiry_s,
        )
    return LocalStore(settings.data_dir / "published", settings.public_base_url)
