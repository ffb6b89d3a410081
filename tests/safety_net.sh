#!/usr/bin/env bash
# The safety net under the hand-written network stack (issue 14), with clang-16:
#   build-asan  the C++ suites under AddressSanitizer + UndefinedBehaviorSanitizer,
#               and the libFuzzer targets of tests/fuzz/: their seed corpora
#               replayed, then each fuzzed for a short bounded time
#   build-tsan  the server suites under ThreadSanitizer (strands, the engine pool,
#               the store's writer thread and the hash pool share data)
# The fuzzers and the ASan suites share one build (-DKIBITZ_FUZZ=ON: ASan, UBSan
# and libFuzzer's coverage in every library; only the fuzz targets link the
# fuzzer): a third build of the tree cost CI more than the coverage costs the
# suites. Both builds are unity builds (CMAKE_UNITY_BUILD: up to sixteen
# sources per compilation, so Beast, Asio and json are parsed and instantiated
# once per sixteen files rather than once per file). Each build directory builds only the
# test targets it runs (no bench; -O0, the rules core -O1, see CMakeLists.txt).
# tests/run.sh calls this after the ordinary suites; without clang-16 it says
# so and does nothing. docs/safety_net.md has the figures behind these choices.
#
# Settings (environment):
#   KIBITZ_FUZZ_SECONDS  fuzzing time per target (default 10; 0 replays the seeds only)
#   KIBITZ_SAFETY_NET    which parts to run: any of "asan tsan fuzz" (default all three)
#   KIBITZ_JOBS          parallel compile jobs (default 2)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if ! command -v clang++-16 >/dev/null 2>&1; then
  echo "safety net: clang-16 is not installed (docker/install-deps.sh installs it): skipped"
  exit 0
fi

parts=${KIBITZ_SAFETY_NET:-"asan tsan fuzz"}
jobs=${KIBITZ_JOBS:-2}
fuzz_seconds=${KIBITZ_FUZZ_SECONDS:-10}
symbolizer=/usr/lib/llvm-16/bin/llvm-symbolizer
[ -x "$symbolizer" ] || symbolizer=""

# Any report fails the suite that caused it (the build also stops UBSan at the first report).
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1${symbolizer:+:external_symbolizer_path=$symbolizer}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${symbolizer:+:external_symbolizer_path=$symbolizer}"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$root/tests/tsan.supp${symbolizer:+:external_symbolizer_path=$symbolizer}"

# LLVM's linker when present (lld-16, docker/install-deps.sh): GNU ld took
# 15.3 s to link one ASan test binary that lld links in 2.5 s, and the ASan
# build links about fifteen (docs/safety_net.md, "Linking with lld").
linker=()
[ -x /usr/lib/llvm-16/bin/ld.lld ] && linker=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld)

configure() {  # configure <dir> <cmake options...>
  local dir=$1
  shift
  CC=clang-16 CXX=clang++-16 cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DKIBITZ_BUILD_BENCH=OFF -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 \
    "${linker[@]}" "$@" >/dev/null
}

stamp() { date +%s; }
took() { echo "safety net: $1 took $(($(stamp) - $2)) s"; }

# The C++ suites under ASan + UBSan: the rules, the store, the server, the
# WebSocket conformance cases, and the searches: test_engine and test_computer
# in their reduced set (KIBITZ_TEST_REDUCED=1, tests/support/reduced.hpp: fewer
# positions, smaller budgets, shorter games), since in full they took minutes
# under ASan (test_engine 282 s on the shared machine). test_computer runs on
# its own afterwards, once more if it fails: of 27 runs under ASan on the
# loaded machine one failed (its output lost), 26 passed, and its waits depend
# on how far the computer searches in its time. The failed attempt's output
# stays in the log; a real fault (an ASan report) fails both attempts.
asan_targets="test_conformance test_checkers test_oferhlyp test_opprimo test_oware test_ws_client_frame
              test_store test_units test_engine_pool test_server test_api test_ws_conformance
              test_engine test_engine_threads test_tournament_rules test_push_crypto test_push_delivery"
# The server suites under TSan: where the executors meet (rooms and lobby on
# their strands, sessions, the engine pool, the store's writer, the hash pool,
# the cluster's Redis links; the store conformance suite on both backends);
# and the search's own threads (test_engine_threads: lazy SMP's shared table).
# test_computer is left out: it passed TSan's checks (no report) but its
# expectations depend on how far the computer searches in its time, and under
# TSan's slowdown on a loaded machine its moves missed the test's waits.
tsan_targets="test_server test_api test_engine_pool test_store test_ws_conformance test_units
              test_store_conformance test_cluster test_engine_threads"

# A target's ctest tests are named after it, except the store conformance
# suite's, one per backend (tests/store/CMakeLists.txt); under TSan the
# server's restart scenarios run on PostgreSQL too (tests/server/CMakeLists.txt).
tests_of() {
  case $1 in
    test_store_conformance) echo "store_conformance_sqlite|store_conformance_postgresql" ;;
    test_server) [ "$part" = tsan ] && echo "test_server|test_server_restart_postgresql" || echo "$1" ;;
    *) echo "$1" ;;
  esac
}

run_suites() {  # run_suites <dir> <targets...>
  local dir=$1
  shift
  local existing=() names=() regex
  for t in "$@"; do
    if [ -n "$(ninja -C "$dir" -t query "$t" 2>/dev/null | head -1)" ]; then
      existing+=("$t")
      names+=("$(tests_of "$t")")
    fi
  done
  cmake --build "$dir" -j"$jobs" --target "${existing[@]}"
  regex="^($(IFS='|'; echo "${names[*]}"))\$"
  ctest --test-dir "$dir" -R "$regex" --label-exclude slow --output-on-failure -j2 --timeout 900
}

for part in $parts; do
  start=$(stamp)
  case $part in
    asan)
      echo "safety net: ASan + UBSan (build-asan)"
      configure build-asan -DKIBITZ_FUZZ=ON
      # shellcheck disable=SC2086
      KIBITZ_TEST_REDUCED=1 run_suites build-asan $asan_targets
      cmake --build build-asan -j"$jobs" --target test_computer
      KIBITZ_TEST_REDUCED=1 ctest --test-dir build-asan -R '^test_computer$' --repeat until-pass:2 \
        --output-on-failure --timeout 900
      ;;
    tsan)
      echo "safety net: TSan (build-tsan)"
      configure build-tsan -DKIBITZ_SANITIZE=thread
      # shellcheck disable=SC2086
      run_suites build-tsan $tsan_targets
      ;;
    fuzz)
      echo "safety net: libFuzzer (build-asan), ${fuzz_seconds} s per target"
      configure build-asan -DKIBITZ_FUZZ=ON
      targets=$(cd tests/fuzz/corpus && ls)
      cmake --build build-asan -j"$jobs" --target $(for t in $targets; do echo "fuzz_$t"; done)
      # Every seed first (a crash found once stays a test), then new inputs.
      ctest --test-dir build-asan -R '^fuzz_.*_corpus$' --output-on-failure
      if [ "$fuzz_seconds" -gt 0 ]; then
        mkdir -p build-asan/fuzz/artifacts
        for t in $targets; do
          # New inputs go to a scratch corpus; the checked-in seeds are only read.
          scratch=build-asan/fuzz/corpus/$t
          mkdir -p "$scratch"
          echo "safety net: fuzz_$t for ${fuzz_seconds} s"
          if ! build-asan/bin/fuzz_"$t" -max_total_time="$fuzz_seconds" -timeout=10 \
               -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=build-asan/fuzz/artifacts/"$t"- \
               "$scratch" tests/fuzz/corpus/"$t" >build-asan/fuzz/"$t".log 2>&1; then
            tail -n 60 build-asan/fuzz/"$t".log
            echo "safety net: fuzz_$t found a failing input: build-asan/fuzz/artifacts/ (replay:" \
                 "build-asan/bin/fuzz_$t <file>; add it to tests/fuzz/corpus/$t/ with the fix)" >&2
            exit 1
          fi
          grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' build-asan/fuzz/"$t".log | tr '\n' ' '
          echo
        done
      fi
      ;;
    *) echo "safety net: unknown part '$part' (asan, tsan, fuzz)" >&2; exit 2 ;;
  esac
  took "$part" "$start"
done
echo "safety net: green"
