/* test_contiguity_timeline.c - checks the sampling schedule and the JSON
 * of the contiguity timeline on fixture files. */
#include <string.h>

#include "contiguity_timeline.h"
#include "tap.h"

#define FX(name) FIXTURES "/" name
#define MS 1000000ull

int main(void)
{
	struct contig_timeline t;
	char buf[8192];
	FILE *f;
	int ticks = 0;

	contig_timeline_init(&t, 1000, 5 * MS);
	t.buddyinfo = FX("buddyinfo_free.txt");
	t.zoneinfo = FX("zoneinfo_free.txt");
	for (uint64_t now = 5 * MS; now <= 3505 * MS; now += 100 * MS)
		ticks += contig_timeline_tick(&t, now) == 1;
	TAP_CHECK(ticks == 4 && t.n == 4, "one sample a second over 3.5 s, "
		  "the first at once (%d)", ticks);
	TAP_CHECK(t.n == 4 && t.samples[1].t_s == 1.0 &&
		  t.samples[3].t_s == 3.0, "sample times 0, 1, 2, 3 s");
	TAP_CHECK(t.samples[0].contiguity == 1.0 &&
		  t.samples[0].free_2m_blocks == 512,
		  "fully free fixture: contiguity 1, 512 free 2 MB blocks");

	/* a late tick skips missed slots instead of bursting */
	TAP_CHECK(contig_timeline_tick(&t, 9100 * MS) == 1 &&
		  contig_timeline_tick(&t, 9200 * MS) == 0 &&
		  contig_timeline_tick(&t, 10005 * MS) == 1,
		  "missed slots are skipped");

	t.buddyinfo = FX("buddyinfo_fragmented.txt");
	t.zoneinfo = NULL;
	t.meminfo = FX("zoneinfo_fallback_meminfo.txt");
	TAP_CHECK(contig_timeline_sample(&t, 11000 * MS) == 1 &&
		  t.samples[t.n - 1].contiguity == 0.0,
		  "fully fragmented fixture: contiguity 0");
	t.buddyinfo = FX("buddyinfo_bad_count.txt");
	TAP_CHECK(contig_timeline_sample(&t, 12000 * MS) == -1 &&
		  t.failures == 1 && strstr(t.last_error, "malformed"),
		  "a bad read is counted, not stored (%s)", t.last_error);

	f = fmemopen(buf, sizeof(buf), "w");
	if (f) {
		struct json j;

		json_init(&j, f, false);
		contig_timeline_json(&j, NULL, &t);
		json_finish(&j);
		fclose(f);
		TAP_CHECK(strstr(buf, "\"interval_ms\":1000") &&
			  strstr(buf, "\"samples\":[[0,1,1048576,512],") &&
			  strstr(buf, "\"failures\":1"),
			  "JSON: %.80s", buf);
	}
	contig_timeline_free(&t);

	contig_timeline_init(&t, 0, 0);
	TAP_CHECK(contig_timeline_tick(&t, 5000 * MS) == 0 && t.n == 0,
		  "interval 0: off");
	return tap_done();
}
