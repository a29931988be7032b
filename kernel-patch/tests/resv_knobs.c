// SPDX-License-Identifier: GPL-2.0
/*
 * resv_knobs - the reservation knobs and counters exist, start at their
 * defaults, take valid values and refuse invalid ones with EINVAL.
 */
#include "resv_common.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static bool reads_as(const char *path, const char *want)
{
	char val[64];

	if (knob_read(path, val, sizeof(val)))
		return false;
	if (strcmp(val, want))
		tap_diag("%s reads %s, expected %s", path, val, want);
	return !strcmp(val, want);
}

static bool rejects(const char *path, const char *val)
{
	int err = knob_set(path, val);

	if (err != -EINVAL)
		tap_diag("writing '%s' to %s: %s", val, path,
			 err ? strerror(-err) : "accepted");
	return err == -EINVAL;
}

static bool accepts(const char *path, const char *val)
{
	int err = knob_set(path, val);

	if (err)
		tap_diag("writing '%s' to %s: %s", val, path, strerror(-err));
	return !err && reads_as(path, val);
}

int main(void)
{
	static const char *const counters[] = {
		"thp_resv_alloc", "thp_resv_alloc_failed", "thp_resv_promote",
		"thp_resv_preempt", "thp_resv_pages_preempted",
		"nr_thp_resv_unused",
	};
	bool ok;
	size_t i;

	test_init(60);
	tap_plan(9);

	tap_result(!access(KNOB_RESV, R_OK | W_OK) &&
		   !access(KNOB_THRESHOLD, R_OK | W_OK),
		   "reservation/enabled and promote_threshold exist");
	tap_result(reads_as(KNOB_RESV, "0"), "enabled defaults to 0");
	tap_result(reads_as(KNOB_THRESHOLD, "512"),
		   "promote_threshold defaults to 512");

	tap_result(rejects(KNOB_THRESHOLD, "0"), "promote_threshold 0: EINVAL");
	tap_result(rejects(KNOB_THRESHOLD, "513"),
		   "promote_threshold 513: EINVAL");
	tap_result(rejects(KNOB_THRESHOLD, "x1") && rejects(KNOB_RESV, "2"),
		   "non-numbers are refused: EINVAL");
	tap_result(accepts(KNOB_THRESHOLD, "1") &&
		   accepts(KNOB_THRESHOLD, "256") &&
		   accepts(KNOB_THRESHOLD, "512"),
		   "promote_threshold takes 1, 256 and 512");

	/* With RESV_TEST_KNOB=0 the suite never turns reservations on. */
	if (resv_wanted())
		tap_result(accepts(KNOB_RESV, "1") && accepts(KNOB_RESV, "0"),
			   "enabled takes 1 and 0");
	else
		tap_result(accepts(KNOB_RESV, "0"), "enabled takes 0");

	ok = true;
	for (i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
		if (vmstat_get(counters[i]) < 0) {
			tap_diag("/proc/vmstat lacks %s", counters[i]);
			ok = false;
		}
	}
	tap_result(ok, "/proc/vmstat has the six reservation counters");

	knobs_restore();
	return tap_finish();
}
