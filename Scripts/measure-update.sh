#!/usr/bin/env bash
# Measures what updating an imported API does to a team's repository: imports OLD, then NEW
# (each into a fresh spec unless --update re-imports NEW over OLD's spec), generates each,
# and prints the generated lines removed/added, the files touched, the warnings generation
# printed, and `dtogen diff`'s entries by kind. Defaults to the shared Stripe pair
# (../shared/conformance/history). Prints figures; fails only if a step fails.
#   Scripts/measure-update.sh [--update] [OLD NEW]
set -euo pipefail
cd "$(dirname "$0")/.."
update=0
if [ "${1:-}" = "--update" ]; then update=1; shift; fi
old=${1:-../shared/conformance/history/stripe-2023-02-22.yaml}
new=${2:-../shared/conformance/history/stripe-2023-06-01.yaml}
[ -f "$old" ] && [ -f "$new" ] || { echo "measure-update: $old or $new is missing" >&2; exit 2; }
old=$(cd "$(dirname "$old")" && pwd)/$(basename "$old")
new=$(cd "$(dirname "$new")" && pwd)/$(basename "$new")

swift build --product dtogen >/dev/null
dtogen=$(swift build --product dtogen --show-bin-path)/dtogen
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
mkdir -p "$work/repo/specs"
cd "$work/repo"
git init -q .
git config user.email bench@example.com
git config user.name bench

"$dtogen" import "$old" -o specs/api.json --name API --quiet > "$work/import-old.log" 2>&1 || { cat "$work/import-old.log"; exit 1; }
"$dtogen" specs -o Generated > "$work/generate-old.log" 2>&1 || { cat "$work/generate-old.log"; exit 1; }
git add -A && git commit -qm old

if [ "$update" = 1 ]; then
  "$dtogen" import "$new" -o specs/api.json --name API --update --quiet > "$work/import-new.log" 2>&1 || { cat "$work/import-new.log"; exit 1; }
else
  rm specs/api.json
  "$dtogen" import "$new" -o specs/api.json --name API --quiet > "$work/import-new.log" 2>&1 || { cat "$work/import-new.log"; exit 1; }
fi
"$dtogen" specs -o Generated > "$work/generate-new.log" 2>&1 || { cat "$work/generate-new.log"; exit 1; }
git add -A

read -r added removed < <(git diff --cached --numstat -- Generated | awk '{ a += $1; r += $2 } END { print a + 0, r + 0 }')
files=$(git diff --cached --name-only -- Generated | wc -l)
total=$(ls Generated | wc -l)
warnings=$(grep -c "warning:" "$work/generate-new.log" || true)
import_warnings=$(grep -c "warning:" "$work/import-new.log" || true)
"$dtogen" diff --base HEAD specs --format json > "$work/diff.json" 2>/dev/null || true

echo "Updating $(basename "$old") -> $(basename "$new")$([ "$update" = 1 ] && echo " (import --update)"):"
printf '  %-40s -%s / +%s\n' "generated lines removed / added" "$removed" "$added"
printf '  %-40s %s of %s\n' "generated files touched" "$files" "$total"
printf '  %-40s %s\n' "warnings generating the new spec" "$warnings"
printf '  %-40s %s\n' "warnings importing the new document" "$import_warnings"
python3 - "$work/diff.json" <<'PY'
import collections, json, sys
try:
    report = json.load(open(sys.argv[1]))
except Exception as error:
    print(f"  dtogen diff: no report ({error})"); sys.exit(0)
changes = report if isinstance(report, list) else report.get("changes", [])
print(f"  {'dtogen diff entries':40} {len(changes)}")
by = collections.Counter(c.get("severity", "?") + (" (" + ", ".join(c.get("breaks", [])) + ")" if c.get("breaks") else "") for c in changes)
for key, count in sorted(by.items()):
    print(f"    {key:38} {count}")
kinds = collections.Counter(c.get("message", "").split("'")[0].strip() for c in changes)
for key, count in kinds.most_common(8):
    print(f"    {count:5}  {key}")
PY
