#!/bin/bash
# monitor-overhead.sh - what do spstat's /proc monitors cost the run they watch?  Each
# workload runs under spstat with the monitors off and on (--monitor-ms PERIOD), in
# alternating pairs (order swapped every pair, so drift hits both sides alike), one
# hyperfine run each.  Reported per workload: the median of the per-pair ratios (on / off)
# of the run's own wall time as spstat records it (what spbench's tables use), of the
# whole spstat process (hyperfine) and of the run's CPU time (user + sys, less moved by a
# busy host than wall time), each with a bootstrap 95% interval, and the monitors' own CPU
# time (their reads, on spstat's sampling thread) as a share of the run.
#   usage: monitor-overhead.sh [PAIRS [PERIOD_MS [WORKLOAD:SIZE ...]]]
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-15}; period=${2:-1000}; shift $(($# < 2 ? $# : 2))
specs=("$@"); ((${#specs[@]})) || specs=(tree:test fftw:test mcf:test)
command -v hyperfine >/dev/null || { echo "monitor-overhead: hyperfine missing; run 'make deps'" >&2; exit 1; }
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
out=build/bench/monitor-overhead; mkdir -p "$out"

time_one() {	# NAME PAIR COMMAND
	hyperfine -N --runs 1 --style none --export-json "$out/$1-$2.json" -n "$1" "$3" >/dev/null
}
for spec in "${specs[@]}"; do
	w=${spec%%:*}; size=${spec#*:}
	cmd=$(harness/spbench command "$w" --size "$size" --out-dir "$scratch")
	d=$out/$w-$size; mkdir -p "$d"; rm -f "$d"/*.json
	$cmd >/dev/null		# warm-up: inputs cached, binary paged in
	off="build/bin/spstat -o $d/off-rec-%d.json -- $cmd"
	on="build/bin/spstat --monitor-ms $period -o $d/on-rec-%d.json -- $cmd"
	for ((i = 0; i < pairs; i++)); do
		if ((i % 2 == 0)); then
			time_one "$w-$size/off" "$i" "$(printf "$off" "$i")"
			time_one "$w-$size/on" "$i" "$(printf "$on" "$i")"
		else
			time_one "$w-$size/on" "$i" "$(printf "$on" "$i")"
			time_one "$w-$size/off" "$i" "$(printf "$off" "$i")"
		fi
	done
	/usr/bin/python3 - "$d" "$pairs" "$w $size" <<'PY'
import json, random, statistics, sys
d, pairs, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def rec(side, i):
    return json.load(open(f"{d}/{side}-rec-{i}.json"))
def proc(side, i):
    return json.load(open(f"{d}/{side}-{i}.json"))["results"][0]["times"][0]
def summary(ratios):
    rng = random.Random(1)
    meds = sorted(statistics.median(rng.choices(ratios, k=len(ratios))) for _ in range(2000))
    return (f"{100 * (statistics.median(ratios) - 1):+.2f}% (95% CI "
            f"{100 * (meds[50] - 1):+.2f}% .. {100 * (meds[1949] - 1):+.2f}%)")
def cpu(side, i):
    t = rec(side, i)["time"]
    return t["user_s"] + t["sys_s"]
run_off = [rec("off", i)["time"]["wall_s"] for i in range(pairs)]
run_on = [rec("on", i)["time"]["wall_s"] for i in range(pairs)]
p_off = [proc("off", i) for i in range(pairs)]
p_on = [proc("on", i) for i in range(pairs)]
cost = []
for i in range(pairs):
    r = rec("on", i)
    m = r["monitors"]
    cost.append(sum((m[s].get("cost_s") or 0) for s in ("vmstat", "buddyinfo", "pagetypeinfo"))
                / r["time"]["wall_s"])
print(f"{name}: {pairs} pairs, median run {statistics.median(run_off):.3f} s; monitors on/off: "
      f"run wall {summary([a / b for a, b in zip(run_on, run_off)])}; "
      f"whole spstat {summary([a / b for a, b in zip(p_on, p_off)])}; "
      f"run CPU {summary([cpu('on', i) / cpu('off', i) for i in range(pairs)])}; "
      f"monitors' CPU {100 * statistics.median(cost):.3f}% of the run (max {100 * max(cost):.3f}%)")
PY
done
