/*
 * sim.c - the page-size policies and the TLBs they feed.
 *
 * Memory is cut into regions of the model's largest page.  A region keeps,
 * for every page size, how many base pages of each aligned chunk have been
 * touched (touching is the same under every policy), and per policy the
 * reservation and the mapped page size of each base page.  Work happens at
 * three moments: the first touch of a base page (reserve, promote), an
 * unmap (demote), and every access (one TLB lookup per policy, down the
 * TLB hierarchy on a miss).
 *
 * A repeated access to the base page of the stream's previous access hits
 * the entry that access left most recently used, under every model and
 * policy, and changes no replacement state; such accesses are only counted
 * (to the TLB that holds the page) until the stream moves to another page.
 * Anything that drops TLB entries ends that shortcut first.  Every other
 * access is a lookup in every policy's TLBs, found through cells: each
 * region keeps, per chunk of each size, policy and TLB, the slot its page
 * was last filled into, so a lookup is one comparison (tlb.h).
 */
#include "sim.h"
#include "env.h"
#include "tlb.h"

#define REGION_CACHE 64

struct region {
	uint64_t num;
	uint16_t *count;	/* per size, touched base pages per chunk */
	uint8_t *resv;		/* [policy][page]: reserved size index + 1 */
	uint8_t *map;		/* [page][policy]: mapped size index */
	uint16_t *cell;		/* [count index][policy][tlb]: TLB slots */
};

struct policy {
	struct ts_tlb tlb[TS_MAX_TLBS];
	struct ts_tlb *last[2];	/* first-level TLB of each stream's last page */
	uint64_t walks[2];
	uint64_t promotions[TS_MAX_SIZES], demotions[TS_MAX_SIZES];
};

struct msim {
	struct ts_model m;
	unsigned pages;		/* base pages per region */
	unsigned rshift;	/* region = largest page */
	unsigned order[TS_MAX_SIZES];	/* log2 base pages per page */
	unsigned off[TS_MAX_SIZES];	/* of each size's counts in count[] */
	/* per stream and size: the TLBs an access tries in turn, then -1 */
	int8_t route[2][TS_MAX_SIZES][TS_MAX_TLBS + 1];
	unsigned ncount;
	struct policy pol[TS_MAX_POLICIES];
	struct region **table;
	unsigned bits, nregions;
	struct region *recent[REGION_CACHE];	/* by region number */
};

struct object {
	uint64_t start, end;
	int dir;
};

struct ts_sim {
	unsigned n;
	struct msim *ms;
	unsigned fshift;	/* smallest base page of all models */
	uint64_t last[2], pending[2], accesses[2];
	uint64_t lookups[2];	/* accesses that went through the models */
	bool every_access;	/* no same-page shortcut (tests) */
	struct object *obj;
	unsigned nobj, capobj;
};

/* Objects: a sorted array of disjoint ranges. */

static int obj_find(struct ts_sim *s, uint64_t addr)
{
	unsigned lo = 0, hi = s->nobj;

	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;

		if (s->obj[mid].end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->nobj && s->obj[lo].start <= addr ? (int)lo : -1;
}

static void obj_insert(struct ts_sim *s, unsigned at, struct object o)
{
	if (s->nobj == s->capobj) {
		struct object *n;

		s->capobj = s->capobj ? 2 * s->capobj : 64;
		n = ts_alloc(s->capobj * sizeof(*n));
		if (s->obj) {
			memcpy(n, s->obj, s->nobj * sizeof(*n));
			ts_free(s->obj);
		}
		s->obj = n;
	}
	memmove(&s->obj[at + 1], &s->obj[at], (s->nobj - at) * sizeof(o));
	s->obj[at] = o;
	s->nobj++;
}

static void obj_remove(struct ts_sim *s, uint64_t start, uint64_t end)
{
	for (unsigned i = 0; i < s->nobj;) {
		struct object *o = &s->obj[i];

		if (o->end <= start || o->start >= end) {
			i++;
		} else if (o->start < start && o->end > end) {
			struct object tail = { end, o->end, o->dir };

			o->end = start;
			obj_insert(s, i + 1, tail);
			return;
		} else if (o->start < start) {
			o->end = start;
			i++;
		} else if (o->end > end) {
			o->start = end;
			i++;
		} else {
			memmove(o, o + 1, (s->nobj - i - 1) * sizeof(*o));
			s->nobj--;
		}
	}
}

static void obj_add(struct ts_sim *s, uint64_t start, uint64_t end, int dir)
{
	unsigned at = 0;
	struct object o = { start, end, dir };

	obj_remove(s, start, end);
	while (at < s->nobj && s->obj[at].start < start)
		at++;
	obj_insert(s, at, o);
}

/* Regions: open addressing on the region number. */

static unsigned region_hash(uint64_t num, unsigned bits)
{
	return (unsigned)((num * 0x9e3779b97f4a7c15ull) >> (64 - bits));
}

static struct region *region_find(struct msim *ms, uint64_t num)
{
	unsigned mask = (1u << ms->bits) - 1;

	for (unsigned h = region_hash(num, ms->bits);; h = (h + 1) & mask) {
		struct region *r = ms->table[h];

		if (!r || r->num == num)
			return r;
	}
}

static void region_put(struct msim *ms, struct region *r)
{
	unsigned mask = (1u << ms->bits) - 1, h = region_hash(r->num, ms->bits);

	while (ms->table[h])
		h = (h + 1) & mask;
	ms->table[h] = r;
}

static struct region *region_get(struct msim *ms, uint64_t num)
{
	struct region *r = region_find(ms, num);
	unsigned np = ms->m.npolicies;
	size_t cells;

	if (r)
		return r;
	if (2 * (ms->nregions + 1) > 1u << ms->bits) {
		struct region **old = ms->table;
		unsigned oldn = 1u << ms->bits;

		ms->bits++;
		ms->table = ts_alloc(sizeof(*ms->table) << ms->bits);
		for (unsigned i = 0; i < oldn; i++)
			if (old[i])
				region_put(ms, old[i]);
		ts_free(old);
	}
	r = ts_alloc(sizeof(*r));
	r->num = num;
	r->count = ts_alloc(ms->ncount * sizeof(*r->count));
	r->resv = ts_alloc((size_t)np * ms->pages);
	r->map = ts_alloc((size_t)np * ms->pages);
	cells = (size_t)np * ms->m.ntlbs * ms->ncount * sizeof(*r->cell);
	r->cell = ts_alloc(cells);
	memset(r->cell, 0xff, cells);
	region_put(ms, r);
	ms->nregions++;
	return r;
}

static uint16_t *count_of(struct msim *ms, struct region *r, unsigned l,
			  unsigned page)
{
	return &r->count[ms->off[l] + (page >> ms->order[l])];
}

/* The mapped size bytes of page, one per policy. */
static uint8_t *map_of(struct msim *ms, struct region *r, unsigned page)
{
	return &r->map[page * ms->m.npolicies];
}

/* The shortcut for repeated pages ends: its accesses go to their TLBs. */
static void flush_stream(struct ts_sim *s, int st)
{
	if (s->pending[st]) {
		for (unsigned m = 0; m < s->n; m++)
			for (unsigned p = 0; p < s->ms[m].m.npolicies; p++)
				s->ms[m].pol[p].last[st]->accesses +=
					s->pending[st];
		s->pending[st] = 0;
	}
	s->last[st] = UINT64_MAX;
}

static void drop_entries(struct ts_sim *s, struct msim *ms, unsigned p,
			 uint64_t start, uint64_t end)
{
	flush_stream(s, 0);
	flush_stream(s, 1);
	for (unsigned t = 0; t < ms->m.ntlbs; t++)
		ts_tlb_invalidate(&ms->pol[p].tlb[t], start, end, ms->m.shift);
}

static uint64_t region_base(struct msim *ms, struct region *r)
{
	return r->num << ms->rshift;
}

/* Maps the chunk of size l holding page with size l under policy p. */
static void map_chunk(struct ts_sim *s, struct msim *ms, struct region *r,
		      unsigned p, unsigned page, unsigned l)
{
	unsigned n = 1u << ms->order[l], c0 = page & ~(n - 1);
	uint64_t start = region_base(ms, r) + ((uint64_t)c0 << ms->m.shift[0]);

	for (unsigned i = c0; i < c0 + n; i++)
		map_of(ms, r, i)[p] = (uint8_t)l;
	ms->pol[p].promotions[l]++;
	drop_entries(s, ms, p, start, start + ms->m.size[l]);
}

static bool chunk_free(struct msim *ms, struct region *r, unsigned p,
		       unsigned page, unsigned l)
{
	unsigned n = 1u << ms->order[l], c0 = page & ~(n - 1);
	const uint8_t *resv = &r->resv[p * ms->pages + c0];

	if (*count_of(ms, r, l, page))
		return false;
	for (unsigned i = 0; i < n; i++)
		if (resv[i])
			return false;
	return true;
}

/*
 * Which chunks around addr the object holding it allows: fit[l] for the
 * paper's rule (a growing object's reservation may pass its end but be no
 * larger than the object), strict[l] for containment (thp-always).
 */
static void fits(struct ts_sim *s, struct msim *ms, uint64_t addr,
		 bool *fit, bool *strict)
{
	int i = obj_find(s, addr);
	struct object o;

	if (i < 0) {
		if (ts_extent(addr, &o.start, &o.end, &o.dir) &&
		    o.start <= addr && addr < o.end) {
			obj_add(s, o.start, o.end, o.dir);
		} else {
			o.start = addr;
			o.end = addr + 1;
			o.dir = 0;
		}
	} else {
		o = s->obj[i];
	}
	for (unsigned l = 1; l < ms->m.nsizes; l++) {
		uint64_t cs = addr & ~(ms->m.size[l] - 1);
		uint64_t ce = cs + ms->m.size[l];
		bool small = ms->m.size[l] <= o.end - o.start;

		strict[l] = o.start <= cs && ce <= o.end;
		if (o.dir > 0)
			fit[l] = o.start <= cs && small;
		else if (o.dir < 0)
			fit[l] = ce <= o.end && small;
		else
			fit[l] = strict[l];
	}
}

static void first_touch(struct ts_sim *s, struct msim *ms, struct region *r,
			unsigned page, uint64_t addr)
{
	bool fit[TS_MAX_SIZES], strict[TS_MAX_SIZES];
	unsigned P = ms->pages;

	fits(s, ms, addr, fit, strict);
	for (unsigned p = 0; p < ms->m.npolicies; p++) {
		const struct ts_policy_spec *ps = &ms->m.policy[p];

		if (r->resv[p * P + page] || !ps->sizes)
			continue;
		for (unsigned l = ms->m.nsizes - 1; l > 0; l--) {
			unsigned n = 1u << ms->order[l];

			if (!(ps->sizes >> l & 1) ||
			    !(ps->immediate ? strict[l] : fit[l]) ||
			    !chunk_free(ms, r, p, page, l))
				continue;
			memset(&r->resv[p * P + (page & ~(n - 1))],
			       (int)l + 1, n);
			if (ps->immediate)
				map_chunk(s, ms, r, p, page, l);
			break;
		}
	}
	for (unsigned l = 0; l < ms->m.nsizes; l++)
		(*count_of(ms, r, l, page))++;
	for (unsigned p = 0; p < ms->m.npolicies; p++) {
		const struct ts_policy_spec *ps = &ms->m.policy[p];
		unsigned rl = r->resv[p * P + page];

		if (ps->immediate)
			continue;
		for (unsigned l = 1; l < rl; l++)
			if ((ps->sizes >> l & 1) &&
			    *count_of(ms, r, l, page) == 1u << ms->order[l] &&
			    map_of(ms, r, page)[p] < l)
				map_chunk(s, ms, r, p, page, l);
	}
}

static void model_access(struct ts_sim *s, struct msim *ms, uint64_t addr,
			 int st)
{
	uint64_t num = addr >> ms->rshift, tags[TS_MAX_SIZES];
	struct region **recent = &ms->recent[num % REGION_CACHE], *r = *recent;
	unsigned page, np = ms->m.npolicies, T = ms->m.ntlbs;
	uint16_t *cells[TS_MAX_SIZES];
	const uint8_t *map;

	if (!r || r->num != num)
		r = *recent = region_get(ms, num);
	page = (unsigned)(addr >> ms->m.shift[0]) & (ms->pages - 1);
	if (!r->count[page])
		first_touch(s, ms, r, page, addr);
	for (unsigned l = 0; l < ms->m.nsizes; l++) {
		tags[l] = ts_tlb_tag(addr, ms->m.shift[l], l);
		cells[l] = &r->cell[(ms->off[l] + (page >> ms->order[l])) *
				    np * T];
	}
	map = map_of(ms, r, page);
	for (unsigned p = 0; p < np; p++) {
		struct policy *pol = &ms->pol[p];
		unsigned l = map[p];
		const int8_t *route = ms->route[st][l];
		uint16_t *cell = cells[l] + p * T;

		pol->last[st] = &pol->tlb[route[0]];
		for (unsigned i = 0;; i++) {
			int t = route[i];

			if (t < 0) {
				pol->walks[st]++;
				break;
			}
			if (ts_tlb_access_cell(&pol->tlb[t], tags[l], &cell[t]))
				break;
		}
	}
}

void ts_sim_access(struct ts_sim *s, uint64_t addr, bool instr,
		   uint64_t count)
{
	int st = instr ? 1 : 0;
	uint64_t page = addr >> s->fshift;

	s->accesses[st] += count;
	if (s->every_access) {
		for (; count; count--) {
			s->lookups[st]++;
			for (unsigned m = 0; m < s->n; m++)
				model_access(s, &s->ms[m], addr, st);
		}
		return;
	}
	if (page == s->last[st]) {
		s->pending[st] += count;
		return;
	}
	flush_stream(s, st);
	s->lookups[st]++;
	for (unsigned m = 0; m < s->n; m++)
		model_access(s, &s->ms[m], addr, st);
	s->last[st] = page;
	s->pending[st] = count - 1;
}

/* The size policy p maps page with after the population changed. */
static unsigned remap(struct msim *ms, struct region *r, unsigned p,
		      unsigned page)
{
	const struct ts_policy_spec *ps = &ms->m.policy[p];
	unsigned rl = r->resv[p * ms->pages + page], best = 0;

	if (!rl)
		return 0;
	if (ps->immediate) {
		unsigned n = 1u << ms->order[rl - 1], c0 = page & ~(n - 1);

		for (unsigned i = 0; i < n; i++)
			if (r->resv[p * ms->pages + c0 + i] != rl)
				return 0;
		return rl - 1;
	}
	for (unsigned l = 1; l < rl; l++)
		if ((ps->sizes >> l & 1) &&
		    *count_of(ms, r, l, page) == 1u << ms->order[l])
			best = l;
	return best;
}

static void unmap_region(struct ts_sim *s, struct msim *ms, struct region *r,
			 uint64_t start, uint64_t end)
{
	uint64_t base = region_base(ms, r);
	unsigned P = ms->pages, sh = ms->m.shift[0];
	uint8_t old[TS_MAX_REGION_PAGES];

	for (unsigned i = 0; i < P; i++) {
		uint64_t lo = base + ((uint64_t)i << sh), hi = lo + (1ull << sh);

		if (hi <= start || lo >= end)
			continue;
		if (r->count[i])
			for (unsigned l = 0; l < ms->m.nsizes; l++)
				(*count_of(ms, r, l, i))--;
		for (unsigned p = 0; p < ms->m.npolicies; p++)
			r->resv[p * P + i] = 0;
	}
	for (unsigned p = 0; p < ms->m.npolicies; p++) {
		for (unsigned i = 0; i < P; i++)
			old[i] = map_of(ms, r, i)[p];
		for (unsigned i = 0; i < P; i++)
			map_of(ms, r, i)[p] = (uint8_t)remap(ms, r, p, i);
		for (unsigned i = 0; i < P; i++) {
			unsigned l = old[i];
			uint64_t lo;

			if (!l || map_of(ms, r, i)[p] >= l ||
			    (i & ((1u << ms->order[l]) - 1)))
				continue;
			ms->pol[p].demotions[l]++;
			lo = base + ((uint64_t)i << sh);
			drop_entries(s, ms, p, lo, lo + ms->m.size[l]);
		}
	}
}

void ts_sim_unmap(struct ts_sim *s, uint64_t start, uint64_t end)
{
	if (end <= start)
		return;
	flush_stream(s, 0);
	flush_stream(s, 1);
	for (unsigned m = 0; m < s->n; m++) {
		struct msim *ms = &s->ms[m];
		uint64_t first = start >> ms->rshift;
		uint64_t last = (end - 1) >> ms->rshift;

		if (last - first < (1ull << ms->bits)) {
			for (uint64_t n = first; n <= last; n++) {
				struct region *r = region_find(ms, n);

				if (r)
					unmap_region(s, ms, r, start, end);
			}
		} else {
			for (unsigned h = 0; h < 1u << ms->bits; h++) {
				struct region *r = ms->table[h];

				if (r && r->num >= first && r->num <= last)
					unmap_region(s, ms, r, start, end);
			}
		}
		for (unsigned p = 0; p < ms->m.npolicies; p++)
			drop_entries(s, ms, p, start, end);
	}
	obj_remove(s, start, end);
}

void ts_sim_map(struct ts_sim *s, uint64_t start, uint64_t end, int dir)
{
	ts_sim_unmap(s, start, end);
	obj_add(s, start, end, dir);
}

bool ts_sim_grow(struct ts_sim *s, uint64_t start, uint64_t end)
{
	int i = start ? obj_find(s, start - 1) : -1;

	if (i < 0 || s->obj[i].dir < 0 || s->obj[i].end != start) {
		ts_sim_map(s, start, end, 0);
		return false;
	}
	if ((unsigned)i + 1 < s->nobj && s->obj[i + 1].start < end) {
		/* mapped over something: what was there goes first */
		ts_sim_unmap(s, start, end);
		i = obj_find(s, start - 1);
	}
	/* reservations made past the old end stay, as for the brk heap */
	s->obj[i].end = end;
	s->obj[i].dir = 1;
	return true;
}

void ts_sim_brk(struct ts_sim *s, uint64_t start, uint64_t end)
{
	int i = start ? obj_find(s, start - 1) : -1;

	if (i >= 0 && s->obj[i].dir > 0 && s->obj[i].end == start) {
		/* reservations made past the old end stay */
		s->obj[i].end = end;
	} else {
		ts_sim_map(s, start, end, 1);
	}
}

static void set_routes(struct msim *ms)
{
	for (unsigned st = 0; st < 2; st++)
		for (unsigned l = 0; l < ms->m.nsizes; l++) {
			int8_t *route = ms->route[st][l];
			unsigned n = 0;

			for (int t = ms->m.first[st][l];
			     t >= 0 && (ms->m.tlb[t].sizes >> l & 1) &&
			     n < TS_MAX_TLBS; t = ms->m.tlb[t].next)
				route[n++] = (int8_t)t;
			route[n] = -1;
		}
}

struct ts_sim *ts_sim_new(const struct ts_model *models, unsigned n)
{
	struct ts_sim *s = ts_alloc(sizeof(*s));

	s->n = n;
	s->ms = ts_alloc(n * sizeof(*s->ms));
	s->fshift = 63;
	s->last[0] = s->last[1] = UINT64_MAX;
	for (unsigned m = 0; m < n; m++) {
		struct msim *ms = &s->ms[m];
		const struct ts_model *mo = &models[m];

		ms->m = *mo;
		ms->rshift = mo->shift[mo->nsizes - 1];
		ms->pages = 1u << (ms->rshift - mo->shift[0]);
		for (unsigned l = 0; l < mo->nsizes; l++) {
			ms->order[l] = mo->shift[l] - mo->shift[0];
			ms->off[l] = ms->ncount;
			ms->ncount += ms->pages >> ms->order[l];
		}
		set_routes(ms);
		ms->bits = 6;
		ms->table = ts_alloc(sizeof(*ms->table) << ms->bits);
		for (unsigned p = 0; p < mo->npolicies; p++)
			for (unsigned t = 0; t < mo->ntlbs; t++) {
				ts_tlb_init_cells(&ms->pol[p].tlb[t],
						  mo->tlb[t].entries,
						  mo->tlb[t].ways,
						  mo->tlb[t].repl);
				for (unsigned l = 0; l < mo->nsizes; l++)
					if (mo->tlb[t].size_ways[l])
						ts_tlb_limit_ways(
						    &ms->pol[p].tlb[t], l,
						    mo->tlb[t].size_ways[l]);
				ms->pol[p].last[0] = &ms->pol[p].tlb[t];
				ms->pol[p].last[1] = &ms->pol[p].tlb[t];
			}
		if (mo->shift[0] < s->fshift)
			s->fshift = mo->shift[0];
	}
	return s;
}

void ts_sim_every_access(struct ts_sim *s)
{
	s->every_access = true;
}

void ts_sim_free(struct ts_sim *s)
{
	for (unsigned m = 0; m < s->n; m++) {
		struct msim *ms = &s->ms[m];

		for (unsigned p = 0; p < ms->m.npolicies; p++)
			for (unsigned t = 0; t < ms->m.ntlbs; t++)
				ts_tlb_destroy(&ms->pol[p].tlb[t]);
		for (unsigned h = 0; h < 1u << ms->bits; h++) {
			struct region *r = ms->table[h];

			if (!r)
				continue;
			ts_free(r->count);
			ts_free(r->resv);
			ts_free(r->map);
			ts_free(r->cell);
			ts_free(r);
		}
		ts_free(ms->table);
	}
	ts_free(s->ms);
	ts_free(s->obj);
	ts_free(s);
}

static void key(struct ts_buf *b, const char *k, bool comma)
{
	if (comma)
		ts_buf_str(b, ",");
	ts_buf_json_str(b, k);
	ts_buf_str(b, ":");
}

static void key_u64(struct ts_buf *b, const char *k, uint64_t v, bool comma)
{
	key(b, k, comma);
	ts_buf_u64(b, v);
}

static void per_size(struct ts_buf *b, const char *k, const struct msim *ms,
		     const uint64_t *v)
{
	key(b, k, true);
	ts_buf_str(b, "{");
	for (unsigned l = 1; l < ms->m.nsizes; l++) {
		if (l > 1)
			ts_buf_str(b, ",");
		ts_buf_str(b, "\"");
		ts_buf_size(b, ms->m.size[l]);
		ts_buf_str(b, "\":");
		ts_buf_u64(b, v[l]);
	}
	ts_buf_str(b, "}");
}

void ts_sim_report(struct ts_sim *s, struct ts_buf *b)
{
	flush_stream(s, 0);
	flush_stream(s, 1);
	ts_buf_str(b, "{\"tool\":\"sptlb\",\"simulated\":true");
	key(b, "accesses", true);
	ts_buf_str(b, "{");
	key_u64(b, "data", s->accesses[0], false);
	key_u64(b, "instr", s->accesses[1], true);
	ts_buf_str(b, "}");
	key(b, "lookups", true);
	ts_buf_str(b, "{");
	key_u64(b, "data", s->lookups[0], false);
	key_u64(b, "instr", s->lookups[1], true);
	ts_buf_str(b, "}");
	key(b, "models", true);
	ts_buf_str(b, "{");
	for (unsigned m = 0; m < s->n; m++) {
		struct msim *ms = &s->ms[m];

		key(b, ms->m.name, m > 0);
		ts_buf_str(b, "{");
		key(b, "core", false);
		ts_buf_json_str(b, ms->m.core);
		key(b, "pages", true);
		ts_buf_str(b, "[");
		for (unsigned l = 0; l < ms->m.nsizes; l++) {
			if (l)
				ts_buf_str(b, ",");
			ts_buf_str(b, "\"");
			ts_buf_size(b, ms->m.size[l]);
			ts_buf_str(b, "\"");
		}
		ts_buf_str(b, "]");
		key(b, "policies", true);
		ts_buf_str(b, "{");
		for (unsigned p = 0; p < ms->m.npolicies; p++) {
			struct policy *pol = &ms->pol[p];

			key(b, ms->m.policy[p].name, p > 0);
			ts_buf_str(b, "{");
			key_u64(b, "data_misses", pol->walks[0], false);
			key_u64(b, "instr_misses", pol->walks[1], true);
			key(b, "tlbs", true);
			ts_buf_str(b, "{");
			for (unsigned t = 0; t < ms->m.ntlbs; t++) {
				key(b, ms->m.tlb[t].name, t > 0);
				ts_buf_str(b, "{");
				key_u64(b, "accesses", pol->tlb[t].accesses,
					false);
				key_u64(b, "misses", pol->tlb[t].misses, true);
				ts_buf_str(b, "}");
			}
			ts_buf_str(b, "}");
			per_size(b, "promotions", ms, pol->promotions);
			per_size(b, "demotions", ms, pol->demotions);
			ts_buf_str(b, "}");
		}
		ts_buf_str(b, "}}");
	}
	ts_buf_str(b, "}}\n");
}

int ts_sim_mapped(struct ts_sim *s, unsigned m, unsigned p, uint64_t addr)
{
	struct msim *ms = &s->ms[m];
	struct region *r = region_find(ms, addr >> ms->rshift);
	unsigned page = (unsigned)(addr >> ms->m.shift[0]) & (ms->pages - 1);

	if (!r || !r->count[page])
		return -1;
	return map_of(ms, r, page)[p];
}

uint64_t ts_sim_walks(struct ts_sim *s, unsigned m, unsigned p, bool instr)
{
	return s->ms[m].pol[p].walks[instr ? 1 : 0];
}

uint64_t ts_sim_promotions(struct ts_sim *s, unsigned m, unsigned p,
			   unsigned size)
{
	return s->ms[m].pol[p].promotions[size];
}

uint64_t ts_sim_demotions(struct ts_sim *s, unsigned m, unsigned p,
			  unsigned size)
{
	return s->ms[m].pol[p].demotions[size];
}

const struct ts_tlb *ts_sim_tlb(struct ts_sim *s, unsigned m, unsigned p,
				unsigned t)
{
	flush_stream(s, 0);
	flush_stream(s, 1);
	return &s->ms[m].pol[p].tlb[t];
}
