/* test_timeseries.c - the bounded series keeps samples spread evenly over
 * a run of any length, checked against the rows worked out by hand. */
#include <string.h>

#include "tap.h"
#include "timeseries.h"

int main(void)
{
	struct tseries s;
	int64_t v;
	char buf[512];
	FILE *f;

	TAP_CHECK(tseries_init(&s, 0, 4) == -1 && tseries_init(&s, 1, 1) == -1,
		  "a zero width or fewer than 2 rows is refused");
	TAP_CHECK(tseries_init(&s, 1, 4) == 0, "a 1-wide, 4-row table");
	/* offer samples 0..9, value = index, kept when offered */
	for (int64_t i = 0; i < 10; i++)
		if (tseries_offer(&s))
			tseries_append(&s, (double)i, &i);
	/* 0,1,2,3 fill it; 4 halves to 0,2 (stride 2) and adds 4; 6 adds;
	 * 8 halves 0,2,4,6 to 0,4 (stride 4) and adds 8 */
	TAP_CHECK(s.n == 3 && s.stride == 4, "10 offers in 4 rows: 3 rows, "
		  "stride 4 (n %zu, stride %llu)", s.n,
		  (unsigned long long)s.stride);
	TAP_CHECK(s.t_s[0] == 0 && s.t_s[1] == 4 && s.t_s[2] == 8 &&
		  tseries_at(&s, 2, 0) == 8, "rows 0, 4, 8: evenly spread");
	v = 9;
	tseries_append(&s, 9.5, &v);
	TAP_CHECK(s.n == 4 && s.t_s[3] == 9.5, "a last sample is kept "
		  "whatever the stride");
	tseries_free(&s);

	TAP_CHECK(tseries_init(&s, 3, 2) == 0, "a 3-wide, 2-row table");
	for (int64_t i = 0; i < 3; i++) {
		int64_t row[3] = { i, 10 * i, 100 * i };

		tseries_offer(&s);
		tseries_append(&s, i / 2.0, row);
	}
	f = fmemopen(buf, sizeof(buf), "w");
	if (f) {
		struct json j;
		size_t cols[1] = { 2 };

		json_init(&j, f, false);
		json_object_begin(&j, NULL);
		tseries_json_rows(&j, "all", &s, NULL, 0);
		tseries_json_rows(&j, "third", &s, cols, 1);
		json_object_end(&j);
		json_finish(&j);
		fclose(f);
		TAP_CHECK(!strcmp(buf, "{\"all\":[[0,0,0,0],[1,2,20,200]],"
				  "\"third\":[[0,0],[1,200]]}\n"),
			  "JSON rows, all columns and one: %s", buf);
	}
	tseries_free(&s);
	return tap_done();
}
