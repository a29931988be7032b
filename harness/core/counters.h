/* counters.h - counts events of a child process from its exec to its exit
 * with perf_event_open (counting only, never sampling). */
#ifndef SP_COUNTERS_H
#define SP_COUNTERS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "events.h"
#include "json.h"

struct count {
	uint64_t raw, enabled_ns, running_ns;
	bool ok;		/* opened and read */
};

struct counter {
	struct event_desc ev;
	int fd, fd_user;	/* fd_user: exclude_kernel twin of a hw event */
	int err;		/* errno of the failed open, 0 if opened */
	bool user_denied;	/* denied in user space only too */
	struct count total, user;
};

struct counter_set {
	struct counter *c;
	int n;
	bool pmu_present;	/* /sys/bus/event_source/devices/cpu exists */
	bool hypervisor;	/* CPUID says we run under a hypervisor */
	int paranoid;		/* /proc/sys/kernel/perf_event_paranoid */
	bool kernel_excluded;	/* counting the kernel was denied: user only */
};

/* Takes ownership of nothing: copies the n resolved events. */
int counters_init(struct counter_set *s, const struct event_desc *ev, int n,
		  bool hypervisor);
/* Opens every event on pid (not yet exec'd): disabled, enable_on_exec,
 * inherit; grouped per PMU, each group falling back to single events; all
 * of them in user space only when counting the kernel is denied. */
void counters_open(struct counter_set *s, pid_t pid);
void counters_read(struct counter_set *s);
void counters_close(struct counter_set *s);
void counters_free(struct counter_set *s);

/* Scaled value: raw * enabled / running. */
uint64_t count_scaled(const struct count *c);
/* Why counter i gives no number, or NULL when it has one. */
const char *counter_reason(const struct counter_set *s, int i, char *buf,
			   size_t len);

/* Writes {"name": {...}, ...}. */
void counters_json(struct json *j, const char *key,
		   const struct counter_set *s);

/* Why an open of this event fails here, by trying it on this process;
 * NULL when it opens, with *user_only set when it opens only without the
 * kernel.  For --list-events. */
const char *counters_probe(const struct counter_set *s,
			   const struct event_desc *ev, bool *user_only,
			   char *buf, size_t len);

bool pmu_present(void);
int perf_event_paranoid(void);

#endif
