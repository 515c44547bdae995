#!/usr/bin/env bash
# Installs what the browser tests need from Debian's packages when it is missing:
# Chromium (driven by playwright-core), a CJK font so Chinese pages render as people see them, and OpenLDAP
# (slapd, ldap-utils) for the directory tests, which run a throwaway slapd (tests/helpers/slapd.ts).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'noto sans cjk' || need+=(fonts-noto-cjk)
[ -x /usr/sbin/slapd ] || need+=(slapd)
command -v ldapmodify >/dev/null 2>&1 || need+=(ldap-utils)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != "0" ]; then
  echo "Missing ${need[*]}: install them with 'sudo apt-get install -y ${need[*]}' (the tests drive Debian's Chromium and a throwaway OpenLDAP)." >&2
  exit 1
fi
echo "Installing ${need[*]} with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
