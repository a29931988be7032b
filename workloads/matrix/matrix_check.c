/* matrix_check.c - sp-matrix-check: verifies sp-matrix's result file by
 * recomputing, from the element formula alone, the hashes that B = A^T and
 * an untouched A must have. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "matrix_spec.h"

#define NKEYS 5
static const char *const keys[NKEYS] = {
	"format", "n", "reps", "hash_b", "hash_a"
};

int main(int argc, char **argv)
{
	char values[NKEYS][CHECK_VALUE_MAX], want[64];
	uint64_t hash_b = 0, hash_a = 0;
	struct matrix_args a;
	long i, j;

	matrix_parse_args(argc, argv, 0, &a);
	check_begin("sp-matrix-check", a.path);
	check_read_keys(keys, NKEYS, values);
	check_expect("format", values[0], "sp-matrix/1");
	snprintf(want, sizeof(want), "%ld", a.n);
	check_expect("n", values[1], want);
	snprintf(want, sizeof(want), "%ld", a.reps);
	check_expect("reps", values[2], want);
	for (i = 0; i < a.n; i++)
		for (j = 0; j < a.n; j++) {
			uint64_t pos = (uint64_t)(i * a.n + j);

			hash_b += matrix_hash_term(matrix_elem(j, i), pos);
			hash_a += matrix_hash_term(matrix_elem(i, j), pos);
		}
	snprintf(want, sizeof(want), "%016" PRIx64, hash_b);
	check_expect("hash_b (B = A^T)", values[3], want);
	snprintf(want, sizeof(want), "%016" PRIx64, hash_a);
	check_expect("hash_a (A unchanged)", values[4], want);
	printf("sp-matrix-check: ok (n %ld, reps %ld)\n", a.n, a.reps);
	return 0;
}
