#!/usr/bin/env bash
# Several processes on one store behind Debian's nginx (docs/nginx-cluster.conf: round robin, no
# stickiness): action round trips (POST -> 303 -> GET, the load driver Benchmarks/Drivers/Sources/LoadDriver)
# through nginx in front of 1 and of 2 processes on PostgreSQL, and of 1 on SQLite, at 8 and 64
# signed-in sessions: round trips/s, POST and GET p50/p99, and the share of requests that landed on
# a process that had to rebuild the session (not held, or behind another process's change); then a
# rolling restart under load (each process SIGTERM and started again in turn): the driver's errors
# (it stops at the first wrong answer) and its p99 during it.
# Printed, not asserted: it exits 1 only when a part did not do its work (see Benchmarks/cluster/measure.py).
# Usage: Benchmarks/cluster.sh           release builds, 10 s per row
#        Benchmarks/cluster.sh --smoke   the debug build, 1 s per row, as CI does
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
if $smoke; then configuration=debug; duration=1; else configuration=release; duration=10; fi
echo "== Building flowhost-load ($configuration)"
driver="$(build_benchmark_products "$configuration" flowhost-load)/flowhost-load"
if [[ -z ${FLOWHOST_TEST_POSTGRES:-} ]]; then
    FLOWHOST_TEST_POSTGRES=$(scripts/lib/postgres-cluster.sh start)
    trap 'scripts/lib/postgres-cluster.sh stop "$FLOWHOST_TEST_POSTGRES"' EXIT
fi
python3 -u Benchmarks/cluster/measure.py "$server" "$driver" "$FLOWHOST_TEST_POSTGRES" --duration "$duration"
