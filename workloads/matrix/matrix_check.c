/* matrix_check.c - sp-matrix-check: verifies sp-matrix's result file by
 * recomputing, from the element formula alone, the hashes that B = A^T and
 * an untouched A must have. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matrix_spec.h"

#define NKEYS 5
static const char *const keys[NKEYS] = {
	"format", "n", "reps", "hash_b", "hash_a"
};

static void fail(const char *path, const char *fmt, const char *what)
{
	fprintf(stderr, "sp-matrix-check: %s: ", path);
	fprintf(stderr, fmt, what);
	fputc('\n', stderr);
	exit(1);
}

/* Reads "key value" lines, each key once, in order; values[] gets copies. */
static void read_result(const char *path, char values[NKEYS][64])
{
	char line[256], key[64], val[64], extra[2];
	FILE *f = fopen(path, "r");
	int k = 0;

	if (!f)
		fail(path, "cannot open: %s", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		if (!strchr(line, '\n'))
			fail(path, "%s", "a line is too long or unterminated");
		*strchr(line, '\n') = '\0';
		if (sscanf(line, "%63s %63s %1s", key, val, extra) != 2)
			fail(path, "malformed line: %s", line);
		if (k == NKEYS)
			fail(path, "unexpected extra line: %s", key);
		if (strcmp(key, keys[k]))
			fail(path, "expected key '%s'", keys[k]);
		strcpy(values[k++], val);
	}
	fclose(f);
	if (k < NKEYS)
		fail(path, "truncated: missing '%s'", keys[k]);
}

static void expect(const char *path, const char *key, const char *got,
		   const char *want)
{
	char msg[256];

	if (!strcmp(got, want))
		return;
	snprintf(msg, sizeof(msg), "%s is %.64s, expected %.64s", key, got,
		 want);
	fail(path, "%s", msg);
}

int main(int argc, char **argv)
{
	char values[NKEYS][64], want[64];
	uint64_t hash_b = 0, hash_a = 0;
	struct matrix_args a;
	long i, j;

	matrix_parse_args(argc, argv, 0, &a);
	read_result(a.path, values);
	expect(a.path, "format", values[0], "sp-matrix/1");
	snprintf(want, sizeof(want), "%ld", a.n);
	expect(a.path, "n", values[1], want);
	snprintf(want, sizeof(want), "%ld", a.reps);
	expect(a.path, "reps", values[2], want);
	for (i = 0; i < a.n; i++)
		for (j = 0; j < a.n; j++) {
			uint64_t pos = (uint64_t)(i * a.n + j);

			hash_b += matrix_hash_term(matrix_elem(j, i), pos);
			hash_a += matrix_hash_term(matrix_elem(i, j), pos);
		}
	snprintf(want, sizeof(want), "%016" PRIx64, hash_b);
	expect(a.path, "hash_b (B = A^T)", values[3], want);
	snprintf(want, sizeof(want), "%016" PRIx64, hash_a);
	expect(a.path, "hash_a (A unchanged)", values[4], want);
	printf("sp-matrix-check: ok (n %ld, reps %ld)\n", a.n, a.reps);
	return 0;
}
