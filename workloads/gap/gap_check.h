/* gap_check.h - the parts of sp-gap-check: the reader of GAP's result
 * lines (gap_check.c) and, for each task of a round, what its results
 * must be, derived without GAP (gap_check_groups.c, gap_check_mat.c,
 * gap_check_big.c, gap_check_sort.c). */
#ifndef SP_GAP_CHECK_H
#define SP_GAP_CHECK_H

#include <stdint.h>

#include "gap_residue.h"
#include "gap_spec.h"

/* The value of the next line, which must be "KEY VALUE"; the string is
 * valid until the next call. */
const char *gap_value(const char *key);

/* The next line's value as a decimal below 2^64; check_fail unless it is
 * want ("round R: KEY is GOT, expected WANT"). */
void gap_expect_u64(const char *key, uint64_t want);

/* The next line's value as a decimal of any size; check_fail unless its
 * residues are want's ("round R: KEY is not WHAT"). */
void gap_expect_res(const char *key, const struct gap_res *want,
		    const char *what);

/* check_fail with the round's number before the message. */
_Noreturn void gap_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

void gap_check_perm(const struct gap_round *g);
void gap_check_gl(const struct gap_round *g);
void gap_check_mat(const struct gap_round *g);
void gap_check_big(const struct gap_round *g);
void gap_check_sort(const struct gap_round *g);

#endif
