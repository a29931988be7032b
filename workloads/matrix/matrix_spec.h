/* matrix_spec.h - what sp-matrix and sp-matrix-check agree on: the command
 * line, the element formula of the input matrix and the matrix hash. */
#ifndef SP_MATRIX_SPEC_H
#define SP_MATRIX_SPEC_H

#include <stdint.h>
#include <string.h>

struct matrix_args {
	long n;			/* matrix is n x n doubles */
	long reps;		/* transpositions performed */
	const char *path;	/* -o for the program, positional for the check */
};

/* Parses argv; on bad input prints one line and exits 2.  with_output: the
 * program's form (-o FILE); otherwise the check's (one positional FILE). */
void matrix_parse_args(int argc, char **argv, int with_output,
		       struct matrix_args *a);

static inline uint64_t matrix_mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* A[i][j]: a 53-bit integer scaled into [0, 1), exact as a double. */
static inline double matrix_elem(long i, long j)
{
	uint64_t h = matrix_mix64(((uint64_t)i << 32) ^ (uint64_t)j);

	return (double)(h >> 11) * 0x1p-53;
}

/* One element's share of a matrix hash: its bits tied to its position. */
static inline uint64_t matrix_hash_term(double v, uint64_t pos)
{
	uint64_t bits;

	memcpy(&bits, &v, sizeof(bits));
	return matrix_mix64(bits ^ (pos * 0xd6e8feb86659fd93ULL));
}

#endif
