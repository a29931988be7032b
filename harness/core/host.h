/* host.h - the `host` object of spstat's output: CPU identity, TLB geometry
 * and what the machine offers for counting. */
#ifndef SP_HOST_H
#define SP_HOST_H

#include <stdbool.h>

#include "cpuid_tlb.h"
#include "json.h"

struct host_info {
	struct cpu_ident cpu;
	struct tlb_info tlb;
	bool pmu_available;
	char pmu_reason[192];
	const char *page_walk_event;	/* libpfm4 string, or NULL */
	const char *page_walk_key;	/* its counter name, or NULL */
	char page_walk_reason[192];
	int perf_event_paranoid;
};

void host_probe(struct host_info *h);
void host_json(struct json *j, const char *key, const struct host_info *h);

#endif
