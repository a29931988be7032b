/* test_cpuid.c - CPUID identity and TLB decoding on recorded register values
 * (fixtures/cpuid_*.txt, `cpuid -r` format). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpuid_tlb.h"
#include "events.h"
#include "tap.h"

#define MAX_LEAVES 64

struct fixture {
	int n;
	uint32_t leaf[MAX_LEAVES], sub[MAX_LEAVES];
	struct cpuid_regs r[MAX_LEAVES];
};

static int load(const char *name, struct fixture *fx)
{
	char path[512], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", FIXTURES, name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	fx->n = 0;
	while (fgets(line, sizeof(line), f) && fx->n < MAX_LEAVES) {
		struct cpuid_regs *r = &fx->r[fx->n];

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%x %x: eax=%x ebx=%x ecx=%x edx=%x",
			   &fx->leaf[fx->n], &fx->sub[fx->n], &r->eax, &r->ebx,
			   &r->ecx, &r->edx) != 6) {
			fclose(f);
			return -1;
		}
		fx->n++;
	}
	fclose(f);
	return 0;
}

static bool query(void *ctx, uint32_t leaf, uint32_t sub,
		  struct cpuid_regs *out)
{
	const struct fixture *fx = ctx;

	for (int i = 0; i < fx->n; i++)
		if (fx->leaf[i] == leaf && fx->sub[i] == sub) {
			*out = fx->r[i];
			return true;
		}
	return false;
}

static const struct tlb_level *find(const struct tlb_info *t, int level,
				    const char *type, unsigned int page_kb)
{
	for (int i = 0; i < t->n; i++)
		if (t->e[i].level == level && !strcmp(t->e[i].type, type) &&
		    t->e[i].page_kb == page_kb)
			return &t->e[i];
	return NULL;
}

static void check(const struct tlb_info *t, int level, const char *type,
		  unsigned int page_kb, unsigned int entries, int ways)
{
	const struct tlb_level *e = find(t, level, type, page_kb);

	TAP_CHECK(e && e->entries == entries && e->ways == ways,
		  "L%d %s %u kB: %u entries, %d ways (got %u, %d)", level,
		  type, page_kb, entries, ways, e ? e->entries : 0,
		  e ? e->ways : -99);
}

static void probe(const char *name, struct cpu_ident *id, struct tlb_info *t)
{
	struct fixture fx;

	if (load(name, &fx) != 0) {
		TAP_CHECK(0, "fixture %s loads", name);
		exit(tap_done());
	}
	cpuid_probe(query, &fx, id, t);
}

int main(void)
{
	struct cpu_ident id;
	struct tlb_info t;
	char why[160];

	/* Zen 4 (this project's VM). */
	probe("cpuid_zen4_epyc_vm.txt", &id, &t);
	TAP_CHECK(!strcmp(id.vendor, "AuthenticAMD"), "zen4 vendor %s", id.vendor);
	TAP_CHECK(id.family == 25 && id.model == 0x11 && id.stepping == 1,
		  "zen4 family 25 model 0x11 stepping 1 (got %u 0x%x %u)",
		  id.family, id.model, id.stepping);
	TAP_CHECK(!strcmp(id.model_name, "AMD EPYC"), "zen4 brand '%s'",
		  id.model_name);
	TAP_CHECK(id.hypervisor, "zen4 hypervisor bit");
	TAP_CHECK(t.n == 8, "zen4: 8 TLB rows (got %d)", t.n);
	check(&t, 1, "data", 4, 72, 0);
	check(&t, 1, "instruction", 4, 64, 0);
	check(&t, 1, "data", 2048, 72, 0);
	check(&t, 2, "data", 4, 3072, 8);
	check(&t, 2, "instruction", 4, 512, 4);
	check(&t, 2, "data", 2048, 3072, 6);
	check(&t, 2, "instruction", 2048, 512, 2);
	TAP_CHECK(tlb_reach_4k_kb(&t) == 12288, "zen4 reach 12288 kB (got %llu)",
		  (unsigned long long)tlb_reach_4k_kb(&t));
	TAP_CHECK(events_page_walk(&id, why, sizeof(why)) == NULL &&
		  strstr(why, "Zen 4"), "zen4: no page-walk event (%s)", why);

	/* Milan L2 and 1 GB leaves behind a template that rewrites leaf 1. */
	probe("cpuid_milan_m6a_guest.txt", &id, &t);
	TAP_CHECK(id.family == 6 && id.model == 0x3f && id.stepping == 2,
		  "template leaf 1 decodes as family 6 model 0x3f (got %u 0x%x)",
		  id.family, id.model);
	TAP_CHECK(t.n == 7, "milan: 7 TLB rows, none from zeroed 0x80000005 (got %d)",
		  t.n);
	check(&t, 2, "data", 4, 2048, 8);
	check(&t, 2, "instruction", 4, 512, 4);
	check(&t, 2, "data", 2048, 2048, 4);
	check(&t, 2, "instruction", 2048, 512, 2);
	check(&t, 1, "data", 1048576, 64, 0);
	check(&t, 1, "instruction", 1048576, 64, 0);
	check(&t, 2, "data", 1048576, 64, 0);
	TAP_CHECK(find(&t, 2, "instruction", 1048576) == NULL,
		  "milan: disabled L2 1 GB iTLB (code 0) is not listed");
	TAP_CHECK(tlb_reach_4k_kb(&t) == 8192, "milan reach 8192 kB");

	/* Intel leaf 0x18. */
	probe("cpuid_intel_leaf18_sunnycove.txt", &id, &t);
	TAP_CHECK(!strcmp(id.vendor, "GenuineIntel") && id.family == 6 &&
		  id.model == 0x7e && !id.hypervisor,
		  "icl: GenuineIntel family 6 model 0x7e, no hypervisor");
	TAP_CHECK(t.source && !strcmp(t.source, "cpuid 0x18"), "icl: source leaf 0x18");
	check(&t, 1, "instruction", 4, 64, 8);
	check(&t, 1, "load", 4, 64, 4);
	check(&t, 1, "load", 2048, 32, 4);
	check(&t, 1, "load", 4096, 32, 4);
	check(&t, 1, "store", 4, 16, 0);
	check(&t, 1, "store", 1048576, 16, 0);
	check(&t, 2, "unified", 4, 2048, 16);
	check(&t, 2, "unified", 2048, 2048, 16);
	check(&t, 2, "unified", 1048576, 1024, 8);
	TAP_CHECK(t.n == 11, "icl: 11 rows (got %d)", t.n);
	TAP_CHECK(tlb_reach_4k_kb(&t) == 8192, "icl reach: STLB 2048 x 4 kB");
	{
		const struct page_walk_event *pw = events_page_walk(&id, why,
								    sizeof(why));
		TAP_CHECK(pw && !strcmp(pw->pfm, "DTLB_LOAD_MISSES:WALK_ACTIVE") &&
			  !strcmp(pw->key, "page-walk-cycles"),
			  "icl page-walk event WALK_ACTIVE");
	}

	/* Intel without leaf 0x18. */
	probe("cpuid_intel_skylake_noleaf18.txt", &id, &t);
	TAP_CHECK(!strcmp(id.model_name, "Intel(R) Core(TM) i7-6700K CPU @ 4.00GHz"),
		  "skylake brand '%s'", id.model_name);
	TAP_CHECK(id.model == 0x5e && id.stepping == 3, "skylake model 0x5e");
	TAP_CHECK(t.n == 0 && strstr(t.reason, "0x18"),
		  "skylake: empty TLB list with reason '%s'", t.reason);
	TAP_CHECK(tlb_reach_4k_kb(&t) == 0, "skylake: reach 0 without TLB data");

	/* Raw decoders. */
	{
		struct cpuid_regs l6 = { 0x00000000, 0x0fff2200, 0, 0 };

		cpuid_decode_amd_tlb(NULL, &l6, NULL, &t);
		TAP_CHECK(t.n == 1 && t.e[0].entries == 512 && t.e[0].ways == 2 &&
			  !strcmp(t.e[0].type, "instruction"),
			  "amd: dTLB with ways code 0 is disabled, iTLB kept");
		l6.ebx = 0x7fff0000;	/* reserved ways code 7 */
		cpuid_decode_amd_tlb(NULL, &l6, NULL, &t);
		TAP_CHECK(t.n == 1 && t.e[0].ways == -1 && t.e[0].entries == 0xfff,
			  "amd: reserved ways code gives ways -1");
	}

	/* The CPU we run on decodes to something. */
	cpuid_probe(cpuid_native, NULL, &id, &t);
	TAP_CHECK(id.vendor[0] != '\0' && id.family > 0, "native: vendor %s family %u",
		  id.vendor, id.family);

	/* Golden Cove (i7-12700K P-core), real leaf 0x18: rows as the
	 * independent `cpuid` tool decodes them (see the fixture header). */
	probe("cpuid_intel_goldencove_12700k.txt", &id, &t);
	TAP_CHECK(!strcmp(id.vendor, "GenuineIntel") && id.family == 6 &&
		  id.model == 0x97 && id.stepping == 2 && !id.hypervisor,
		  "adl: GenuineIntel family 6 model 0x97 stepping 2, no hypervisor");
	TAP_CHECK(t.source && !strcmp(t.source, "cpuid 0x18"), "adl: source leaf 0x18");
	check(&t, 1, "instruction", 4, 256, 8);		/* sub 1 */
	check(&t, 1, "instruction", 2048, 32, 8);	/* sub 2 */
	check(&t, 1, "instruction", 4096, 32, 8);
	check(&t, 1, "store", 4, 16, 0);		/* sub 3 */
	check(&t, 1, "store", 2048, 16, 0);
	check(&t, 1, "store", 4096, 16, 0);
	check(&t, 1, "store", 1048576, 16, 0);
	check(&t, 1, "load", 4, 64, 4);			/* sub 4 */
	check(&t, 1, "load", 2048, 32, 4);		/* sub 5 */
	check(&t, 1, "load", 4096, 32, 4);
	check(&t, 1, "load", 1048576, 8, 0);		/* sub 6 */
	check(&t, 2, "unified", 4, 1024, 8);		/* sub 7 (and sub 8) */
	check(&t, 2, "unified", 2048, 1024, 8);
	check(&t, 2, "unified", 4096, 1024, 8);
	check(&t, 2, "unified", 1048576, 1024, 8);	/* sub 8 */
	{
		/* find() stops at the first match: the 4 kB L2 row must be
		 * there twice, once from sub 7 and once from sub 8. */
		int n4 = 0;

		for (int i = 0; i < t.n; i++)
			if (t.e[i].level == 2 && !strcmp(t.e[i].type, "unified") &&
			    t.e[i].page_kb == 4 && t.e[i].entries == 1024 &&
			    t.e[i].ways == 8)
				n4++;
		TAP_CHECK(n4 == 2, "adl: two L2 unified 4 kB rows (got %d)", n4);
	}
	/* 1 + 2 + 4 + 1 + 2 + 1 + 3 + 2 page sizes over sub-leaves 1..8;
	 * sub 0 has type 0 and gives none. */
	TAP_CHECK(t.n == 16, "adl: 16 rows (got %d)", t.n);
	/* tlb_reach_4k_kb: largest 4 kB row that is neither "instruction" nor
	 * "store" (load 64, unified 1024, unified 1024), times 4 kB. */
	TAP_CHECK(tlb_reach_4k_kb(&t) == 4096, "adl reach: STLB 1024 x 4 kB (got %llu)",
		  (unsigned long long)tlb_reach_4k_kb(&t));
	return tap_done();
}
