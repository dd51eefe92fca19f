"""Prometheus metrics, derived at scrape time from the job database.

Workers are separate processes; rather than prometheus_client's multiprocess
mode (a shared folder of mmap files that must be wiped at every start), each
worker writes its measurements (stage seconds, tool calls, verification result,
job seconds) as rows in the queue database, and this collector turns those rows
and the job table into metrics. They survive restarts and need no set-up.
SQLite sums them per label at each scrape (``observation_totals``), so a scrape
costs one row per label however many scenes were made; ``Pruner`` forgets
observations and finished jobs' events older than ``DIORAMA_RETENTION_DAYS``
(the counters then fall, which Prometheus reads as a reset).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator, Sequence

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector

from app.jobs.queue import JobQueue, Status

STAGE_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 40.0, 80.0, 160.0)
JOB_BUCKETS = (5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 240.0, 480.0, 960.0)
STATUSES: tuple[Status, ...] = ("queued", "running", "succeeded", "failed", "cancelled")
PRUNE_EVERY_S = 3600.0
log = logging.getLogger(__name__)


def histogram(name: str, doc: str, label: str, queue: JobQueue, metric: str,
              buckets: Sequence[float]) -> HistogramMetricFamily:
    """One histogram family of a metric's observations, from the queue's per-label sums."""
    family = HistogramMetricFamily(name, doc, labels=[label])
    for row in queue.observation_totals(metric, tuple(buckets)):
        cumulative = [(str(b), row[f"le_{i}"]) for i, b in enumerate(buckets)] + [("+Inf", row["n"])]
        family.add_metric([row["label"]], cumulative, row["total"])
    return family


class JobMetrics(Collector):
    """Prometheus collector that reads the job queue's depth, counts and stage timings at each scrape."""

    def __init__(self, queue: JobQueue) -> None:
        self.queue = queue

    def collect(self) -> Iterator[Metric]:
        """The queue's gauges and histograms as they stand now."""
        counts = {status: self.queue.count(status) for status in STATUSES}
        yield GaugeMetricFamily("diorama_queue_depth", "jobs waiting for a worker", value=counts["queued"])
        yield GaugeMetricFamily("diorama_jobs_running", "jobs a worker is running now", value=counts["running"])
        jobs = GaugeMetricFamily("diorama_jobs", "jobs in the database by status", labels=["status"])
        for status in STATUSES:
            jobs.add_metric([status], counts[status])
        yield jobs
        yield histogram("diorama_stage_seconds", "seconds per graph stage of finished scenes", "stage",
                        self.queue, "stage_seconds", STAGE_BUCKETS)
        yield histogram("diorama_job_seconds", "seconds from start to end of finished scenes", "kind",
                        self.queue, "job_seconds", JOB_BUCKETS)
        yield from self._tool_calls()
        yield self._verifications()

    def _tool_calls(self) -> Iterator[Metric]:
        calls = CounterMetricFamily("diorama_tool_calls", "tool calls of finished scenes", labels=["tool"])
        failures = CounterMetricFamily("diorama_tool_call_failures", "failed tool calls", labels=["tool"])
        for row in self.queue.observation_totals("tool_call"):
            calls.add_metric([row["label"]], row["n"])
            failures.add_metric([row["label"]], row["n"] - row["ok"])
        yield calls
        yield failures

    def _verifications(self) -> Metric:
        family = CounterMetricFamily("diorama_verifications", "finished scenes by verification result",
                                     labels=["result"])
        rows = self.queue.observation_totals("verification")
        total, passed = sum(row["n"] for row in rows), sum(row["ok"] for row in rows)
        family.add_metric(["passed"], passed)
        family.add_metric(["failed"], total - passed)
        return family


class Pruner:
    """A daemon thread that prunes the queue's old observations and events now and every hour after."""

    def __init__(self, queue: JobQueue, retention_days: float, every_s: float = PRUNE_EVERY_S) -> None:
        self.queue, self.retention_s, self.every_s = queue, retention_days * 86400, every_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="diorama-prune", daemon=True)

    def start(self) -> Pruner:
        """Start pruning (not at all when retention is 0: keep everything)."""
        if self.retention_s > 0:
            self._thread.start()
        return self

    def stop(self) -> None:
        """Stop after the current pass."""
        self._stop.set()

    def prune_once(self) -> dict[str, int]:
        """One pass: forget what is older than the retention."""
        return self.queue.prune(time.time() - self.retention_s)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.prune_once()
            except Exception:  # a locked or broken database must not kill the thread; readyz reports it
                log.warning("pruning the job database failed", exc_info=True)
            self._stop.wait(self.every_s)


def metrics_registry(queue: JobQueue) -> CollectorRegistry:
    """A registry holding only the job metrics (no process or platform collectors)."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(JobMetrics(queue))
    return registry


def render(registry: CollectorRegistry) -> bytes:
    """The registry's metrics in Prometheus' text format."""
    return generate_latest(registry)
