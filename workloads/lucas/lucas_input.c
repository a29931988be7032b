/* lucas_input.c - the input file of Lucas-Lehmer runs (lucas_spec.h), as
 * SPEC's lucas reads its exponent from an input file: a first line naming
 * the arguments it was made for, a comment, then one run a line,
 * "EXPONENT ITERATIONS AT FACTOR". */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lucas_spec.h"

#define HEAD "# sp-lucas input for "
#define TEXT_MAX 256

void lucas_input_write(FILE *f, const struct lucas_args *a,
		       const struct lucas_run *runs, long count)
{
	char line[TEXT_MAX];

	lucas_args_line(a, line, sizeof(line));
	fprintf(f, HEAD "%s\n", line);
	fprintf(f, "# exponent p, iterations, the iteration also reported, "
		   "a factor of 2^p - 1 (0: none)\n");
	for (long i = 0; i < count; i++)
		fprintf(f, "%" PRIu64 " %ld %ld %" PRIu64 "\n", runs[i].p,
			runs[i].iters, runs[i].at, runs[i].factor);
}

static struct lucas_run *fail(FILE *f, struct lucas_run *runs, char *why,
			      size_t size, const char *what, long line)
{
	if (line)
		snprintf(why, size, "line %ld: %s", line, what);
	else
		snprintf(why, size, "%s", what);
	if (f)
		fclose(f);
	free(runs);
	return NULL;
}

struct lucas_run *lucas_input_read(const char *path,
				   const struct lucas_args *a, long *count,
				   char *why, size_t size)
{
	char line[TEXT_MAX], want[TEXT_MAX], extra[2];
	struct lucas_run *runs = NULL, r, *more;
	long n = 0, cap = 0, no = 2;
	FILE *f = fopen(path, "r");

	*count = 0;
	if (!f) {
		snprintf(why, size, "cannot open: %s", strerror(errno));
		return NULL;
	}
	snprintf(want, sizeof(want), HEAD);
	lucas_args_line(a, want + strlen(want), sizeof(want) - strlen(want));
	strcat(want, "\n");
	if (!fgets(line, sizeof(line), f) || strncmp(line, HEAD, strlen(HEAD)))
		return fail(f, runs, why, size, "not a sp-lucas input", 0);
	if (strcmp(line, want))
		return fail(f, runs, why, size,
			    "made for other arguments", 0);
	if (!fgets(line, sizeof(line), f) || line[0] != '#')
		return fail(f, runs, why, size, "no comment line", 2);
	while (fgets(line, sizeof(line), f)) {
		no++;
		if (!strchr(line, '\n'))
			return fail(f, runs, why, size, "too long", no);
		if (sscanf(line, "%" SCNu64 " %ld %ld %" SCNu64 " %1s", &r.p,
			   &r.iters, &r.at, &r.factor, extra) != 4)
			return fail(f, runs, why, size, "not 4 numbers", no);
		if (r.p < 3 || r.p > lucas_max_p(LUCAS_LENGTH_MAX) ||
		    r.iters < 1 || r.iters > LUCAS_ITERS_MAX || r.at < 1 ||
		    r.at > r.iters)
			return fail(f, runs, why, size, "a number out of range",
				    no);
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			more = realloc(runs, (size_t)cap * sizeof(*runs));
			if (!more)
				return fail(f, runs, why, size,
					    "out of memory", 0);
			runs = more;
		}
		runs[n++] = r;
	}
	if (ferror(f))
		return fail(f, runs, why, size, "cannot read", 0);
	if (!n)
		return fail(f, runs, why, size, "no runs", 0);
	fclose(f);
	*count = n;
	return runs;
}

void lucas_residues_path(const char *result, char *buf, size_t size)
{
	const char *slash = strrchr(result, '/');
	int dir = slash ? (int)(slash - result) : 0;

	if (slash)
		snprintf(buf, size, "%.*s/%s", dir, result, LUCAS_RESIDUES);
	else
		snprintf(buf, size, "%s", LUCAS_RESIDUES);
}
