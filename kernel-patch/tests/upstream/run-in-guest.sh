#!/bin/bash
# run-in-guest.sh DIR - runs the upstream mm selftests built into DIR twice,
# reservations off then on (cow twice more with them on, see below), and
# prints one TAP line per selftest from compare.py: ok when every subtest
# ends the same way both times, apart from the differences listed in
# expected-differences.  transhuge-stress never ends by itself: it runs
# for a bounded time and passes if still alive.
# Every run has THP enabled=always, so that selftests which do not ask for
# huge pages (mremap_test) reach the reservation path too, and address-space
# randomisation off (setarch -R): mremap_test places a mapping next to
# another at an address that collides now and then under randomisation,
# which fails one of its subtests by chance; without it both runs see the
# same layout.
set -euo pipefail
dir=$1
here=$(cd "$(dirname "$0")" && pwd)
knob=/sys/kernel/mm/transparent_hugepage/reservation/enabled
thp=/sys/kernel/mm/transparent_hugepage/enabled
old_knob=$(cat $knob)
old_thp=$(sed 's/.*\[\(.*\)\].*/\1/' $thp)
zram=/sys/block/zram0
swap=
# A swap device (zram, in the test kernel) lets the selftests' swap-out
# checks run instead of failing or skipping.
if [ -e $zram/disksize ] && echo 512M >$zram/disksize 2>/dev/null &&
	mkswap /dev/zram0 >/dev/null && swapon /dev/zram0; then
	swap=/dev/zram0
	echo "# swap: 512 MB zram on $swap"
else
	echo "# swap: none (no zram device): swap-out checks cannot pass"
fi
# best effort: a failing restore must not cut the rest short
trap 'set +e; echo "$old_knob" >$knob; echo "$old_thp" >$thp
[ -n "${old_threshold:-}" ] && echo "$old_threshold" >$threshold
[ -n "$swap" ] && swapoff $swap && echo 1 >$zram/reset' EXIT
limit=${UPSTREAM_TEST_TIMEOUT:-600}
n=0
failed=0

# Runs one selftest into a log and prints its exit status; its time in
# seconds goes to $log.secs.
run_one() {
	local t=$1 log=$2 start rc
	start=$(date +%s)
	rc=$(run_one_timed "$t" "$log")
	echo $(($(date +%s) - start)) >"$log.secs"
	echo "$rc"
}

# A selftest's failure is its status, not this script's.
run_one_timed() {
	local t=$1 log=$2 rc=0
	if [ "$t" = transhuge-stress ]; then
		timeout 20 setarch -R "$dir/$t" -s 64 >"$log" 2>&1 || rc=$?
		[ $rc -eq 124 ] && rc=0
		echo $rc
		return
	fi
	local args=
	# migration's private cases only: shared_anon* migrate shmem and *_htlb
	# hugetlbfs pages, which reservations do not touch; each case migrates
	# for 20 s while other threads read the memory (it needs 3 CPUs).
	[ "$t" = migration ] && args="-t private_anon -t private_anon_thp"
	(cd "$dir" && timeout "$limit" setarch -R "./$t" $args) >"$log" 2>&1 || rc=$?
	echo $rc
}

# Prints thp_resv_alloc and thp_resv_promote from /proc/vmstat.
resv_counts() {
	awk '$1 == "thp_resv_alloc" { a = $2 } $1 == "thp_resv_promote" { p = $2 }
		END { print a, p }' /proc/vmstat
}

threshold=/sys/kernel/mm/transparent_hugepage/reservation/promote_threshold
old_threshold=$(cat $threshold)
cow_again=0
grep -qw cow "$dir/tests" && cow_again=1
populated_again=0
[ $cow_again -eq 1 ] && [ -x "$dir/cow-populated" ] && populated_again=1
echo "1..$(($(wc -w <"$dir/tests") + cow_again + populated_again))"
for t in $(cat "$dir/tests"); do
	n=$((n + 1))
	echo 0 >$knob
	echo always >$thp
	off_rc=$(run_one "$t" "/tmp/upstream-$t-off.log")
	[ "$t" = cow ] && cow_off_rc=$off_rc
	echo 1 >$knob
	echo always >$thp
	before=$(resv_counts)
	on_rc=$(run_one "$t" "/tmp/upstream-$t-on.log")
	after=$(resv_counts)
	echo 0 >$knob
	/usr/bin/python3 "$here/compare.py" $n "$t" "/tmp/upstream-$t-off.log" "$off_rc" \
		"/tmp/upstream-$t-on.log" "$on_rc" || failed=$((failed + 1))
	set -- $before $after
	echo "# $t with reservations on: thp_resv_alloc +$(($3 - $1)), thp_resv_promote +$(($4 - $2));" \
		"$(cat "/tmp/upstream-$t-off.log.secs") s off, $(cat "/tmp/upstream-$t-on.log.secs") s on"
done
# Runs cow's COW and GUP-pin checks once more, as BINARY with reservations
# on at promote_threshold THRESHOLD, and judges them --strict against cow
# with reservations off: every subtest must end the same, none skipped for
# want of a THP.  LOG names the run, LABEL its TAP line and NOTE its line of
# counters.
cow_again() {
	local binary=$1 threshold_now=$2 log=/tmp/upstream-$3.log label=$4 note=$5
	local before after on_rc
	n=$((n + 1))
	echo 1 >$knob
	echo "$threshold_now" >$threshold
	echo always >$thp
	before=$(resv_counts)
	on_rc=$(run_one "$binary" "$log")
	after=$(resv_counts)
	echo "$old_threshold" >$threshold
	echo 0 >$knob
	/usr/bin/python3 "$here/compare.py" --strict $n "$label" \
		/tmp/upstream-cow-off.log "$cow_off_rc" "$log" "$on_rc" || failed=$((failed + 1))
	set -- $before $after
	echo "# $note: thp_resv_alloc +$(($3 - $1)), thp_resv_promote +$(($4 - $2)); $(cat "$log.secs") s"
}
# Reservations that promote in place at their first fault.
[ $cow_again -eq 1 ] && cow_again cow 1 cow-on-threshold1 \
	"cow (promote_threshold 1)" "cow at promote_threshold 1"
# At the default threshold, each THP area populated whole before cow looks
# for a THP (cow-populated, see build.sh), so that reservations promote
# when full.
[ $populated_again -eq 1 ] && cow_again cow-populated "$old_threshold" cow-populated-on \
	"cow (populated whole first)" "cow-populated with reservations on"
[ $failed -eq 0 ]
