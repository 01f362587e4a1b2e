#!/usr/bin/env bash
# The live flow map's first crawl against the sessions being served: page GET and action round trip
# p50/p99 from 8 signed-in sessions, idle and while GET /_flowhost/map crawls the app (see
# Benchmarks/livemap/measure.py). A measurement: it exits 0 whatever the figures, 1 when an answer
# was wrong or nothing was measured.
# Usage: Benchmarks/livemap.sh           release build, 10 s idle
#        Benchmarks/livemap.sh --smoke   the debug build (.build/debug/flowhost), 1 s idle, 2 sessions, as CI does
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
# The smoke's 2 sessions: with 8 the debug build's crawl, which yields to the sessions, took 43-69 s.
if $smoke; then options=(--idle-seconds 1 --sessions 2); else options=(); fi
python3 -u Benchmarks/livemap/measure.py "$server" "${options[@]}"
