/* galgel_input.c - writes and reads galgel.in (galgel_input.h). */
#include "galgel_input.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void galgel_input_write(FILE *f, const struct galgel_params *p)
{
	fprintf(f, "nx %ld\nny %ld\nsteps %ld\n", p->nx, p->ny, p->steps);
	fprintf(f, "pr %.17g\naspect %.17g\nnewton_tol %.17g\n", p->pr,
		p->aspect, p->newton_tol);
	fprintf(f, "newton_max %ld\nvectors %ld\nseed %" PRIu64 "\n",
		p->newton_max, p->vectors, p->seed);
	for (long k = 0; k < p->steps; k++)
		fprintf(f, "gr %.17g\n", p->gr[k]);
}

/* The value of the next line, which must be "key VALUE": 0, or -1. */
static int value(FILE *f, const char *key, char *val, size_t size)
{
	char line[128];
	size_t len = strlen(key);

	if (!fgets(line, sizeof(line), f) || !strchr(line, '\n'))
		return -1;
	*strchr(line, '\n') = '\0';
	if (strncmp(line, key, len) || line[len] != ' ' || !line[len + 1] ||
	    strlen(line + len + 1) >= size)
		return -1;
	strcpy(val, line + len + 1);
	return 0;
}

static int get_long(FILE *f, const char *key, long *x)
{
	char val[64], *end;

	if (value(f, key, val, sizeof(val)))
		return -1;
	*x = strtol(val, &end, 10);
	return *end || end == val ? -1 : 0;
}

static int get_double(FILE *f, const char *key, double *x)
{
	char val[64], *end;

	if (value(f, key, val, sizeof(val)))
		return -1;
	*x = strtod(val, &end);
	return *end || end == val || !isfinite(*x) ? -1 : 0;
}

int galgel_input_read(FILE *f, struct galgel_params *p, const char **what)
{
	char val[64], *end;

	p->gr = NULL;
	if ((*what = "nx", get_long(f, "nx", &p->nx)) ||
	    (*what = "ny", get_long(f, "ny", &p->ny)) ||
	    (*what = "steps", get_long(f, "steps", &p->steps)) ||
	    (*what = "pr", get_double(f, "pr", &p->pr)) ||
	    (*what = "aspect", get_double(f, "aspect", &p->aspect)) ||
	    (*what = "newton_tol", get_double(f, "newton_tol",
					      &p->newton_tol)) ||
	    (*what = "newton_max", get_long(f, "newton_max",
					    &p->newton_max)) ||
	    (*what = "vectors", get_long(f, "vectors", &p->vectors)) ||
	    (*what = "seed", value(f, "seed", val, sizeof(val))))
		return -1;
	p->seed = strtoull(val, &end, 10);
	if (*end || val[0] < '0' || val[0] > '9')
		return -1;
	*what = "sizes";
	if (p->nx < GALGEL_NX_MIN || p->nx > GALGEL_NX_MAX || p->ny < 2 ||
	    p->ny > GALGEL_NX_MAX || p->steps < GALGEL_STEPS_MIN ||
	    p->steps > GALGEL_STEPS_MAX || p->newton_max < 1 ||
	    p->vectors < 0 || p->vectors > 2 * p->nx * p->ny ||
	    !(p->pr > 0) || !(p->aspect > 0) || !(p->newton_tol > 0))
		return -1;
	p->gr = malloc((size_t)p->steps * sizeof(*p->gr));
	if (!p->gr)
		return -1;
	*what = "gr";
	for (long k = 0; k < p->steps; k++)
		if (get_double(f, "gr", &p->gr[k]))
			goto bad;
	*what = "end";
	if (fgetc(f) != EOF)
		goto bad;
	return 0;
bad:
	free(p->gr);
	p->gr = NULL;
	return -1;
}

int galgel_params_equal(const struct galgel_params *a,
			const struct galgel_params *b)
{
	if (a->nx != b->nx || a->ny != b->ny || a->steps != b->steps ||
	    a->pr != b->pr || a->aspect != b->aspect ||
	    a->newton_tol != b->newton_tol ||
	    a->newton_max != b->newton_max || a->vectors != b->vectors ||
	    a->seed != b->seed)
		return 0;
	for (long k = 0; k < a->steps; k++)
		if (a->gr[k] != b->gr[k])
			return 0;
	return 1;
}
