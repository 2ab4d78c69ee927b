#!/usr/bin/env bash
# A Slurm cluster of two hosts on one Linux machine (scripts/lib/two-hosts.sh): slurmctld and
# a slurmd named h1 on the first, a slurmd named h2 on the second, munge shared. Submits
# scripts/slurm-ray.sbatch (the Slurm job docs/python.md gives) on both nodes and compares
# what it plays with one `duel arena` run of the same games. Needs root, Debian's slurm-wlm
# and munge (apt-get install slurm-wlm munge), and the virtual environment of
# crates/duel-py/ci.sh.
#   scripts/slurm-two-hosts.sh [GAMES] [SHARDS]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-40}
shards=${2:-8}
target=$(realpath "${CARGO_TARGET_DIR:-target}")
venv=${VENV:-$target/duel-py-venv}
duel=${DUEL:-$target/release/duel}
run=(connect:7x6:4 --a mcts --b symp --games "$games" --iterations 10000 --seed 7)
. scripts/lib/two-hosts.sh

cleanup() {
  pkill -x slurmd 2>/dev/null || true
  pkill -x slurmctld 2>/dev/null || true
  pkill -f 'ray::|raylet|gcs_server' 2>/dev/null || true
  two_hosts_down
  [ -n "${KEEP:-}" ] || rm -rf "${tmp:-}"
}
cleanup
tmp=$(mktemp -d)
chmod 755 "$tmp"
trap cleanup EXIT
two_hosts_up

install -d -o munge -g munge -m 755 /run/munge
pgrep -x munged >/dev/null || runuser -u munge -- munged
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=duel
SlurmctldHost=$(hostname -s)(10.77.0.1)
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool-%n
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd-%n.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd-%n.log
NodeName=h1 NodeAddr=10.77.0.1 CPUs=2 State=UNKNOWN
NodeName=h2 NodeAddr=10.77.0.2 CPUs=2 State=UNKNOWN
PartitionName=main Nodes=h1,h2 Default=YES MaxTime=INFINITE State=UP
CONF
mkdir -p "$tmp/state" "$tmp/spool-h1" "$tmp/spool-h2"
on_host 1 slurmctld
on_host 1 slurmd -N h1
on_host 2 slurmd -N h2
for _ in $(seq 30); do
  [ "$(on_host 1 sinfo -h -o '%t' | sort -u)" = idle ] && break
  sleep 1
done
on_host 1 sinfo

start=$(date +%s.%N)
# The job runs with this shell's environment (PATH to the virtual environment's python and
# ray), as a job on a cluster runs with the submitter's.
PATH="$venv/bin:$PATH" on_host 1 sbatch --wait --nodes=2 --cpus-per-task=1 --time=00:10:00 \
  --output="$tmp/slurm.json" --error="$tmp/job.err" scripts/slurm-ray.sbatch "${run[@]}" --shards "$shards" \
  --out "$tmp/slurm.jsonl" || { cat "$tmp/job.err"; exit 1; }
end=$(date +%s.%N)
"$duel" arena "${run[@]}" --threads 1 --out "$tmp/one.jsonl" --json >"$tmp/one.json"

grep '^shard ' "$tmp/job.err"
nodes=$(grep -o 'on node 10\.77\.0\.[0-9]*' "$tmp/job.err" | sort | uniq -c)
echo "shards a host:"; echo "$nodes"
[ "$(echo "$nodes" | wc -l)" -eq 2 ] || { echo "the shards did not run on both hosts"; cat "$tmp/job.err"; exit 1; }
"$venv/bin/python" scripts/lib/same-run.py "$tmp/slurm.json" "$tmp/slurm.jsonl" \
  "$tmp/one.json" "$tmp/one.jsonl"
echo "Slurm job (Ray's start included): $(echo "$end - $start" | bc) s wall"
