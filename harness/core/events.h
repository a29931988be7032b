/* events.h - turns event names (perf's generic vocabulary or libpfm4 event
 * strings) into perf_event_attr, and knows the default event list and which
 * page-walk event each CPU offers. */
#ifndef SP_EVENTS_H
#define SP_EVENTS_H

#include <linux/perf_event.h>
#include <stdbool.h>

#include "cpuid_tlb.h"

struct event_desc {
	char name[96];		/* as requested: the key in the output */
	char pfm[160];		/* libpfm4 string it was encoded from, or "" */
	struct perf_event_attr attr;
	bool ok;		/* attr is valid; otherwise see reason */
	bool hw;		/* counted by the CPU's PMU (user/kernel split) */
	char reason[224];
};

/* A CPU's page-walk event: key is "page-walk-cycles" (cycles with a walk
 * in progress, Intel) or "page-walks" (walks started, AMD Zen 1-3). */
struct page_walk_event {
	const char *key;
	const char *pfm;	/* libpfm4 event string */
};

/* Finds the page-walk event for a CPU; NULL with why filled when none. */
const struct page_walk_event *events_page_walk(const struct cpu_ident *cpu,
					       char *why, size_t whylen);

/* Resolves one name.  "page-walk-cycles" and "page-walks" mean the CPU's
 * page-walk event.  d->ok is false with a reason when it cannot be used. */
void events_resolve(const char *name, const struct cpu_ident *cpu,
		    struct event_desc *d);

/* Fills out[] with the default events; returns how many (<= max). */
int events_default(const struct cpu_ident *cpu, struct event_desc *out,
		   int max);

/* Encodes a libpfm4 event string for perf_event_open (PFM_OS_PERF_EVENT_EXT,
 * user and kernel).  Returns 0 or a libpfm4 error code. */
int events_pfm_encode(const char *str, struct perf_event_attr *attr,
		      char *fstr, size_t fstrlen);

/* Makes the next encoding load and initialize libpfm4 afresh, so that changed
 * LIBPFM_FORCE_PMU and LIBPFM_ENCODE_INACTIVE variables take effect and no
 * PMU of an earlier initialization (the host's, or one forced before) is
 * still searched. */
void events_pfm_reinit(void);

#endif
