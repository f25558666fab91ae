#!/usr/bin/env bash
# The package as users with other set-ups read it. Run by .ci/run after `npm test`, from any
# directory, with no input: installs this folder's own tools (their weight stays out of the main
# install), packs the package as `npm pack` publishes it, then runs every check and prints one
# PASS/FAIL line per case. Exits 1 when any check failed.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$here"

npm ci --no-audit --no-fund --loglevel=error || exit 1

work="$(mktemp -d "${TMPDIR:-/tmp}/ecosystem-pack-XXXXXX")"
trap 'rm -rf "$work"' EXIT
if ! (cd "$root" && npm pack --pack-destination "$work") >"$work/pack.log" 2>&1; then
  tail -n 30 "$work/pack.log"
  echo "FAIL  npm pack (the package's own build)"
  exit 1
fi
tarball="$(ls "$work"/*.tgz)"

failed=()
check() { # name, command...
  local name="$1"; shift
  if "$@"; then :; else failed+=("$name"); fi
}
check "module systems" node modules.mjs "$tarball"
check "attw" node attw.mjs "$tarball"
check "MSW" node msw.mjs "$tarball"
check "browser" node browser.mjs "$tarball"
check "Jest" node jest.mjs "$tarball"
check "coverage" node coverage.mjs "$tarball"
tool_node="$here/node_modules/node24/bin/node"  # Spectral, swagger-parser and the generators want Node 22.18+
check "Spectral" "$tool_node" spectral.mjs
check "swagger-parser" "$tool_node" swagger-parser.mjs
check "generators" "$tool_node" generators.mjs

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "ecosystem check FAILED: ${failed[*]}"
  exit 1
fi
echo "ecosystem check passed"
