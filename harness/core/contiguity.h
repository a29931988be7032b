/* contiguity.h - free-memory contiguity, the paper's metric, computed from
 * /proc/buddyinfo, with total memory from /proc/zoneinfo. */
#ifndef SP_CONTIGUITY_H
#define SP_CONTIGUITY_H

#include <stdint.h>
#include <stdio.h>

#include "json.h"

#define CONTIG_MAX_ORDERS 64
#define CONTIG_MAX_SIZES 16

/* Free blocks per order, summed over every node and zone. */
struct buddyinfo {
	int norders;			/* columns per zone line */
	int nzones;			/* zone lines read */
	uint64_t blocks[CONTIG_MAX_ORDERS];
};

/*
 * Parses /proc/buddyinfo ("Node 0, zone Normal  c0 c1 ... cN").  All zone
 * lines must have the same number of orders.  Returns 0, or -1 with errno
 * EINVAL (malformed line, differing order counts, no zone line).
 */
int buddyinfo_parse(FILE *f, struct buddyinfo *out);

/* Sum of "managed" over all zones of /proc/zoneinfo, in pages.  Returns 0,
 * or -1 with errno EINVAL when no managed line is found. */
int zoneinfo_managed_pages(FILE *f, uint64_t *pages);

/* MemTotal from /proc/meminfo, in kB; 0 or -1 (EINVAL). */
int meminfo_total_kb(FILE *f, uint64_t *kb);

/*
 * The metric.  Every free base page scores one point per superpage size
 * whose free, naturally aligned region contains it; the score is divided by
 * that of a completely free memory (total pages x number of sizes).
 *
 * From buddyinfo: a free block of order k (2^k pages, naturally aligned)
 * lies in a free aligned region of size s exactly when k >= order(s).  The
 * buddy allocator merges free buddies, so a free aligned region of an order
 * up to the largest order is always a single free block of at least that
 * order, never two smaller ones.  Regions larger than the largest block
 * (4 MB with 4 kB pages and 11 orders) cannot be seen, so such sizes are
 * rejected.
 *
 *	per_size[s] = pages in free blocks of order >= order(s) / total pages
 *	contiguity  = mean of per_size over the sizes
 */
struct contiguity {
	int nsizes;
	uint64_t sizes_kb[CONTIG_MAX_SIZES];
	double per_size[CONTIG_MAX_SIZES];
	double contiguity;
	uint64_t free_kb;		/* all free pages */
	uint64_t total_kb;		/* managed pages (or MemTotal) */
	uint64_t free_2m_blocks;	/* free aligned 2 MB regions */
};

/* The default sizes: 64, 512, 2048 and 4096 kB. */
extern const uint64_t contiguity_default_sizes_kb[4];

/*
 * Parses a comma-separated size list in kB ("64,512,2048") into sizes_kb
 * (at most CONTIG_MAX_SIZES).  Returns the count, or -1 with a one-line
 * message in err.  Sizes are checked by contiguity_compute, not here.
 */
int contiguity_parse_sizes(const char *list, uint64_t *sizes_kb,
			   char *err, size_t errlen);

/*
 * Computes the metric.  Each size must be the page size times a power of two
 * (1 included) and fit in the largest buddy order; total_pages must be at
 * least the free pages.  Returns 0, or -1 with a one-line message in err.
 */
int contiguity_compute(const struct buddyinfo *b, uint64_t total_pages,
		       unsigned page_kb, const uint64_t *sizes_kb, int nsizes,
		       struct contiguity *out, char *err, size_t errlen);

/*
 * Reads the files and computes.  zoneinfo_path may be NULL; when it is NULL
 * or has no managed lines, MemTotal from meminfo_path is used.  The page
 * size is taken from sysconf.  Returns 0, or -1 with a message in err.
 */
int contiguity_measure(const char *buddyinfo_path, const char *zoneinfo_path,
		       const char *meminfo_path, const uint64_t *sizes_kb,
		       int nsizes, struct contiguity *out, char *err,
		       size_t errlen);
/* The same on /proc. */
int contiguity_measure_live(const uint64_t *sizes_kb, int nsizes,
			    struct contiguity *out, char *err, size_t errlen);

/* Writes "key": {sizes_kb, contiguity, per_size, free_kb, total_kb,
 * free_2m_blocks} (key NULL at the top level, for spstat --contiguity). */
void contiguity_json(struct json *j, const char *key,
		     const struct contiguity *c);

#endif
