#!/usr/bin/env bash
# Time from `flowhost serve` starting to its first page answered (templates loaded and validated,
# a session started, the login screen rendered), over several starts of a release build.
# Usage: Benchmarks/startup.sh [runs]   (a measurement: exits 0 whatever the figure)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies
swift build -c release --product flowhost --scratch-path .build-release
python3 Benchmarks/startup/measure.py .build-release/release/flowhost "${1:-10}"
