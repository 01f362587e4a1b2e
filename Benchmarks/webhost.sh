#!/usr/bin/env bash
# Measures the web host (`flowhost serve`) and prints the figures:
#   A. GET /healthz, GET of a signed-in session's page and GET of the same page's bytes from a bare
#      Hummingbird route (`flowhost-bare`, the limit), closed loop on 8 and 64 connections; the
#      page's size on the wire (clients accept gzip, as browsers do);
#   B. action round trips from 1, 8 and 64 signed-in sessions, closed loop, each a click as
#      flowhost.js sends it (POST <action>?answer=page, answered with the new page), each beside as
#      many clients' round trips to the bare route (its POST /action?answer=page answers the same
#      page: the limit, with nothing done but answer); then 64 sessions' round trips as a browser
#      without JavaScript makes them (POST -> 303 -> GET, --no-script), beside the bare route's
#      (POST /action -> 303 -> GET /page): the shape issue 42's goals were measured in, when
#      flowhost.js clicked so too;
#      A and B run twice: with --store memory, then with the SQLite click path store (a temp file);
#      every row also gives the server's CPU per request or round trip (from /proc/PID/stat), a
#      figure the machine's other load moves far less than the rates, and the driver's own (on
#      shared cores a request costs the machine both);
#   C. memory per session: the server's RSS growth over 10,000 signed-in sessions;
#   D. the inspector's cost on the action round trip: 8 sessions, inspector on (the default) and off
#      (--no-inspector), in alternating rounds (5 of 5 s each; on a shared machine the medians count);
#   E. the SQLite store against memory, the same way at 64 sessions;
#   F. with --against BINARY: this build against another `flowhost` (an earlier commit's release
#      build), the same way at 64 sessions, on each store: rates, server CPU per round trip and
#      their paired ratios. One run of each moves with the machine by more than most changes do
#      (20-30 % on a shared 2-core machine); rounds that alternate leave most of that out. With
#      --smoke and no --against, the debug build runs against itself (CI checks it works); E and F
#      then run on 8 sessions, one round.
# A and B are the load driver Benchmarks/Drivers/Sources/LoadDriver (`flowhost-load`) and
# Benchmarks/Drivers/Sources/BareRoute (`flowhost-bare`), C is
# Benchmarks/webhost/sessions.py. Both check every answer (status, screen) and fail when one is
# wrong or nothing was done; so does this script. No timing is asserted: it measures.
# Usage: Benchmarks/webhost.sh           release builds of the server and the driver, 10 s per row
#        Benchmarks/webhost.sh --smoke   a second per row on the debug build (.build/debug/flowhost), as CI does
#        Benchmarks/webhost.sh --against /tmp/before/flowhost   A to E, then F against that build
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/swift-build.sh

smoke=false
against=""
while (($#)); do
    case $1 in
    --smoke) smoke=true ;;
    --against)
        against=${2:?--against needs a flowhost binary}
        shift
        ;;
    *)
        echo "error: unknown option $1 (--smoke, --against BINARY)" >&2
        exit 2
        ;;
    esac
    shift
done

if $smoke; then
    server=${FLOWHOST_BIN:-.build/debug/flowhost}
    configuration=debug
    load=(--smoke)
    sessions=(--sessions 100 --threads 16)
    ab_rounds_count=1
    ab_sessions=8  # the A/B comparisons run, on fewer sessions: a smoke checks they work, not their figures
    ab_load=(--smoke --round-trips-only)
    no_script_load=(--duration 1 --sessions 8)
else
    scripts/install-dependencies
    echo "== Building flowhost (release)"
    swift_build -c release --product flowhost --scratch-path .build-release
    server=.build-release/release/flowhost
    configuration=release
    load=()
    sessions=(--sessions 10000)
    ab_rounds_count=5
    ab_sessions=64
    ab_load=(--round-trips-only --duration 5)
    no_script_load=(--sessions 64)
fi
[[ -x $server ]] || { echo "error: no server binary at $server (swift build first)" >&2; exit 1; }
if $smoke && [[ -z $against ]]; then against=$server; fi
[[ -z $against || -x $against ]] || { echo "error: --against $against is no executable" >&2; exit 1; }
echo "== Building flowhost-load and flowhost-bare ($configuration)"
bin=$(build_benchmark_products "$configuration" flowhost-load flowhost-bare)
driver="$bin/flowhost-load"

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
    if [[ -n ${bare_pid:-} ]]; then
        kill "$bare_pid" 2>/dev/null || true
        wait "$bare_pid" 2>/dev/null || true
    fi
    if [[ -s $log ]]; then
        echo "== Server output (--log-level warning)"
        tail -n 20 "$log"
    fi
    rm -rf "$work"
}
trap cleanup EXIT
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# The bare route, for the whole run: the driver gives it the page's bytes before it measures.
bare_port=$(free_port)
bare="http://127.0.0.1:$bare_port"
"$bin/flowhost-bare" --port "$bare_port" >"$work/bare.log" 2>&1 &
bare_pid=$!
for _ in $(seq 100); do
    curl -s -o /dev/null "$bare/page" 2>/dev/null && break
    kill -0 "$bare_pid" 2>/dev/null || { echo "error: flowhost-bare exited:" >&2; cat "$work/bare.log" >&2; exit 1; }
    sleep 0.2
done
start_server() {
    stop_server
    port=$(free_port)
    base="http://127.0.0.1:$port"
    "${binary:-$server}" serve --port "$port" --store "$1" --max-sessions 20000 --log-level warning "${@:2}" \
        >"$log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do
        curl -sf "$base/healthz" >/dev/null 2>&1 && break
        kill -0 "$pid" 2>/dev/null || { echo "error: the server exited:" >&2; cat "$log" >&2; exit 1; }
        sleep 0.2
    done
    echo "== Server: pid $pid at $base (${binary:-$server} --store $1 ${*:2})"
}

# --- A and B twice: sessions in memory only, then stored in SQLite (every action appends its click).
for store in memory "$work/flowhost.sqlite"; do
    start_server "$store"
    echo
    echo "== A and B, store $store: $driver --server $base --bare $bare ${load[*]}"
    "$driver" --server "$base" --bare "$bare" --server-pid "$pid" --bare-pid "$bare_pid" "${load[@]}"
    echo
    echo "== B without JavaScript, store $store"
    "$driver" --server "$base" --bare "$bare" --server-pid "$pid" --bare-pid "$bare_pid" --round-trips-only \
        --no-script "${no_script_load[@]}"
    echo
done

echo "== C. memory per session (SQLite store)"
python3 -u Benchmarks/webhost/sessions.py --port "$port" --pid "$pid" "${sessions[@]}"
kill -0 "$pid" 2>/dev/null || { echo "error: the server died" >&2; exit 1; }

# --- D, E and F: two servers in alternating rounds of action round trips (which goes first
# alternates too); each run's rate and server CPU per round trip are the driver's round trip row
# for the sessions given. A label that `binaries` names runs that binary, any other this build.
# Usage: ab_rounds SESSIONS "LABEL STORE [serve options]" "LABEL STORE [serve options]"
declare -A binaries=()
ab_rounds() {
    local sessions=$1 rates="$work/ab-rates" round config row
    : >"$rates"
    for round in $(seq "$ab_rounds_count"); do
        local order=("$2" "$3")
        ((round % 2)) || order=("$3" "$2")
        for config in "${order[@]}"; do
            read -r -a words <<<"$config"
            binary=${binaries[${words[0]}]:-} start_server "${words[@]:1}"
            "$driver" --server "$base" --server-pid "$pid" "${ab_load[@]}" --sessions "$sessions" | tee "$work/run.txt"
            row=$(awk -v n="$sessions" '$1 == n && NF == 9 { print $3, $8 }' "$work/run.txt" | tail -n 1)
            [[ -n $row ]] || { echo "error: no round trip row in the driver's output" >&2; exit 1; }
            echo "${words[0]} $row" >>"$rates"
        done
    done
    stop_server
    read -r -a a <<<"$2"
    read -r -a b <<<"$3"
    python3 - "$rates" "${a[0]}" "${b[0]}" "$sessions" <<'PYTHON'
import statistics, sys
path, a, b, sessions = sys.argv[1:]
rates = {a: [], b: []}
cpu = {a: [], b: []}
for line in open(path):
    label, rate, us = line.split()
    rates[label].append(float(rate))
    cpu[label].append(float(us))
ma, mb = statistics.median(rates[a]), statistics.median(rates[b])
# Each round ran both back to back: its ratio is the least disturbed by the machine's other work.
paired = statistics.median(x / y for x, y in zip(rates[a], rates[b]))
paired_cpu = statistics.median(x / y for x, y in zip(cpu[a], cpu[b]))
print(f"round trips/s, {sessions} sessions: {a} {sorted(rates[a])}, {b} {sorted(rates[b])}")
print(f"medians: {a} {ma:.0f}, {b} {mb:.0f}: {a} runs at {100 * ma / mb:.1f} % of {b}'s rate "
      f"(median of the rounds' own ratios {100 * paired:.1f} %)")
print(f"server CPU us a round trip: {a} median {statistics.median(cpu[a]):.0f} {sorted(cpu[a])}, "
      f"{b} median {statistics.median(cpu[b]):.0f} {sorted(cpu[b])}; "
      f"{a} / {b} paired {paired_cpu:.3f}")
PYTHON
}

echo
echo "== D. inspector on vs off: 8 sessions, $ab_rounds_count alternating round(s)"
ab_rounds 8 "on memory" "off memory --no-inspector"
echo
echo "== E. SQLite store vs memory: $ab_sessions sessions, $ab_rounds_count alternating round(s)"
ab_rounds "$ab_sessions" "sqlite $work/ab.sqlite" "memory memory"

if [[ -n $against ]]; then
    binaries[before]=$against
    for store in memory "$work/against.sqlite"; do
        echo
        echo "== F. this build against $against, store $store: $ab_sessions sessions, $ab_rounds_count alternating round(s)"
        rm -f "$work/against.sqlite"*
        ab_rounds "$ab_sessions" "after $store" "before $store"
    done
fi
