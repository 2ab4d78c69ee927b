#!/usr/bin/env bash
# Runs one fuzz target under AFL++ until it has made EXECS executions (default 10 million)
# or SECONDS_CAP seconds have passed, then prints the figures of its fuzzer_stats.
# Usage: fuzz/run.sh TARGET [OUT_DIR]   (build first: cd fuzz && cargo afl build --release)
set -euo pipefail
target=${1:?usage: run.sh TARGET [OUT_DIR]}
here=$(cd "$(dirname "$0")" && pwd)
out=${2:-$here/out}
bin=${CARGO_TARGET_DIR:-$here/target}/release/$target
execs=${EXECS:-10000000}
cap=${SECONDS_CAP:-3600}
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1
cd "$here"
cargo afl fuzz -i "corpus/$target" -o "$out/$target" -E "$execs" -V "$cap" "$bin" >"$out/$target.log" 2>&1 || true
stats=$out/$target/default/fuzzer_stats
grep -E '^(start_time|last_update|run_time|execs_done|execs_per_sec|corpus_count|saved_crashes|saved_hangs|stability)' "$stats"
