/* matrix_spec.h - what sp-matrix and sp-matrix-check agree on: the command
 * line, the element formula of the input matrix and the matrix hash. */
#ifndef SP_MATRIX_SPEC_H
#define SP_MATRIX_SPEC_H

#include <stdint.h>
#include <string.h>

#include "rng.h"

struct matrix_args {
	long n;			/* matrix is n x n doubles */
	long reps;		/* transpositions performed */
	const char *path;	/* -o for the program, positional for the check */
};

/* Parses argv; on bad input prints one line and exits 2.  with_output: the
 * program's form (-o FILE); otherwise the check's (one positional FILE). */
void matrix_parse_args(int argc, char **argv, int with_output,
		       struct matrix_args *a);

/* A[i][j]: a 53-bit integer scaled into [0, 1), exact as a double. */
static inline double matrix_elem(long i, long j)
{
	return rng_unit(rng_hash(((uint64_t)i << 32) ^ (uint64_t)j));
}

/* One element's share of a matrix hash: its bits tied to its position. */
static inline uint64_t matrix_hash_term(double v, uint64_t pos)
{
	uint64_t bits;

	memcpy(&bits, &v, sizeof(bits));
	return rng_hash(bits ^ (pos * 0xd6e8feb86659fd93ULL));
}

#endif
