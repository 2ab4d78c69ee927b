#!/usr/bin/env bash
# A Ray cluster of two hosts on one Linux machine, as docs/python.md sets one up: two network
# namespaces joined by a veth pair, each with its own address (10.77.0.1 and .2) and its own
# Ray node (the head on the first, a worker joining it by address on the second, one CPU
# each), then `python -m duel.ray` run from the first across both, its summary and records
# compared with one `duel arena` run of the same games. Needs root (ip netns) and the virtual
# environment that crates/duel-py/ci.sh builds.
#   scripts/ray-two-hosts.sh [GAMES] [SHARDS]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-40}
shards=${2:-8}
target=${CARGO_TARGET_DIR:-target}
venv=${VENV:-$target/duel-py-venv}
duel=${DUEL:-$target/release/duel}
run=(connect:7x6:4 --a mcts --b symp --games "$games" --iterations 10000 --seed 7)

. "$(dirname "$0")/lib/two-hosts.sh"
cleanup() {
  for h in 2 1; do on_host $h "$venv/bin/ray" stop --force >/dev/null 2>&1 || true; done
  two_hosts_down
  [ -n "${KEEP:-}" ] || rm -rf "${tmp:-}" /tmp/ray-h1 /tmp/ray-h2
}
cleanup
tmp=$(mktemp -d)
trap cleanup EXIT
two_hosts_up

# Ray's head turns token authentication on when it listens beyond loopback, and writes the
# token to ~/.ray/auth_token; every other node and driver needs RAY_AUTH_MODE=token and that
# file (here the hosts share it; on a real cluster, copy it to each node).
export RAY_AUTH_MODE=token RAY_USAGE_STATS_ENABLED=0

ray_start() { # host, then ray start's arguments
  local h=$1
  shift
  on_host "$h" "$venv/bin/ray" start \
    --node-ip-address=10.77.0."$h" --num-cpus=1 "$@" >"$tmp/ray-start-$h.log" 2>&1 ||
    { cat "$tmp/ray-start-$h.log"; exit 1; }
}
ray_start 1 --head --port=6379 --include-dashboard=false --temp-dir=/tmp/ray-h1
ray_start 2 --address=10.77.0.1:6379

start=$(date +%s.%N)
on_host 1 "$venv/bin/python" -m duel.ray "${run[@]}" --shards "$shards" \
  --address 10.77.0.1:6379 --out "$tmp/cluster.jsonl" >"$tmp/cluster.json" 2>"$tmp/progress"
end=$(date +%s.%N)
"$duel" arena "${run[@]}" --threads 1 --out "$tmp/one.jsonl" --json >"$tmp/one.json"
local_end=$(date +%s.%N)

cat "$tmp/progress"
nodes=$(grep -o 'on node 10\.77\.0\.[0-9]*' "$tmp/progress" | sort | uniq -c)
echo "shards a host:"; echo "$nodes"
[ "$(echo "$nodes" | wc -l)" -eq 2 ] || { echo "the shards did not run on both hosts"; exit 1; }
"$venv/bin/python" scripts/lib/same-run.py "$tmp/cluster.json" "$tmp/cluster.jsonl" \
  "$tmp/one.json" "$tmp/one.jsonl"
echo "cluster run (connecting included): $(echo "$end - $start" | bc) s wall;" \
  "one thread here: $(echo "$local_end - $end" | bc) s"
