// SPDX-License-Identifier: GPL-2.0
/*
 * resv_stack - the main stack, grown down 64 KB at a time to 8 MB by
 * recursion, each new page written as it comes, ends mapped by PMDs in
 * every aligned 2 MB range it covers: the first fault in a range below the
 * stack's start reserves the whole range, and the stack grows into it.
 */
#include "resv_common.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#define FRAME		(64UL << 10)
#define DEPTH_BYTES	(8UL << 20)

static uintptr_t lowest;

/* Each call writes a 64 KB frame, top down, then recurses below it. */
static __attribute__((noinline)) void grow(size_t left)
{
	volatile char frame[FRAME];
	size_t i;

	for (i = FRAME; i > 0; i -= PAGE_SZ)
		frame[i - 1] = (char)i;
	if ((uintptr_t)frame < lowest)
		lowest = (uintptr_t)frame;
	if (left > FRAME)
		grow(left - FRAME);
	frame[0] = frame[FRAME - 1];	/* keep the frame live */
}

/* The [stack] mapping's bounds from /proc/self/maps. */
static bool stack_bounds(uintptr_t *lo, uintptr_t *hi)
{
	char line[512];
	bool found = false;
	FILE *f = fopen("/proc/self/maps", "r");

	while (f && fgets(line, sizeof(line), f))
		if (strstr(line, "[stack]") &&
		    sscanf(line, "%lx-%lx", lo, hi) == 2)
			found = true;
	if (f)
		fclose(f);
	return found;
}

int main(void)
{
	struct rlimit rl = { 64UL << 20, 64UL << 20 };
	uintptr_t lo, hi, first, last;
	long promote0, huge;
	size_t want;

	tap_plan(3);
	if (resv_setup("always", 120) || knob_set(KNOB_THRESHOLD, "512") ||
	    knob_set(THP_DIR "/khugepaged/scan_sleep_millisecs", "600000"))
		return tap_finish();
	if (setrlimit(RLIMIT_STACK, &rl))
		tap_diag("RLIMIT_STACK stays as it was");

	vmstat_refresh();
	promote0 = vmstat_get("thp_resv_promote");
	lowest = UINTPTR_MAX;
	grow(DEPTH_BYTES);
	if (!stack_bounds(&lo, &hi)) {
		tap_diag("no [stack] in /proc/self/maps");
		return tap_finish();
	}
	/* whole 2 MB ranges between the deepest frame and the stack's top */
	first = (lowest + HPAGE_SZ - 1) & ~(HPAGE_SZ - 1);
	last = hi & ~(HPAGE_SZ - 1);
	want = last > first ? (last - first) >> 10 : 0;
	huge = smaps_range_kb((void *)lo, hi - lo, "AnonHugePages");
	vmstat_refresh();
	tap_diag("stack %#lx-%#lx, deepest frame %#lx: AnonHugePages %ld kB, "
		 "%zu kB in whole 2 MB ranges", lo, hi, lowest, huge, want);
	tap_result(want >= 4096, "the stack covers at least two whole 2 MB "
		   "ranges (%zu kB)", want);
	tap_result(huge >= 0 && (size_t)huge >= want,
		   "they are mapped by PMDs: AnonHugePages %ld kB of %zu kB",
		   huge, want);
	tap_result(vmstat_get("thp_resv_promote") - promote0 >= (long)(want >> 11),
		   "by reservations promoted in place (thp_resv_promote %+ld)",
		   vmstat_get("thp_resv_promote") - promote0);
	knobs_restore();
	return tap_finish();
}
