/* kvstat.h - snapshots of the kernel's THP and compaction counters
 * (/proc/vmstat and the per-size mTHP stats in sysfs) and their deltas. */
#ifndef SP_KVSTAT_H
#define SP_KVSTAT_H

#include <stdint.h>
#include <stdio.h>

#include "json.h"

struct kv {
	char *name;
	int64_t value;
	int fd;		/* an mTHP stats file kept open for the next snapshot,
			 * closed by kvstat_free; -1 when none */
};

/* A list of named counters in the order read. */
struct kvset {
	struct kv *items;
	size_t n, cap;
};

/* The stats/ files of one mTHP size. */
struct kvstat_size {
	uint64_t size_kb;	/* from hugepages-<N>kB */
	struct kvset stats;
};

struct kvstat_snapshot {
	struct kvset vmstat;
	struct kvstat_size *sizes;	/* ascending size_kb */
	size_t nsizes;
};

/* Whether a /proc/vmstat item is kept: names starting with thp_, compact_
 * or nr_thp_, or containing "resv". */
int kvstat_vmstat_wanted(const char *name);

/* Reads "name value" lines, keeping the wanted ones.  Returns 0, or -1 with
 * errno EINVAL on a malformed line, ENOMEM. */
int kvstat_read_vmstat(FILE *f, struct kvset *out);

/*
 * Reads thp_dir/hugepages-<N>kB/stats/<name> (one number each) for every
 * size.  A missing thp_dir or stats/ directory gives no sizes or no items,
 * not an error; an unreadable or non-numeric file is an error (-1, errno).
 */
int kvstat_read_mthp(const char *thp_dir, struct kvstat_snapshot *s);

/* Both of the above; returns 0 or -1 with errno. */
int kvstat_snapshot(struct kvstat_snapshot *s, const char *vmstat_path,
		    const char *thp_dir);
/* /proc/vmstat and /sys/kernel/mm/transparent_hugepage. */
int kvstat_snapshot_live(struct kvstat_snapshot *s);

/*
 * A later snapshot of the same counters: vmstat read again, and each mTHP
 * stats file that prev keeps open read again with one pread, which costs a
 * third of the syscalls of opening, reading and closing it (prev must stay
 * alive meanwhile; s keeps no file open).  Returns 0 or -1 with errno.
 */
int kvstat_snapshot_again(struct kvstat_snapshot *s,
			  const struct kvstat_snapshot *prev,
			  const char *vmstat_path);
int kvstat_snapshot_again_live(struct kvstat_snapshot *s,
			       const struct kvstat_snapshot *prev);

void kvstat_free(struct kvstat_snapshot *s);

/* Value of name in set, or 0 when absent (*found says which). */
int64_t kvset_get(const struct kvset *set, const char *name, int *found);

/*
 * Deltas (after - before, signed) over the union of both snapshots' names:
 * a counter present in only one snapshot counts as 0 in the other (a kernel
 * does not add or drop counters at run time, so this only happens with
 * inconsistent inputs; the name is kept rather than hidden).  Order: after's
 * order, then names only in before.
 *   kvstat_vmstat_delta_json: "key": {"thp_fault_alloc": 3, ...}
 *   kvstat_mthp_delta_json:   "key": {"64kB": {"anon_fault_alloc": 0, ...},
 *                                     ...}  sizes ascending
 */
void kvstat_vmstat_delta_json(struct json *j, const char *key,
			      const struct kvstat_snapshot *before,
			      const struct kvstat_snapshot *after);
void kvstat_mthp_delta_json(struct json *j, const char *key,
			    const struct kvstat_snapshot *before,
			    const struct kvstat_snapshot *after);

#endif
