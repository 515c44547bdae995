#!/usr/bin/env bash
# Installs what the PostgreSQL run of the HTTP tests needs from Debian's packages when it is missing: the
# server (initdb, postgres: a throwaway cluster per run, tests/helpers/pg-cluster.ts) and its client tools
# (pg_dump, for the backup taken before migrations).
set -euo pipefail
have_server=false
for bin in /usr/lib/postgresql/*/bin/initdb; do [ -x "$bin" ] && have_server=true; done
need=()
$have_server || need+=(postgresql)
command -v pg_dump >/dev/null 2>&1 || need+=(postgresql-client)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != "0" ]; then
  echo "Missing ${need[*]}: install them with 'sudo apt-get install -y ${need[*]}' (the HTTP tests also run on a throwaway PostgreSQL)." >&2
  exit 1
fi
echo "Installing ${need[*]} with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# The package's own cluster is not wanted: the tests start theirs.
mkdir -p /etc/postgresql-common/createcluster.d
echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/lanxue.conf
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
