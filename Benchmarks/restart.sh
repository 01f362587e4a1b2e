#!/usr/bin/env bash
# Durable sessions: store size per session after a 30-click walk; a restart with 1,000 stored
# sessions (time to /healthz, time until all have their first page again); RSS per session live
# against hibernated (100,000 sessions). Each part on a new SQLite store in a temporary folder.
# A measurement: it exits 0 whatever the figures, 1 when a session was not stored or not rebuilt
# where it was (see Benchmarks/restart/measure.py).
# Usage: Benchmarks/restart.sh           release build; 100 walks, 1,000 sessions, 100,000 for memory
#        Benchmarks/restart.sh --smoke   the debug build (.build/debug/flowhost), a few of each, as CI does
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
if $smoke; then sizes=(--walks 4 --sessions 20 --hibernated 50); else sizes=(); fi
python3 -u Benchmarks/restart/measure.py "$server" "${sizes[@]}"
