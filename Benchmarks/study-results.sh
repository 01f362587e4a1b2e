#!/usr/bin/env bash
# A study's results over many testers: the sample crawled, a 3-task study and its testers kept in a
# fresh SQLite store, then the time for a served `GET /_flowhost/studies/ID.json` (read the testers
# for figures, fold their parts on the live map's crawl, encode; uncached), median of 5 runs, beside
# the store's whole read as main did it; checks that the counts are the ones put in (see
# Benchmarks/Drivers/Sources/StudyResultsBench). A measurement: it exits 0 whatever the times, 1 when a
# count is wrong.
# Usage: Benchmarks/study-results.sh           release build, 10,000 testers
#        Benchmarks/study-results.sh --smoke   debug build, 200 testers, one run, as CI does
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/swift-build.sh
if [[ ${1:-} == --smoke ]]; then
    "$(build_benchmark_products debug flowhost-study-results)/flowhost-study-results" 200 1
else
    "$(build_benchmark_products release flowhost-study-results)/flowhost-study-results" 10000 5
fi
