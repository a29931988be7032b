#!/bin/bash
# run-in-guest.sh DIR - runs the upstream mm selftests built into DIR twice,
# reservations off then on, and prints one TAP line per selftest: ok when
# both runs give the same pass/fail list.  transhuge-stress never ends by
# itself: it runs for a bounded time and passes if it is still alive.
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

# Prints the test's own result lines, sorted: "ok ..." and "not ok ..."
# without their numbers, then its exit status.
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
	grep -E '^(not )?ok [0-9]+' "$log" | sed -E 's/^(not )?ok [0-9]+ /\1ok /' | sort
	echo "exit $rc"
}

echo "1..$(wc -w <"$dir/tests")"
for t in $(cat "$dir/tests"); do
	n=$((n + 1))
	echo 0 >$knob
	off=$(run_one "$t" "/tmp/upstream-$t-off.log")
	echo 1 >$knob
	on=$(run_one "$t" "/tmp/upstream-$t-on.log")
	echo 0 >$knob
	summary="$(grep -c '^ok' <<<"$off") ok/$(grep -c '^not ok' <<<"$off") not ok, $(tail -1 <<<"$off")"
	if [ "$off" = "$on" ]; then
		echo "ok $n - upstream $t: same results with reservations on and off ($summary)"
	else
		failed=$((failed + 1))
		echo "not ok $n - upstream $t: results differ with reservations on"
		diff <(echo "$off") <(echo "$on") | sed 's/^/# /' | head -20
	fi
done
[ $failed -eq 0 ]
