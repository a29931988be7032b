#!/bin/bash
# spstat-overhead.sh - how much does measuring with spstat cost?  hyperfine
# times a workload bare and under spstat (defaults: matrix at ref size, 9
# runs each after a warm-up) and the median wall times are compared.
#   usage: spstat-overhead.sh [WORKLOAD [SIZE [RUNS]]]
set -euo pipefail
cd "$(dirname "$0")/../.."
workload=${1:-matrix}; size=${2:-ref}; runs=${3:-9}
command -v hyperfine >/dev/null || { echo "spstat-overhead: hyperfine missing; run 'make deps'" >&2; exit 1; }
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
mkdir -p build/bench
cmd=$(harness/spbench command "$workload" --size "$size" --out-dir "$scratch")
json=build/bench/spstat-overhead-$workload-$size.json
hyperfine -N --warmup 1 --runs "$runs" --export-json "$json" \
	-n bare "$cmd" \
	-n spstat "build/bin/spstat -o $scratch/spstat.json -- $cmd"
/usr/bin/python3 - "$json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
bare, spstat = r["bare"]["median"], r["spstat"]["median"]
print(f"median wall: bare {bare:.4f} s, under spstat {spstat:.4f} s, "
      f"overhead {100 * (spstat / bare - 1):+.2f}% ({len(r['bare']['times'])} runs each)")
PY
