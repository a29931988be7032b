#!/bin/bash
# spstat-overhead.sh - how much does measuring with spstat cost?  A workload
# (default: matrix at ref size) is timed bare and under spstat in alternating
# pairs (order swapped every pair, so drift hits both sides alike), each timing
# one hyperfine run; the median of the per-pair ratios is the overhead, with a
# bootstrap 95% interval that says whether this host can resolve it.  On a
# shared (virtual) host that ratio carries the host's noise, so spstat's own
# CPU time and the wall time it adds outside the child's run (its wall minus
# the child's, from its record) are reported too: costs that noise cannot hide.
#   usage: spstat-overhead.sh [WORKLOAD [SIZE [PAIRS]]]
set -euo pipefail
cd "$(dirname "$0")/../.."
workload=${1:-matrix}; size=${2:-ref}; pairs=${3:-21}
command -v hyperfine >/dev/null || { echo "spstat-overhead: hyperfine missing; run 'make deps'" >&2; exit 1; }
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
mkdir -p build/bench
cmd=$(harness/spbench command "$workload" --size "$size" --out-dir "$scratch")
out=build/bench/spstat-overhead-$workload-$size
mkdir -p "$out"; rm -f "$out"/*.json

time_one() {	# NAME PAIR COMMAND
	hyperfine -N --runs 1 --style none --export-json "$out/$1-$2.json" -n "$1" "$3" >/dev/null
}
$cmd >/dev/null		# warm-up: inputs cached, binary paged in
for ((i = 0; i < pairs; i++)); do
	if ((i % 2 == 0)); then
		time_one bare "$i" "$cmd"
		time_one spstat "$i" "build/bin/spstat -o $out/record-$i.json -- $cmd"
	else
		time_one spstat "$i" "build/bin/spstat -o $out/record-$i.json -- $cmd"
		time_one bare "$i" "$cmd"
	fi
done
/usr/bin/python3 - "$out" "$pairs" <<'PY'
import json, random, statistics, sys
out, pairs = sys.argv[1], int(sys.argv[2])
def wall(name, i):
    return json.load(open(f"{out}/{name}-{i}.json"))["results"][0]["times"][0]
bare = [wall("bare", i) for i in range(pairs)]
spst = [wall("spstat", i) for i in range(pairs)]
ratios = [s / b for s, b in zip(spst, bare)]
print(f"{pairs} alternating pairs: median wall bare {statistics.median(bare):.4f} s, "
      f"under spstat {statistics.median(spst):.4f} s")
# how far the median can be trusted on this host: a bootstrap 95% interval
rng = random.Random(1)
meds = sorted(statistics.median(rng.choices(ratios, k=pairs)) for _ in range(2000))
print(f"overhead, median of per-pair ratios: {100 * (statistics.median(ratios) - 1):+.2f}% "
      f"(bootstrap 95% CI {100 * (meds[50] - 1):+.2f}% .. {100 * (meds[1949] - 1):+.2f}%; "
      f"pairs range {100 * (min(ratios) - 1):+.2f}% .. {100 * (max(ratios) - 1):+.2f}%)")
own, serial = [], []
for i in range(pairs):
    rec = json.load(open(f"{out}/record-{i}.json"))
    own.append((rec["spstat_cpu"]["user_s"] + rec["spstat_cpu"]["sys_s"]) / rec["time"]["wall_s"])
    serial.append(spst[i] - rec["time"]["wall_s"])
print(f"wall time spstat adds before exec and after exit: median {1000 * statistics.median(serial):.1f} ms "
      f"= {100 * statistics.median(serial) / statistics.median(bare):.2f}% of the bare run "
      f"(max {1000 * max(serial):.1f} ms)")
print(f"spstat's own CPU time, median share of the run's wall time: {100 * statistics.median(own):.3f}% "
      f"(max {100 * max(own):.3f}%)")
PY
