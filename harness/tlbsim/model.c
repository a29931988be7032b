/* model.c - reads a model file (README.md has the format) and checks it. */
#include "model.h"
#include "env.h"

#define MAX_WORDS 24

struct line {
	char *word[MAX_WORDS];
	unsigned n;
	unsigned number;
};

static bool fail(struct ts_buf *err, unsigned line, const char *what,
		 const char *word)
{
	if (line) {
		ts_buf_str(err, "line ");
		ts_buf_u64(err, line);
		ts_buf_str(err, ": ");
	}
	ts_buf_str(err, what);
	if (word) {
		ts_buf_str(err, ": ");
		ts_buf_str(err, word);
	}
	return false;
}

static bool copy_name(char *dst, size_t cap, const char *src)
{
	size_t n = ts_strlen(src);

	if (n >= cap)
		return false;
	memcpy(dst, src, n + 1);
	return true;
}

static int size_index(const struct ts_model *m, const char *word)
{
	uint64_t v;

	if (!ts_parse_size(word, &v))
		return -1;
	for (unsigned i = 0; i < m->nsizes; i++)
		if (m->size[i] == v)
			return (int)i;
	return -1;
}

static bool parse_pages(struct ts_model *m, struct line *l, struct ts_buf *err)
{
	if (l->n < 2 || l->n - 1 > TS_MAX_SIZES)
		return fail(err, l->number, "pages wants 1 to 6 sizes", NULL);
	m->nsizes = l->n - 1;
	for (unsigned i = 0; i < m->nsizes; i++) {
		uint64_t v;
		unsigned s = 0;

		if (!ts_parse_size(l->word[i + 1], &v) || v < 4096 ||
		    (v & (v - 1)))
			return fail(err, l->number,
				    "page size not a power of two >= 4K",
				    l->word[i + 1]);
		if (i && v <= m->size[i - 1])
			return fail(err, l->number, "page sizes not ascending",
				    l->word[i + 1]);
		while ((1ull << s) < v)
			s++;
		m->size[i] = v;
		m->shift[i] = s;
	}
	if (m->size[m->nsizes - 1] / m->size[0] > TS_MAX_REGION_PAGES)
		return fail(err, l->number,
			    "largest page holds over 4096 base pages", NULL);
	return true;
}

/*
 * SIZE/N: pages of SIZE fill only the first N ways of a set (a TLB of
 * arrays of which only some hold that size).  False if word is not of that
 * form; *s is then the size index, or -1 where N does not fit the TLB.
 */
static bool size_ways(const struct ts_model *m, struct ts_tlb_spec *t,
		      char *word, int *s)
{
	char *slash = word;
	uint64_t n;

	while (*slash && *slash != '/')
		slash++;
	if (!*slash)
		return false;
	*slash = 0;
	*s = size_index(m, word);
	*slash = '/';
	if (*s < 0 || !ts_parse_size(slash + 1, &n))
		return false;
	if (t->repl != TS_LRU || !n || n >= t->ways)
		*s = -1;
	else
		t->size_ways[*s] = (unsigned)n;
	return true;
}

static bool parse_tlb(struct ts_model *m, struct line *l, char nexts[][TS_NAME_MAX],
		      struct ts_buf *err)
{
	struct ts_tlb_spec *t;
	uint64_t entries, ways;
	unsigned i;

	if (!m->nsizes)
		return fail(err, l->number, "tlb before pages", NULL);
	if (m->ntlbs == TS_MAX_TLBS)
		return fail(err, l->number, "too many TLBs", NULL);
	if (l->n < 7)
		return fail(err, l->number,
			    "tlb wants NAME STREAM ENTRIES WAYS REPLACEMENT SIZE...",
			    NULL);
	t = &m->tlb[m->ntlbs];
	if (!copy_name(t->name, sizeof(t->name), l->word[1]))
		return fail(err, l->number, "name too long", l->word[1]);
	if (ts_streq(l->word[2], "data"))
		t->stream = TS_DATA;
	else if (ts_streq(l->word[2], "instr"))
		t->stream = TS_INSTR;
	else if (ts_streq(l->word[2], "any"))
		t->stream = TS_ANY;
	else
		return fail(err, l->number, "stream not data, instr or any",
			    l->word[2]);
	if (!ts_parse_size(l->word[3], &entries) ||
	    !ts_parse_size(l->word[4], &ways) || !entries || !ways ||
	    entries > 65534 || entries % ways)
		return fail(err, l->number,
			    "entries must be a multiple of ways, at most 65534",
			    NULL);
	t->entries = (unsigned)entries;
	t->ways = (unsigned)ways;
	if (ts_streq(l->word[5], "lru"))
		t->repl = TS_LRU;
	else if (ts_streq(l->word[5], "round-robin"))
		t->repl = TS_ROUND_ROBIN;
	else if (ts_streq(l->word[5], "nlu"))
		t->repl = TS_NLU;
	else
		return fail(err, l->number,
			    "replacement not lru, round-robin or nlu",
			    l->word[5]);
	t->sizes = 0;
	memset(t->size_ways, 0, sizeof(t->size_ways));
	t->next = -1;
	nexts[m->ntlbs][0] = 0;
	for (i = 6; i < l->n; i++) {
		int s;

		if (ts_streq(l->word[i], "->")) {
			if (i + 2 != l->n ||
			    !copy_name(nexts[m->ntlbs], TS_NAME_MAX,
				       l->word[i + 1]))
				return fail(err, l->number,
					    "'->' wants one TLB name after it",
					    NULL);
			break;
		}
		s = size_index(m, l->word[i]);
		if (s < 0 && !size_ways(m, t, l->word[i], &s))
			return fail(err, l->number, "not a page size of the model",
				    l->word[i]);
		if (s < 0)
			return fail(err, l->number,
				    "SIZE/WAYS wants an lru TLB and fewer ways than it has",
				    l->word[i]);
		t->sizes |= 1u << s;
	}
	if (!t->sizes)
		return fail(err, l->number, "tlb holds no page size", NULL);
	m->ntlbs++;
	return true;
}

static bool parse_policies(struct ts_model *m, struct line *l,
			   struct ts_buf *err)
{
	if (!m->nsizes)
		return fail(err, l->number, "policies before pages", NULL);
	for (unsigned i = 1; i < l->n; i++) {
		struct ts_policy_spec *p = &m->policy[m->npolicies];
		const char *w = l->word[i];
		int s;

		if (m->npolicies == TS_MAX_POLICIES)
			return fail(err, l->number, "too many policies", NULL);
		if (!copy_name(p->name, sizeof(p->name), w))
			return fail(err, l->number, "name too long", w);
		p->sizes = 0;
		p->immediate = false;
		if (ts_streq(w, "base")) {
		} else if (ts_streq(w, "all")) {
			p->sizes = ((1u << m->nsizes) - 1) & ~1u;
		} else if (ts_streq(w, "thp-always")) {
			p->sizes = 1u << (m->nsizes - 1);
			p->immediate = true;
		} else if ((s = size_index(m, w)) > 0) {
			p->sizes = 1u << s;
		} else {
			return fail(err, l->number,
				    "policy not base, all, thp-always or a superpage size",
				    w);
		}
		if (!p->sizes && !ts_streq(w, "base"))
			return fail(err, l->number, "model has no superpage size for",
				    w);
		m->npolicies++;
	}
	return true;
}

static bool resolve(struct ts_model *m, char nexts[][TS_NAME_MAX],
		    struct ts_buf *err)
{
	for (unsigned i = 0; i < m->ntlbs; i++) {
		if (!nexts[i][0])
			continue;
		for (unsigned j = 0; j < m->ntlbs; j++)
			if (j != i && ts_streq(m->tlb[j].name, nexts[i]))
				m->tlb[i].next = (int)j;
		if (m->tlb[i].next < 0)
			return fail(err, 0, "'->' names no other TLB", nexts[i]);
	}
	for (int st = TS_DATA; st <= TS_INSTR; st++) {
		for (unsigned s = 0; s < m->nsizes; s++) {
			int found = -1;

			for (unsigned i = 0; i < m->ntlbs && found < 0; i++)
				if (m->tlb[i].stream == (enum ts_stream)st &&
				    (m->tlb[i].sizes >> s & 1))
					found = (int)i;
			for (unsigned i = 0; i < m->ntlbs && found < 0; i++)
				if (m->tlb[i].stream == TS_ANY &&
				    (m->tlb[i].sizes >> s & 1))
					found = (int)i;
			if (found < 0) {
				fail(err, 0, st == TS_DATA ?
				     "no TLB holds data pages of some size" :
				     "no TLB holds instruction pages of some size",
				     NULL);
				return false;
			}
			m->first[st][s] = found;
		}
	}
	return true;
}

/*
 * The TLBs the lookups of stream st reach: each size's first TLB, then down
 * '->' while the next level holds that size (sim.c's routes).
 */
static uint32_t reached(const struct ts_model *m, int st, bool first_only)
{
	uint32_t mask = 0;

	for (unsigned s = 0; s < m->nsizes; s++) {
		unsigned n = 0;

		for (int t = m->first[st][s];
		     t >= 0 && (m->tlb[t].sizes >> s & 1) && n < TS_MAX_TLBS;
		     t = m->tlb[t].next, n++) {
			mask |= 1u << t;
			if (first_only)
				break;
		}
	}
	return mask;
}

/*
 * sim.c only counts an access to the page of its stream's previous one,
 * as a hit on the entry that access left most recently used (and the tool
 * counts a run of fetches from one page as one lookup).  That is exact
 * only if the other stream's lookups never reach that entry's TLB: a
 * first-level TLB must serve one stream alone.
 */
static bool streams_apart(const struct ts_model *m, struct ts_buf *err)
{
	for (int st = TS_DATA; st <= TS_INSTR; st++) {
		uint32_t shared = reached(m, st, true) & reached(m, !st, false);

		for (unsigned t = 0; t < m->ntlbs; t++)
			if (shared >> t & 1)
				return fail(err, 0,
					    "a first-level TLB that both data and instruction lookups reach (the simulation's same-page shortcut would be inexact)",
					    m->tlb[t].name);
	}
	return true;
}

bool ts_model_parse(struct ts_model *m, const char *text, struct ts_buf *err)
{
	return ts_model_parse_text(m, text, err) && streams_apart(m, err);
}

bool ts_model_parse_text(struct ts_model *m, const char *text,
			 struct ts_buf *err)
{
	char nexts[TS_MAX_TLBS][TS_NAME_MAX];
	unsigned number = 0;
	size_t len = ts_strlen(text);
	char *copy = ts_alloc(len + 1);
	char *p = copy;
	bool ok = true;

	memset(m, 0, sizeof(*m));
	memcpy(copy, text, len + 1);
	while (ok && *p) {
		struct line l = { .n = 0, .number = ++number };
		char *end = p;

		while (*end && *end != '\n')
			end++;
		if (*end)
			*end++ = 0;
		for (char *c = p; *c; c++)
			if (*c == '#')
				*c = 0;
		for (char *c = p; *c;) {
			while (*c == ' ' || *c == '\t' || *c == '\r')
				*c++ = 0;
			if (!*c)
				break;
			if (l.n == MAX_WORDS) {
				ok = fail(err, number, "too many words", NULL);
				break;
			}
			l.word[l.n++] = c;
			while (*c && *c != ' ' && *c != '\t' && *c != '\r')
				c++;
		}
		p = end;
		if (!ok || !l.n)
			continue;
		if (ts_streq(l.word[0], "name")) {
			if (l.n != 2 || !copy_name(m->name, sizeof(m->name),
						   l.word[1]))
				ok = fail(err, number, "name wants one short word",
					  NULL);
		} else if (ts_streq(l.word[0], "core") ||
			   ts_streq(l.word[0], "source")) {
			char *dst = l.word[0][0] == 'c' ? m->core : m->source;
			size_t n = 0;

			/* the words were split in place: join them back */
			for (unsigned i = 1; i < l.n; i++) {
				size_t w = ts_strlen(l.word[i]);

				if (n + w + 2 > TS_TEXT_MAX)
					break;
				if (n)
					dst[n++] = ' ';
				memcpy(dst + n, l.word[i], w);
				n += w;
			}
			dst[n] = 0;
		} else if (ts_streq(l.word[0], "pages")) {
			ok = parse_pages(m, &l, err);
		} else if (ts_streq(l.word[0], "tlb")) {
			ok = parse_tlb(m, &l, nexts, err);
		} else if (ts_streq(l.word[0], "policies")) {
			ok = parse_policies(m, &l, err);
		} else {
			ok = fail(err, number, "unknown keyword", l.word[0]);
		}
	}
	ts_free(copy);
	if (!ok)
		return false;
	if (!m->name[0])
		return fail(err, 0, "no name line", NULL);
	if (!m->nsizes || !m->ntlbs || !m->npolicies)
		return fail(err, 0, "a model needs pages, tlb and policies lines",
			    NULL);
	return resolve(m, nexts, err);
}

/* Marks in keep[] the policies one item of a --policies list names. */
static bool select_one(const struct ts_model *m, unsigned n, char *item,
		       uint32_t *keep, struct ts_buf *err)
{
	const char *model = NULL, *name = item;
	bool found = false;

	for (char *c = item; *c; c++)
		if (*c == ':') {
			*c = 0;
			model = item;
			name = c + 1;
			break;
		}
	if (!*name || (model && !*model))
		return fail(err, 0, "an empty policy name in the list", NULL);
	for (unsigned i = 0; i < n; i++) {
		if (model && !ts_streq(m[i].name, model))
			continue;
		for (unsigned p = 0; p < m[i].npolicies; p++)
			if (ts_streq(m[i].policy[p].name, name)) {
				keep[i] |= 1u << p;
				found = true;
			}
	}
	if (!found) {
		ts_buf_str(err, "no model simulated has the policy ");
		if (model) {
			ts_buf_str(err, model);
			ts_buf_str(err, ":");
		}
		ts_buf_str(err, name);
		return false;
	}
	return true;
}

bool ts_models_select(struct ts_model *m, unsigned n, const char *list,
		      struct ts_buf *err)
{
	uint32_t keep[TS_MAX_MODELS] = { 0 };
	size_t len = ts_strlen(list);
	char *copy, *item;
	bool ok = true;

	if (n > TS_MAX_MODELS)
		return fail(err, 0, "too many models", NULL);
	copy = ts_alloc(len + 1);
	memcpy(copy, list, len + 1);
	item = copy;
	for (char *c = copy; ok; c++) {
		bool last = !*c;

		if (*c && *c != ',')
			continue;
		*c = 0;
		ok = select_one(m, n, item, keep, err);
		item = c + 1;
		if (last)
			break;
	}
	ts_free(copy);
	for (unsigned i = 0; ok && i < n; i++)
		if (!keep[i]) {
			ts_buf_str(err, "model ");
			ts_buf_str(err, m[i].name);
			ts_buf_str(err, ": none of its policies asked for");
			ok = false;
		}
	for (unsigned i = 0; ok && i < n; i++) {
		unsigned k = 0;

		for (unsigned p = 0; p < m[i].npolicies; p++)
			if (keep[i] >> p & 1)
				m[i].policy[k++] = m[i].policy[p];
		m[i].npolicies = k;
	}
	return ok;
}
