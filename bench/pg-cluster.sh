#!/bin/sh
# A PostgreSQL server of the benchmark's own, with pg_stat_statements loaded, so `npm run bench compare -- --db postgres`
# counts each route's statements without restarting the machine's server:
#   BENCH_PG_URL=$(sh bench/pg-cluster.sh start) npm run bench compare -- --base main --db postgres
#   sh bench/pg-cluster.sh stop
# Data in ${BENCH_PG_DIR:-/tmp/reelhouse-bench-pg}, port ${BENCH_PG_PORT:-5499}; run as root it runs as the postgres user.
set -eu
dir=${BENCH_PG_DIR:-/tmp/reelhouse-bench-pg}
port=${BENCH_PG_PORT:-5499}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL's server programs were not found under /usr/lib/postgresql" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-start}" in
  start)
    if [ ! -f "$dir/PG_VERSION" ]; then
      mkdir -p "$dir"
      [ "$(id -u)" = 0 ] && chown postgres "$dir"
      as_pg "$bin/initdb" -D "$dir" -U postgres --auth=trust >/dev/null
    fi
    if ! as_pg "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
      as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w start -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=top -c max_connections=200 -c shared_buffers=256MB -c fsync=on" >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null
    ;;
  *)
    echo "usage: sh bench/pg-cluster.sh start|stop" >&2
    exit 2
    ;;
esac
