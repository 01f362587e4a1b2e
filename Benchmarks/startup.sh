#!/usr/bin/env bash
# Time from `flowhost serve` starting to its first page answered (templates loaded and validated,
# a session started, the login screen rendered), over several starts of a release build.
# A measurement: it exits 0 whatever the figure, 1 when the server never shows its login screen.
# Usage: Benchmarks/startup.sh [runs]    release build, 10 runs by default
#        Benchmarks/startup.sh --smoke   one run of the debug build (.build/debug/flowhost), as CI does
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
if $smoke; then runs=1; else runs=${1:-10}; fi
python3 Benchmarks/startup/measure.py "$server" "$runs"
