/* apsi_result.c - sp-apsi-check's reader of sp-apsi's result
 * (apsi_result.h), strict about keys, order, counts and numbers. */
#include "apsi_result.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

struct reader {
	FILE *f;
	long line;
	char *buf;
	size_t cap;
	char *pos;		/* the rest of the current line */
};

static _Noreturn void bad(struct reader *rd, const char *what)
{
	check_fail("line %ld: %s", rd->line, what);
}

/* The next line, without its newline, in rd->buf: 1; 0 at the end of the
 * file when at_end_ok, otherwise "missing 'what'". */
static int raw_line(struct reader *rd, const char *what, int at_end_ok)
{
	ssize_t got = getline(&rd->buf, &rd->cap, rd->f);

	rd->line++;
	if (got < 0) {
		if (at_end_ok)
			return 0;
		check_fail("line %ld: missing '%s'", rd->line, what);
	}
	if (rd->buf[got - 1] != '\n')
		bad(rd, "unterminated");
	rd->buf[got - 1] = '\0';
	return 1;
}

/* The next line, which must start with key and a space. */
static void next_line(struct reader *rd, const char *key)
{
	size_t len = strlen(key);

	raw_line(rd, key, 0);
	if (strncmp(rd->buf, key, len) || rd->buf[len] != ' ')
		check_fail("line %ld: expected '%s'", rd->line, key);
	rd->pos = rd->buf + len;
}

static double word_double(struct reader *rd)
{
	char *end;
	double x;

	if (*rd->pos != ' ' || rd->pos[1] == ' ' || !rd->pos[1])
		bad(rd, "a number is missing");
	/* an underflow to a subnormal is a number; an overflow is not */
	x = strtod(rd->pos + 1, &end);
	if (end == rd->pos + 1 || (*end && *end != ' ') || !isfinite(x))
		bad(rd, "a number is not a finite number");
	rd->pos = end;
	return x;
}

static long word_long(struct reader *rd)
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

static void line_end(struct reader *rd)
{
	if (*rd->pos)
		bad(rd, "more than expected on the line");
}

static long key_long(struct reader *rd, const char *key)
{
	long x;

	next_line(rd, key);
	x = word_long(rd);
	line_end(rd);
	return x;
}

static double *alloc_plane(const struct apsi_result *res)
{
	double *x = malloc((size_t)res->nx * (size_t)res->ny * sizeof(*x));

	if (!x)
		check_fail("out of memory");
	return x;
}

/* ny lines "key J v1 ... vnx", J = 1 ... ny, into x. */
static void read_plane(struct reader *rd, const struct apsi_result *res,
		       const char *key, double *x)
{
	for (long j = 0; j < res->ny; j++) {
		next_line(rd, key);
		if (word_long(rd) != j + 1)
			bad(rd, "a row out of order");
		for (long i = 0; i < res->nx; i++)
			x[j * res->nx + i] = word_double(rd);
		line_end(rd);
	}
}

void apsi_read_result(const char *path, struct apsi_result *res)
{
	struct reader rd = { 0 };
	long cap;

	rd.f = fopen(path, "r");
	if (!rd.f)
		check_fail("cannot open %s: %s", path, strerror(errno));
	res->nx = key_long(&rd, "nx");
	res->ny = key_long(&rd, "ny");
	res->nz = key_long(&rd, "nz");
	res->steps = key_long(&rd, "steps");
	res->mprint = key_long(&rd, "mprint");
	res->nprobe = key_long(&rd, "nprobe");
	if (res->nx < APSI_N_MIN || res->nx > APSI_N_MAX || res->ny != res->nx ||
	    res->nz != APSI_NZ(res->nx) || res->steps < 1 ||
	    res->steps > APSI_STEPS_MAX || res->mprint < 1)
		check_fail("a grid of %ld x %ld x %ld, %ld steps, records every "
			   "%ld: out of range", res->nx, res->ny, res->nz,
			   res->steps, res->mprint);
	next_line(&rd, "#");
	cap = res->steps / res->mprint + 2;
	res->rec = malloc((size_t)cap * sizeof(*res->rec));
	if (!res->rec)
		check_fail("out of memory");
	res->nrec = 0;
	for (;;) {
		double *x;

		raw_line(&rd, "probe", 0);
		if (!strncmp(rd.buf, "probe ", 6))
			break;
		if (strncmp(rd.buf, "record ", 7))
			bad(&rd, "expected 'record' or 'probe'");
		rd.pos = rd.buf + 6;
		if (res->nrec == cap)
			bad(&rd, "more records than steps");
		x = res->rec[res->nrec++];
		x[0] = (double)word_long(&rd);
		for (int k = 1; k < APSI_REC; k++)
			x[k] = word_double(&rd);
		line_end(&rd);
	}
	rd.pos = rd.buf + 5;
	res->probe_level = word_long(&rd);
	line_end(&rd);
	res->probe = alloc_plane(res);
	read_plane(&rd, res, "q", res->probe);
	for (int l = 0; l < APSI_PLANES; l++) {
		res->level[l] = key_long(&rd, "plane");
		res->theta[l] = alloc_plane(res);
		res->p[l] = alloc_plane(res);
		read_plane(&rd, res, "theta", res->theta[l]);
		read_plane(&rd, res, "p", res->p[l]);
	}
	if (raw_line(&rd, "", 1))
		bad(&rd, "more than the result holds");
	free(rd.buf);
	fclose(rd.f);
}
