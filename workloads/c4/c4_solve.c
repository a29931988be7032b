/* c4_solve.c - negamax with alpha-beta over win/draw/loss on a bitboard.
 * Column c owns bits 7c..7c+5 (bottom up) and a spare bit 7c+6, so that
 * the four directions are shifts by 1, 7, 6 and 8.  A position is the mask
 * of all stones plus the stones of the side to move; their sum identifies
 * it uniquely and is the table key.  Move order: centre first; a move is
 * forced when the opponent threatens to win, and a move right below an
 * opponent's threat is never tried (it would lose at once). */
#include <stdlib.h>
#include <string.h>

#include "c4_solve.h"
#include "c4_spec.h"

#define COL_BITS (C4_HEIGHT + 1)
#define BOTTOM 0x0040810204081ULL	/* bit 0 of every column */
#define BOARD (BOTTOM * ((1ULL << C4_HEIGHT) - 1))

static const int order[C4_WIDTH] = { 3, 2, 4, 1, 5, 0, 6 };

static inline uint64_t col_bottom(int c)
{
	return 1ULL << (c * COL_BITS);
}

static inline uint64_t col_top(int c)
{
	return 1ULL << (c * COL_BITS + C4_HEIGHT - 1);
}

/* Empty cells where one more stone of `p` makes four in a row. */
static uint64_t threats(uint64_t p, uint64_t mask)
{
	static const int shift[3] = { COL_BITS, COL_BITS - 1, COL_BITS + 1 };
	uint64_t r = (p << 1) & (p << 2) & (p << 3);

	for (int i = 0; i < 3; i++) {
		int s = shift[i];
		uint64_t t = (p << s) & (p << 2 * s);

		r |= t & (p << 3 * s);
		r |= t & (p >> s);
		t = (p >> s) & (p >> 2 * s);
		r |= t & (p << s);
		r |= t & (p >> 3 * s);
	}
	return r & (BOARD ^ mask);
}

int c4_solver_init(struct c4_solver *s, unsigned long entries)
{
	s->entries = entries;
	s->nodes = 0;
	s->tt = malloc(entries * sizeof(*s->tt));
	if (!s->tt)
		return -1;
	memset(s->tt, 0, entries * sizeof(*s->tt));
	return 0;
}

void c4_solver_free(struct c4_solver *s)
{
	free(s->tt);
	s->tt = NULL;
}

static inline uint64_t *slot(struct c4_solver *s, uint64_t key)
{
	uint64_t h = key * 0x9e3779b97f4a7c15ULL;

	return &s->tt[(h ^ (h >> 29)) % s->entries];
}

static int negamax(struct c4_solver *s, uint64_t cur, uint64_t mask,
		   int played, int alpha, int beta)
{
	uint64_t possible, opp_threats, forced, safe, key, *e;
	int alpha0, best, lo, hi;

	s->nodes++;
	if (played == C4_CELLS)
		return C4_DRAW;
	possible = (mask + BOTTOM) & BOARD;
	if (threats(cur, mask) & possible)
		return C4_WIN;
	opp_threats = threats(cur ^ mask, mask);
	forced = possible & opp_threats;
	if (forced) {
		if (forced & (forced - 1))
			return C4_LOSS;
		possible = forced;
	}
	safe = possible & ~(opp_threats >> 1);
	if (!safe)
		return C4_LOSS;
	if (played + 1 == C4_CELLS)
		return C4_DRAW;

	key = cur + mask;
	e = slot(s, key);
	if (*e >> 4 == key) {
		lo = (int)((*e >> 2) & 3) - 2;
		hi = (int)(*e & 3) - 2;
		if (lo >= beta || lo == hi)
			return lo;
		if (hi <= alpha)
			return hi;
		if (lo > alpha)
			alpha = lo;
		if (hi < beta)
			beta = hi;
	}
	alpha0 = alpha;
	best = C4_LOSS;
	for (int i = 0; i < C4_WIDTH; i++) {
		int c = order[i], v;
		uint64_t m = safe & (BOARD & (0x3fULL << (c * COL_BITS)));

		if (!m)
			continue;
		v = -negamax(s, cur ^ mask, mask | m, played + 1, -beta, -alpha);
		if (v > best)
			best = v;
		if (v > alpha)
			alpha = v;
		if (alpha >= beta)
			break;
	}
	lo = best >= beta ? best : C4_LOSS;
	hi = best <= alpha0 ? best : C4_WIN;
	if (best > alpha0 && best < beta)
		lo = hi = best;
	*e = key << 4 | (uint64_t)(lo + 2) << 2 | (uint64_t)(hi + 2);
	return best;
}

int c4_solve_root(struct c4_solver *s, const char *moves, int child[7])
{
	uint64_t cur = 0, mask = 0;
	int played = (int)strlen(moves), best = C4_LOSS - 1;

	for (int i = 0; i < played; i++) {
		int c = moves[i] - '1';

		cur ^= mask;
		mask |= mask + col_bottom(c);
	}
	for (int c = 0; c < C4_WIDTH; c++) {
		uint64_t m;

		if (mask & col_top(c)) {
			child[c] = 2;
			continue;
		}
		m = (mask + col_bottom(c)) & (BOARD & (0x3fULL << (c * COL_BITS)));
		if (threats(cur, mask) & m)
			child[c] = C4_WIN;
		else
			child[c] = -negamax(s, cur ^ mask, mask | m, played + 1,
					    C4_LOSS, C4_WIN);
		if (child[c] > best)
			best = child[c];
	}
	return best;
}
