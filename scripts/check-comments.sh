#!/usr/bin/env bash
# Comments and test names state the rule they hold in their own words: they cite no document or
# issue outside the repository (a functional spec's sections, an issue tracker's numbers). Public
# standards (RFC, MQTT sections) may be cited.
set -euo pipefail
cd "$(dirname "$0")/.."
pattern='([Ii]ssue #?[0-9]+|\b(spec|DP|CS)\s*§|\.md §|\b[Tt]he spec\b|\([Ss]pec [^)]*\))'
found=$(git grep -nE "$pattern" -- '*.rs' '*.ts' '*.tsx' '*.mjs' '*.toml' '*.sh' '*.py' \
  ':!sdk/ts/src/api.gen.ts' ':!scripts/check-comments.sh' || true)
if [ -n "$found" ]; then
  echo "Comments or test names cite a document or an issue outside the repository; state the rule instead:"
  echo "$found"
  exit 1
fi
