/* timeseries.h - a table of samples over time whose size is bounded: when
 * it is full, every other row is dropped and only every second sample
 * offered from then on is kept, so a run of any length fits in max_rows
 * rows spread evenly over it.  Used for the coverage series and the
 * /proc monitors. */
#ifndef SP_TIMESERIES_H
#define SP_TIMESERIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "json.h"

struct tseries {
	size_t width;		/* values per row */
	size_t max_rows;	/* an even number >= 2 */
	size_t n;		/* rows held */
	uint64_t stride;	/* one offered sample in stride is kept */
	uint64_t offered;	/* samples offered so far */
	double *t_s;		/* n times */
	int64_t *vals;		/* n x width values */
};

/* 0, or -1 with errno ENOMEM (EINVAL: width 0 or max_rows < 2). */
int tseries_init(struct tseries *s, size_t width, size_t max_rows);

/* Whether the next offered sample would be kept: a caller whose reading
 * costs something reads only then.  Every call counts one offer. */
bool tseries_offer(struct tseries *s);

/* Appends a row (width values) taken at t_s, making room first when the
 * table is full.  Call it after tseries_offer() said yes, or for a last
 * sample that must be kept whatever the stride.  0, or -1 (no table). */
int tseries_append(struct tseries *s, double t_s, const int64_t *row);

/* The value at row r, column c. */
int64_t tseries_at(const struct tseries *s, size_t r, size_t c);

/* Writes "key": [[t, v0, v1, ...], ...] for the columns listed in cols
 * (ncols of them; cols NULL: every column). */
void tseries_json_rows(struct json *j, const char *key,
		       const struct tseries *s, const size_t *cols,
		       size_t ncols);

void tseries_free(struct tseries *s);

#endif
