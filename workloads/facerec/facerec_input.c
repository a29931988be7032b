/* facerec_input.c - facerec.in and its images, as sp-facerec-gen writes
 * them and sp-facerec and sp-facerec-check read them (facerec_spec.h):
 * parameter lines in a fixed order, so that a truncated or changed file
 * is refused, and 8-bit binary PGM images of the side it names. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "facerec_spec.h"

#define MAX_COUNT 1000000000L

static char err[160];

static const char *fail(long line, const char *what)
{
	snprintf(err, sizeof(err), "facerec.in line %ld: %s", line, what);
	return err;
}

void facerec_default_params(const struct facerec_args *a,
			    struct facerec_params *p)
{
	long sp = lround(FACEREC_SPACING_128 * (double)a->side / 128.0);

	memset(p, 0, sizeof(*p));
	p->side = a->side;
	p->persons = (long)a->persons;
	p->probes = (long)a->probes;
	p->seed = a->seed;
	p->cols = FACEREC_COLS;
	p->rows = FACEREC_ROWS;
	p->spacing = sp < 3 ? 3 : sp;
	p->originx = (a->side - (p->cols - 1) * p->spacing) / 2;
	p->originy = (a->side - (p->rows - 1) * p->spacing) / 2;
	p->lambda = FACEREC_LAMBDA;
	p->radius = FACEREC_RADIUS;
	p->sweeps = FACEREC_SWEEPS;
	p->step = FACEREC_STEP;
	strcpy(p->album, FACEREC_ALBUM);
	strcpy(p->probe, FACEREC_PROBE);
}

void facerec_write_params(FILE *f, const struct facerec_params *p)
{
	fprintf(f, "side %ld\npersons %ld\nprobes %ld\nseed %llu\n"
		"cols %ld\nrows %ld\nspacing %ld\noriginx %ld\noriginy %ld\n"
		"lambda %.17g\nradius %ld\nsweeps %ld\nstep %ld\n"
		"album %s\nprobe %s\n", p->side, p->persons, p->probes,
		(unsigned long long)p->seed, p->cols, p->rows, p->spacing,
		p->originx, p->originy, p->lambda, p->radius, p->sweeps,
		p->step, p->album, p->probe);
}

static const char *const keys[] = { "side", "persons", "probes", "seed",
				    "cols", "rows", "spacing", "originx",
				    "originy", "lambda", "radius", "sweeps",
				    "step", "album", "probe" };
#define NKEYS 15

static int whole(const char *s, long min, long max, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return *end || end == s || errno || *v < min || *v > max;
}

/* A file name: a plain name in facerec.in's folder. */
static int name(const char *s, char *to, size_t size)
{
	if (!*s || strlen(s) >= size || strchr(s, '/') || s[0] == '.')
		return 1;
	strcpy(to, s);
	return 0;
}

static const char *param(struct facerec_params *p, int k, const char *v,
			 long line)
{
	long *l[] = { &p->side, &p->persons, &p->probes, NULL, &p->cols,
		      &p->rows, &p->spacing, &p->originx, &p->originy, NULL,
		      &p->radius, &p->sweeps, &p->step };
	unsigned long long u;
	char *end;

	if (k == 3) {
		errno = 0;
		u = strtoull(v, &end, 10);
		if (*end || end == v || errno || *v == '-')
			return fail(line, "bad seed");
		p->seed = u;
	} else if (k == 9) {
		errno = 0;
		p->lambda = strtod(v, &end);
		if (*end || end == v || errno || !isfinite(p->lambda) ||
		    p->lambda < 0)
			return fail(line, "bad lambda");
	} else if (k == 13 || k == 14) {
		if (name(v, k == 13 ? p->album : p->probe, sizeof(p->album)))
			return fail(line, "bad file name");
	} else if (whole(v, k == 7 || k == 8 ? 0 : 1, MAX_COUNT, l[k])) {
		return fail(line, "bad value");
	}
	return NULL;
}

/* The grid at its origin, moved by local moves, must stay in the image. */
static const char *geometry(const struct facerec_params *p, long line)
{
	long reach = p->radius * p->sweeps;

	if (p->side < FACEREC_MIN_SIDE || p->side > FACEREC_MAX_SIDE ||
	    p->persons < 2 || p->cols != FACEREC_COLS ||
	    p->rows != FACEREC_ROWS ||
	    p->originx + (p->cols - 1) * p->spacing >= p->side ||
	    p->originy + (p->rows - 1) * p->spacing >= p->side ||
	    (p->cols - 1) * p->spacing + 2 * reach >= p->side ||
	    (p->rows - 1) * p->spacing + 2 * reach >= p->side)
		return fail(line, "the graph does not fit the image");
	return NULL;
}

const char *facerec_read_params(FILE *f, struct facerec_params *p)
{
	char buf[256], key[32], val[128], extra[8];
	long line = 0;
	int k = 0;
	const char *e;

	memset(p, 0, sizeof(*p));
	while (fgets(buf, sizeof(buf), f)) {
		line++;
		if (buf[0] == '#')
			continue;
		if (!strchr(buf, '\n'))
			return fail(line, "line too long or unterminated");
		if (k == NKEYS)
			return fail(line, "text after the probe line");
		if (sscanf(buf, "%31s %127s %7s", key, val, extra) != 2)
			return fail(line, "not \"key value\"");
		if (strcmp(key, keys[k]))
			return fail(line, "a key out of order");
		if ((e = param(p, k, val, line)))
			return e;
		k++;
	}
	if (k < NKEYS)
		return fail(line, "truncated");
	return geometry(p, line);
}

char *facerec_beside(const char *in, const char *name)
{
	const char *slash = strrchr(in, '/');
	int dir = slash ? (int)(slash - in) : 1;
	char *path;

	if (asprintf(&path, "%.*s/%s", dir, slash ? in : ".", name) < 0)
		return NULL;
	return path;
}

/* The next header number of a PGM (blanks and comments before it). */
static long pgm_number(FILE *f)
{
	long v = 0;
	int c, digits = 0;

	while ((c = getc(f)) == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	       c == '#')
		if (c == '#')
			while ((c = getc(f)) != '\n' && c != EOF)
				;
	for (; c >= '0' && c <= '9' && digits < 9; c = getc(f), digits++)
		v = v * 10 + (c - '0');
	if (!digits || (c != ' ' && c != '\t' && c != '\n' && c != '\r'))
		return -1;
	return v;
}

const char *facerec_read_pgm(FILE *f, long side, unsigned char *px)
{
	size_t n = (size_t)side * (size_t)side;

	if (getc(f) != 'P' || getc(f) != '5')
		return "not a binary PGM image";
	if (pgm_number(f) != side || pgm_number(f) != side)
		return "an image of another size";
	if (pgm_number(f) != 255)
		return "not an 8-bit image";
	if (fread(px, 1, n, f) != n)
		return "truncated image";
	return NULL;
}
