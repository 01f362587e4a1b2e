#!/usr/bin/env bash
# What one open of a share link costs: store bytes and server RSS per open, over 200 opens of one
# link (each a new session), the sharer's 21 clicks posted with 50 KB of undeclared fields each. On a
# new SQLite store in a temporary folder. A measurement: it exits 0 whatever the figures, 1 when an
# open did not land on the shared screen or the store copied the shared path (Benchmarks/share/measure.py).
# Usage: Benchmarks/share.sh           release build; 200 opens
#        Benchmarks/share.sh --smoke   the debug build (.build/debug/flowhost), 5 opens, as CI does
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
if $smoke; then opens=(--opens 5); else opens=(); fi
python3 -u Benchmarks/share/measure.py "$server" "${opens[@]}"
