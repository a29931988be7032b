#!/bin/sh
# run-c-tests.sh - runs each C unit-test binary, shows failures in full and
# sums the results into one "N passed, N failed" line.
set -eu     # POSIX sh (dash) has no pipefail
passed=0; failed=0; bad=""
for t in "$@"; do
	# a failing test is counted, not fatal; grep -c exits 1 when it counts 0
	rc=0; out=$("$t" 2>&1) || rc=$?
	p=$(printf '%s\n' "$out" | grep -c '^ok ' || true)
	f=$(printf '%s\n' "$out" | grep -c '^not ok ' || true)
	if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	passed=$((passed + p)); failed=$((failed + f))
	if [ $rc -ne 0 ]; then
		printf '%s\n' "$out"
		bad="$bad $(basename "$t")"
	fi
done
echo "C unit tests: $passed passed, $failed failed${bad:+ (in$bad)}"
[ "$failed" -eq 0 ]
