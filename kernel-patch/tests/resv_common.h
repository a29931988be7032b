/* SPDX-License-Identifier: GPL-2.0 */
/*
 * resv_common.h - what the in-guest reservation tests share: kselftest-style
 * TAP output (harness/testing/tap.h), saving/setting/restoring the THP and
 * reservation knobs, /proc/vmstat, /proc/meminfo, smaps and pagemap reading,
 * 2 MB-aligned guarded mappings, per-page patterns and bounded waits.
 */
#ifndef RESV_COMMON_H
#define RESV_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * TAP: tap_plan(), tap_result(), tap_skip() and tap_finish() from each
 * test's own file (tap.h keeps its counters per file), tap_diag() anywhere.
 */
#include "tap.h"

#define PAGE_SZ		4096UL
#define HPAGE_SZ	(2UL << 20)
#define HPAGE_NR	512

#define THP_DIR		"/sys/kernel/mm/transparent_hugepage"
#define KNOB_THP	THP_DIR "/enabled"
#define KNOB_RESV	THP_DIR "/reservation/enabled"
#define KNOB_THRESHOLD	THP_DIR "/reservation/promote_threshold"

/*
 * Knobs.  knob_read() gives the selected word of a "[a] b c" file.
 * knob_set() remembers the value before the first change of each knob, and
 * every remembered value is written back at exit, on a fatal signal and on
 * the watchdog alarm.
 */
int knob_read(const char *path, char *buf, size_t len);
int knob_write(const char *path, const char *val);
int knob_set(const char *path, const char *val);
void knobs_restore(void);

/* False when RESV_TEST_KNOB=0: the suite runs with reservations left off. */
bool resv_wanted(void);

/*
 * Line-buffered output, knobs_restore() at exit and on fatal signals, and
 * a watchdog alarm of @timeout_s seconds.
 */
void test_init(unsigned int timeout_s);

/*
 * Start a test: test_init(), THP "enabled" set to @thp_mode, and
 * reservations enabled unless resv_wanted() says not to.  Returns 0, or
 * -1 after a diagnostic.
 */
int resv_setup(const char *thp_mode, unsigned int timeout_s);

/* Counters.  Missing names read as -1. */
long vmstat_get(const char *name);
void vmstat_refresh(void);
long meminfo_kb(const char *name);
long smaps_rollup_kb(const char *field);
long smaps_range_kb(const void *start, size_t len, const char *field);

/* Pagemap: the raw 64-bit entry of @addr's page; 0, or -1 on error. */
int pagemap_entry(const void *addr, uint64_t *ent);
/* Pagemap: 1 and the PFN if present, 0 if not, -1 on error. */
int pagemap_pfn(const void *addr, uint64_t *pfn);

/* NUMA: the number of online nodes and the node of a page (or -errno). */
int numa_nodes(void);
int page_node(void *addr);
int page_move(void *addr, int node);

/*
 * A read-write private anonymous mapping at a 2 MB-aligned address, with
 * PROT_NONE guards around it so that it never merges with a neighbour and
 * its smaps entry is its own.
 */
struct region {
	char *addr;
	size_t len;
	char *map;
	size_t map_len;
};

int region_map(struct region *r, size_t len);
/* The same layout with the inner part left PROT_NONE: a mremap target. */
int region_reserve(struct region *r, size_t len);
void region_unmap(struct region *r);

/* Per-page patterns: words at several offsets, a function of index+salt. */
void page_fill(char *page, size_t idx, uint64_t salt);
bool page_check(const char *page, size_t idx, uint64_t salt);
bool page_is_zero(const char *page);
/* Fill pages [first, first + n) of @base with their patterns. */
void pages_fill(char *base, size_t first, size_t n, uint64_t salt);
/* Bad pages among [first, first + n) of @base, with a few diagnostics. */
size_t pages_check(char *base, size_t first, size_t n, uint64_t salt);
size_t pages_check_zero(char *base, size_t first, size_t n);

/*
 * Map a 2 MB region and write pages [0, n) with @salt's pattern; true if
 * they form a partially populated reservation: consecutive frames from one
 * aligned 2 MB frame (its PFN in @base_pfn if not NULL), no PMD mapping,
 * the other pages unmapped.
 */
bool resv_map_partial(struct region *r, size_t n, uint64_t salt,
		      uint64_t *base_pfn);

/*
 * Zero-fill checks need frames that were not zero before: write a non-zero
 * pattern over @n huge frames and free them, staying on one CPU from then
 * on so that the next huge allocations recycle them.  frame_was_dirty()
 * says whether the 2 MB frame holding @pfn was one of them.
 */
int memory_dirty(size_t n);
bool frame_was_dirty(uint64_t pfn);

/* Poll @pred every 20 ms until it holds or @timeout_ms passed. */
bool wait_until(bool (*pred)(void *), void *arg, unsigned int timeout_ms);
/* Wait until smaps shows @kb of AnonHugePages in the range. */
bool wait_anon_huge(const void *start, size_t len, long kb,
		    unsigned int timeout_ms);

/* Write @val to /proc/sys/vm/drop_caches. */
int drop_caches(int val);
/* Compact all zones now (/proc/sys/vm/compact_memory). */
int compact_memory(void);

#endif
