/* sixtrack_files.c - sp-sixtrack-check's readers of sixtrack.in and of
 * sp-sixtrack's result (sixtrack_files.h), strict about keys, order and
 * numbers. */
#include "sixtrack_files.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define LINE_MAX_LEN 1024

struct reader {
	const char *what;	/* "the input X" or "" (the judged file) */
	FILE *f;
	long line;
	char buf[LINE_MAX_LEN];
	char *pos;		/* the rest of the current line */
};

static _Noreturn void bad(struct reader *rd, const char *fmt, const char *s)
{
	char msg[256];

	snprintf(msg, sizeof(msg), fmt, s);
	check_fail("%s%sline %ld: %s", rd->what, *rd->what ? ", " : "",
		   rd->line, msg);
}

static void open_reader(struct reader *rd, const char *path,
			const char *what)
{
	rd->what = what;
	rd->line = 0;
	rd->f = fopen(path, "r");
	if (!rd->f)
		check_fail("cannot open %s: %s", path, strerror(errno));
}

/* The next line, which must start with key (and a space): 1; 0 at the
 * end of the file (allowed only when at_end_ok). */
static int next_line(struct reader *rd, const char *key, int at_end_ok)
{
	size_t len = strlen(key);

	if (!fgets(rd->buf, sizeof(rd->buf), rd->f)) {
		if (at_end_ok)
			return 0;
		rd->line++;
		bad(rd, "missing '%s'", key);
	}
	rd->line++;
	if (!strchr(rd->buf, '\n'))
		bad(rd, "%s", "too long or unterminated");
	*strchr(rd->buf, '\n') = '\0';
	if (strncmp(rd->buf, key, len) || rd->buf[len] != ' ')
		bad(rd, "expected '%s'", key);
	rd->pos = rd->buf + len;
	return 1;
}

/* The next space-separated word of the line. */
static char *word(struct reader *rd, char *out, size_t size)
{
	size_t n;

	if (*rd->pos != ' ' || rd->pos[1] == ' ' || !rd->pos[1])
		bad(rd, "%s", "a word is missing");
	rd->pos++;
	n = strcspn(rd->pos, " ");
	if (n >= size)
		bad(rd, "%s", "a word is too long");
	memcpy(out, rd->pos, n);
	out[n] = '\0';
	rd->pos += n;
	return out;
}

static double word_double(struct reader *rd)
{
	char *end;
	double x;

	if (*rd->pos != ' ' || rd->pos[1] == ' ' || !rd->pos[1])
		bad(rd, "%s", "a number is missing");
	errno = 0;
	x = strtod(rd->pos + 1, &end);
	if (end == rd->pos + 1 || (*end && *end != ' ') || errno ||
	    !isfinite(x))
		bad(rd, "%s", "a number is not a finite number");
	rd->pos = end;
	return x;
}

static long word_long(struct reader *rd)
{
	char *end;
	long x;

	if (*rd->pos != ' ' || rd->pos[1] == ' ' || !rd->pos[1])
		bad(rd, "%s", "a number is missing");
	errno = 0;
	x = strtol(rd->pos + 1, &end, 10);
	if (end == rd->pos + 1 || (*end && *end != ' ') || errno)
		bad(rd, "%s", "a number is not an integer");
	rd->pos = end;
	return x;
}

static void line_end(struct reader *rd)
{
	if (*rd->pos)
		bad(rd, "%s", "more than expected on the line");
}

static long key_long(struct reader *rd, const char *key, long min, long max)
{
	long x;

	next_line(rd, key, 0);
	x = word_long(rd);
	line_end(rd);
	if (x < min || x > max)
		bad(rd, "%s out of range", key);
	return x;
}

static uint64_t key_seed(struct reader *rd)
{
	char *end;
	uint64_t s;

	next_line(rd, "seed", 0);
	errno = 0;
	s = strtoull(rd->pos + 1, &end, 10);
	if (!isdigit((unsigned char)rd->pos[1]) || *end || errno)
		bad(rd, "%s", "the seed is not a number");
	return s;
}

static int key_lattice(struct reader *rd)
{
	next_line(rd, "lattice", 0);
	if (!strcmp(rd->pos, " full"))
		return 0;
	if (!strcmp(rd->pos, " linear"))
		return 1;
	bad(rd, "%s", "the lattice is neither full nor linear");
}

static void *alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		check_fail("out of memory");
	return p;
}

static int find(const struct sixtrack_input *in, const char *name, int n)
{
	for (int e = 0; e < n; e++)
		if (!strcmp(in->ele[e].name, name))
			return e;
	return -1;
}

static void read_elements(struct reader *rd, struct sixtrack_input *in)
{
	char name[SIXTRACK_NAME_MAX + 1], kind[8];
	long nsets;

	in->nele = (int)key_long(rd, "elements", 1, SIXTRACK_ELEMENTS_MAX);
	for (int e = 0; e < in->nele; e++) {
		struct sixtrack_element *el = &in->ele[e];

		next_line(rd, "element", 0);
		word(rd, name, sizeof(name));
		if (find(in, name, e) >= 0)
			bad(rd, "element %s named twice", name);
		strcpy(el->name, name);
		word(rd, kind, sizeof(kind));
		if (!strcmp(kind, "bend")) {
			el->bend = 1;
			el->coef = word_double(rd);
			el->h = word_double(rd);
		} else if (!strcmp(kind, "mult")) {
			el->order = (int)word_long(rd);
			if (el->order < 1 || el->order > SIXTRACK_MMUL)
				bad(rd, "%s", "the order is out of range");
			el->coef = word_double(rd);
		} else {
			bad(rd, "%s", "an element is a bend or a mult");
		}
		line_end(rd);
	}
	nsets = key_long(rd, "errorsets", 0, 2 * SIXTRACK_ELEMENTS_MAX);
	for (long k = 0; k < nsets; k++) {
		double *u;
		int e;

		next_line(rd, "errors", 0);
		e = find(in, word(rd, name, sizeof(name)), in->nele);
		if (e < 0)
			bad(rd, "no element %s", name);
		word(rd, kind, sizeof(kind));
		if (!strcmp(kind, "b"))
			u = in->ele[e].erb;
		else if (!strcmp(kind, "a"))
			u = in->ele[e].era;
		else
			bad(rd, "%s", "errors are b or a");
		in->ele[e].has_err = 1;
		for (int n = 0; n < SIXTRACK_MMUL; n++)
			u[n] = word_double(rd);
		line_end(rd);
	}
}

void sixtrack_read_input(const char *path, struct sixtrack_input *in)
{
	char what[300], name[SIXTRACK_NAME_MAX + 1];
	struct reader rd;

	memset(in, 0, sizeof(*in));
	snprintf(what, sizeof(what), "the input %s", path);
	open_reader(&rd, path, what);
	in->cells = key_long(&rd, "cells", 1, SIXTRACK_CELLS_MAX);
	in->turns = key_long(&rd, "turns", 1, SIXTRACK_TURNS_MAX);
	in->particles = key_long(&rd, "particles", SIXTRACK_PARTICLES_MIN,
				 SIXTRACK_PARTICLES_MAX);
	in->seed = key_seed(&rd);
	in->linear = key_lattice(&rd);
	key_long(&rd, "mmul", SIXTRACK_MMUL, SIXTRACK_MMUL);
	next_line(&rd, "r0", 0);
	in->r0 = word_double(&rd);
	line_end(&rd);
	if (!(in->r0 > 0))
		bad(&rd, "%s", "r0 is not positive");
	next_line(&rd, "aperture", 0);
	in->aperx = word_double(&rd);
	in->apery = word_double(&rd);
	line_end(&rd);
	next_line(&rd, "rf", 0);
	in->rfv = word_double(&rd);
	in->rfk = word_double(&rd);
	line_end(&rd);
	read_elements(&rd, in);
	in->ncel = key_long(&rd, "cell", 1, 100000);
	in->icel = alloc((size_t)in->ncel, sizeof(*in->icel));
	in->dcel = alloc((size_t)in->ncel, sizeof(*in->dcel));
	for (long k = 0; k < in->ncel; k++) {
		next_line(&rd, "entry", 0);
		in->icel[k] = find(in, word(&rd, name, sizeof(name)), in->nele);
		if (in->icel[k] < 0)
			bad(&rd, "no element %s", name);
		in->dcel[k] = word_double(&rd);
		line_end(&rd);
		if (!(in->dcel[k] >= 0))
			bad(&rd, "%s", "a drift is negative");
	}
	in->coord = alloc((size_t)in->particles, sizeof(*in->coord));
	for (long j = 0; j < in->particles; j++) {
		next_line(&rd, "particle", 0);
		if (word_long(&rd) != j + 1)
			bad(&rd, "%s", "particles out of order");
		for (int k = 0; k < 6; k++)
			in->coord[j][k] = word_double(&rd);
		line_end(&rd);
	}
	if (fgetc(rd.f) != EOF) {
		rd.line++;
		bad(&rd, "%s", "more than the input holds");
	}
	fclose(rd.f);
}

void sixtrack_read_result(const char *path, struct sixtrack_result *res)
{
	struct reader rd;

	memset(res, 0, sizeof(*res));
	open_reader(&rd, path, "");
	res->cells = key_long(&rd, "cells", 1, SIXTRACK_CELLS_MAX);
	res->turns = key_long(&rd, "turns", 1, SIXTRACK_TURNS_MAX);
	res->particles = key_long(&rd, "particles", SIXTRACK_PARTICLES_MIN,
				  SIXTRACK_PARTICLES_MAX);
	res->seed = key_seed(&rd);
	res->linear = key_lattice(&rd);
	res->entries = key_long(&rd, "entries", 1, 2000000000L);
	next_line(&rd, "#", 0);
	for (long i = 0; i < 6; i++) {
		next_line(&rd, "matrix", 0);
		if (word_long(&rd) != i + 1)
			bad(&rd, "%s", "matrix rows out of order");
		for (int k = 0; k < 6; k++)
			res->matrix[i][k] = word_double(&rd);
		line_end(&rd);
	}
	next_line(&rd, "#", 0);
	res->probe = alloc((size_t)res->turns + 1, sizeof(*res->probe));
	res->lost = alloc((size_t)res->particles, sizeof(*res->lost));
	res->final = alloc((size_t)res->particles, sizeof(*res->final));
	for (;;) {
		if (!fgets(rd.buf, sizeof(rd.buf), rd.f)) {
			rd.line++;
			bad(&rd, "%s", "missing the particles");
		}
		rd.line++;
		if (!strncmp(rd.buf, "# ", 2))
			break;
		if (!strchr(rd.buf, '\n'))
			bad(&rd, "%s", "too long or unterminated");
		*strchr(rd.buf, '\n') = '\0';
		if (strncmp(rd.buf, "probe ", 6))
			bad(&rd, "%s", "expected 'probe'");
		rd.pos = rd.buf + 5;
		if (res->nprobe > res->turns)
			bad(&rd, "%s", "more probe records than turns");
		if (word_long(&rd) != res->nprobe)
			bad(&rd, "%s", "probe records out of order");
		for (int k = 0; k < 6; k++)
			res->probe[res->nprobe][k] = word_double(&rd);
		line_end(&rd);
		res->nprobe++;
	}
	for (long j = 0; j < res->particles; j++) {
		next_line(&rd, "particle", 0);
		if (word_long(&rd) != j + 1)
			bad(&rd, "%s", "particles out of order");
		res->lost[j] = word_long(&rd);
		if (res->lost[j] < 0 || res->lost[j] > res->turns)
			bad(&rd, "%s", "a lost turn out of range");
		if (!res->lost[j])
			for (int k = 0; k < 6; k++)
				res->final[j][k] = word_double(&rd);
		line_end(&rd);
	}
	if (fgetc(rd.f) != EOF) {
		rd.line++;
		bad(&rd, "%s", "more particles than the run had");
	}
	fclose(rd.f);
}
