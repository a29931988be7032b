/* gcc_spec.h - what sp-gcc-gen and sp-gcc-check agree on: the command
 * line and the seeded description of the generated program, so that the
 * generator can write it as C and the check can compute, without any
 * compiler, what the compiled program must print.
 *
 * The program has N functions u64 f_K(u64 x).  Each is a sequence of
 * operations on x (arithmetic, shifts, branches, small loops, switches);
 * every fourth function ("caller") may also add the result of an earlier
 * function that is no caller, so the compiler has calls to inline and no
 * evaluation chain grows.  main runs s = s * GCC_GOLDEN + f_K(s ^ K) over
 * K = 0 .. N-1 from s = seed, through a table of the functions, and
 * prints s.
 */
#ifndef SP_GCC_SPEC_H
#define SP_GCC_SPEC_H

#include <stdint.h>

#include "rng.h"

#define GCC_GOLDEN 0x9e3779b97f4a7c15ULL
#define GCC_OP_KINDS 6
/* cc1's peak RSS at -O2 (gcc 12) is about 30 MB plus 0.7 MB a generated
 * function (it holds them all); --mb divides by this, which is right near
 * SPEC's 155 MB. */
#define GCC_BYTES_PER_FUNC 900000

struct gcc_args {
	long funcs;
	uint64_t seed;
	const char *path;	/* -o: the .i (gen); the .s (check) */
};

/* Parses argv; on bad input prints one line and exits 2.  gen: the
 * generator's form (-o FILE); otherwise the check's (one operand). */
void gcc_parse_args(int argc, char **argv, int gen, struct gcc_args *a);

struct gcc_op {
	int kind;
	uint64_t c, d;
	int s;			/* a shift, bit or loop count */
	long callee;		/* kind 5 */
};

static inline uint64_t gcc_rand(const struct gcc_args *a, long f, long item)
{
	return rng_hash(a->seed ^ rng_hash((uint64_t)f << 24 ^ (uint64_t)item));
}

static inline int gcc_is_caller(long f)
{
	return f % 4 == 3;
}

static inline long gcc_nops(const struct gcc_args *a, long f)
{
	return 24 + (long)(gcc_rand(a, f, 0) % 33);
}

static inline struct gcc_op gcc_op(const struct gcc_args *a, long f, long i)
{
	struct gcc_op op;
	uint64_t r = gcc_rand(a, f, 1 + 4 * i);
	long kinds = gcc_is_caller(f) && f > 0 ? GCC_OP_KINDS :
		     GCC_OP_KINDS - 1;

	op.kind = (int)(r % (uint64_t)kinds);
	op.c = gcc_rand(a, f, 2 + 4 * i) | 1;
	op.d = gcc_rand(a, f, 3 + 4 * i);
	op.s = 1 + (int)((r >> 8) % 62);
	op.callee = -1;
	if (op.kind == 5) {
		/* an earlier function that is no caller */
		op.callee = (long)((r >> 16) % (uint64_t)f);
		if (gcc_is_caller(op.callee))
			op.callee--;
	}
	return op;
}

/* What operation op does to x; call(f, x) evaluates function f. */
static inline uint64_t gcc_apply(const struct gcc_op *op, uint64_t x,
				 uint64_t (*call)(long, uint64_t, const void *),
				 const void *ctx)
{
	switch (op->kind) {
	case 0:
		return x * op->c + op->d;
	case 1:
		return x ^ (x >> op->s);
	case 2:
		return (x >> (op->s % 64)) & 1 ? x + op->c : x ^ op->d;
	case 3:
		for (int i = 0; i < 2 + op->s % 5; i++)
			x = x * 3 + op->c;
		return x;
	case 4:
		switch (x & 3) {
		case 0:
			return x + op->c;
		case 1:
			return x ^ op->d;
		case 2:
			return x * 5;
		default:
			return x - op->c;
		}
	default:
		return x + call(op->callee, x ^ op->c, ctx);
	}
}

#endif
