#!/usr/bin/env bash
# Measures the web host (`flowhost serve`) and prints the figures:
#   A. GET /healthz and GET of a signed-in session's page, closed loop on 8 and 64 connections;
#   B. action round trips (POST -> 303 -> GET) from 1, 8 and 64 signed-in sessions, closed loop;
#      A and B run twice: with --store memory, then with the SQLite click path store (a temp file);
#   C. memory per session: the server's RSS growth over 10,000 signed-in sessions;
#   D. the inspector's cost on the action round trip: 8 sessions, inspector on (the default) and off
#      (--no-inspector), in alternating rounds (5 of 5 s each; on a shared machine the medians count).
# A and B are the load driver Benchmarks/Sources/LoadDriver (`flowhost-load`), C is
# Benchmarks/webhost/sessions.py. Both check every answer (status, screen) and fail when one is
# wrong or nothing was done; so does this script. No timing is asserted: it measures.
# Usage: Benchmarks/webhost.sh           release builds of the server and the driver, 10 s per row
#        Benchmarks/webhost.sh --smoke   a second per row on the debug build (.build/debug/flowhost), as CI does
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ${1:-} == --smoke ]]; then
    server=${FLOWHOST_BIN:-.build/debug/flowhost}
    configuration=debug
    load=(--smoke)
    sessions=(--sessions 100 --threads 16)
    inspector_rounds=1
    inspector_load=(--smoke --round-trips-only --sessions 8)
else
    scripts/install-dependencies
    echo "== Building flowhost (release)"
    swift build -c release --product flowhost --scratch-path .build-release
    server=.build-release/release/flowhost
    configuration=release
    load=()
    sessions=(--sessions 10000)
    inspector_rounds=5
    inspector_load=(--round-trips-only --sessions 8 --duration 5)
fi
[[ -x $server ]] || { echo "error: no server binary at $server (swift build first)" >&2; exit 1; }
echo "== Building flowhost-load ($configuration)"
swift build --package-path Benchmarks -c "$configuration" --product flowhost-load
driver="$(swift build --package-path Benchmarks -c "$configuration" --show-bin-path)/flowhost-load"

# --- The server on a free port (it reads Templates/ from the repo root), with the click path store
# given; stopped at exit or by the next start.
work=$(mktemp -d)
pid=""
log="$work/server.log"
stop_server() {
    if [[ -n $pid ]] && kill "$pid" 2>/dev/null; then
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    pid=""
}
cleanup() {
    stop_server
    if [[ -s $log ]]; then
        echo "== Server output (--log-level warning)"
        tail -n 20 "$log"
    fi
    rm -rf "$work"
}
trap cleanup EXIT
start_server() {
    stop_server
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    base="http://127.0.0.1:$port"
    "$server" serve --port "$port" --store "$1" --max-sessions 20000 --log-level warning "${@:2}" >"$log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do
        curl -sf "$base/healthz" >/dev/null 2>&1 && break
        kill -0 "$pid" 2>/dev/null || { echo "error: the server exited:" >&2; cat "$log" >&2; exit 1; }
        sleep 0.2
    done
    echo "== Server: pid $pid at $base ($server --store $1 ${*:2})"
}

# --- A and B twice: sessions in memory only, then stored in SQLite (every action appends its click).
for store in memory "$work/flowhost.sqlite"; do
    start_server "$store"
    echo
    echo "== A and B, store $store: $driver --server $base ${load[*]}"
    "$driver" --server "$base" "${load[@]}"
    echo
done

echo "== C. memory per session (SQLite store)"
python3 -u Benchmarks/webhost/sessions.py --port "$port" --pid "$pid" "${sessions[@]}"
kill -0 "$pid" 2>/dev/null || { echo "error: the server died" >&2; exit 1; }

# --- D. The inspector on and off, alternating (which goes first alternates too); each run's round
# trips per second is the 8-session row of the driver's round trip table.
echo
echo "== D. inspector on vs off: $driver --server URL ${inspector_load[*]}, $inspector_rounds round(s)"
rates="$work/inspector-rates"
: >"$rates"
for round in $(seq "$inspector_rounds"); do
    if ((round % 2)); then order=(on off); else order=(off on); fi
    for inspector in "${order[@]}"; do
        if [[ $inspector == on ]]; then start_server memory; else start_server memory --no-inspector; fi
        "$driver" --server "$base" "${inspector_load[@]}" | tee "$work/run.txt"
        rate=$(awk '$1 == "8" && NF == 7 { print $3 }' "$work/run.txt" | tail -n 1)
        [[ -n $rate ]] || { echo "error: no round trip rate in the driver's output" >&2; exit 1; }
        echo "$inspector $rate" >>"$rates"
    done
done
stop_server
python3 - "$rates" <<'PYTHON'
import statistics, sys
rates = {"on": [], "off": []}
for line in open(sys.argv[1]):
    inspector, rate = line.split()
    rates[inspector].append(float(rate))
on, off = statistics.median(rates["on"]), statistics.median(rates["off"])
# Each round ran both back to back: its ratio is the least disturbed by the machine's other work.
paired = statistics.median(1 - a / b for a, b in zip(rates["on"], rates["off"]))
print(f"round trips/s, 8 sessions: inspector on {sorted(rates['on'])}, off {sorted(rates['off'])}")
print(f"medians: on {on:.0f}, off {off:.0f}: the inspector costs {100 * (off - on) / off:+.1f} % of the rate")
print(f"median of the rounds' own costs: {100 * paired:+.1f} %")
PYTHON
