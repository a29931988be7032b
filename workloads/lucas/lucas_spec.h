/* lucas_spec.h - what sp-lucas-gen, sp-lucas and sp-lucas-check agree on:
 * the command line, the transform length for an exponent, the input file
 * of Lucas-Lehmer runs, the result file and residue file, and the
 * checksum a residue is reported with. */
#ifndef SP_LUCAS_SPEC_H
#define SP_LUCAS_SPEC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The big run's transform length (-n): at least this, at most the other. */
#define LUCAS_LENGTH_MIN 1024L
#define LUCAS_LENGTH_MAX (1L << 26)
/* Full tests (-f) of exponents up to this at most. */
#define LUCAS_FULL_MAX 20000L
#define LUCAS_ITERS_MAX 10000000L

/*
 * Bits a word may carry at transform length n: BITS_A - BITS_B log2 n.
 * Measured with FFTW 3.3.10's estimated plans over 60-80 iterations, the
 * largest rounding error is then about 0.05 at every length from 2^10 to
 * 2^22 (and for 3, 5 and 7 times powers of 2); it grows four times with
 * each further bit.  sp-lucas gives up above LUCAS_MAXERR.
 */
#define LUCAS_BITS_A 23.95
#define LUCAS_BITS_B 0.315
#define LUCAS_MAXERR 0.4

/* sp-lucas's peak memory per word of the transform (x, its spectrum,
 * FFTW's twiddles for both plans, the residue): 142.6 MiB at 2^22 words,
 * measured; --mb divides by it. */
#define LUCAS_BYTES_PER_WORD 36

/* The known factor of 2^p - 1 the big run carries is the largest q =
 * 2 k p + 1 with k up to this that divides it. */
#define LUCAS_FACTOR_K (1UL << 20)

struct lucas_args {
	long length;		/* the big run's transform length */
	long iters;		/* its iterations */
	long at;		/* the iteration also reported */
	long full;		/* full tests of primes up to this; 0: none */
	uint64_t seed;
	const char *input;	/* -i, the run's and the check's input */
	const char *path;	/* -o DIR (gen), -o FILE (run), the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (-i INPUT RESULT), 1 the generator (-o DIR), 2 the run (-i INPUT
 * -o FILE). */
void lucas_parse_args(int argc, char **argv, int form, struct lucas_args *a);

/* The arguments as the input file's first line names them. */
void lucas_args_line(const struct lucas_args *a, char *buf, size_t size);

/* One Lucas-Lehmer run: s_0 = 4, s_{i+1} = s_i^2 - 2 modulo 2^p - 1 for
 * iters iterations, the residue after `at` of them reported too; factor
 * divides 2^p - 1 (0: none given). */
struct lucas_run {
	uint64_t p;
	long iters, at;
	uint64_t factor;
};

/* The transform lengths: 2, 4, 6, and m 2^e for m = 4..7, e >= 1. */
int lucas_length_ok(uint64_t n);
/* The largest exponent length n carries. */
uint64_t lucas_max_p(uint64_t n);
/* The transform length of exponent p: the shortest that carries it. */
uint64_t lucas_length(uint64_t p);
/* The longest transform length below n (n > 2). */
uint64_t lucas_length_below(uint64_t n);

/* The runs the arguments make: the full tests, then the big run, whose
 * exponent the seed picks among those of its length with a known factor.
 * *count runs in a new array, or NULL when out of memory or no exponent of
 * the length has a factor that small (then *count is 0). */
struct lucas_run *lucas_plan(const struct lucas_args *a, long *count);

/*
 * The result file: "format sp-lucas/1", "args ARGS" (as the input's first
 * line), "runs N", then a line a run, "run P length N iterations I at K
 * factor Q res64_at X sum_at X res64 X sum X maxerr E" (X: 16 hex digits;
 * the residue after K iterations, then at the end).  The residue file
 * beside it: LUCAS_MAGIC, then each run's two residues, ceil(P / 64)
 * little-endian 64-bit words each.
 */
#define LUCAS_INPUT "lucas.in"
#define LUCAS_RESIDUES "residues.bin"
#define LUCAS_MAGIC "SPLUCAS1"
#define LUCAS_FORMAT "sp-lucas/1"

/* Writes the input file of arguments a and its runs to f. */
void lucas_input_write(FILE *f, const struct lucas_args *a,
		       const struct lucas_run *runs, long count);

/* Reads the input file at path, made for arguments a, into a new array
 * (*count runs); NULL after writing what is wrong into why. */
struct lucas_run *lucas_input_read(const char *path,
				   const struct lucas_args *a, long *count,
				   char *why, size_t size);

/* The residue file beside a result file: its directory and LUCAS_RESIDUES
 * into buf. */
void lucas_residues_path(const char *result, char *buf, size_t size);

/* A residue's checksum: its value modulo the prime 2^61 - 1. */
static inline uint64_t lucas_checksum(const uint64_t *words, size_t n)
{
	const uint64_t m61 = (1ULL << 61) - 1;
	unsigned __int128 r = 0;

	while (n--)
		r = ((r << 64) | words[n]) % m61;
	return (uint64_t)r;
}

#endif
