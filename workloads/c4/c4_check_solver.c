/* c4_check_solver.c - the check's connect-4 solver (see c4_check_solver.h).
 * Cell (column c, row r) is bit 8r + c, so a row is a byte whose eighth bit
 * stays empty and stops lines from wrapping; each side has its own board
 * and column heights are kept in an array.  The table stores both boards
 * whole, so a hit is always the same position.  Moves are tried in order
 * of how many cells they leave where the mover would complete four. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "c4_check_solver.h"

#define COLS 7
#define ROWS 6
#define ALL_CELLS 0x00007f7f7f7f7f7fULL
#define BOUND_SHIFT 56

struct entry {
	uint64_t mover;		/* stones of the side to move */
	uint64_t other;		/* the other side's, bounds in the top byte */
};

struct solver {
	struct entry *table;
	uint64_t slots;
	int heights[COLS];
	unsigned long long nodes, budget;
};

static inline uint64_t cell(int c, int r)
{
	return 1ULL << (8 * r + c);
}

/* Empty cells where one more stone of p completes four in a line. */
static uint64_t completing(uint64_t p, uint64_t empty)
{
	static const int step[4] = { 1, 8, 7, 9 };
	uint64_t out = 0;

	for (int k = 0; k < 4; k++) {
		int s = step[k];
		uint64_t up1 = p >> s, up2 = p >> 2 * s, up3 = p >> 3 * s;
		uint64_t dn1 = p << s, dn2 = p << 2 * s, dn3 = p << 3 * s;

		out |= up1 & up2 & up3;
		out |= dn1 & up1 & up2;
		out |= dn2 & dn1 & up1;
		out |= dn3 & dn2 & dn1;
	}
	return out & empty;
}

static int popcount(uint64_t x)
{
	return __builtin_popcountll(x);
}

static struct entry *lookup(struct solver *s, uint64_t mover, uint64_t other)
{
	uint64_t h = mover * 0xd6e8feb86659fd93ULL ^ other * 0xa0761d6478bd642fULL;

	return &s->table[(h ^ (h >> 32)) & (s->slots - 1)];
}

/* Columns in the order to try them, best first; returns how many. */
static int order_moves(const struct solver *s, uint64_t mover, uint64_t empty,
		       uint64_t their_cells, uint64_t only, int cols[COLS])
{
	int score[COLS], n = 0;

	for (int c = 0; c < COLS; c++) {
		uint64_t b;
		int v, i;

		if (s->heights[c] == ROWS)
			continue;
		b = cell(c, s->heights[c]);
		if (only && !(only & b))
			continue;
		v = 16 * popcount(completing(mover | b, empty & ~b));
		v += 3 - abs(c - 3);
		if ((b << 8) & their_cells)
			v -= 1000;	/* lets them complete four above it */
		for (i = n; i > 0 && score[i - 1] < v; i--) {
			score[i] = score[i - 1];
			cols[i] = cols[i - 1];
		}
		score[i] = v;
		cols[i] = c;
		n++;
	}
	return n;
}

static int search(struct solver *s, uint64_t mover, uint64_t other,
		  int alpha, int beta)
{
	uint64_t empty = ALL_CELLS & ~(mover | other), playable = 0, mine, theirs;
	uint64_t forced;
	struct entry *e;
	int cols[COLS], n, best = -1, alpha0, lo, hi;

	if (++s->nodes > s->budget)
		return 0;	/* the caller sees the budget spent */
	for (int c = 0; c < COLS; c++)
		if (s->heights[c] < ROWS)
			playable |= cell(c, s->heights[c]);
	if (!playable)
		return 0;
	mine = completing(mover, empty);
	if (mine & playable)
		return 1;
	theirs = completing(other, empty);
	forced = theirs & playable;
	if (popcount(forced) > 1)
		return -1;

	e = lookup(s, mover, other);
	if (e->mover == mover && (e->other & ALL_CELLS) == other &&
	    e->other >> BOUND_SHIFT) {
		lo = (int)((e->other >> BOUND_SHIFT) & 3) - 2;
		hi = (int)((e->other >> (BOUND_SHIFT + 2)) & 3) - 2;
		if (lo == hi || lo >= beta)
			return lo;
		if (hi <= alpha)
			return hi;
		alpha = alpha > lo ? alpha : lo;
		beta = beta < hi ? beta : hi;
	}
	alpha0 = alpha;
	n = order_moves(s, mover, empty, theirs, forced, cols);
	for (int i = 0; i < n && alpha < beta; i++) {
		int c = cols[i], v;
		uint64_t b = cell(c, s->heights[c]);

		s->heights[c]++;
		v = -search(s, other, mover | b, -beta, -alpha);
		s->heights[c]--;
		if (v > best)
			best = v;
		if (v > alpha)
			alpha = v;
	}
	lo = best >= beta ? best : -1;
	hi = best <= alpha0 ? best : 1;
	if (best > alpha0 && best < beta)
		lo = hi = best;
	e->mover = mover;
	e->other = other | (uint64_t)(lo + 2) << BOUND_SHIFT |
		   (uint64_t)(hi + 2) << (BOUND_SHIFT + 2);
	return best;
}

int c4_check_solve(const char *moves, int child[7], int table_log2,
		   unsigned long long budget, unsigned long long *nodes)
{
	struct solver s;
	uint64_t mover = 0, other = 0;
	int best = -2;

	memset(&s, 0, sizeof(s));
	s.slots = 1ULL << table_log2;
	s.budget = budget;
	s.table = calloc(s.slots, sizeof(*s.table));
	if (!s.table)
		return -2;
	for (const char *m = moves; *m; m++) {
		int c = *m - '1';
		uint64_t t = other;

		other = mover | cell(c, s.heights[c]++);
		mover = t;
	}
	for (int c = 0; c < COLS; c++) {
		uint64_t b, empty = ALL_CELLS & ~(mover | other);

		if (s.heights[c] == ROWS) {
			child[c] = 2;
			continue;
		}
		b = cell(c, s.heights[c]);
		if (completing(mover, empty) & b) {
			child[c] = 1;
		} else {
			s.heights[c]++;
			child[c] = -search(&s, other, mover | b, -1, 1);
			s.heights[c]--;
		}
		if (child[c] > best)
			best = child[c];
	}
	free(s.table);
	if (nodes)
		*nodes = s.nodes;
	return s.nodes > s.budget ? -3 : best;
}
