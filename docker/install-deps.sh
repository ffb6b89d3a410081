#!/usr/bin/env bash
# Installs the Debian packages Kibitz needs, only when something is missing.
#   install-deps.sh --server   what building and running the server needs
#                              (server/run.sh: the first README command)
#   install-deps.sh            that, and what the tests need: PostgreSQL and
#                              Redis servers, Chromium with playwright-core
#                              from npm, clang-16 with its runtimes
#                              (libclang-rt-16-dev: the sanitizers and
#                              libFuzzer), llvm-16 (llvm-symbolizer) and lld-16
#                              (the linker) for the safety net, clang-format-16 for the format check
# Safe to re-run.
set -euo pipefail

server_packages=(
  build-essential cmake ninja-build pkg-config git ccache
  libboost1.81-dev
  nlohmann-json3-dev libspdlog-dev libfmt-dev doctest-dev
  libsqlite3-dev sqlite3 libsodium-dev libjemalloc-dev
  libssl-dev libpq-dev libhiredis-dev
)
test_packages=(
  postgresql-15 redis-server
  chromium chromium-driver
  clang-16 libclang-rt-16-dev llvm-16 lld-16 clang-format-16
  curl procps
)

server_only=false
[ "${1:-}" = "--server" ] && server_only=true
packages=("${server_packages[@]}")
$server_only || packages+=("${test_packages[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

# A Node.js that ships its own npm (not Debian's packaging) is fine as it is.
if ! $server_only; then
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
fi

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all Debian packages present"
fi

$server_only && exit 0
# Browser tests drive Debian's /usr/bin/chromium with playwright-core; it never downloads a browser.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# axe-core: the accessibility checks the browser tests load into each page (tests/e2e/a11y.mjs).
# http_ece: the push tests' independent decryption of Web Push bodies (tests/e2e/verify_push.mjs).
if [ -f "$root/tests/e2e/package.json" ] && { [ ! -d "$root/tests/e2e/node_modules/playwright-core" ] || [ ! -d "$root/tests/e2e/node_modules/axe-core" ] || [ ! -d "$root/tests/e2e/node_modules/http_ece" ]; }; then
  (cd "$root/tests/e2e" && npm ci --no-audit --no-fund --loglevel=error 2>/dev/null || npm install --no-audit --no-fund --loglevel=error)
fi
