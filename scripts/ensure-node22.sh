#!/usr/bin/env bash
# Puts Node.js 22 (the Docker image's runtime) beside the machine's Node, for the production test that runs the built
# server on it. The binary and its headers come from the npm registry's node-linux-<arch> package (the official
# build repackaged), so nothing is fetched from anywhere else. Prints the folder (with bin/node and include/node).
set -euo pipefail
version=22.23.3
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "ensure-node22: no Node 22 package for $(uname -m)" >&2; exit 1 ;;
esac
dest="${NODE22_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lanxue/node-$version}"
if [ -x "$dest/bin/node" ] && [ "$("$dest/bin/node" --version)" = "v$version" ]; then
  echo "$dest"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack "node-linux-$arch@$version" --silent >/dev/null)
tar xzf "$tmp"/node-linux-*.tgz -C "$tmp"
mkdir -p "$(dirname "$dest")"
rm -rf "$dest"
mv "$tmp/package" "$dest"
"$dest/bin/node" --version >/dev/null
echo "$dest"
