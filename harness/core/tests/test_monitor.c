/* test_monitor.c - the /proc monitors on fixture files: the values each
 * series holds are the fixtures' own numbers, the schedule is one sample a
 * period, a changed layout is a counted failure, an unreadable file is
 * reported unavailable with its reason. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "monitor.h"
#include "tap.h"

#define FX(name) FIXTURES "/" name
#define MS 1000000ull

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static char *json_of(const struct monitor *m)
{
	static char buf[65536];
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	struct json j;

	if (!f)
		return "";
	json_init(&j, f, false);
	monitor_json(&j, NULL, m);
	json_finish(&j);
	fclose(f);
	return buf;
}

int main(void)
{
	char vm[] = "/tmp/spmonitor-vmstat-XXXXXX";
	struct monitor m;
	int ticks = 0, fd = mkstemp(vm);
	char *js;

	if (fd >= 0)
		close(fd);
	write_file(vm, "nr_free_pages 100\npgfault 7\nthp_fault_alloc 0\n");
	monitor_init(&m, 1000, 4, 0, vm, FX("buddyinfo_real.txt"),
		     FX("pagetypeinfo_real.txt"));
	m.cost_factor = 0;	/* the schedule alone; the budget below */
	for (uint64_t now = 0; now <= 2500 * MS; now += 100 * MS) {
		if (now == 1500 * MS)
			write_file(vm, "nr_free_pages 90\npgfault 9\n"
				   "thp_fault_alloc 0\n");
		ticks += monitor_tick(&m, now);
	}
	TAP_CHECK(ticks == 3 && m.vmstat.ts.n == 3, "one sample a second over "
		  "2.5 s, the first at once (%d)", ticks);
	TAP_CHECK(tseries_at(&m.vmstat.ts, 1, 0) == 100 &&
		  tseries_at(&m.vmstat.ts, 2, 0) == 90 &&
		  tseries_at(&m.vmstat.ts, 2, 1) == 9,
		  "vmstat values as the file said at each sample");
	/* buddyinfo_real.txt: DMA32 order 10 = 751, Normal order 0 = 226 */
	TAP_CHECK(m.nzones == 3 && m.bi_orders == 11 &&
		  !strcmp(m.zones[2], "0/Normal") &&
		  tseries_at(&m.buddyinfo.ts, 0, 1 * 11 + 10) == 751 &&
		  tseries_at(&m.buddyinfo.ts, 0, 2 * 11 + 0) == 226,
		  "buddyinfo per zone and order, as the fixture");
	/* pagetypeinfo_real.txt: Movable order 10 = 3 + 751 + 2448 over the
	 * zones; Unmovable order 0 = 0 + 1 + 863 */
	TAP_CHECK(m.ntypes == 5 && !strcmp(m.types[1], "Movable") &&
		  tseries_at(&m.pagetypeinfo.ts, 0, 1 * 11 + 10) == 3202 &&
		  tseries_at(&m.pagetypeinfo.ts, 0, 0) == 864 &&
		  tseries_at(&m.pagetypeinfo.ts, 0, 5 * 11) == 0,
		  "pagetypeinfo per type and order, summed over zones");
	TAP_CHECK(m.pagetypeinfo.ts.n == 1 && m.pagetypeinfo.every == 10,
		  "pagetypeinfo read one tick in 10: once in 3 ticks (%zu)",
		  m.pagetypeinfo.ts.n);
	js = json_of(&m);
	TAP_CHECK(strstr(js, "\"fields\":[\"t_s\",\"nr_free_pages\","
			 "\"pgfault\"],\"unchanged_items\":1,\"samples\":"
			 "[[0,100,7],[1,100,7],[2,90,9]],\"every\":1,\"stride\":1") != NULL,
		  "JSON: only the vmstat items that changed (%.120s)",
		  strstr(js, "\"fields\"") ? strstr(js, "\"fields\"") : js);

	write_file(vm, "nr_free_pages 90\npgfault 9\n");
	TAP_CHECK(monitor_tick(&m, 3000 * MS) == 1 && m.vmstat.failures == 1 &&
		  m.vmstat.ts.n == 3 && strstr(m.vmstat.last_error, "layout"),
		  "a changed layout is a counted failure, not a row (%s)",
		  m.vmstat.last_error);
	write_file(vm, "nr_free_pages 80\npgfault 9\nthp_fault_alloc 1\n");
	monitor_tick(&m, 4000 * MS);
	monitor_sample_last(&m, 4200 * MS);
	TAP_CHECK(m.vmstat.ts.n == 3 && m.vmstat.ts.stride == 2 &&
		  m.vmstat.ts.t_s[2] == 4.2,
		  "4 rows full: halved to every other one, the last kept "
		  "(n %zu, stride %llu)", m.vmstat.ts.n,
		  (unsigned long long)m.vmstat.ts.stride);
	monitor_free(&m);
	unlink(vm);

	monitor_init(&m, 1000, 8, 0, "/nonexistent/vmstat",
		     FX("buddyinfo_bad_count.txt"), FX("pagetypeinfo_bad.txt"));
	monitor_tick(&m, 0);
	js = json_of(&m);
	TAP_CHECK(!m.vmstat.available && strstr(m.vmstat.reason, "No such file")
		  && strstr(js, "\"vmstat\":{\"available\":false,\"reason\":"
			    "\"cannot read /nonexistent/vmstat"),
		  "a missing file: unavailable, with the reason");
	TAP_CHECK(m.buddyinfo.failures == 1 && m.pagetypeinfo.failures == 1 &&
		  strstr(js, "\"buddyinfo\":{\"available\":false"),
		  "a malformed file: unavailable, the error kept");
	monitor_free(&m);

	monitor_init(&m, 1000, 64, 0, FX("vmstat_before.txt"),
		     FX("buddyinfo_real.txt"), FX("pagetypeinfo_real.txt"));
	monitor_sample_first(&m, 0);
	/* one read each so far: the next no sooner than 100 x its CPU time */
	TAP_CHECK(m.cost_factor == 100 &&
		  m.pagetypeinfo.next_ns == 100 * m.pagetypeinfo.cost_ns &&
		  m.vmstat.next_ns == 100 * m.vmstat.cost_ns,
		  "a read's cost sets when the next may come (100 x %llu ns)",
		  (unsigned long long)m.pagetypeinfo.cost_ns);
	m.vmstat.next_ns = 5000 * MS;
	monitor_tick(&m, 1000 * MS);
	TAP_CHECK(m.vmstat.ts.n == 1 && m.buddyinfo.ts.n == 2,
		  "a source within its budget waits; the others are read");
	m.cost_factor = 0;
	m.vmstat.next_ns = 0;
	TAP_CHECK(m.vmstat.ts.n == 1 && m.pagetypeinfo.ts.n == 1 &&
		  monitor_tick(&m, 500 * MS) == 0,
		  "a first sample before exec; the next tick a period later");
	for (uint64_t s = 2; s <= 10; s++)
		monitor_tick(&m, s * 1000 * MS);
	TAP_CHECK(m.vmstat.ts.n == 10 && m.pagetypeinfo.ts.n == 2 &&
		  m.pagetypeinfo.ts.t_s[1] == 10.0,
		  "pagetypeinfo again ten ticks after the first (at %g s)",
		  m.pagetypeinfo.ts.n == 2 ? m.pagetypeinfo.ts.t_s[1] : -1.0);
	monitor_free(&m);

	monitor_init(&m, 0, 8, 0, NULL, NULL, NULL);
	monitor_sample_first(&m, 0);
	TAP_CHECK(monitor_tick(&m, 5000 * MS) == 0 && !strcmp(json_of(&m),
		  "null\n"), "interval 0: off, null in the record");
	monitor_free(&m);
	return tap_done();
}
