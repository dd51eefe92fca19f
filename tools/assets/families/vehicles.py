"""vehicles generators."""

from __future__ import annotations
