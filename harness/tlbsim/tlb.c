/*
 * tlb.c - a set-associative TLB with a choice of replacement.  A tag is the
 * virtual page number shifted left by four bits or'ed with the size index,
 * so pages of different sizes never match each other.  Sets wider than
 * SCAN_WAYS (the fully associative TLBs) are found through a hash index
 * instead of a scan: a lookup is then O(1) and only LRU's victim search is
 * O(ways).
 */
#include "tlb.h"
#include "env.h"

#define SCAN_WAYS 16

static unsigned set_of(const struct ts_tlb *t, uint64_t tag)
{
	if (!(t->sets & (t->sets - 1)))
		return (unsigned)(tag >> 4) & (t->sets - 1);
	return (unsigned)((tag >> 4) % t->sets);
}

static unsigned hash(const struct ts_tlb *t, uint64_t tag)
{
	return (unsigned)((tag * 0x9e3779b97f4a7c15ull) >> (64 - t->index_bits));
}

void ts_tlb_init(struct ts_tlb *t, unsigned entries, unsigned ways,
		 enum ts_repl repl)
{
	unsigned n = entries;

	memset(t, 0, sizeof(*t));
	t->entries = n;
	t->ways = ways;
	t->sets = entries / ways;
	t->repl = repl;
	t->tag = ts_alloc(n * sizeof(*t->tag));
	t->stamp = ts_alloc(n * sizeof(*t->stamp));
	t->next = ts_alloc(t->sets * sizeof(*t->next));
	t->last = ts_alloc(t->sets * sizeof(*t->last));
	for (unsigned i = 0; i < n; i++)
		t->tag[i] = TS_TLB_EMPTY;
	for (unsigned s = 0; s < t->sets; s++)
		t->last[s] = UINT32_MAX;
	for (unsigned s = 0; s < 16; s++)
		t->size_ways[s] = (uint16_t)ways;
	if (ways > SCAN_WAYS) {
		t->index_bits = 2;
		while ((1u << t->index_bits) < 4 * n)
			t->index_bits++;
		t->index = ts_alloc(sizeof(*t->index) << t->index_bits);
		for (unsigned i = 0; i < 1u << t->index_bits; i++)
			t->index[i] = -1;
	}
}

void ts_tlb_init_cells(struct ts_tlb *t, unsigned entries, unsigned ways,
		       enum ts_repl repl)
{
	ts_tlb_init(t, entries, ways, repl);
	if (entries >= TS_TLB_NO_CELL)
		ts_fatal("a TLB used through cells holds at most 65534 entries");
	ts_free(t->index);
	t->index = NULL;
}

void ts_tlb_limit_ways(struct ts_tlb *t, unsigned size, unsigned ways)
{
	if (t->repl != TS_LRU || !ways || ways >= t->ways || size >= 16)
		ts_fatal("a way limit wants an LRU TLB and fewer ways than it has");
	t->size_ways[size] = (uint16_t)ways;
}

void ts_tlb_destroy(struct ts_tlb *t)
{
	ts_free(t->tag);
	ts_free(t->stamp);
	ts_free(t->next);
	ts_free(t->last);
	ts_free(t->index);
}

/* The slot holding tag, or -1. */
static int find(const struct ts_tlb *t, uint64_t tag)
{
	if (t->index) {
		unsigned mask = (1u << t->index_bits) - 1;

		for (unsigned h = hash(t, tag);; h = (h + 1) & mask) {
			int32_t slot = t->index[h];

			if (slot < 0)
				return -1;
			if (t->tag[slot] == tag)
				return slot;
		}
	}
	unsigned base = set_of(t, tag) * t->ways;

	for (unsigned w = 0; w < t->ways; w++)
		if (t->tag[base + w] == tag)
			return (int)(base + w);
	return -1;
}

static void index_add(struct ts_tlb *t, int slot)
{
	unsigned mask = (1u << t->index_bits) - 1;
	unsigned h = hash(t, t->tag[slot]);

	while (t->index[h] >= 0)
		h = (h + 1) & mask;
	t->index[h] = slot;
}

/* Linear probing's deletion: later members of the run move back. */
static void index_del(struct ts_tlb *t, int slot)
{
	unsigned mask = (1u << t->index_bits) - 1;
	unsigned h = hash(t, t->tag[slot]);

	while (t->index[h] != slot)
		h = (h + 1) & mask;
	for (unsigned j = (h + 1) & mask; t->index[j] >= 0; j = (j + 1) & mask) {
		unsigned home = hash(t, t->tag[t->index[j]]);

		if (((j - home) & mask) >= ((j - h) & mask)) {
			t->index[h] = t->index[j];
			h = j;
		}
	}
	t->index[h] = -1;
}

static unsigned victim(struct ts_tlb *t, unsigned set, uint64_t tag)
{
	unsigned base = set * t->ways, w, ways;

	switch (t->repl) {
	case TS_LRU:
		/* never-used ways have stamp 0: the first of them is chosen;
		 * a way-limited size (only LRU has one) looks at its ways */
		ways = t->size_ways[tag & 15];
		w = 0;
		for (unsigned i = 1; i < ways; i++)
			w = t->stamp[base + i] < t->stamp[base + w] ? i : w;
		return base + w;
	case TS_NLU:
		w = t->next[set];
		if (w == t->last[set] && t->ways > 1 && ++w == t->ways)
			w = 0;
		t->next[set] = w + 1 == t->ways ? 0 : w + 1;
		return base + w;
	default:
		w = t->next[set];
		t->next[set] = w + 1 == t->ways ? 0 : w + 1;
		return base + w;
	}
}

bool ts_tlb_access(struct ts_tlb *t, uint64_t addr, unsigned shift,
		   unsigned size)
{
	uint64_t tag = ts_tlb_tag(addr, shift, size);
	unsigned set = set_of(t, tag);
	int slot = find(t, tag);

	t->accesses++;
	if (slot >= 0) {
		ts_tlb_used(t, (unsigned)slot);
		return true;
	}
	t->misses++;
	slot = (int)victim(t, set, tag);
	if (t->index && t->tag[slot] != TS_TLB_EMPTY)
		index_del(t, slot);
	t->tag[slot] = tag;
	if (t->index)
		index_add(t, slot);
	ts_tlb_used(t, (unsigned)slot);
	return false;
}

/* ts_tlb_access_cell's miss: the accesses are counted already. */
bool ts_tlb_fill_cell(struct ts_tlb *t, uint64_t tag, uint16_t *cell)
{
	unsigned slot = victim(t, set_of(t, tag), tag);

	t->misses++;
	t->tag[slot] = tag;
	*cell = (uint16_t)slot;
	ts_tlb_used(t, slot);
	return false;
}

bool ts_tlb_holds(const struct ts_tlb *t, uint64_t addr, unsigned shift,
		  unsigned size)
{
	return find(t, ts_tlb_tag(addr, shift, size)) >= 0;
}

void ts_tlb_invalidate(struct ts_tlb *t, uint64_t start, uint64_t end,
		       const unsigned *shifts)
{
	for (unsigned i = 0; i < t->sets * t->ways; i++) {
		uint64_t tag = t->tag[i], lo, hi;
		unsigned shift;

		if (tag == TS_TLB_EMPTY)
			continue;
		shift = shifts[tag & 15];
		lo = (tag >> 4) << shift;
		hi = lo + (1ull << shift);
		if (lo >= end || hi <= start)
			continue;
		if (t->index)
			index_del(t, (int)i);
		t->tag[i] = TS_TLB_EMPTY;
		t->stamp[i] = 0;
	}
}
