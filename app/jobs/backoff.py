"""Exponential back-off: how long to wait after each failure in a row, capped, until a success resets it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Backoff:
    """Waits first_s, 2*first_s, 4*first_s ... at most cap_s after consecutive failures."""

    first_s: float = 1.0
    cap_s: float = 60.0
    failures: int = 0

    def next_wait(self) -> float:
        """Count one more failure and return how long to wait before the next try."""
        wait = min(self.cap_s, self.first_s * 2 ** min(self.failures, 32))
        self.failures += 1
        return wait

    def reset(self) -> None:
        """A success: the next failure waits first_s again."""
        self.failures = 0
