# Sourced by the benchmark scripts with their first argument: sets `server` to the flowhost binary
# to measure and `smoke` to true or false. With --smoke, the debug build (.build/debug/flowhost, or
# FLOWHOST_BIN) as CI runs it; otherwise a release build, made first. Exits when there is none.
source scripts/lib/swift-build.sh
if [[ ${1:-} == --smoke ]]; then
    smoke=true
    server=${FLOWHOST_BIN:-.build/debug/flowhost}
else
    smoke=false
    scripts/install-dependencies
    swift_build -c release --product flowhost --scratch-path .build-release
    server=.build-release/release/flowhost
fi
[[ -x $server ]] || { echo "error: no server binary at $server (swift build first)" >&2; exit 1; }
