#!/usr/bin/env bash
# `flowhost study rerun` over 1,000 recorded tester paths of the sample in a SQLite store: the time
# it takes in all and per path, and a check that its report counts what was put in (see
# Benchmarks/Drivers/Sources/RerunBench). A measurement: it exits 0 whatever the times, 1 when a count is wrong.
# Usage: Benchmarks/rerun.sh           release build, 1,000 paths
#        Benchmarks/rerun.sh --smoke   the debug build (.build/debug/flowhost), 20 paths, as CI runs it
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
if $smoke; then
    "$(build_benchmark_products debug flowhost-rerun)/flowhost-rerun" "$server" 20
else
    "$(build_benchmark_products release flowhost-rerun)/flowhost-rerun" "$server" 1000
fi
