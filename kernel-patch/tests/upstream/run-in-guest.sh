#!/bin/bash
# run-in-guest.sh DIR - runs the upstream mm selftests built into DIR twice,
# reservations off then on, and prints one TAP line per selftest: ok when
# both runs fail the same subtests (by number) and exit alike; a subtest that
# passes one way and is skipped the other is reported, not counted as a
# failure.  transhuge-stress never ends by itself: it runs for a bounded
# time and passes if it is still alive.
set -u
dir=$1
knob=/sys/kernel/mm/transparent_hugepage/reservation/enabled
thp=/sys/kernel/mm/transparent_hugepage/enabled
old_knob=$(cat $knob)
old_thp=$(sed 's/.*\[\(.*\)\].*/\1/' $thp)
trap 'echo "$old_knob" >$knob; echo "$old_thp" >$thp' EXIT
limit=${UPSTREAM_TEST_TIMEOUT:-600}
n=0
failed=0

# Prints one line per subtest, "N pass|skip|fail", then the exit status.
run_one() {
	local t=$1 log=$2
	if [ "$t" = transhuge-stress ]; then
		timeout 20 "$dir/$t" -s 64 >"$log" 2>&1
		local rc=$?
		[ $rc -eq 124 ] && rc=0
		echo "exit $rc"
		return
	fi
	(cd "$dir" && timeout "$limit" "./$t") >"$log" 2>&1
	local rc=$?
	sed -nE -e 's/^not ok ([0-9]+).*/\1 fail/p' \
		-e 's/^ok ([0-9]+) .*# [Ss][Kk][Ii][Pp].*/\1 skip/p' \
		-e 's/^ok ([0-9]+)( .*)?$/\1 pass/p' "$log"
	echo "exit $rc"
}

echo "1..$(wc -w <"$dir/tests")"
for t in $(cat "$dir/tests"); do
	n=$((n + 1))
	echo 0 >$knob
	run_one "$t" "/tmp/upstream-$t-off.log" >/tmp/upstream-$t-off.res
	echo 1 >$knob
	run_one "$t" "/tmp/upstream-$t-on.log" >/tmp/upstream-$t-on.res
	echo 0 >$knob
	count() { grep -c " $1\$" "$2"; }
	off=/tmp/upstream-$t-off.res on=/tmp/upstream-$t-on.res
	summary="off: $(count pass $off) pass, $(count skip $off) skip, $(count fail $off) fail, $(tail -1 $off); on: $(count pass $on) pass, $(count skip $on) skip, $(count fail $on) fail, $(tail -1 $on)"
	if [ "$(grep -E ' fail$|^exit' $off)" = "$(grep -E ' fail$|^exit' $on)" ]; then
		echo "ok $n - upstream $t: same failures with reservations on and off ($summary)"
	else
		failed=$((failed + 1))
		echo "not ok $n - upstream $t: failures differ with reservations on ($summary)"
		diff $off $on | sed 's/^/# /' | head -20
	fi
	if ! diff -q $off $on >/dev/null; then
		echo "# $t: subtests that pass one way and are skipped the other:"
		diff $off $on | grep -E '^[<>]' | sed 's/^/#   /' | head -10
	fi
done
[ $failed -eq 0 ]
