/*
 * layout.c - the aligned layout (layout.h).  Moved mappings go, in the
 * order they come, to a region above the 47-bit user address space, which
 * no real mapping reaches, each aligned and followed by a gap of one
 * aligned page so that none continues another.  A sorted array maps each
 * moved real range to its offset; the range last found is tried first.
 */
#include "layout.h"
#include "env.h"

#define PLACED_BASE (1ull << 47)

struct move {
	uint64_t start, end, offset;	/* placed = real + offset */
};

struct ts_layout {
	uint64_t min, align, next, moved;
	struct move *m;
	unsigned n, cap, last;
};

struct ts_layout *ts_layout_new(uint64_t min, uint64_t align)
{
	struct ts_layout *l = ts_alloc(sizeof(*l));

	l->min = min;
	l->align = align;
	l->next = PLACED_BASE;
	return l;
}

/* Index of the first move ending after addr. */
static unsigned first_after(const struct ts_layout *l, uint64_t addr)
{
	unsigned lo = 0, hi = l->n;

	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;

		if (l->m[mid].end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void insert(struct ts_layout *l, unsigned at, struct move mv)
{
	if (l->n == l->cap) {
		struct move *grown;

		l->cap = l->cap ? 2 * l->cap : 16;
		grown = ts_alloc(l->cap * sizeof(*grown));
		if (l->m) {
			memcpy(grown, l->m, l->n * sizeof(*grown));
			ts_free(l->m);
		}
		l->m = grown;
	}
	memmove(&l->m[at + 1], &l->m[at], (l->n - at) * sizeof(mv));
	l->m[at] = mv;
	l->n++;
	l->last = 0;
}

static void drop(struct ts_layout *l, unsigned at)
{
	memmove(&l->m[at], &l->m[at + 1], (l->n - at - 1) * sizeof(*l->m));
	l->n--;
	l->last = 0;
}

uint64_t ts_layout_place(struct ts_layout *l, uint64_t start, uint64_t end)
{
	uint64_t len = end - start, placed = l->next;
	struct move mv = { start, end, placed - start };

	if (len < l->min)
		return start;
	l->next = placed + ((len + l->align - 1) & ~(l->align - 1)) + l->align;
	insert(l, first_after(l, start), mv);
	l->moved++;
	return placed;
}

uint64_t ts_layout_at(struct ts_layout *l, uint64_t addr)
{
	const struct move *mv;
	unsigned i;

	if (!l->n)
		return addr;
	mv = &l->m[l->last < l->n ? l->last : 0];
	if (mv->start <= addr && addr < mv->end)
		return addr + mv->offset;
	i = first_after(l, addr);
	if (i == l->n || l->m[i].start > addr)
		return addr;
	l->last = i;
	return addr + l->m[i].offset;
}

void ts_layout_unmap(struct ts_layout *l, uint64_t start, uint64_t end,
		     void (*gone)(void *ctx, uint64_t start, uint64_t end),
		     void *ctx)
{
	uint64_t at = start;
	unsigned i = first_after(l, start);

	while (at < end) {
		struct move *mv = i < l->n ? &l->m[i] : NULL;
		uint64_t lo, hi;

		if (!mv || mv->start >= end) {
			gone(ctx, at, end);
			return;
		}
		if (mv->start > at) {
			gone(ctx, at, mv->start);
			at = mv->start;
		}
		lo = at;
		hi = mv->end < end ? mv->end : end;
		gone(ctx, lo + mv->offset, hi + mv->offset);
		at = hi;
		if (lo > mv->start && hi < mv->end) {
			struct move tail = { hi, mv->end, mv->offset };

			mv->end = lo;
			insert(l, i + 1, tail);
			return;
		}
		if (lo > mv->start) {
			mv->end = lo;
			i++;
		} else if (hi < mv->end) {
			mv->start = hi;
			return;
		} else {
			drop(l, i);
		}
	}
}

uint64_t ts_layout_moved(const struct ts_layout *l)
{
	return l->moved;
}
