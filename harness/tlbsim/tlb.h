/*
 * tlb.h - one modelled TLB: sets x ways of entries, each mapping one page of
 * one of the model's page sizes, with LRU, round-robin or not-last-used
 * replacement.  Knows nothing of policies or of Valgrind.
 */
#ifndef TS_TLB_H
#define TS_TLB_H

#include <stdbool.h>
#include <stdint.h>

enum ts_repl {
	TS_LRU,		/* evict the least recently used way of the set */
	TS_ROUND_ROBIN,	/* evict ways in turn, whatever their use */
	TS_NLU,		/* in turn, but never the way used last */
};

struct ts_tlb {
	unsigned sets, ways;
	enum ts_repl repl;
	uint64_t *tag;		/* sets * ways; TS_TLB_EMPTY when free */
	uint64_t *stamp;	/* LRU: last use, 0 for never */
	uint32_t *next;		/* round-robin and NLU: per set, way to fill */
	uint32_t *last;		/* NLU: per set, way used last */
	uint64_t clock;
	int32_t *index;		/* tag -> slot, for sets too wide to scan */
	unsigned index_bits;
	unsigned entries;
	/* per size index: a page of it fills only the first ways of a set */
	uint16_t size_ways[16];
	uint64_t accesses, misses;
};

#define TS_TLB_EMPTY UINT64_MAX
/* A cell (see ts_tlb_access_cell) whose tag has never been filled. */
#define TS_TLB_NO_CELL UINT16_MAX

void ts_tlb_init(struct ts_tlb *t, unsigned entries, unsigned ways,
		 enum ts_repl repl);
/* A TLB used only through ts_tlb_access_cell: it keeps no tag index. */
void ts_tlb_init_cells(struct ts_tlb *t, unsigned entries, unsigned ways,
		       enum ts_repl repl);
void ts_tlb_destroy(struct ts_tlb *t);
/*
 * Pages of size index `size` fill only the first `ways` ways of their set
 * (an LRU TLB built of arrays of which only some hold that size); they are
 * looked up in every way as any other page.
 */
void ts_tlb_limit_ways(struct ts_tlb *t, unsigned size, unsigned ways);
/*
 * Looks up the page of `shift` bits holding addr (size index `size` of the
 * model), counts the access and, on a miss, fills the entry.  Returns true
 * on a hit.
 */
bool ts_tlb_access(struct ts_tlb *t, uint64_t addr, unsigned shift,
		   unsigned size);
/* The tag of the page of `shift` bits holding addr, of size index size. */
static inline uint64_t ts_tlb_tag(uint64_t addr, unsigned shift,
				  unsigned size)
{
	return (addr >> shift) << 4 | size;
}

static inline void ts_tlb_used(struct ts_tlb *t, unsigned slot)
{
	if (t->repl == TS_LRU)
		t->stamp[slot] = ++t->clock;
	else if (t->repl == TS_NLU && t->sets == 1)
		t->last[0] = slot;
	else if (t->repl == TS_NLU)
		t->last[slot / t->ways] = slot % t->ways;
}

bool ts_tlb_fill_cell(struct ts_tlb *t, uint64_t tag, uint16_t *cell);

/*
 * ts_tlb_access for a caller that keeps one cell per tag, holding the slot
 * the tag was last filled into (TS_TLB_NO_CELL before its first fill), and
 * passes it on every access of that tag: the tag is resident exactly when
 * its cell's slot still holds it, so a lookup is one comparison.  Every
 * access of the TLB must then go through cells.
 */
static inline bool ts_tlb_access_cell(struct ts_tlb *t, uint64_t tag,
				      uint16_t *cell)
{
	unsigned slot = *cell;

	t->accesses++;
	if (slot < t->entries && t->tag[slot] == tag) {
		ts_tlb_used(t, slot);
		return true;
	}
	return ts_tlb_fill_cell(t, tag, cell);
}

/* Looks up without counting or changing anything. */
bool ts_tlb_holds(const struct ts_tlb *t, uint64_t addr, unsigned shift,
		  unsigned size);
/* Drops every entry overlapping [start, end); shifts[i] is size i's shift. */
void ts_tlb_invalidate(struct ts_tlb *t, uint64_t start, uint64_t end,
		       const unsigned *shifts);

#endif
