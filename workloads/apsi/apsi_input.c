/* apsi_input.c - apsi.in written and read (apsi_input.h): one line per
 * scalar, then one per wind mode, the roll, each bubble, each species'
 * puff and source, and the probe; strict about keys, order and numbers. */
#include "apsi_input.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_LEN 512
#define WORDS_MAX 8

static const char *const int_keys[] = { "nx", "ny", "nz", "steps", "mprint",
					"nprobe" };
static const char *const dbl_keys[] = { "dx", "dy", "dz", "dt", "kh", "kv",
					"umean", "theta0", "gamma", "beta",
					"background" };

static void put_doubles(FILE *f, const double *x, int n)
{
	for (int k = 0; k < n; k++)
		fprintf(f, " %.17g", x[k]);
	fputc('\n', f);
}

void apsi_write_input(FILE *f, const struct apsi_params *p)
{
	const int64_t *iv[] = { &p->nx, &p->ny, &p->nz, &p->steps, &p->mprint,
				&p->nprobe };
	const double *dv[] = { &p->dx, &p->dy, &p->dz, &p->dt, &p->kh, &p->kv,
			       &p->umean, &p->theta0, &p->gamma, &p->beta,
			       &p->cbg };

	for (int k = 0; k < 6; k++)
		fprintf(f, "%s %" PRId64 "\n", int_keys[k], *iv[k]);
	for (int k = 0; k < 11; k++)
		fprintf(f, "%s %.17g\n", dbl_keys[k], *dv[k]);
	fprintf(f, "seed %" PRIu64 "\n", p->seed);
	for (int m = 0; m < APSI_WIND; m++) {
		fprintf(f, "wind %" PRId64 " %" PRId64, p->wind_pq[m][0],
			p->wind_pq[m][1]);
		put_doubles(f, p->wind[m], 3);
	}
	fprintf(f, "roll %" PRId64, p->roll_r);
	put_doubles(f, p->roll, 2);
	for (int k = 0; k < APSI_BUBBLES; k++) {
		fputs("bubble", f);
		put_doubles(f, p->bubble[k], 6);
	}
	for (int k = 0; k < APSI_SPECIES; k++) {
		fputs("puff", f);
		put_doubles(f, p->puff[k], 6);
		fprintf(f, "source %" PRId64 " %" PRId64 " %" PRId64, p->src[k][0],
			p->src[k][1], p->src[k][2]);
		put_doubles(f, &p->rate[k], 1);
	}
	fprintf(f, "probe %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64,
		p->probe[0], p->probe[1], p->probe[2], p->probe[3]);
	put_doubles(f, p->probe_ph, 2);
}

struct reader {
	FILE *f;
	long line;
	char buf[LINE_MAX_LEN];
	char *word[WORDS_MAX];
	int words;
	char why[160];
};

/* The next line, which must be key and nwords numbers: 0, or -1 with
 * rd->why set. */
static int next(struct reader *rd, const char *key, int nwords)
{
	char *save, *w;

	rd->line++;
	if (!fgets(rd->buf, sizeof(rd->buf), rd->f)) {
		snprintf(rd->why, sizeof(rd->why), "line %ld: missing '%s'",
			 rd->line, key);
		return -1;
	}
	if (!strchr(rd->buf, '\n')) {
		snprintf(rd->why, sizeof(rd->why),
			 "line %ld: too long or unterminated", rd->line);
		return -1;
	}
	w = strtok_r(rd->buf, " \n", &save);
	if (!w || strcmp(w, key)) {
		snprintf(rd->why, sizeof(rd->why), "line %ld: expected '%s'",
			 rd->line, key);
		return -1;
	}
	rd->words = 0;
	while ((w = strtok_r(NULL, " \n", &save))) {
		if (rd->words == WORDS_MAX)
			break;
		rd->word[rd->words++] = w;
	}
	if (rd->words != nwords || w) {
		snprintf(rd->why, sizeof(rd->why),
			 "line %ld: '%s' wants %d numbers", rd->line, key,
			 nwords);
		return -1;
	}
	return 0;
}

static int bad_number(struct reader *rd)
{
	snprintf(rd->why, sizeof(rd->why), "line %ld: not a number",
		 rd->line);
	return -1;
}

static int get_int(struct reader *rd, int k, int64_t *x)
{
	char *end;

	errno = 0;
	*x = strtoll(rd->word[k], &end, 10);
	return *end || errno ? bad_number(rd) : 0;
}

static int get_double(struct reader *rd, int k, double *x)
{
	char *end;

	*x = strtod(rd->word[k], &end);
	/* an underflow to a subnormal is a number; an overflow is not */
	return *end || end == rd->word[k] || !isfinite(*x) ?
	       bad_number(rd) : 0;
}

/* key, then ni integers into iv and nd doubles into dv. */
static int line_of(struct reader *rd, const char *key, int64_t *iv, int ni,
		   double *dv, int nd)
{
	if (next(rd, key, ni + nd))
		return -1;
	for (int k = 0; k < ni; k++)
		if (get_int(rd, k, &iv[k]))
			return -1;
	for (int k = 0; k < nd; k++)
		if (get_double(rd, ni + k, &dv[k]))
			return -1;
	return 0;
}

static int read_all(struct reader *rd, struct apsi_params *p)
{
	int64_t *iv[] = { &p->nx, &p->ny, &p->nz, &p->steps, &p->mprint,
			  &p->nprobe };
	double *dv[] = { &p->dx, &p->dy, &p->dz, &p->dt, &p->kh, &p->kv,
			 &p->umean, &p->theta0, &p->gamma, &p->beta,
			 &p->cbg };
	char *end;

	for (int k = 0; k < 6; k++)
		if (line_of(rd, int_keys[k], iv[k], 1, NULL, 0))
			return -1;
	for (int k = 0; k < 11; k++)
		if (line_of(rd, dbl_keys[k], NULL, 0, dv[k], 1))
			return -1;
	if (next(rd, "seed", 1))
		return -1;
	errno = 0;
	p->seed = strtoull(rd->word[0], &end, 10);
	if (*end || errno || rd->word[0][0] == '-')
		return bad_number(rd);
	for (int m = 0; m < APSI_WIND; m++)
		if (line_of(rd, "wind", p->wind_pq[m], 2, p->wind[m], 3))
			return -1;
	if (line_of(rd, "roll", &p->roll_r, 1, p->roll, 2))
		return -1;
	for (int k = 0; k < APSI_BUBBLES; k++)
		if (line_of(rd, "bubble", NULL, 0, p->bubble[k], 6))
			return -1;
	for (int k = 0; k < APSI_SPECIES; k++)
		if (line_of(rd, "puff", NULL, 0, p->puff[k], 6) ||
		    line_of(rd, "source", p->src[k], 3, &p->rate[k], 1))
			return -1;
	if (line_of(rd, "probe", p->probe, 4, p->probe_ph, 2))
		return -1;
	if (fgetc(rd->f) != EOF) {
		snprintf(rd->why, sizeof(rd->why),
			 "line %ld: more than the input holds", rd->line + 1);
		return -1;
	}
	return 0;
}

const char *apsi_read_input(const char *path, struct apsi_params *p)
{
	static struct reader rd;

	memset(p, 0, sizeof(*p));
	rd.line = 0;
	rd.f = fopen(path, "r");
	if (!rd.f) {
		snprintf(rd.why, sizeof(rd.why), "cannot open: %s",
			 strerror(errno));
		return rd.why;
	}
	if (read_all(&rd, p)) {
		fclose(rd.f);
		return rd.why;
	}
	fclose(rd.f);
	return NULL;
}

int apsi_same_params(const struct apsi_params *a,
		     const struct apsi_params *b)
{
	/* every field is a 64-bit number: no padding to differ in */
	return !memcmp(a, b, sizeof(*a));
}
