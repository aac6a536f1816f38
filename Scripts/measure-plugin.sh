#!/usr/bin/env bash
# Measures the build plugin in the consumer package Examples/QuakesApp and checks how it
# behaves. Prints figures; fails only on behaviour (never on timing):
#   1. clean build (the dtogen tool included) and a run of the app,
#   2. a no-op rebuild must not run dtogen,
#   3. after editing one spec only that spec's command runs,
#   4. a broken spec fails `swift build` with the spec's path:line:col,
#   5. the command plugin's committed output (StationsKit/Generated) is current.
set -euo pipefail
cd "$(dirname "$0")/../Examples/QuakesApp"
spec="Sources/QuakesApp/Specs/usgs feeds/quakes.dtogen.json"
backup=$(mktemp)
cp "$spec" "$backup"
trap 'cp "$backup" "$spec"; rm -f "$backup"' EXIT

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
fail() { echo "measure-plugin: FAILED: $*" >&2; exit 1; }

rm -rf .build
start=$(now); swift build > /tmp/dtogen-clean.log 2>&1 || { cat /tmp/dtogen-clean.log; fail "clean build"; }; end=$(now)
clean=$(elapsed "$start" "$end")
if grep -E "(warning|error):" /tmp/dtogen-clean.log; then fail "the consumer build printed warnings"; fi
swift run --skip-build QuakesApp || fail "QuakesApp did not run"

# SwiftPM relinks the plugin's tool once on the first build after a clean one (and so
# reruns the commands); measure the no-op after that has settled, and report both.
start=$(now); swift build > /tmp/dtogen-second.log 2>&1; end=$(now)
second=$(elapsed "$start" "$end")
second_runs=$(grep -c "dtogen .*\.dtogen\.json" /tmp/dtogen-second.log || true)

start=$(now); swift build > /tmp/dtogen-noop.log 2>&1; end=$(now)
noop=$(elapsed "$start" "$end")
noop_runs=$(grep -c "dtogen .*\.dtogen\.json" /tmp/dtogen-noop.log || true)
[ "$noop_runs" = 0 ] || { cat /tmp/dtogen-noop.log; fail "a no-op build ran dtogen $noop_runs times"; }

sed -i 's/"count": "Int"/"count": "Int", "api": "String?"/' "$spec"
start=$(now); swift build > /tmp/dtogen-edit.log 2>&1 || { cat /tmp/dtogen-edit.log; fail "rebuild after an edit"; }; end=$(now)
edit=$(elapsed "$start" "$end")
ran=$(grep -o "dtogen [^ ]*\.dtogen\.json" /tmp/dtogen-edit.log | sort -u | tr '\n' ' ')
[ "$ran" = "dtogen quakes.dtogen.json " ] || { cat /tmp/dtogen-edit.log; fail "after editing one spec, dtogen ran: '$ran'"; }

sed -i 's/"api": "String?"/"api": "Strng?"/' "$spec"
set +e
swift build > /tmp/dtogen-error.log 2>&1
status=$?
set -e
error_line=$(grep -m1 "quakes.dtogen.json:[0-9]*:[0-9]*: error:" /tmp/dtogen-error.log || true)
[ "$status" != 0 ] || fail "a broken spec did not fail the build"
[ -n "$error_line" ] || { cat /tmp/dtogen-error.log; fail "no path:line:col error for the broken spec"; }
cp "$backup" "$spec"
swift build > /dev/null 2>&1 || fail "build after restoring the spec"

swift package --allow-writing-to-package-directory generate-dtos --target StationsKit --check > /tmp/dtogen-command.log 2>&1 \
  || { cat /tmp/dtogen-command.log; fail "StationsKit/Generated is stale"; }

echo
echo "Build plugin, consumer Examples/QuakesApp ($(nproc) cores, $(swift --version 2>&1 | head -1)):"
printf '  %-44s %6s s\n' "clean build (dtogen tool included)" "$clean"
printf '  %-44s %6s s  (dtogen ran %s times)\n' "first rebuild after the clean build" "$second" "$second_runs"
printf '  %-44s %6s s  (dtogen ran %s times)\n' "no-op rebuild" "$noop" "$noop_runs"
printf '  %-44s %6s s  (%s)\n' "rebuild after editing one spec" "$edit" "$ran"
echo "  broken spec: swift build exit $status, printed:"
echo "    $error_line"
echo "  command plugin: StationsKit/Generated is up to date"
