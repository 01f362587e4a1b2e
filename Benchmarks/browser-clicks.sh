#!/usr/bin/env bash
# A person clicking in a browser, as the server sees it: headless Chromium signed in to the sample,
# then Heat and back to the movie list, over and over, with its cache on. Prints for a click the
# browser's time, the requests its page's load made to the server (the page, and every file not
# taken from the cache) and the server's CPU (see Benchmarks/browserclicks/measure.py). One browser
# clicking alone: the CPU a click includes the server's idle work between clicks, so compare builds
# with it, not with flowhost-load's loaded figures.
# A measurement: it exits 0 whatever the figures, 1 when a click does not reach its screen.
# Usage: Benchmarks/browser-clicks.sh [rounds]            release build, 40 rounds (80 clicks)
#        Benchmarks/browser-clicks.sh --smoke             3 rounds on the debug build, as CI does
#        FLOWHOST_BIN=path Benchmarks/browser-clicks.sh --smoke 40   another build (an older one, say)
# Needs Chromium, chromedriver and Selenium (scripts/e2e installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
if $smoke; then rounds=${2:-3}; else rounds=${1:-40}; fi
SE_OFFLINE=true python3 -u Benchmarks/browserclicks/measure.py "$server" "$rounds"
