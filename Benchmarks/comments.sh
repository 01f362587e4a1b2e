#!/usr/bin/env bash
# What comments cost: the time from posting one to a second browser's open page showing it (memory
# store; PostgreSQL across two processes), the SQLite store's bytes per comment, and the replay of
# every comment's path at start (Benchmarks/comments/measure.py says how each is measured and checked).
# A measurement: it exits 0 whatever the figures, 1 when a figure did not come from the work it names.
# Usage: Benchmarks/comments.sh           release build; 1,000 comments, 20 rounds, a throwaway PostgreSQL
#        Benchmarks/comments.sh --smoke   the debug build (.build/debug/flowhost), 20 comments, 3 rounds
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
if $smoke; then sizes=(--comments 20 --rounds 3); else sizes=(); fi
postgres=()
if [[ -n ${FLOWHOST_TEST_POSTGRES:-} ]]; then
    postgres=(--postgres "$FLOWHOST_TEST_POSTGRES")
elif ! $smoke; then
    url=$(scripts/lib/postgres-cluster.sh start)
    trap 'scripts/lib/postgres-cluster.sh stop "$url"' EXIT
    postgres=(--postgres "$url")
fi
python3 -u Benchmarks/comments/measure.py "$server" "${sizes[@]}" "${postgres[@]}"
