/* ammp_input.c - the reader of ammp.in that sp-ammp and sp-ammp-check
 * share (ammp_spec.h): parameter lines in a fixed order, then atom, bond
 * and angle records handed one by one to the caller, then "end", so that
 * a truncated or malformed file is refused, never half read. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ammp_spec.h"

#define MAX_FIELDS 12
#define MAX_COUNT 1000000000L

static char err[160];

static const char *fail(long line, const char *what)
{
	snprintf(err, sizeof(err), "ammp.in line %ld: %s", line, what);
	return err;
}

/* Splits s at blanks into at most MAX_FIELDS words; their count, or -1
 * when there are more. */
static int split(char *s, char *w[MAX_FIELDS])
{
	int n = 0;

	for (char *t = strtok(s, " \t\n"); t; t = strtok(NULL, " \t\n")) {
		if (n == MAX_FIELDS)
			return -1;
		w[n++] = t;
	}
	return n;
}

static int real(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return *end || end == s || errno || !isfinite(*v);
}

static int whole(const char *s, long min, long max, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return *end || end == s || errno || *v < min || *v > max;
}

/* The parameter lines: key, and where the value goes. */
static const char *const keys[] = { "atoms", "steps", "seed", "box",
				    "cutoff", "skin", "dt", "rebuild",
				    "trace" };
#define NKEYS 9

static const char *param(struct ammp_params *p, int k, const char *v,
			 long line)
{
	unsigned long long u;
	char *end;
	double *d[] = { NULL, NULL, NULL, &p->box, &p->cutoff, &p->skin,
			&p->dt };
	long *l[] = { &p->atoms, &p->steps, NULL, NULL, NULL, NULL, NULL,
		      &p->rebuild, &p->trace };

	if (k == 2) {
		errno = 0;
		u = strtoull(v, &end, 10);
		if (*end || end == v || errno || *v == '-')
			return fail(line, "bad seed");
		p->seed = u;
	} else if (k >= 3 && k <= 6) {
		if (real(v, d[k]) || *d[k] <= 0)
			return fail(line, "bad value");
	} else if (whole(v, 1, MAX_COUNT, l[k])) {
		return fail(line, "bad count");
	}
	return NULL;
}

/* Parameter k; after the last, the caller's params(). */
static const char *header(struct ammp_params *p, int k, const char *v,
			  long line,
			  void (*params)(void *ctx,
					 const struct ammp_params *p),
			  const struct ammp_sink *sink)
{
	const char *e = param(p, k, v, line);

	if (!e && k == NKEYS - 1 && params)
		params(sink->ctx, p);
	return e;
}

static const char *record(char **w, int n, long line, long *atoms,
			  const struct ammp_params *p,
			  const struct ammp_sink *sink)
{
	struct ammp_atom_rec a;
	struct ammp_bond_rec b;
	struct ammp_angle_rec g;
	int bad = 0;

	if (!strcmp(w[0], "atom")) {
		if (n != 12 || whole(w[1], *atoms, *atoms, &a.serial))
			return fail(line, "bad atom (not the next serial?)");
		for (int i = 0; i < 3; i++)
			bad |= real(w[2 + i], &a.x[i]) | real(w[5 + i], &a.v[i]);
		bad |= real(w[8], &a.q) | real(w[9], &a.a) | real(w[10], &a.b) |
		       real(w[11], &a.mass);
		if (bad || a.mass <= 0 || a.a < 0 || a.b < 0)
			return fail(line, "bad atom");
		if (++*atoms > p->atoms)
			return fail(line, "more atoms than the header says");
		sink->atom(sink->ctx, &a);
	} else if (!strcmp(w[0], "bond")) {
		if (n != 5 || whole(w[1], 0, *atoms - 1, &b.i) ||
		    whole(w[2], 0, *atoms - 1, &b.j) || b.i == b.j ||
		    real(w[3], &b.r0) || real(w[4], &b.k))
			return fail(line, "bad bond");
		sink->bond(sink->ctx, &b);
	} else if (!strcmp(w[0], "angle")) {
		if (n != 6 || whole(w[1], 0, *atoms - 1, &g.i) ||
		    whole(w[2], 0, *atoms - 1, &g.j) ||
		    whole(w[3], 0, *atoms - 1, &g.k) || g.i == g.j ||
		    g.j == g.k || g.i == g.k || real(w[4], &g.c0) ||
		    real(w[5], &g.kc))
			return fail(line, "bad angle");
		sink->angle(sink->ctx, &g);
	} else {
		return fail(line, "unknown record");
	}
	return NULL;
}

const char *ammp_read_input(FILE *f, struct ammp_params *p,
			    void (*params)(void *ctx,
					   const struct ammp_params *p),
			    const struct ammp_sink *sink)
{
	char *buf = NULL, *w[MAX_FIELDS];
	const char *e = NULL;
	size_t cap = 0;
	long line = 0, atoms = 0;
	int k = 0, n, ended = 0;

	memset(p, 0, sizeof(*p));
	while (!e && getline(&buf, &cap, f) > 0) {
		line++;
		if (buf[0] == '#')
			continue;
		n = split(buf, w);
		if (n == 0)
			continue;
		if (ended)
			e = fail(line, "text after end");
		else if (n < 0)
			e = fail(line, "too many fields");
		else if (k < NKEYS && (n != 2 || strcmp(w[0], keys[k])))
			e = fail(line, "expected the next parameter");
		else if (k < NKEYS)
			e = header(p, k++, w[1], line, params, sink);
		else if (n == 1 && !strcmp(w[0], "end"))
			ended = 1;
		else
			e = record(w, n, line, &atoms, p, sink);
	}
	free(buf);
	if (!e && ferror(f))
		e = fail(line, "read error");
	if (!e && !ended)
		e = fail(line, "truncated: no end line");
	if (!e && atoms != p->atoms)
		e = fail(line, "fewer atoms than the header says");
	return e;
}
