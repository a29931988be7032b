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
	uint64_t accesses, misses;
};

#define TS_TLB_EMPTY UINT64_MAX

void ts_tlb_init(struct ts_tlb *t, unsigned entries, unsigned ways,
		 enum ts_repl repl);
void ts_tlb_destroy(struct ts_tlb *t);
/*
 * Looks up the page of `shift` bits holding addr (size index `size` of the
 * model), counts the access and, on a miss, fills the entry.  Returns true
 * on a hit.
 */
bool ts_tlb_access(struct ts_tlb *t, uint64_t addr, unsigned shift,
		   unsigned size);
/* Looks up without counting or changing anything. */
bool ts_tlb_holds(const struct ts_tlb *t, uint64_t addr, unsigned shift,
		  unsigned size);
/* Drops every entry overlapping [start, end); shifts[i] is size i's shift. */
void ts_tlb_invalidate(struct ts_tlb *t, uint64_t start, uint64_t end,
		       const unsigned *shifts);

#endif
