#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests, CI and benchmarks: Debian's PostgreSQL (15), initdb in a
# new temporary folder, listening on 127.0.0.1 only (no unix socket in /var/run), on a free port,
# fsync off (its data is thrown away). Run as root (CI), the cluster runs as the `postgres` user
# Debian's package creates: PostgreSQL refuses to run as root.
#
#   url=$(scripts/lib/postgres-cluster.sh start)   # prints postgres://flowhost@127.0.0.1:PORT/flowhost
#   scripts/lib/postgres-cluster.sh stop "$url"    # stops it and removes its folder
#   scripts/lib/postgres-cluster.sh pause "$url"   # stops the server, keeping its data (a database outage)
#   scripts/lib/postgres-cluster.sh resume "$url"  # starts it again on the same port
#
# Sourced instead, `postgres_cluster_start` sets POSTGRES_CLUSTER_URL and stops the cluster when the
# shell exits (an EXIT trap): `source scripts/lib/postgres-cluster.sh; postgres_cluster_start`.
set -euo pipefail

# Debian's newest installed PostgreSQL (15 on Debian 12), unless POSTGRES_BIN names another.
if [[ -z ${POSTGRES_BIN:-} ]]; then
    POSTGRES_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    POSTGRES_BIN=${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}
fi

# Runs a command as the cluster's user: `postgres` when we are root, else ourselves.
postgres_cluster_as_owner() {
    if [[ $(id -u) == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# A TCP port nothing listens on now, chosen by the kernel.
postgres_cluster_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Starts a cluster; prints its URL. Its folder is named in the URL's port: /tmp/flowhost-pg-PORT.
postgres_cluster_start_detached() {
    [[ -x $POSTGRES_BIN/initdb ]] || {
        echo "error: no PostgreSQL in $POSTGRES_BIN: scripts/install-dependencies installs Debian's postgresql" >&2
        return 1
    }
    local port folder
    port=$(postgres_cluster_free_port)
    folder=/tmp/flowhost-pg-$port
    mkdir -m 0700 "$folder"
    [[ $(id -u) != 0 ]] || chown postgres: "$folder"
    postgres_cluster_as_owner "$POSTGRES_BIN/initdb" -D "$folder/data" -U flowhost --auth=trust \
        --no-sync -E UTF8 --locale=C.UTF-8 >"$folder/initdb.log" 2>&1 || {
        cat "$folder/initdb.log" >&2
        return 1
    }
    postgres_cluster_run_server "$port" || return 1
    postgres_cluster_as_owner "$POSTGRES_BIN/createdb" -h 127.0.0.1 -p "$port" -U flowhost flowhost
    echo "postgres://flowhost@127.0.0.1:$port/flowhost"
}

# Starts the server of the cluster on `port` (its folder /tmp/flowhost-pg-PORT), waiting until it answers.
postgres_cluster_run_server() {
    local port=$1 folder=/tmp/flowhost-pg-$1
    postgres_cluster_as_owner "$POSTGRES_BIN/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -s \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='' -c fsync=off \
            -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start || {
        cat "$folder/server.log" >&2
        return 1
    }
}

# The port of the cluster URL `url`.
postgres_cluster_port() {
    local port=${1##*:}
    echo "${port%%/*}"
}

# Stops the cluster of `url` (started by postgres_cluster_start_detached) and removes its folder.
postgres_cluster_stop_detached() {
    local folder
    folder=/tmp/flowhost-pg-$(postgres_cluster_port "$1")
    [[ -d $folder ]] || return 0
    postgres_cluster_as_owner "$POSTGRES_BIN/pg_ctl" -D "$folder/data" -m immediate -s stop >/dev/null 2>&1 || true
    rm -rf "$folder"
}

# Starts a cluster for this shell: POSTGRES_CLUSTER_URL, stopped at exit.
postgres_cluster_start() {
    POSTGRES_CLUSTER_URL=$(postgres_cluster_start_detached)
    export POSTGRES_CLUSTER_URL
    trap 'postgres_cluster_stop_detached "$POSTGRES_CLUSTER_URL"' EXIT
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    case ${1:-} in
    start) postgres_cluster_start_detached ;;
    stop) postgres_cluster_stop_detached "${2:?usage: $0 stop URL}" ;;
    pause)
        port=$(postgres_cluster_port "${2:?usage: $0 pause URL}")
        postgres_cluster_as_owner "$POSTGRES_BIN/pg_ctl" -D "/tmp/flowhost-pg-$port/data" -m fast -w -s stop
        ;;
    resume) postgres_cluster_run_server "$(postgres_cluster_port "${2:?usage: $0 resume URL}")" ;;
    *)
        echo "usage: $0 start | stop URL | pause URL | resume URL" >&2
        exit 2
        ;;
    esac
fi
