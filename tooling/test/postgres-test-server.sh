#!/usr/bin/env bash
# A throw-away PostgreSQL on loopback, for the tests (npm test, .ci/run) and for a developer.
#
#   tooling/test/postgres-test-server.sh [command args...]
#
# Finds Debian's server (apt-get install postgresql; this script installs nothing), initdb's a
# cluster in a temporary folder, starts it on 127.0.0.1 on a free port, creates the database `test`
# and exports TEST_POSTGRES_URL. With a command, runs it with that variable and stops the server
# when it ends (the command's exit code is the script's). Without one, prints the variable and
# keeps the server until Ctrl-C.
#
# initdb refuses root: as root the cluster belongs to the `postgres` user (Debian's package makes
# it) or `nobody`. The cluster uses the C locale, so text sorts byte by byte as in SQLite.
set -euo pipefail

bin_dir=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then bin_dir="$candidate"; break; fi
done
if [ -z "$bin_dir" ]; then
  echo "postgres-test-server: no PostgreSQL server found under /usr/lib/postgresql/*/bin." >&2
  echo "  Install it with: sudo apt-get install postgresql   (or set TEST_POSTGRES=off to skip the PostgreSQL tests)" >&2
  exit 2
fi

run_as=()
owner="$(id -un)"
if [ "$(id -u)" -eq 0 ]; then
  if id postgres >/dev/null 2>&1; then owner=postgres; else owner=nobody; fi
  if command -v runuser >/dev/null 2>&1; then run_as=(runuser -u "$owner" --); else run_as=(su "$owner" -s /bin/sh -c); fi
fi

work="$(mktemp -d -t pg-test-XXXXXX)"
chmod 755 "$work"
data="$work/data"
mkdir "$data"
if [ "$(id -u)" -eq 0 ]; then chown -R "$owner" "$work"; fi

free_port() {
  node -e "const s=require('net').createServer();s.listen(${1:-0},'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}
port="$(free_port 5433 2>/dev/null || free_port 0)"

sleeper=""
stop() {
  if [ -n "$sleeper" ]; then kill "$sleeper" 2>/dev/null || true; fi
  "${run_as[@]}" "$bin_dir/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop EXIT
trap 'exit 130' INT TERM

"${run_as[@]}" "$bin_dir/initdb" -D "$data" -U postgres --auth=trust --locale=C --encoding=UTF8 >"$work/initdb.log" 2>&1 || {
  cat "$work/initdb.log" >&2
  exit 1
}
# Tuned for a test run: nothing here needs to survive a crash.
"${run_as[@]}" "$bin_dir/pg_ctl" -D "$data" -l "$work/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $work -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
  start >/dev/null || {
  cat "$work/server.log" >&2
  exit 1
}
"$bin_dir/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q -c 'CREATE DATABASE test' >/dev/null

export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/test"
echo "TEST_POSTGRES_URL=$TEST_POSTGRES_URL" >&2

if [ "$#" -gt 0 ]; then
  set +e
  "$@"
  code=$?
  set -e
  exit "$code"
fi
echo "PostgreSQL runs until Ctrl-C." >&2
while true; do
  sleep 3600 &
  sleeper=$!
  wait "$sleeper"
done
