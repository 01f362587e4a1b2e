#!/usr/bin/env bash
# Checks that the server's cost stays bounded under careless or hostile clients, against the
# release build of `flowhost serve` (Benchmarks/limits/check.py says what is checked):
#   - live-move streams: 3 rounds of 2,000 opened and closed on one session, then 3,000 held;
#   - clients without cookies: 30 signed-in sessions, then 5,000 cookieless requests;
#   - slow clients: 1,000 connections that stall in their request head (the server's
#     --request-head-timeout is 2 s here).
# Prints the figures and `N passed, N failed`; exits 1 when a check fails.
# Usage: Benchmarks/limits.sh            the full check on a release build
#        Benchmarks/limits.sh --smoke    a quick run on the debug build (.build/debug/flowhost), as CI does
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/swift-build.sh

if [[ ${1:-} == --smoke ]]; then
    server=${FLOWHOST_BIN:-.build/debug/flowhost}
    counts=(--streams 100 --held 150 --requests 300 --slow 50)
else
    scripts/install-dependencies
    echo "== Building flowhost (release)"
    swift_build -c release --product flowhost --scratch-path .build-release
    server=.build-release/release/flowhost
    counts=()
fi
[[ -x $server ]] || { echo "error: no server binary at $server (swift build first)" >&2; exit 1; }

# Thousands of sockets on each side.
ulimit -n "$(ulimit -Hn)"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp)
"$server" serve --port "$port" --store memory --log-level info --request-head-timeout 2s >"$log" 2>&1 &
pid=$!
cleanup() {
    kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
    echo "== The server's limit notices:"
    grep -E "event streams|new sessions" "$log" | sed 's/^/  /' || true
    rm -f "$log"
}
trap cleanup EXIT
for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || { echo "error: the server exited:" >&2; cat "$log" >&2; exit 1; }
    sleep 0.1
done
echo "== Server: pid $pid on port $port ($server), RSS at start $(awk '/VmRSS/ { print $2 / 1024 " MB" }' /proc/$pid/status)"
python3 Benchmarks/limits/check.py --port "$port" --pid "$pid" --head-timeout 2 "${counts[@]}"
