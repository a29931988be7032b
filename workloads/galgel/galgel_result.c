/* galgel_result.c - reads sp-galgel's result file (galgel_result.h),
 * strict about keys, order and numbers. */
#include "galgel_result.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "galgel_spec.h"

#define LINE_MAX_LEN 256

struct galgel_reader {
	FILE *f;
	long line;
	char buf[LINE_MAX_LEN];
	char *pos;		/* the rest of the current line */
	int held;		/* buf holds a line not yet taken */
	struct galgel_head h;
};

static _Noreturn void bad(struct galgel_reader *rd, const char *what)
{
	check_fail("line %ld: %s", rd->line, what);
}

/* The next line into buf: 1, or 0 at the end of the file. */
static int fetch(struct galgel_reader *rd)
{
	if (rd->held) {
		rd->held = 0;
		return 1;
	}
	if (!fgets(rd->buf, sizeof(rd->buf), rd->f))
		return 0;
	rd->line++;
	if (!strchr(rd->buf, '\n'))
		bad(rd, "too long or unterminated");
	*strchr(rd->buf, '\n') = '\0';
	return 1;
}

/* 1 when the current line starts with the word key (pos after it). */
static int is_key(struct galgel_reader *rd, const char *key)
{
	size_t len = strlen(key);

	if (strncmp(rd->buf, key, len) || (rd->buf[len] != ' ' &&
					    rd->buf[len]))
		return 0;
	rd->pos = rd->buf + len;
	return 1;
}

static void expect(struct galgel_reader *rd, const char *key)
{
	char msg[64];

	snprintf(msg, sizeof(msg), "expected '%s'", key);
	if (!fetch(rd)) {
		rd->line++;
		snprintf(msg, sizeof(msg), "missing '%s'", key);
		bad(rd, msg);
	}
	if (!is_key(rd, key))
		bad(rd, msg);
}

static double word_double(struct galgel_reader *rd)
{
	char *end;
	double x;

	if (*rd->pos != ' ' || rd->pos[1] == ' ' || !rd->pos[1])
		bad(rd, "a number is missing");
	errno = 0;
	x = strtod(rd->pos + 1, &end);
	if (end == rd->pos + 1 || (*end && *end != ' ') || errno ||
	    !isfinite(x))
		bad(rd, "a number is not a finite number");
	rd->pos = end;
	return x;
}

static long word_long(struct galgel_reader *rd)
{
	char *end;
	long x;

	if (*rd->pos != ' ' || rd->pos[1] == ' ' || !rd->pos[1])
		bad(rd, "a number is missing");
	errno = 0;
	x = strtol(rd->pos + 1, &end, 10);
	if (end == rd->pos + 1 || (*end && *end != ' ') || errno)
		bad(rd, "a number is not an integer");
	rd->pos = end;
	return x;
}

static void line_end(struct galgel_reader *rd)
{
	if (*rd->pos)
		bad(rd, "more than expected on the line");
}

static long key_long(struct galgel_reader *rd, const char *key)
{
	long x;

	expect(rd, key);
	x = word_long(rd);
	line_end(rd);
	return x;
}

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

	rd->f = fopen(path, "r");
	if (!rd->f)
		check_fail("cannot open: %s", strerror(errno));
	h->nx = key_long(rd, "nx");
	h->ny = key_long(rd, "ny");
	h->order = key_long(rd, "order");
	h->steps = key_long(rd, "steps");
	h->vectors = key_long(rd, "vectors");
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

static void pairs(struct galgel_reader *rd, const char *key, double *re,
		  double *im, long m)
{
	for (long i = 0; i < m; i++) {
		expect(rd, key);
		re[i] = word_double(rd);
		im[i] = word_double(rd);
		line_end(rd);
	}
}

int galgel_result_step(struct galgel_reader *rd, struct galgel_step *st,
		       int *found, double *gr, double *freq)
{
	long m = rd->h.order, v = rd->h.vectors;

	if (!st->x) {
		st->x = alloc((size_t)m, sizeof(double));
		st->lre = alloc((size_t)m, sizeof(double));
		st->lim = alloc((size_t)m, sizeof(double));
		st->vidx = alloc((size_t)v, sizeof(long));
		st->vre = alloc((size_t)(v * m), sizeof(double));
		st->vim = alloc((size_t)(v * m), sizeof(double));
	}
	if (!fetch(rd)) {
		rd->line++;
		bad(rd, "missing 'critical'");
	}
	if (is_key(rd, "critical")) {
		if (!strcmp(rd->pos, " none")) {
			*found = 0;
		} else {
			*found = 1;
			*gr = word_double(rd);
			*freq = word_double(rd);
			line_end(rd);
		}
		if (fetch(rd))
			bad(rd, "more after the critical line");
		return 0;
	}
	if (!is_key(rd, "step"))
		bad(rd, "expected 'step' or 'critical'");
	st->k = word_long(rd);
	st->gr = word_double(rd);
	st->newton = word_long(rd);
	st->res = word_double(rd);
	line_end(rd);
	for (long i = 0; i < m; i++) {
		expect(rd, "x");
		st->x[i] = word_double(rd);
		line_end(rd);
	}
	pairs(rd, "lambda", st->lre, st->lim, m);
	st->nvec = 0;
	while (st->nvec < v) {
		if (!fetch(rd))
			break;
		if (!is_key(rd, "vector")) {
			rd->held = 1;
			break;
		}
		st->vidx[st->nvec] = word_long(rd);
		line_end(rd);
		pairs(rd, "v", st->vre + st->nvec * m, st->vim + st->nvec * m,
		      m);
		st->nvec++;
	}
	return 1;
}

void galgel_result_close(struct galgel_reader *rd, struct galgel_step *st)
{
	fclose(rd->f);
	free(rd);
	free(st->x);
	free(st->lre);
	free(st->lim);
	free(st->vidx);
	free(st->vre);
	free(st->vim);
}
