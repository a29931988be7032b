/* cpuid_tlb.h - CPU identity and TLB geometry decoded from CPUID register
 * values; the decoders take raw registers so tests can feed recorded ones. */
#ifndef SP_CPUID_TLB_H
#define SP_CPUID_TLB_H

#include <stdbool.h>
#include <stdint.h>

#include "json.h"

struct cpuid_regs {
	uint32_t eax, ebx, ecx, edx;
};

/* Answers CPUID(leaf, subleaf); returns false when the leaf is unknown. */
typedef bool (*cpuid_query_fn)(void *ctx, uint32_t leaf, uint32_t subleaf,
			       struct cpuid_regs *out);

struct cpu_ident {
	char vendor[13];
	unsigned int family, model, stepping;
	char model_name[49];
	bool hypervisor;
};

#define TLB_MAX 32

struct tlb_level {
	int level;		/* 1, 2, ... */
	const char *type;	/* "data", "instruction", "unified", "load", "store" */
	unsigned int page_kb;
	unsigned int entries;
	int ways;		/* 0 = fully associative, -1 = not reported */
};

struct tlb_info {
	struct tlb_level e[TLB_MAX];
	int n;
	const char *source;	/* the CPUID leaves decoded, or NULL */
	char reason[160];	/* why the list is empty */
};

/* Decoders on raw register values. */
void cpuid_decode_ident(const struct cpuid_regs *leaf0,
			const struct cpuid_regs *leaf1,
			const struct cpuid_regs brand[3], struct cpu_ident *id);
/* l5, l6: leaves 0x80000005/6; l19: 0x80000019 or NULL when absent. */
void cpuid_decode_amd_tlb(const struct cpuid_regs *l5,
			  const struct cpuid_regs *l6,
			  const struct cpuid_regs *l19, struct tlb_info *t);
/* sub[0..nsub-1]: leaf 0x18 subleaves (sub[0].eax = highest subleaf). */
void cpuid_decode_intel_leaf18(const struct cpuid_regs *sub, int nsub,
			       struct tlb_info *t);

/* Queries CPUID through q and decodes identity and TLBs. */
void cpuid_probe(cpuid_query_fn q, void *ctx, struct cpu_ident *id,
		 struct tlb_info *t);
/* The query function for the CPU we run on. */
bool cpuid_native(void *ctx, uint32_t leaf, uint32_t subleaf,
		  struct cpuid_regs *out);

/* Largest 4 kB entry count among data/unified/load TLB levels x 4 kB. */
uint64_t tlb_reach_4k_kb(const struct tlb_info *t);

void cpu_ident_json(struct json *j, const char *key, const struct cpu_ident *id);
void tlb_json(struct json *j, const char *key, const struct tlb_info *t);

#endif
