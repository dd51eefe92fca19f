"""kitchen_bath generators."""

from __future__ import annotations
