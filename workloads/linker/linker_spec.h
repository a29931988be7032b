/* linker_spec.h - what sp-linker-gen and sp-linker-check agree on: the
 * command line, the seeded shape and constants of the generated program,
 * and the checksum that program prints. */
#ifndef SP_LINKER_SPEC_H
#define SP_LINKER_SPEC_H

#include <stdint.h>

#include "rng.h"

/* Functions per generated C file; each also holds a helper, a data table
 * and a table of pointers to its functions. */
#define LINKER_FUNCS 500
/* ld's peak memory per generated function, measured with ld.bfd 2.40 on
 * these objects (about 1.9 KB); --mb divides by it. */
#define LINKER_BYTES_PER_FUNC 1900

/* The most links one run may repeat (-r). */
#define LINKER_MAX_LINKS 1000

struct linker_args {
	long units;		/* generated C files */
	long links;		/* -r: how many times the run links them */
	uint64_t seed;
	const char *path;	/* -o: input folder (gen) or a.out (run);
				 * the check's operand, a.out */
	const char *input;	/* -i: the run's input folder */
};

/* Which program's command line: the check's (one operand, A.OUT), the
 * generator's (-o DIR) or the run's (-i DIR -o FILE, no seed). */
enum linker_form { LINKER_CHECK, LINKER_GEN, LINKER_RUN };

/* Parses argv for form; on bad input prints one line and exits 2. */
void linker_parse_args(int argc, char **argv, enum linker_form form,
		       struct linker_args *a);

/* The r-th random number of object (unit, item); items: 0..7 the data
 * table, 8 the helper's constant, 16 + 4 f .. the function f's. */
static inline uint64_t linker_rand(const struct linker_args *a, long unit,
				   long item)
{
	return rng_hash(a->seed ^ rng_hash((uint64_t)unit << 32 |
					   (uint64_t)item));
}

/* Function f of unit u: y = h_A(x ^ C) + d_B[x & 7]; returns y ^ (y >> R). */
struct linker_func {
	long a, b;		/* units whose helper and data it uses */
	uint64_t c;
	int r;
};

static inline struct linker_func linker_func(const struct linker_args *a,
					     long u, long f)
{
	struct linker_func fn;

	fn.a = (long)(linker_rand(a, u, 16 + 4 * f) % (uint64_t)a->units);
	fn.b = (long)(linker_rand(a, u, 17 + 4 * f) % (uint64_t)a->units);
	fn.c = linker_rand(a, u, 18 + 4 * f) >> 1;
	fn.r = 1 + (int)(linker_rand(a, u, 19 + 4 * f) % 59);
	return fn;
}

static inline uint64_t linker_data(const struct linker_args *a, long u, int t)
{
	return linker_rand(a, u, t) >> 1;
}

static inline uint64_t linker_helper(const struct linker_args *a, long u)
{
	return linker_rand(a, u, 8) >> 1;
}

#define LINKER_GOLDEN 0x9e3779b97f4a7c15ULL

#endif
