/* host.c - gathers and writes the `host` object (spstat --host). */
#include "host.h"

#include <stdio.h>
#include <string.h>

#include "counters.h"
#include "events.h"

void host_probe(struct host_info *h)
{
	const struct page_walk_event *pw;

	memset(h, 0, sizeof(*h));
	cpuid_probe(cpuid_native, NULL, &h->cpu, &h->tlb);
	h->pmu_available = pmu_present();
	if (!h->pmu_available)
		snprintf(h->pmu_reason, sizeof(h->pmu_reason),
			 "no hardware PMU: /sys/bus/event_source/devices/cpu is missing%s",
			 h->cpu.hypervisor ? " (CPUID hypervisor bit set: the hypervisor gives this guest no PMU)" : "");
	pw = events_page_walk(&h->cpu, h->page_walk_reason,
			      sizeof(h->page_walk_reason));
	if (pw) {
		h->page_walk_event = pw->pfm;
		h->page_walk_key = pw->key;
		h->page_walk_reason[0] = '\0';
	}
	h->perf_event_paranoid = perf_event_paranoid();
}

void host_json(struct json *j, const char *key, const struct host_info *h)
{
	json_object_begin(j, key);
	cpu_ident_json(j, "cpu", &h->cpu);
	tlb_json(j, "tlb", &h->tlb);
	json_string(j, "tlb_source", h->tlb.n ? h->tlb.source : NULL);
	json_string(j, "tlb_reason", h->tlb.n ? NULL : h->tlb.reason);
	json_uint(j, "tlb_reach_4k_kb", tlb_reach_4k_kb(&h->tlb));
	json_object_begin(j, "pmu");
	json_bool(j, "available", h->pmu_available);
	json_string(j, "reason", h->pmu_available ? NULL : h->pmu_reason);
	json_object_end(j);
	json_string(j, "page_walk_event", h->page_walk_event);
	json_string(j, "page_walk_counter", h->page_walk_key);
	json_string(j, "page_walk_reason",
		    h->page_walk_event ? NULL : h->page_walk_reason);
	if (h->perf_event_paranoid == -100)
		json_null(j, "perf_event_paranoid");
	else
		json_int(j, "perf_event_paranoid", h->perf_event_paranoid);
	json_object_end(j);
}
