#!/usr/bin/env bash
# Every test: installs what is missing, builds, runs the C++ suites through
# ctest (the slow label, deep perft, is left to `ctest -L slow`), then the
# browser tests in headless Chromium when the web client has them, then the
# safety net (tests/safety_net.sh: the suites under ASan/UBSan and TSan, fuzzing).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

bash docker/install-deps.sh
# The C++ lines this branch changed follow .clang-format (tests/format_check.sh).
bash tests/format_check.sh
# Warnings are errors here (KIBITZ_WERROR; off by default for people building
# with another compiler, whose warnings we have not seen). A unity build (up to
# sixteen sources per compilation): CI builds the tree three times from
# nothing, and most of a server file's compile is Beast, Asio and json, parsed
# and instantiated once per batch instead of once per file (docs/safety_net.md,
# "Unity builds"). Off by default, where a one-file change should rebuild one file.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DKIBITZ_WERROR=ON -DCMAKE_UNITY_BUILD=ON \
  -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 >/dev/null
cmake --build build -j"$(nproc)"

ctest --test-dir build --label-exclude slow --output-on-failure -j2 --timeout 600

# The web client's unit tests and the catalogue check (docs/i18n.md): node's
# own test runner, nothing to install.
node --test tests/web/

if [ -f tests/e2e/package.json ]; then
  (cd tests/e2e && node run.mjs)
fi

# The safety net (sanitizer builds, fuzzing; docs/safety_net.md): clang-16 only.
# All three parts: ASan+UBSan, TSan over the server suites, the fuzzers.
KIBITZ_SAFETY_NET=${KIBITZ_SAFETY_NET:-"asan tsan fuzz"} bash tests/safety_net.sh
