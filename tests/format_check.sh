#!/usr/bin/env bash
# Fails when C++ lines changed since a base commit are not formatted as
# .clang-format says (clang-format-16 --dry-run --Werror on those lines only).
#
# Only changed lines are checked, not whole files: most of the tree predates
# the check, and reformatting it in one commit would conflict with every branch
# in flight. Each change formats what it touches, so the tree converges.
#
# Usage: tests/format_check.sh [base]
#   base: a commit to compare with; default $KIBITZ_FORMAT_BASE, else the
#   merge base of HEAD and main (on main itself: only uncommitted changes).
# Uncommitted changes in the working tree count as changed. tests/run.sh runs
# it: on a branch it checks what the branch changed; on main, what is not
# committed yet. To fix what it reports (formats the changed lines in place):
#   git clang-format-16 --binary clang-format-16 --extensions cpp,hpp,h,cc --force <base>
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

format=${CLANG_FORMAT:-clang-format-16}
if ! command -v "$format" >/dev/null 2>&1; then
  echo "format check: $format is missing (docker/install-deps.sh installs it)" >&2
  exit 1
fi
if ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "format check: not a git checkout, nothing to compare with: skipped"
  exit 0
fi
base=${1:-${KIBITZ_FORMAT_BASE:-}}
if [ -z "$base" ]; then
  base=$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD)
fi

status=0
checked=0
# Added, copied, modified or renamed C++ files, vendored code aside. A moved
# file is compared with where it was (rename detection), so only the lines the
# move changed (its includes) count, not the whole file.
while IFS=$'\t' read -r change from file; do
  [ -n "$file" ] || file=$from
  case $change in R*|C*) ;; *) from=$file ;; esac
  case $file in
    web/vendor/*) continue ;;
  esac
  [ -f "$file" ] || continue
  # The changed lines of the file as --lines=first:last ranges (new side of
  # each hunk of a zero-context diff; a pure deletion leaves no lines).
  ranges=$(git diff -U0 -M --no-color "$base" -- "$from" "$file" |
           sed -n 's/^@@ -[0-9,]* +\([0-9]*\)\(,\([0-9]*\)\)\{0,1\} @@.*/\1 \3/p' |
           awk '{ n = ($2 == "") ? 1 : $2; if (n > 0) printf "--lines=%d:%d ", $1, $1 + n - 1 }')
  [ -n "$ranges" ] || continue
  checked=$((checked + 1))
  # shellcheck disable=SC2086  # one word per range
  if ! "$format" --dry-run --Werror $ranges "$file" 2>/tmp/format_check.$$; then
    head -n 20 /tmp/format_check.$$ >&2
    status=1
  fi
done < <(git diff --name-status -M --diff-filter=ACMR "$base" -- '*.cpp' '*.hpp' '*.h' '*.cc')
rm -f /tmp/format_check.$$

if [ "$status" -ne 0 ]; then
  echo "format check: changed lines are not formatted; run:" >&2
  echo "  git clang-format-16 --binary clang-format-16 --extensions cpp,hpp,h,cc --force $base" >&2
else
  echo "format check: $checked changed file(s) formatted (since $(git rev-parse --short "$base"))"
fi
exit "$status"
