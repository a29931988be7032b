/* fma3d_state.c - reads sp-fma3d's state file (fma3d_state.h): the header
 * lines in their order, each value a number, then exactly the doubles the
 * header's counts call for, each finite. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fma3d_spec.h"
#include "fma3d_state.h"

#define LINE_MAX_ 128

/* The next header line, which must be "key VALUE"; VALUE's text. */
static void header_line(FILE *f, const char *key, char *value)
{
	char line[LINE_MAX_];
	size_t k = strlen(key), len;

	if (!fgets(line, sizeof(line), f))
		check_fail("missing '%s'", key);
	len = strlen(line);
	if (!len || line[len - 1] != '\n')
		check_fail("header line for '%s' unterminated", key);
	line[len - 1] = 0;
	if (strncmp(line, key, k) || (line[k] != ' ' && line[k] != 0))
		check_fail("expected '%s', found '%.40s'", key, line);
	strcpy(value, line[k] ? line + k + 1 : "");
}

static long header_long(FILE *f, const char *key)
{
	char v[LINE_MAX_], *end;
	long x;

	header_line(f, key, v);
	errno = 0;
	x = strtol(v, &end, 10);
	if (errno || end == v || *end || x < 0)
		check_fail("'%s' is not a count: '%s'", key, v);
	return x;
}

static double header_double(FILE *f, const char *key)
{
	char v[LINE_MAX_], *end;
	double x;

	header_line(f, key, v);
	x = strtod(v, &end);
	if (end == v || *end || !isfinite(x))
		check_fail("'%s' is not a finite number: '%s'", key, v);
	return x;
}

static double *doubles(FILE *f, long count, const char *what)
{
	double *d = malloc((size_t)count * sizeof(*d) + 1);

	if (!d)
		check_fail("out of memory for %ld values", count);
	if (fread(d, sizeof(*d), (size_t)count, f) != (size_t)count)
		check_fail("%s cut short", what);
	for (long k = 0; k < count; k++)
		if (!isfinite(d[k]))
			check_fail("%s value %ld is not finite", what, k);
	return d;
}

static void part(FILE *f, struct fma3d_part *p, const char *what)
{
	char name[64];

	snprintf(name, sizeof(name), "%s's nodes", what);
	p->node = doubles(f, FMA3D_NODE_STATE * p->nnode, name);
	snprintf(name, sizeof(name), "%s's elements", what);
	p->elem = doubles(f, FMA3D_ELEM_STATE * p->nelem, name);
}

void fma3d_read_state(const char *path, struct fma3d_state *st)
{
	FILE *f = fopen(path, "rb");
	char v[LINE_MAX_];
	unsigned long long seed;
	char *end;

	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	header_line(f, "fma3d-state", v);
	if (strcmp(v, "1"))
		check_fail("state format '%s', expected 1", v);
	st->nx = header_long(f, "nx");
	st->ny = header_long(f, "ny");
	st->nz = header_long(f, "nz");
	st->plate.steps = header_long(f, "steps");
	header_line(f, "seed", v);
	errno = 0;
	seed = strtoull(v, &end, 10);
	if (errno || end == v || *end)
		check_fail("'seed' is not a number: '%s'", v);
	st->seed = seed;
	st->plate.time = header_double(f, "time");
	st->plate.nnode = header_long(f, "nodes");
	st->plate.nelem = header_long(f, "elements");
	st->probe.steps = header_long(f, "probe_steps");
	st->probe.time = header_double(f, "probe_time");
	st->probe.nnode = header_long(f, "probe_nodes");
	st->probe.nelem = header_long(f, "probe_elements");
	header_line(f, "end", v);
	if (*v)
		check_fail("expected 'end', found 'end %.40s'", v);
	if (st->plate.nnode > 100000000L || st->plate.nelem > 100000000L ||
	    st->probe.nnode > 100000L || st->probe.nelem > 100000L)
		check_fail("counts too large");
	part(f, &st->plate, "plate");
	part(f, &st->probe, "probe");
	if (fgetc(f) != EOF)
		check_fail("bytes after the probe's elements");
	fclose(f);
}
