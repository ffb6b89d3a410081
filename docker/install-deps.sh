#!/usr/bin/env bash
# Installs every Debian package Kibitz needs, only when something is missing,
# then the browser-test driver (playwright-core) from npm. Safe to re-run.
# clang-16 with its runtimes (libclang-rt-16-dev: the sanitizers and libFuzzer)
# and llvm-16 (llvm-symbolizer, for readable sanitizer stacks) are for the
# safety net, tests/safety_net.sh; clang-format-16 for tests/format_check.sh.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libboost1.81-dev
  nlohmann-json3-dev libspdlog-dev libfmt-dev doctest-dev
  libsqlite3-dev sqlite3 libsodium-dev libjemalloc-dev
  libssl-dev
  libpq-dev postgresql-15
  libhiredis-dev redis-server
  chromium chromium-driver
  clang-16 libclang-rt-16-dev llvm-16 clang-format-16
  curl procps ccache
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

# A Node.js that ships its own npm (not Debian's packaging) is fine as it is.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all Debian packages present"
fi

# Browser tests drive Debian's /usr/bin/chromium with playwright-core; it never downloads a browser.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# axe-core: the accessibility checks the browser tests load into each page (tests/e2e/a11y.mjs).
# http_ece: the push tests' independent decryption of Web Push bodies (tests/e2e/verify_push.mjs).
if [ -f "$root/tests/e2e/package.json" ] && { [ ! -d "$root/tests/e2e/node_modules/playwright-core" ] || [ ! -d "$root/tests/e2e/node_modules/axe-core" ] || [ ! -d "$root/tests/e2e/node_modules/http_ece" ]; }; then
  (cd "$root/tests/e2e" && npm ci --no-audit --no-fund --loglevel=error 2>/dev/null || npm install --no-audit --no-fund --loglevel=error)
fi
