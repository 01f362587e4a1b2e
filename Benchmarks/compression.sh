#!/usr/bin/env bash
# gzip of what FlowHost sends compressed: the sample's movie list as a signed-in session gets it
# (from the server, started here) and the chrome's stylesheet, through zlib at the settings used
# before and through libdeflate at each level: size and CPU time a compression (C, best of the
# runs). The size the server sends is printed too. Benchmarks/compression/levels.c, built with
# the toolchain's clang.
# A measurement: it exits 0 whatever the figures, 1 when no page could be fetched.
# Usage: Benchmarks/compression.sh           release build of the server, 500 compressions of each
#        Benchmarks/compression.sh --smoke   the debug build (.build/debug/flowhost), 5 of each
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/server-binary.sh "${1:-}"
if $smoke; then runs=5; else runs=500; fi
work=$(mktemp -d)
pid=""
cleanup() {
    [[ -z $pid ]] || kill "$pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
clang -O2 -o "$work/levels" Benchmarks/compression/levels.c -ldeflate -lz
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$server" serve --port "$port" --store memory --log-level warning >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || { echo "error: the server exited:" >&2; cat "$work/server.log" >&2; exit 1; }
    sleep 0.2
done
python3 - "$port" "$work/movie-list.html" <<'PYTHON'
import os, sys
sys.path.insert(0, os.path.join("Benchmarks", "python"))
from flowhost_browser import Browser
port, out = int(sys.argv[1]), sys.argv[2]
browser = Browser(port)
browser.sign_in()
response, _ = browser.request("GET", browser.path)
sent = int(response.headers["Content-Length"])
print(f"The movie list as served: {len(browser.page.encode())} bytes, {sent} on the wire "
      f"({response.headers.get('Content-Encoding')})")
open(out, "w").write(browser.page)
PYTHON
"$work/levels" "$runs" "$work/movie-list.html" Sources/HTMLPages/Resources/Public/flowhost.css
