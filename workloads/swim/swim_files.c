/* swim_files.c - sp-swim-check's readers of swim.in and of sp-swim's
 * result (swim_files.h), strict about keys, order and numbers. */
#include "swim_files.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define LINE_MAX_LEN 512

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

/* The next line, which must start with key: 1; 0 at the end of the file
 * (allowed only when at_end_ok). */
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

/* The next space-separated word of the line as a finite double. */
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

static long key_long(struct reader *rd, const char *key)
{
	long x;

	next_line(rd, key, 0);
	x = word_long(rd);
	line_end(rd);
	return x;
}

static double key_double(struct reader *rd, const char *key)
{
	double x;

	next_line(rd, key, 0);
	x = word_double(rd);
	line_end(rd);
	return x;
}

void swim_read_input(const char *path, struct swim_params *sp)
{
	char what[300];
	struct reader rd;
	char *end;

	snprintf(what, sizeof(what), "the input %s", path);
	open_reader(&rd, path, what);
	sp->n1 = key_long(&rd, "n1");
	sp->n2 = key_long(&rd, "n2");
	sp->itmax = key_long(&rd, "itmax");
	sp->mprint = key_long(&rd, "mprint");
	sp->dt = key_double(&rd, "dt");
	sp->dx = key_double(&rd, "dx");
	sp->dy = key_double(&rd, "dy");
	sp->a = key_double(&rd, "a");
	sp->alpha = key_double(&rd, "alpha");
	sp->p0 = key_double(&rd, "p0");
	next_line(&rd, "seed", 0);
	errno = 0;
	sp->seed = strtoull(rd.pos + 1, &end, 10);
	if (!isdigit((unsigned char)rd.pos[1]) || *end || errno)
		bad(&rd, "%s", "the seed is not a number");
	sp->modes = key_long(&rd, "modes");
	if (sp->modes != SWIM_MODES)
		bad(&rd, "%s", "not the modes sp-swim-gen writes");
	for (long k = 0; k < sp->modes; k++) {
		struct swim_mode *md = &sp->mode[k];

		next_line(&rd, "mode", 0);
		md->p = word_long(&rd);
		md->q = word_long(&rd);
		md->amp = word_double(&rd);
		md->phx = word_double(&rd);
		md->phy = word_double(&rd);
		line_end(&rd);
	}
	if (fgetc(rd.f) != EOF) {
		rd.line++;
		bad(&rd, "%s", "more than the input holds");
	}
	fclose(rd.f);
}

void swim_read_result(const char *path, struct swim_result *res)
{
	struct reader rd;
	long cap;

	open_reader(&rd, path, "");
	res->n1 = key_long(&rd, "n1");
	res->n2 = key_long(&rd, "n2");
	res->itmax = key_long(&rd, "itmax");
	res->mprint = key_long(&rd, "mprint");
	next_line(&rd, "#", 0);
	if (res->itmax < 1 || res->itmax > SWIM_STEPS_MAX || res->mprint < 1)
		check_fail("itmax %ld or mprint %ld out of range", res->itmax,
			   res->mprint);
	cap = res->itmax / res->mprint + 2;
	res->rec = malloc((size_t)cap * sizeof(*res->rec));
	if (!res->rec)
		check_fail("out of memory");
	res->nrec = 0;
	while (next_line(&rd, "record", 1)) {
		double *x;

		if (res->nrec == cap)
			bad(&rd, "%s", "more records than steps");
		x = res->rec[res->nrec++];
		x[0] = (double)word_long(&rd);
		for (int k = 1; k < SWIM_REC; k++)
			x[k] = word_double(&rd);
		line_end(&rd);
	}
	fclose(rd.f);
}
