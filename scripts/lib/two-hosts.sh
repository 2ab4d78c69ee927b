# Two hosts on one Linux machine, for the cluster checks (sourced, needs root): network
# namespaces duel-h1 and duel-h2 joined by a veth pair, with the addresses 10.77.0.1 and
# 10.77.0.2 and the names h1 and h2 (in /etc/hosts while they exist).

two_hosts_down() {
  ip netns del duel-h1 2>/dev/null || true
  ip netns del duel-h2 2>/dev/null || true
  sed -i '/# duel two-hosts$/d' /etc/hosts
}

two_hosts_up() {
  two_hosts_down
  ip netns add duel-h1
  ip netns add duel-h2
  ip link add duel-v1 type veth peer name duel-v2
  ip link set duel-v1 netns duel-h1
  ip link set duel-v2 netns duel-h2
  local h
  for h in 1 2; do
    ip -n duel-h$h addr add 10.77.0.$h/24 dev duel-v$h
    ip -n duel-h$h link set lo up
    ip -n duel-h$h link set duel-v$h up
    echo "10.77.0.$h h$h # duel two-hosts" >>/etc/hosts
  done
}

# on_host H COMMAND...: runs COMMAND on host H (in its network namespace only: `ip netns exec`
# would also mount a sysfs of its own, hiding the cgroups slurmd needs).
on_host() {
  local h=$1
  shift
  nsenter --net=/run/netns/duel-h"$h" "$@"
}
