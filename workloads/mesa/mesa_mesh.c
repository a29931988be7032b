/* mesa_mesh.c - the reader of mesa.in that sp-mesa and sp-mesa-check
 * share (mesa_spec.h): the head lines in a fixed order, every height, then
 * "end", so that a truncated or malformed mesh is refused, never half
 * read. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mesa_spec.h"

/* Reads the head line "KEY NUMBER", the number at most max, into *v:
 * 0, or -1 when the line is not that. */
static int head_number(FILE *f, const char *key, unsigned long long max,
		       unsigned long long *v)
{
	char line[128], num[32], extra[2], fmt[48], *end;

	snprintf(fmt, sizeof(fmt), "%s %%31[0-9] %%1s", key);
	if (!fgets(line, sizeof(line), f) || sscanf(line, fmt, num, extra) != 1)
		return -1;
	errno = 0;
	*v = strtoull(num, &end, 10);
	return errno || *end || *v > max ? -1 : 0;
}

static const char *refuse(struct mesa_mesh *m, const char *why)
{
	free(m->h);
	m->h = NULL;
	return why;
}

const char *mesa_read_mesh(FILE *f, struct mesa_mesh *m)
{
	unsigned long long grid, seed;
	char line[64], word[64];
	size_t n;

	m->h = NULL;
	if (!fgets(line, sizeof(line), f) ||
	    strcmp(line, "sp-mesa meshfile\n"))
		return "mesa.in: not an sp-mesa meshfile";
	if (head_number(f, "grid", MESA_MAX_GRID, &grid) ||
	    grid < MESA_MIN_GRID)
		return "mesa.in: no grid line, or a grid out of range";
	if (head_number(f, "seed", UINT64_MAX, &seed))
		return "mesa.in: no seed line";
	m->seed = seed;
	if (!fgets(line, sizeof(line), f) || strcmp(line, "heights\n"))
		return "mesa.in: no heights line";
	m->grid = (long)grid;
	n = (size_t)grid * (size_t)grid;
	m->h = malloc(n * sizeof(*m->h));
	if (!m->h)
		return "out of memory";
	for (size_t k = 0; k < n; k++) {
		char *end;
		float v;

		if (fscanf(f, "%63s", word) != 1)
			return refuse(m, "mesa.in: truncated heights");
		v = strtof(word, &end);
		if (*end || end == word || !isfinite(v) ||
		    fabsf(v) > (float)MESA_HMAX)
			return refuse(m, "mesa.in: a height is not a number "
				      "in [-0.3, 0.3]");
		m->h[k] = v;
	}
	if (fscanf(f, "%63s", word) != 1 || strcmp(word, "end") ||
	    fscanf(f, "%63s", word) != EOF)
		return refuse(m, "mesa.in: no end after the heights");
	return NULL;
}
