#!/usr/bin/env bash
# The live map's traffic figures over many stored sessions: the sample crawled, 10,000 sessions'
# click paths stored in a fresh SQLite store, then the time to read them back and fold them onto
# the storyboard (what /_flowhost/map does, at most once per 5 s), median of 5 runs; checks that
# the figures are the ones expected (see Benchmarks/Drivers/Sources/TrafficBench). A measurement: it exits
# 0 whatever the times, 1 when a figure is wrong.
# Usage: Benchmarks/traffic.sh           release build, 10,000 sessions
#        Benchmarks/traffic.sh --smoke   debug build, 200 sessions, one run, as CI does
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/swift-build.sh
if [[ ${1:-} == --smoke ]]; then
    "$(build_benchmark_products debug flowhost-traffic)/flowhost-traffic" 200 1
else
    "$(build_benchmark_products release flowhost-traffic)/flowhost-traffic" 10000 5
fi
