#!/usr/bin/env bash
# Every crate the code names must build on every release target (dist-workspace.toml).
#
# This machine cannot install another target's standard library, so the check is on the
# dependency graph, which cargo resolves for any target: a crate that is a direct dependency
# on this host but not on a release target must be one of PLATFORM_ONLY, and each line that
# names it in src/ must sit under a `#[cfg(...)]` within the few lines above it. A crate moved
# under `[target.'cfg(unix)'.dependencies]` by mistake (as shlex, percent-encoding and similar
# once were) fails here.
set -euo pipefail
cd "$(dirname "$0")/../.."

# crate name -> the cfg its uses must sit under
declare -A PLATFORM_ONLY=([signal-hook]='cfg(unix)')

direct() {
  cargo tree --locked --edges normal --depth 1 --prefix none --format '{p}' "$@" \
    | awk 'NR > 1 {print $1}' | sort -u
}

host=$(direct)
[ -n "$host" ] || { echo "target-deps: cargo tree printed nothing" >&2; exit 2; }
targets=$(sed -n 's/^targets = \[\(.*\)\]/\1/p' dist-workspace.toml | tr -d '" ' | tr ',' ' ')
[ -n "$targets" ] || { echo "target-deps: no targets in dist-workspace.toml" >&2; exit 2; }

fail=0
for t in $targets; do
  there=$(direct --target "$t")
  for c in $(comm -23 <(echo "$host") <(echo "$there")); do
    if [ -z "${PLATFORM_ONLY[$c]:-}" ]; then
      echo "target-deps: crate '$c' is a dependency on this host but not on $t; move it out of its [target.'cfg(...)'.dependencies] table" >&2
      fail=1
    fi
  done
done

for c in "${!PLATFORM_ONLY[@]}"; do
  ident=${c//-/_}
  want=${PLATFORM_ONLY[$c]}
  while IFS=: read -r file line _; do
    if ! sed -n "$((line > 4 ? line - 4 : 1)),${line}p" "$file" | grep -qF "#[$want]"; then
      echo "target-deps: $file:$line names $ident outside #[$want]" >&2
      fail=1
    fi
  done < <(grep -rn "\b${ident}::" src || true)
done

[ "$fail" = 0 ] && echo "target-deps: every used crate resolves on: $targets"
exit "$fail"
