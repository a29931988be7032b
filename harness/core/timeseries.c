/* timeseries.c - bounded sample tables (see timeseries.h). */
#include "timeseries.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int tseries_init(struct tseries *s, size_t width, size_t max_rows)
{
	memset(s, 0, sizeof(*s));
	if (width == 0 || max_rows < 2) {
		errno = EINVAL;
		return -1;
	}
	s->width = width;
	s->max_rows = max_rows & ~(size_t)1;
	s->stride = 1;
	s->t_s = calloc(s->max_rows, sizeof(*s->t_s));
	s->vals = calloc(s->max_rows * width, sizeof(*s->vals));
	if (!s->t_s || !s->vals) {
		tseries_free(s);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

bool tseries_offer(struct tseries *s)
{
	return s->offered++ % s->stride == 0;
}

/* Keeps rows 0, 2, 4, ...: the table then holds every (2 x stride)-th
 * sample offered, as the doubled stride keeps from now on. */
static void halve(struct tseries *s)
{
	size_t kept = 0;

	for (size_t r = 0; r < s->n; r += 2, kept++) {
		s->t_s[kept] = s->t_s[r];
		memmove(&s->vals[kept * s->width], &s->vals[r * s->width],
			s->width * sizeof(*s->vals));
	}
	s->n = kept;
	s->stride *= 2;
}

int tseries_append(struct tseries *s, double t_s, const int64_t *row)
{
	if (!s->t_s)
		return -1;
	if (s->n == s->max_rows)
		halve(s);
	s->t_s[s->n] = t_s;
	memcpy(&s->vals[s->n * s->width], row, s->width * sizeof(*row));
	s->n++;
	return 0;
}

int64_t tseries_at(const struct tseries *s, size_t r, size_t c)
{
	return s->vals[r * s->width + c];
}

void tseries_json_rows(struct json *j, const char *key,
		       const struct tseries *s, const size_t *cols,
		       size_t ncols)
{
	json_array_begin(j, key);
	for (size_t r = 0; r < s->n; r++) {
		json_array_begin(j, NULL);
		json_double(j, NULL, s->t_s[r]);
		for (size_t i = 0; i < (cols ? ncols : s->width); i++)
			json_int(j, NULL, tseries_at(s, r, cols ? cols[i] : i));
		json_array_end(j);
	}
	json_array_end(j);
}

void tseries_free(struct tseries *s)
{
	free(s->t_s);
	free(s->vals);
	s->t_s = NULL;
	s->vals = NULL;
	s->n = 0;
}
