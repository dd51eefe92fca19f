"""nature generators."""

from __future__ import annotations
