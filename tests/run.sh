#!/usr/bin/env bash
# Every test: installs what is missing, builds, runs the C++ suites through
# ctest (the slow label, deep perft, is left to `ctest -L slow`), then the
# browser tests in headless Chromium when the web client has them, then the
# safety net (tests/safety_net.sh: the suites under ASan/UBSan and TSan, fuzzing).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

bash docker/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"

ctest --test-dir build --label-exclude slow --output-on-failure -j2 --timeout 600

if [ -f tests/e2e/package.json ]; then
  (cd tests/e2e && node run.mjs)
fi

# The safety net (sanitizer builds, fuzzing; docs/safety_net.md): clang-16 only.
bash tests/safety_net.sh
