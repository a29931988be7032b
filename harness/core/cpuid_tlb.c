/* cpuid_tlb.c - decodes CPU vendor/family/model and the TLB geometry from
 * CPUID: AMD leaves 0x80000005/6/19, Intel leaf 0x18. */
#include "cpuid_tlb.h"

#include <cpuid.h>
#include <stdio.h>
#include <string.h>

static void put_reg(char *dst, uint32_t r)
{
	memcpy(dst, &r, 4);
}

void cpuid_decode_ident(const struct cpuid_regs *leaf0,
			const struct cpuid_regs *leaf1,
			const struct cpuid_regs brand[3], struct cpu_ident *id)
{
	uint32_t a = leaf1->eax;
	unsigned int base_family = (a >> 8) & 0xf;
	char name[49];
	char *s, *e;

	memset(id, 0, sizeof(*id));
	put_reg(id->vendor, leaf0->ebx);
	put_reg(id->vendor + 4, leaf0->edx);
	put_reg(id->vendor + 8, leaf0->ecx);
	id->vendor[12] = '\0';

	id->family = base_family;
	if (base_family == 0xf)
		id->family += (a >> 20) & 0xff;
	id->model = (a >> 4) & 0xf;
	if (base_family == 0x6 || base_family == 0xf)
		id->model |= ((a >> 16) & 0xf) << 4;
	id->stepping = a & 0xf;
	id->hypervisor = (leaf1->ecx >> 31) & 1;

	if (!brand)
		return;
	for (int i = 0; i < 3; i++) {
		put_reg(name + 16 * i, brand[i].eax);
		put_reg(name + 16 * i + 4, brand[i].ebx);
		put_reg(name + 16 * i + 8, brand[i].ecx);
		put_reg(name + 16 * i + 12, brand[i].edx);
	}
	name[48] = '\0';
	for (s = name; *s == ' '; s++)
		;
	e = s + strlen(s);
	while (e > s && e[-1] == ' ')
		*--e = '\0';
	snprintf(id->model_name, sizeof(id->model_name), "%s", s);
}

static void add(struct tlb_info *t, int level, const char *type,
		unsigned int page_kb, unsigned int entries, int ways)
{
	if (entries == 0 || t->n >= TLB_MAX)
		return;
	t->e[t->n++] = (struct tlb_level){ level, type, page_kb, entries, ways };
}

/* 0x80000005: 0xff = fully associative, otherwise the number of ways. */
static int amd_l1_ways(unsigned int v)
{
	return v == 0xff ? 0 : (int)v;
}

/* 0x80000006/0x80000019 4-bit code (AMD APM vol. 3, CPUID Fn8000_0006):
 * the smallest way count of each class; -1 for reserved codes. */
static int amd_l2_ways(unsigned int v)
{
	static const int ways[16] = {
		[0x1] = 1, [0x2] = 2, [0x3] = 3, [0x4] = 4, [0x5] = 6,
		[0x6] = 8, [0x8] = 16, [0xa] = 32, [0xb] = 48, [0xc] = 64,
		[0xd] = 96, [0xe] = 128, [0xf] = 0,
		[0x0] = -1, [0x7] = -1, [0x9] = -1,
	};
	return ways[v & 0xf];
}

/* One register of leaf 0x80000005: [31:24] dTLB ways, [23:16] dTLB
 * entries, [15:8] iTLB ways, [7:0] iTLB entries. */
static void amd_l1(struct tlb_info *t, uint32_t r, unsigned int page_kb)
{
	add(t, 1, "data", page_kb, (r >> 16) & 0xff, amd_l1_ways(r >> 24));
	add(t, 1, "instruction", page_kb, r & 0xff, amd_l1_ways((r >> 8) & 0xff));
}

/* Leaves 0x80000006/0x80000019: [31:28] dTLB ways code, [27:16] dTLB
 * entries, [15:12] iTLB ways code, [11:0] iTLB entries.  An associativity
 * code of 0 means that TLB is disabled. */
static void amd_l2(struct tlb_info *t, int level, uint32_t r,
		   unsigned int page_kb)
{
	if ((r >> 28) & 0xf)
		add(t, level, "data", page_kb, (r >> 16) & 0xfff,
		    amd_l2_ways(r >> 28));
	if ((r >> 12) & 0xf)
		add(t, level, "instruction", page_kb, r & 0xfff,
		    amd_l2_ways((r >> 12) & 0xf));
}

void cpuid_decode_amd_tlb(const struct cpuid_regs *l5,
			  const struct cpuid_regs *l6,
			  const struct cpuid_regs *l19, struct tlb_info *t)
{
	memset(t, 0, sizeof(*t));
	t->source = l19 ? "cpuid 0x80000005, 0x80000006, 0x80000019"
			: "cpuid 0x80000005, 0x80000006";
	/* 2 MB rows also serve 4 MB pages, two entries per page. */
	if (l5) {
		amd_l1(t, l5->ebx, 4);
		amd_l1(t, l5->eax, 2048);
	}
	if (l19)
		amd_l2(t, 1, l19->eax, 1048576);
	if (l6) {
		amd_l2(t, 2, l6->ebx, 4);
		amd_l2(t, 2, l6->eax, 2048);
	}
	if (l19)
		amd_l2(t, 2, l19->ebx, 1048576);
	if (t->n == 0)
		snprintf(t->reason, sizeof(t->reason),
			 "CPUID TLB leaves report no entries (zeroed, e.g. by a hypervisor)");
}

void cpuid_decode_intel_leaf18(const struct cpuid_regs *sub, int nsub,
			       struct tlb_info *t)
{
	static const char *const types[] = {
		NULL, "data", "instruction", "unified", "load", "store",
	};
	static const unsigned int page_kb[] = { 4, 2048, 4096, 1048576 };

	memset(t, 0, sizeof(*t));
	t->source = "cpuid 0x18";
	for (int i = 0; i < nsub; i++) {
		unsigned int type = sub[i].edx & 0x1f;
		int level = (sub[i].edx >> 5) & 0x7;
		bool full = (sub[i].edx >> 8) & 1;
		unsigned int ways = sub[i].ebx >> 16;
		unsigned int entries = ways * sub[i].ecx;

		if (type == 0 || type >= sizeof(types) / sizeof(types[0]))
			continue;
		for (int p = 0; p < 4; p++)
			if (sub[i].ebx & (1u << p))
				add(t, level, types[type], page_kb[p], entries,
				    full ? 0 : (int)ways);
	}
	if (t->n == 0)
		snprintf(t->reason, sizeof(t->reason),
			 "CPUID leaf 0x18 lists no translation caches");
}

bool cpuid_native(void *ctx, uint32_t leaf, uint32_t subleaf,
		  struct cpuid_regs *out)
{
	uint32_t max = __get_cpuid_max(leaf & 0x80000000u, NULL);

	(void)ctx;
	if (max == 0 || leaf > max)
		return false;
	__cpuid_count(leaf, subleaf, out->eax, out->ebx, out->ecx, out->edx);
	return true;
}

void cpuid_probe(cpuid_query_fn q, void *ctx, struct cpu_ident *id,
		 struct tlb_info *t)
{
	struct cpuid_regs l0 = { 0 }, l1 = { 0 }, ext = { 0 }, brand[3];
	bool have_brand = true;

	memset(t, 0, sizeof(*t));
	if (!q(ctx, 0, 0, &l0) || !q(ctx, 1, 0, &l1)) {
		memset(id, 0, sizeof(*id));
		snprintf(t->reason, sizeof(t->reason), "CPUID unavailable");
		return;
	}
	if (!q(ctx, 0x80000000u, 0, &ext))
		ext.eax = 0;
	for (int i = 0; i < 3; i++)
		if (ext.eax < 0x80000004u ||
		    !q(ctx, 0x80000002u + i, 0, &brand[i]))
			have_brand = false;
	cpuid_decode_ident(&l0, &l1, have_brand ? brand : NULL, id);

	if (!strcmp(id->vendor, "AuthenticAMD") ||
	    !strcmp(id->vendor, "HygonGenuine")) {
		struct cpuid_regs l5, l6, l19;
		bool h5 = ext.eax >= 0x80000005u && q(ctx, 0x80000005u, 0, &l5);
		bool h6 = ext.eax >= 0x80000006u && q(ctx, 0x80000006u, 0, &l6);
		bool h19 = ext.eax >= 0x80000019u && q(ctx, 0x80000019u, 0, &l19);

		cpuid_decode_amd_tlb(h5 ? &l5 : NULL, h6 ? &l6 : NULL,
				     h19 ? &l19 : NULL, t);
	} else if (!strcmp(id->vendor, "GenuineIntel")) {
		struct cpuid_regs sub[TLB_MAX];
		int n = 0;

		if (l0.eax < 0x18 || !q(ctx, 0x18, 0, &sub[0])) {
			snprintf(t->reason, sizeof(t->reason),
				 "CPUID leaf 0x18 not offered (highest leaf 0x%x); leaf 2 descriptors are not decoded",
				 l0.eax);
			return;
		}
		n = 1;
		for (uint32_t s = 1; s <= sub[0].eax && n < TLB_MAX; s++)
			if (q(ctx, 0x18, s, &sub[n]))
				n++;
		cpuid_decode_intel_leaf18(sub, n, t);
	} else {
		snprintf(t->reason, sizeof(t->reason),
			 "TLB geometry is decoded for GenuineIntel and AuthenticAMD only, not %s",
			 id->vendor);
	}
}

uint64_t tlb_reach_4k_kb(const struct tlb_info *t)
{
	unsigned int best = 0;

	for (int i = 0; i < t->n; i++) {
		const struct tlb_level *e = &t->e[i];

		if (e->page_kb == 4 && strcmp(e->type, "instruction") &&
		    strcmp(e->type, "store") && e->entries > best)
			best = e->entries;
	}
	return (uint64_t)best * 4;
}

void cpu_ident_json(struct json *j, const char *key, const struct cpu_ident *id)
{
	json_object_begin(j, key);
	json_string(j, "vendor", id->vendor);
	json_uint(j, "family", id->family);
	json_uint(j, "model", id->model);
	json_uint(j, "stepping", id->stepping);
	json_string(j, "model_name", id->model_name);
	json_bool(j, "hypervisor", id->hypervisor);
	json_object_end(j);
}

void tlb_json(struct json *j, const char *key, const struct tlb_info *t)
{
	char level[8];

	json_array_begin(j, key);
	for (int i = 0; i < t->n; i++) {
		const struct tlb_level *e = &t->e[i];

		snprintf(level, sizeof(level), "L%d", e->level);
		json_object_begin(j, NULL);
		json_string(j, "level", level);
		json_string(j, "type", e->type);
		json_uint(j, "page_kb", e->page_kb);
		json_uint(j, "entries", e->entries);
		if (e->ways < 0)
			json_null(j, "ways");
		else
			json_int(j, "ways", e->ways);
		json_object_end(j);
	}
	json_array_end(j);
}
