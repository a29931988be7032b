#!/bin/sh
# run-in-guest.sh - the in-guest test suite: runs every test of this folder
# (guest_*.py and the C tests built into build/kernel-tests/, one for each
# resv_*.c here: one not built is a failure), counts their TAP lines (an
# "ok ... # SKIP" is a skip, not a pass), checks the kernel log for
# WARN/BUG/"Bad page", and ends with one "N passed, N failed, N skipped"
# line.  Run by 'spbench kernel test' inside the guest.
set -eu     # POSIX sh (dash) has no pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
passed=0
failed=0
skipped=0
log=/tmp/kernel-test.out
upstream="${RESV_UPSTREAM:-}"
for t in "$here"/guest_*.py "$here"/resv_*.c "$here/upstream/run-in-guest.sh"; do
	case "$t" in
	*/guest_\*.py | */resv_common.c)
		continue ;;
	*/resv_*.c)
		t="$repo/build/kernel-tests/$(basename "$t" .c)"
		set -- ;;
	*/upstream/run-in-guest.sh)
		[ -n "$upstream" ] && [ -f "$upstream/tests" ] || continue
		[ "${RESV_TEST_KNOB:-1}" = 0 ] && continue
		set -- "$upstream" ;;
	*) set -- ;;
	esac
	if [ ! -x "$t" ]; then
		echo "not ok - $(basename "$t") is not built (make all builds it)"
		failed=$((failed + 1))
		continue
	fi
	echo "# $(basename "$t")"
	# a failing test is counted, not fatal; grep -c exits 1 when it counts 0
	rc=0
	"$t" "$@" >"$log" 2>&1 || rc=$?
	cat "$log"
	s=$(grep -cE '^ok .*#[[:space:]]*SKIP' "$log" || true)
	p=$(grep -c '^ok ' "$log" || true)
	p=$((p - s))
	f=$(grep -c '^not ok ' "$log" || true)
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $(basename "$t") exited $rc"
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	skipped=$((skipped + s))
done
bad=$(dmesg | grep -E 'WARNING:|BUG:|Bad page|Oops' | head -5)
if [ -z "$bad" ]; then
	echo "ok - kernel log has no WARN, BUG or Bad page"
	passed=$((passed + 1))
else
	echo "not ok - kernel log: $bad"
	failed=$((failed + 1))
fi
echo "kernel tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
