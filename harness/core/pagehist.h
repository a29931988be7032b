/* pagehist.h - page-size histogram of a process's mapped memory, from
 * /proc/PID/maps, /proc/PID/pagemap and /proc/kpageflags. */
#ifndef SP_PAGEHIST_H
#define SP_PAGEHIST_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "json.h"

/* Enough for every power of two from 4 kB to 1 TB. */
#define PAGEHIST_MAX_SIZES 32

/* kpageflags bits (include/uapi/linux/kernel-page-flags.h). */
#define PAGEHIST_KPF_COMPOUND_HEAD	15
#define PAGEHIST_KPF_COMPOUND_TAIL	16
#define PAGEHIST_KPF_HUGE		17
#define PAGEHIST_KPF_THP		22

/*
 * Histogram buckets: the base page size, the mTHP sizes passed in, 2048 kB
 * and 1048576 kB (hugetlb 1 GB), ascending.  A folio of a size not in that
 * list gets its own bucket when first seen, so nothing is lost or merged.
 *
 * Counting rule, per mapping (each line of maps):
 *   - every present page belongs to a folio: a non-compound page is a folio
 *     of one base page; a compound page's folio runs from its head over the
 *     following tail pages;
 *   - pages[S] counts the folios of size S with at least one page mapped in
 *     the mapping, each once per mapping (a folio mapped by two mappings is
 *     counted twice, a folio spanning two mappings once in each);
 *   - kb[S] counts the bytes of those folios actually mapped there, so a
 *     partly mapped large folio adds 1 to pages[S] but less than S to kb[S].
 * Mappings without any access right (---p: guard pages, reservations) are
 * skipped, as is [vsyscall].  The shared zero page counts like any page.
 */
struct pagehist {
	bool available;
	char reason[160];	/* why not available */
	unsigned page_kb;
	int nsizes;
	uint64_t size_kb[PAGEHIST_MAX_SIZES];
	uint64_t pages[PAGEHIST_MAX_SIZES];
	uint64_t kb[PAGEHIST_MAX_SIZES];
};

/* Sets up empty buckets (see above); thp_sizes_kb may be unsorted. */
void pagehist_init(struct pagehist *h, unsigned page_kb,
		   const uint64_t *thp_sizes_kb, int n_thp_sizes);

/*
 * Lists the mTHP sizes the kernel offers: the hugepages-<N>kB entries of
 * thp_dir (normally /sys/kernel/mm/transparent_hugepage), ascending.
 * Returns how many (0 when the directory does not exist), -1 on error.
 */
int pagehist_thp_sizes(const char *thp_dir, uint64_t *sizes_kb, int max);

/*
 * Fills h (set up by pagehist_init) from the given files; pagemap and
 * kpageflags are read with large preads.  Returns 0 with h->available true,
 * 0 with h->available false and h->reason set when the histogram cannot be
 * had (PFNs hidden without CAP_SYS_ADMIN, kpageflags unreadable), or -1 with
 * errno when reading fails (ENOENT or ESRCH: the process is gone; EINVAL:
 * malformed maps line).
 */
int pagehist_collect(struct pagehist *h, const char *maps_path,
		     const char *pagemap_path, const char *kpageflags_path);
/* Same for a live process. */
int pagehist_collect_pid(struct pagehist *h, pid_t pid);

/* Total of pages[]/kb[] over all buckets. */
uint64_t pagehist_total_kb(const struct pagehist *h);
/* Index of the bucket of size_kb, or -1. */
int pagehist_bucket(const struct pagehist *h, uint64_t size_kb);

/* Writes "key": {available, reason, pages{"4kB":...}, kb{...}}; pages and
 * kb are null when not available. */
void pagehist_json(struct json *j, const char *key, const struct pagehist *h);
/* The same members without the enclosing object, for callers adding more. */
void pagehist_json_fields(struct json *j, const struct pagehist *h);

#endif
