#!/usr/bin/env bash
# Memory per live tester session of a study against a signed-in session, on the same build and
# store: two fresh servers (SQLite store, a temporary folder), both with a one-task study (start:
# the app's start; goal: a movie's detail), so both crawled the app at start and begin alike. On the
# first, N sessions sign in; on the second, N testers open the study's link (from the server's
# log), press Start, and sign in on their task's first page: each holds what a signed-in session
# holds, plus its run of the study (the task under way, the screen on show, a screen time waiting
# for the task's end). Benchmarks/webhost/sessions.py
# makes them and prints each server's RSS growth per session; every session is checked.
# A measurement: it exits 0 whatever the figures, 1 when a session was not made or not where it should be.
# Usage: Benchmarks/testers.sh           release build; 10,000 sessions each
#        Benchmarks/testers.sh --smoke   the debug build (.build/debug/flowhost), 100 each, as CI does
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
if $smoke; then sizes=(--sessions 100 --threads 16); else sizes=(--sessions 10000); fi

work=$(mktemp -d)
pid=""
stop_server() {
    if [[ -n $pid ]] && kill "$pid" 2>/dev/null; then
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    pid=""
}
trap 'stop_server; rm -rf "$work"' EXIT
mkdir -p "$work/studies"
cat >"$work/studies/memory.json" <<'JSON'
{"title": "Memory", "tasks": [{"prompt": "Open a movie", "start": "start", "goal": ["movies/detail"]}]}
JSON

# Starts the server on a fresh store with the options given; the log at info level has the study's link.
start_server() {
    stop_server
    rm -f "$work"/flowhost.sqlite*
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$server" serve --port "$port" --store "$work/flowhost.sqlite" --max-sessions 20000 --log-level info "$@" \
        >"$work/server.log" 2>&1 &
    pid=$!
    for _ in $(seq 300); do
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
        kill -0 "$pid" 2>/dev/null || { echo "error: the server exited:" >&2; cat "$work/server.log" >&2; exit 1; }
        sleep 0.2
    done
}

echo "== Signed-in sessions ($server --studies)"
start_server --studies "$work/studies"
python3 -u Benchmarks/webhost/sessions.py --port "$port" --pid "$pid" "${sizes[@]}" | tee "$work/signed-in.txt"

echo "== Testers of a study ($server --studies)"
start_server --studies "$work/studies"
link=$(sed -n 's|.*testers open /study/\([0-9a-f]*\).*|\1|p' "$work/server.log" | head -n 1)
[[ -n $link ]] || { echo "error: the server's log names no study link" >&2; exit 1; }
python3 -u Benchmarks/webhost/sessions.py --port "$port" --pid "$pid" --study-link "$link" "${sizes[@]}" \
    | tee "$work/testers.txt"

per_session() { sed -n 's/.*per_session_kb=\([0-9.]*\).*/\1/p' "$1"; }
echo "== Memory per session: signed in $(per_session "$work/signed-in.txt") KB, tester $(per_session "$work/testers.txt") KB"
