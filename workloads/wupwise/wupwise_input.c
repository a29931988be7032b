/* wupwise_input.c - writes and reads the wupwise input file
 * (wupwise_input.h). */
#include "wupwise_input.h"

#include <inttypes.h>
#include <string.h>

void wup_input_write(FILE *f, const struct wup_params *p)
{
	fprintf(f, "%d %d %d %d\tlattice extents x y z t\n", p->dims[0],
		p->dims[1], p->dims[2], p->dims[3]);
	fprintf(f, "%" PRIu64 "\tseed\n", p->seed);
	fprintf(f, "%.17g\tkappa\n", p->kappa);
	fprintf(f, "%.17g\ttolerance\n", p->tol);
	fprintf(f, "%d\tmaximum iterations\n", p->maxiter);
}

/* The next line of f into line: 0, or -1 at its end or a line too long. */
static int next(FILE *f, char *line, int size)
{
	if (!fgets(line, size, f) || !strchr(line, '\n'))
		return -1;
	return 0;
}

int wup_input_read(FILE *f, struct wup_params *p, const char **what)
{
	char line[256];
	int *d = p->dims;

	*what = "lattice extents";
	if (next(f, line, sizeof(line)) ||
	    sscanf(line, "%d %d %d %d", &d[0], &d[1], &d[2], &d[3]) != 4)
		return -1;
	*what = "seed";
	if (next(f, line, sizeof(line)) ||
	    sscanf(line, "%" SCNu64, &p->seed) != 1)
		return -1;
	*what = "kappa";
	if (next(f, line, sizeof(line)) || sscanf(line, "%lf", &p->kappa) != 1)
		return -1;
	*what = "tolerance";
	if (next(f, line, sizeof(line)) || sscanf(line, "%lf", &p->tol) != 1)
		return -1;
	*what = "maximum iterations";
	if (next(f, line, sizeof(line)) || sscanf(line, "%d", &p->maxiter) != 1)
		return -1;
	*what = "end";
	if (fgets(line, sizeof(line), f))
		return -1;
	return 0;
}
