"""Prometheus metrics, derived at scrape time from the job database.

Workers are separate processes; rather than prometheus_client's multiprocess
mode (a shared folder of mmap files that must be wiped at every start), each
worker writes its measurements (stage seconds, tool calls, verification result,
job seconds) as rows in the queue database, and this collector turns those rows
and the job table into metrics. They survive restarts and need no set-up.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector

from app.jobs.queue import SqliteJobQueue, Status

STAGE_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 40.0, 80.0, 160.0)
JOB_BUCKETS = (5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 240.0, 480.0, 960.0)
STATUSES: tuple[Status, ...] = ("queued", "running", "succeeded", "failed", "cancelled")


def histogram(name: str, doc: str, label: str, rows: Sequence, buckets: Sequence[float]) -> HistogramMetricFamily:
    """One histogram family from (label value, observed value) rows."""
    family = HistogramMetricFamily(name, doc, labels=[label])
    grouped: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        grouped[row["label"]].append(row["value"])
    for value_label, values in sorted(grouped.items()):
        cumulative = [(str(b), sum(v <= b for v in values)) for b in buckets] + [("+Inf", len(values))]
        family.add_metric([value_label], cumulative, sum(values))
    return family


class JobMetrics(Collector):
    """Prometheus collector that reads the job queue's depth, counts and stage timings at each scrape."""

    def __init__(self, queue: SqliteJobQueue) -> None:
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
                        self.queue.observations("stage_seconds"), STAGE_BUCKETS)
        yield histogram("diorama_job_seconds", "seconds from start to end of finished scenes", "kind",
                        self.queue.observations("job_seconds"), JOB_BUCKETS)
        yield from self._tool_calls()
        yield self._verifications()

    def _tool_calls(self) -> Iterator[Metric]:
        calls = CounterMetricFamily("diorama_tool_calls", "tool calls of finished scenes", labels=["tool"])
        failures = CounterMetricFamily("diorama_tool_call_failures", "failed tool calls", labels=["tool"])
        total: dict[str, int] = defaultdict(int)
        failed: dict[str, int] = defaultdict(int)
        for row in self.queue.observations("tool_call"):
            total[row["label"]] += 1
            failed[row["label"]] += not row["ok"]
        for tool in sorted(total):
            calls.add_metric([tool], total[tool])
            failures.add_metric([tool], failed[tool])
        yield calls
        yield failures

    def _verifications(self) -> Metric:
        family = CounterMetricFamily("diorama_verifications", "finished scenes by verification result",
                                     labels=["result"])
        rows = self.queue.observations("verification")
        passed = sum(bool(row["ok"]) for row in rows)
        family.add_metric(["passed"], passed)
        family.add_metric(["failed"], len(rows) - passed)
        return family


def metrics_registry(queue: SqliteJobQueue) -> CollectorRegistry:
    """A registry holding only the job metrics (no process or platform collectors)."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(JobMetrics(queue))
    return registry


def render(registry: CollectorRegistry) -> bytes:
    """The registry's metrics in Prometheus' text format."""
    return generate_latest(registry)
