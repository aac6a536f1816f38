#!/usr/bin/env bash
# Builds DTORuntime's documentation with the toolchain's DocC (no package dependency) and
# fails on any DocC warning (a link to a symbol that does not exist, a malformed directive)
# or on a public symbol without a doc comment. The archive is .build/docs/DTORuntime.doccarchive:
#   bash Scripts/build-docs.sh && open .build/docs/DTORuntime.doccarchive   (Xcode, on a Mac)
# or serve the archive's folder with any static file server and open /documentation/dtoruntime.
set -euo pipefail
cd "$(dirname "$0")/.."

docc=(docc)
extract=(swift symbolgraph-extract)
sdk=()
if ! command -v docc >/dev/null 2>&1; then
  if command -v xcrun >/dev/null 2>&1; then
    docc=(xcrun docc)
  else
    echo "build-docs: no 'docc' in PATH (it ships with the Swift toolchain)" >&2
    exit 1
  fi
fi
if command -v xcrun >/dev/null 2>&1; then
  sdk=(-sdk "$(xcrun --show-sdk-path)")
fi

swift build --target DTORuntime
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -1)
out=.build/docs
graphs=$out/symbol-graphs
rm -rf "$graphs" "$out/DTORuntime.doccarchive"
mkdir -p "$graphs"

# Public API only: @_spi(Generated) declarations are for generated code and stay out.
"${extract[@]}" -module-name DTORuntime -I "$bin/Modules" -target "$triple" "${sdk[@]}" \
  -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"

echo "== every public symbol has a doc comment"
swift Scripts/undocumented-symbols.swift "$graphs"

echo "== DocC (warnings are errors)"
"${docc[@]}" convert Sources/DTORuntime/DTORuntime.docc --additional-symbol-graph-dir "$graphs" \
  --output-path "$out/DTORuntime.doccarchive" --warnings-as-errors \
  --fallback-display-name DTORuntime --fallback-bundle-identifier dtogen.DTORuntime
echo "build-docs: $out/DTORuntime.doccarchive"
