/* galgel_result.c - reads sp-galgel's result file (galgel_result.h),
 * strict about keys, order and numbers. */
#include "galgel_result.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "galgel_spec.h"
#include "line_reader.h"

struct galgel_reader {
	struct line_reader lr;
	struct galgel_head h;
};

static void *alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		check_fail("out of memory");
	return p;
}

struct galgel_reader *galgel_result_open(const char *path,
					 struct galgel_head *h)
{
	struct galgel_reader *rd = alloc(1, sizeof(*rd));
	struct line_reader *lr = &rd->lr;

	lr_open(lr, path, "");
	h->nx = lr_key(lr, "nx", lr_long);
	h->ny = lr_key(lr, "ny", lr_long);
	h->order = lr_key(lr, "order", lr_long);
	h->steps = lr_key(lr, "steps", lr_long);
	h->vectors = lr_key(lr, "vectors", lr_long);
	if (h->nx < GALGEL_NX_MIN || h->nx > GALGEL_NX_MAX || h->ny < 2 ||
	    h->ny > GALGEL_NX_MAX || h->order != 2 * h->nx * h->ny ||
	    h->steps < 1 || h->steps > GALGEL_STEPS_MAX || h->vectors < 0 ||
	    h->vectors > h->order)
		check_fail("sizes out of range: nx %ld ny %ld order %ld steps "
			   "%ld vectors %ld", h->nx, h->ny, h->order, h->steps,
			   h->vectors);
	rd->h = *h;
	return rd;
}

static void pairs(struct line_reader *lr, const char *key, double *re,
		  double *im, long m)
{
	for (long i = 0; i < m; i++) {
		lr_expect(lr, key);
		re[i] = lr_double(lr);
		im[i] = lr_double(lr);
		lr_end(lr);
	}
}

int galgel_result_step(struct galgel_reader *rd, struct galgel_step *st,
		       int *found, double *gr, double *freq)
{
	struct line_reader *lr = &rd->lr;
	long m = rd->h.order, v = rd->h.vectors;

	if (!st->x) {
		st->x = alloc((size_t)m, sizeof(double));
		st->lre = alloc((size_t)m, sizeof(double));
		st->lim = alloc((size_t)m, sizeof(double));
		st->vidx = alloc((size_t)v, sizeof(long));
		st->vre = alloc((size_t)(v * m), sizeof(double));
		st->vim = alloc((size_t)(v * m), sizeof(double));
	}
	if (!lr_next(lr))
		lr_fail(lr, "missing 'critical'");
	if (lr_is_key(lr, "critical")) {
		if (!strcmp(lr->pos, " none")) {
			*found = 0;
		} else {
			*found = 1;
			*gr = lr_double(lr);
			*freq = lr_double(lr);
			lr_end(lr);
		}
		if (lr_next(lr))
			lr_fail(lr, "more after the critical line");
		return 0;
	}
	if (!lr_is_key(lr, "step"))
		lr_fail(lr, "expected 'step' or 'critical'");
	st->k = lr_long(lr);
	st->gr = lr_double(lr);
	st->newton = lr_long(lr);
	st->res = lr_double(lr);
	lr_end(lr);
	for (long i = 0; i < m; i++) {
		lr_expect(lr, "x");
		st->x[i] = lr_double(lr);
		lr_end(lr);
	}
	pairs(lr, "lambda", st->lre, st->lim, m);
	for (st->nvec = 0; st->nvec < v && lr_next(lr); st->nvec++) {
		if (!lr_is_key(lr, "vector")) {
			lr_unread(lr);
			break;
		}
		st->vidx[st->nvec] = lr_long(lr);
		lr_end(lr);
		pairs(lr, "v", st->vre + st->nvec * m, st->vim + st->nvec * m,
		      m);
	}
	return 1;
}

void galgel_result_close(struct galgel_reader *rd, struct galgel_step *st)
{
	lr_close(&rd->lr);
	free(rd);
	free(st->x);
	free(st->lre);
	free(st->lim);
	free(st->vidx);
	free(st->vre);
	free(st->vim);
}
