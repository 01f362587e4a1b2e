#!/usr/bin/env bash
# Time from `flowhost serve` starting to its first page answered (templates loaded and validated,
# a session started, the login screen rendered), over several starts of a release build.
# A measurement: it exits 0 whatever the figure, 1 when the server never shows its login screen.
# Usage: Benchmarks/startup.sh [runs]    release build, 10 runs by default
#        Benchmarks/startup.sh --smoke   one run of the debug build (.build/debug/flowhost), as CI does
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ${1:-} == --smoke ]]; then
    server=${FLOWHOST_BIN:-.build/debug/flowhost}
    runs=1
else
    scripts/install-dependencies
    swift build -c release --product flowhost --scratch-path .build-release
    server=.build-release/release/flowhost
    runs=${1:-10}
fi
[[ -x $server ]] || { echo "error: no server binary at $server (swift build first)" >&2; exit 1; }
python3 Benchmarks/startup/measure.py "$server" "$runs"
