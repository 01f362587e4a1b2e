#!/usr/bin/env bash
# Pixel snapshots of the sample (flowhost snapshot): cold (no baseline), warm (nothing changed), 10
# warm runs in a row, every state shot again, one template changed; Chromium's peak memory during
# the cold run (see Benchmarks/snapshot/measure.py). A measurement: it exits 0 whatever the figures,
# 1 when a run did not do the work it reports.
# Usage: Benchmarks/snapshot.sh           release build, all 574 states
#        Benchmarks/snapshot.sh --smoke   the debug build (.build/debug/flowhost), the states 2 steps deep, as CI does
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
scripts/install-dependencies chromium
if $smoke; then smoke_flag=(--smoke); else smoke_flag=(); fi
python3 -u Benchmarks/snapshot/measure.py "$server" "${smoke_flag[@]}"
