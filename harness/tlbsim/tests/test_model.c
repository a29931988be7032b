/* test_model.c - the model files of the tree parse to the geometry they
 * state, bad model text is refused with its line number, and --policies
 * keeps the policies it names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "tap.h"
#include "env.h"

static char *slurp(const char *name)
{
	static char path[512];
	FILE *f;
	char *text;
	long n;

	snprintf(path, sizeof(path), "%s/%s", MODELS, name);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)n + 1);
	if (fread(text, 1, (size_t)n, f) != (size_t)n)
		text[0] = 0;
	fclose(f);
	return text;
}

static void refused(const char *text, const char *want, const char *what)
{
	struct ts_model m;
	struct ts_buf err = { 0 };
	bool ok = ts_model_parse(&m, text, &err);

	TAP_CHECK(!ok && err.s && strstr(err.s, want), "refused: %s (%s)", what,
		  err.s ? err.s : "no message");
	ts_buf_free(&err);
}

static const char two_models[2][160] = {
	"name a\npages 8K 64K 4M\ntlb d data 4 4 lru 8K 64K 4M\n"
	"tlb i instr 4 4 lru 8K 64K 4M\npolicies base 64K 4M all\n",
	"name b\npages 4K 2M\ntlb d data 4 4 lru 4K 2M\n"
	"tlb i instr 4 4 lru 4K 2M\npolicies base 2M thp-always\n",
};

/* The two models above, with only the policies of list; NULL if refused. */
static struct ts_model *selected(const char *list, struct ts_buf *err)
{
	static struct ts_model m[2];

	for (int i = 0; i < 2; i++)
		if (!ts_model_parse(&m[i], two_models[i], err))
			return NULL;
	return ts_models_select(m, 2, list, err) ? m : NULL;
}

static void select_policies(void)
{
	struct ts_buf err = { 0 };
	struct ts_model *m = selected("all,base", &err);

	TAP_CHECK(m && m[0].npolicies == 2 &&
		  ts_streq(m[0].policy[0].name, "base") &&
		  ts_streq(m[0].policy[1].name, "all") &&
		  m[0].policy[1].sizes == 6 && m[1].npolicies == 1 &&
		  ts_streq(m[1].policy[0].name, "base"),
		  "--policies all,base: each model keeps them, in file order");
	m = selected("a:4M,b:thp-always", &err);
	TAP_CHECK(m && m[0].npolicies == 1 && m[0].policy[0].sizes == 4 &&
		  m[1].npolicies == 1 && m[1].policy[0].immediate,
		  "MODEL:NAME keeps one model's policy");
	TAP_CHECK(!selected("4M", &err) && strstr(err.s, "b: none of"),
		  "a model left with no policy is refused (%s)", err.s);
	ts_buf_free(&err);
	TAP_CHECK(!selected("base,8M", &err) &&
		  strstr(err.s, "has the policy 8M"),
		  "a policy no model has is refused (%s)", err.s);
	ts_buf_free(&err);
	TAP_CHECK(!selected("b:64K,base", &err) &&
		  strstr(err.s, "has the policy b:64K"),
		  "MODEL:NAME the model lacks is refused (%s)", err.s);
	ts_buf_free(&err);
	TAP_CHECK(!selected("base,,all", &err) && strstr(err.s, "empty"),
		  "an empty name is refused (%s)", err.s);
	ts_buf_free(&err);
}

int main(void)
{
	struct ts_model m;
	struct ts_buf err = { 0 };
	char *text = slurp("alpha21264.model");
	bool ok = text && ts_model_parse(&m, text, &err);

	TAP_CHECK(ok, "alpha21264 parses %s", err.s ? err.s : "");
	if (ok) {
		TAP_CHECK(m.nsizes == 4 && m.size[0] == 8192 &&
			  m.size[3] == 4u << 20 && m.shift[2] == 19,
			  "alpha21264: 8K 64K 512K 4M");
		TAP_CHECK(m.ntlbs == 2 && m.tlb[0].entries == 128 &&
			  m.tlb[0].ways == 128 && m.tlb[0].sizes == 15 &&
			  m.tlb[0].repl == TS_NLU &&
			  m.tlb[1].repl == TS_ROUND_ROBIN,
			  "alpha21264: 128-entry fully associative DTB and ITB");
		TAP_CHECK(m.npolicies == 5 && m.policy[4].sizes == 14 &&
			  m.policy[2].sizes == 4 && !m.policy[0].sizes,
			  "alpha21264: base, 64K, 512K, 4M, all");
	}
	free(text);
	text = slurp("x86-modern.model");
	ok = text && ts_model_parse(&m, text, &err);
	TAP_CHECK(ok, "x86-modern parses %s", err.s ? err.s : "");
	if (ok) {
		TAP_CHECK(m.ntlbs == 5 && m.tlb[0].next == 4 &&
			  m.tlb[0].entries == 64 && m.tlb[0].ways == 4 &&
			  m.tlb[4].stream == TS_ANY &&
			  m.tlb[4].entries == 2048 && m.tlb[4].ways == 16 &&
			  m.tlb[4].size_ways[0] == 0 &&
			  m.tlb[4].size_ways[1] == 8,
			  "x86-modern: 64x4 DTLB, a 2048x16 STLB, 2M in 8 ways");
		TAP_CHECK(m.first[TS_DATA][1] == 1 && m.first[TS_INSTR][0] == 2,
			  "x86-modern: 2M data to dtlb-2m, 4K fetches to itlb-4k");
		TAP_CHECK(m.npolicies == 3 && m.policy[2].immediate &&
			  m.policy[2].sizes == 2, "x86-modern: thp-always is 2M");
	}
	free(text);
	ts_buf_free(&err);

	refused("name a\npages 8K 12K\n", "line 2: page size not a power",
		"a size not a power of two");
	refused("name a\npages 8K\ntlb t data 4 4 lru 8K -> u\npolicies base\n",
		"names no other TLB", "an unknown next level");
	refused("name a\npages 8K 64K\ntlb t data 4 4 lru 8K\n"
		"tlb i instr 4 4 lru 8K 64K\npolicies base\n",
		"no TLB holds data", "a page size no data TLB holds");
	refused("name a\npages 8K 64K\ntlb t any 4 4 lru 8K 64K\npolicies 2M\n",
		"line 4: policy not", "a policy size the model lacks");
	refused("name a\npages 8K\ntlb t any 6 4 lru 8K\n", "line 3: entries",
		"entries not a multiple of ways");
	refused("name a\npages 8K\ntlb t any 65535 65535 lru 8K\n",
		"at most 65534", "more entries than a 16-bit slot can name");
	refused("color blue\n", "line 1: unknown keyword", "an unknown keyword");
	refused("name a\npages 4K\ntlb t any 8 4 lru 4K\npolicies base\n",
		"would be inexact): t",
		"a first-level TLB shared by both streams");
	refused("name a\npages 4K\ntlb d data 8 4 lru 4K\n"
		"tlb i instr 8 4 lru 4K -> d\npolicies base\n",
		"would be inexact): d",
		"instruction misses going on to the data L1");
	refused("name a\npages 4K 2M\ntlb t any 8 4 lru 4K 2M/4\n",
		"line 3: SIZE/WAYS", "a size limited to all the ways");
	refused("name a\npages 4K 2M\ntlb t any 8 4 nlu 4K 2M/2\n",
		"line 3: SIZE/WAYS", "a way limit on a not-LRU TLB");
	refused("name a\npages 4K 2M\ntlb t any 8 4 lru 4K 8M/2\n",
		"line 3: not a page size", "a way limit on an unknown size");
	select_policies();
	return tap_done();
}
