#!/usr/bin/env bash
# Time from a template save to the open page showing it: `flowhost serve` watching a copy of the
# sample's templates, a headless Chromium on the login screen, the login template's subtitle changed
# and saved N times. Each time is from the save (stamped on the browser's clock just before the
# file is written, the clock the new page's times are on) to the new page's first contentful paint
# (no polling in the figure).
# A measurement: it exits 0 whatever the figure, 1 when a save never shows in the open page.
# Usage: Benchmarks/reload.sh [saves]    release build, 20 saves by default
#        Benchmarks/reload.sh --smoke   3 saves on the debug build (.build/debug/flowhost), as CI does
# Needs Chromium, chromedriver and Selenium (scripts/e2e installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
if $smoke; then saves=3; else saves=${1:-20}; fi
SE_OFFLINE=true python3 Benchmarks/reload/measure.py "$server" "$saves"
