#!/usr/bin/env bash
# Measures the web host (`flowhost serve`, release build) and prints the figures:
#   A. healthz vs page: requests/s of GET /healthz and of a session's page, and their ratio;
#   B. action round trips: 64 sessions each posting its page's first action and following it;
#   C. memory per session: the server's RSS growth over 10,000 sessions with a pushed screen.
# A measurement, not a test: it exits 0 even when a target is missed.
# Usage: Benchmarks/webhost.sh (as root or with sudo, to install wrk if missing)
set -euo pipefail
cd "$(dirname "$0")/.."

duration=10s
sessions=10000

# --- Tools: wrk, curl and python3 from apt when missing; pkg-config and libxml2-dev for the build.
missing=()
for tool in wrk curl python3; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
if ((${#missing[@]} > 0)); then
    sudo=""
    if [[ $(id -u) != 0 ]]; then
        command -v sudo >/dev/null || { echo "error: ${missing[*]} missing; run as root or install sudo" >&2; exit 1; }
        sudo="sudo"
    fi
    echo "Installing ${missing[*]}"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
scripts/install-dependencies

# --- Build in release, in its own scratch folder.
echo "== Building flowhost (release)"
swift build -c release --product flowhost --scratch-path .build-release
server=.build-release/release/flowhost

# --- Start the server on a free port (it reads Templates/ from the repo root) and stop it at exit.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
work=$(mktemp -d)
"$server" serve --port "$port" --max-sessions 20000 --log-level warning >"$work/server.log" 2>&1 &
pid=$!
cleanup() {
    if kill "$pid" 2>/dev/null; then
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

for _ in $(seq 100); do
    [[ $(curl -s "$base/healthz" 2>/dev/null) == ok ]] && break
    kill -0 "$pid" 2>/dev/null || { echo "error: the server exited:" >&2; cat "$work/server.log" >&2; exit 1; }
    sleep 0.2
done
[[ $(curl -s "$base/healthz") == ok ]] || { echo "error: no 'ok' from $base/healthz" >&2; exit 1; }
echo "== Server: pid $pid at $base"

# Helpers: wrk's Requests/sec; a percentage; a figure in ms from microseconds; PASS or MISS.
requests_per_second() { awk '/^Requests\/sec:/ { print $2 }' "$1"; }
percent() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b > 0 ? 100 * a / b : 0) }'; }
milliseconds() { awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'; }
verdict() { awk -v value="$1" -v op="$2" -v target="$3" 'BEGIN {
    ok = (op == ">=" && value >= target) || (op == "<" && value < target) || (op == "<=" && value <= target) \
        || (op == "==" && value == target)
    print (value != "" && ok) ? "PASS" : "MISS" }'; }
# Reads key=value from the RESULT line of a file.
result() { sed -n 's/^RESULT //p' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }

# --- A. healthz vs page.
echo
echo "== A. healthz vs page: wrk -t2 -c64 -d$duration"
headers=$(curl -sS -o /dev/null -D - "$base/")
cookie=$(grep -io 'flowhost_session=[0-9a-f]\{32\}' <<<"$headers" | head -n1 || true)
location=$(awk 'tolower($1) == "location:" { print $2 }' <<<"$headers" | tr -d '\r')
[[ -n $cookie && -n $location ]] || { echo "error: GET / gave no session cookie or Location:" >&2; echo "$headers" >&2; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $cookie" "$base$location")
echo "GET / -> 303 to $location ($cookie); GET $location -> $status"

echo "-- GET /healthz"
wrk -t2 -c64 -d"$duration" "$base/healthz" | tee "$work/healthz.txt"
echo "-- GET $location (with the session cookie)"
wrk -t2 -c64 -d"$duration" -H "Cookie: $cookie" "$base$location" | tee "$work/page.txt"
healthz_rps=$(requests_per_second "$work/healthz.txt")
page_rps=$(requests_per_second "$work/page.txt")
ratio=$(percent "$page_rps" "$healthz_rps")
echo "healthz: $healthz_rps requests/s; page: $page_rps requests/s; page/healthz: $ratio %"

# --- B. action round trips: one connection per thread, each thread one session.
echo
echo "== B. action round trips: wrk -t64 -c64 -d$duration --latency -s Benchmarks/webhost/roundtrip.lua"
wrk -t64 -c64 -d"$duration" --latency -s Benchmarks/webhost/roundtrip.lua "$base" | tee "$work/roundtrip.txt"
roundtrip_rps=$(requests_per_second "$work/roundtrip.txt")
round_trips=$(awk -v r="$roundtrip_rps" 'BEGIN { printf "%.2f", r / 2 }')
p50=$(milliseconds "$(result "$work/roundtrip.txt" p50_us)")
p90=$(milliseconds "$(result "$work/roundtrip.txt" p90_us)")
p99=$(milliseconds "$(result "$work/roundtrip.txt" p99_us)")
bad=$(result "$work/roundtrip.txt" bad)
conflicts=$(result "$work/roundtrip.txt" conflicts)
lost=$(result "$work/roundtrip.txt" lost)
echo "requests: $roundtrip_rps/s; round trips (POST + GET): $round_trips/s;" \
    "latency per request p50 $p50 ms, p90 $p90 ms, p99 $p99 ms;" \
    "non-2xx/3xx: $bad, 409s: $conflicts, lost: $lost"

# --- C. memory per session (after A and B warmed the server up).
echo
echo "== C. memory per session: $sessions sessions, each with screen B pushed"
python3 -u Benchmarks/webhost/sessions.py --port "$port" --pid "$pid" --sessions "$sessions" --threads 8 \
    | tee "$work/sessions.txt"
per_session=$(result "$work/sessions.txt" per_session_kb)
created=$(result "$work/sessions.txt" created)
verified=$(result "$work/sessions.txt" verified)

kill -0 "$pid" 2>/dev/null || { echo "error: the server died:" >&2; cat "$work/server.log" >&2; }
if [[ -s $work/server.log ]]; then
    echo
    echo "== Server output (--log-level warning)"
    tail -n 20 "$work/server.log"
fi

# --- Summary.
echo
echo "== Summary"
row() { printf '%-36s %14s %12s  %s\n' "$@"; }
row "figure" "value" "target" "verdict"
row "A. GET /healthz requests/s" "$healthz_rps" "" ""
row "A. GET /screen/N requests/s" "$page_rps" "" ""
row "A. page / healthz (%)" "$ratio" ">= 70" "$(verdict "$ratio" ">=" 70)"
row "B. requests/s" "$roundtrip_rps" "" ""
row "B. round trips/s (requests / 2)" "$round_trips" "" ""
row "B. latency p50 (ms)" "$p50" "" ""
row "B. latency p90 (ms)" "$p90" "" ""
row "B. latency p99 (ms)" "$p99" "< 5" "$(verdict "$p99" "<" 5)"
row "B. non-2xx/3xx statuses" "$bad" "0" "$(verdict "$bad" "==" 0)"
row "B. 409s (stale tokens)" "$conflicts" "0" "$(verdict "$conflicts" "==" 0)"
row "C. sessions created" "$created" "$sessions" "$(verdict "$created" "==" "$sessions")"
row "C. last session shows Screen B" "$verified" "yes" "$([[ $verified == yes ]] && echo PASS || echo MISS)"
row "C. memory per session (KB)" "$per_session" "<= 20" "$(verdict "$per_session" "<=" 20)"
exit 0
