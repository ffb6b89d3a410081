#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine (only what is missing), builds, and starts
# the server on http://localhost:8080 with the SQLite file ./kibitz.db.
# Extra arguments go to kibitz-server (see `build/bin/kibitz-server --help`).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash docker/install-deps.sh --server  # the tests' packages (browsers, databases, clang) come with tests/run.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target kibitz-server kibitz-cli -j"$(nproc)"
exec build/bin/kibitz-server --web-root "$root/web" --db "${KIBITZ_DB:-$root/kibitz.db}" \
    --tournament-schedule "$root/schema/tournament_schedule.json" "$@"
