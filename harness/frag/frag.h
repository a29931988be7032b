/* frag.h - what spfrag's three fillers share: the target, the live view of
 * free memory they steer by, and the decisions (when to stop filling, which
 * pages to keep) kept pure so that tests can check them. */
#ifndef SP_FRAG_H
#define SP_FRAG_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "contiguity.h"
#include "json.h"

#define FRAG_CHECK_KB (64 * 1024)	/* measure after every 64 MB filled */

struct frag_target {
	double ceiling;			/* contiguity to get below */
	uint64_t floor_kb;		/* free memory to leave at the end */
	uint64_t reserve_kb;		/* never fill free memory below this */
	uint64_t max_kb;		/* hold at most this much (0: no cap) */
	uint64_t stride_kb;		/* anon, unmovable: keep 1 page per */
	uint64_t seed;
	const char *dir;		/* pagecache: where the files live */
	unsigned nfiles;		/* pagecache: files interleaved */
};

enum fill_verdict {
	FILL_MORE,
	FILL_TARGET,		/* contiguity <= ceiling with free <= floor */
	FILL_RESERVE,		/* free memory down to the reserve */
	FILL_MAX,		/* --max-mb reached */
	FILL_LIMIT,		/* out of files/pipes/address space */
	FILL_STOPPED,		/* a signal asked to stop */
};

extern const char *const fill_verdict_name[];

/* Whether to go on filling, given the memory now and what is held. */
enum fill_verdict frag_fill_verdict(const struct frag_target *t,
				    const struct contiguity *now,
				    uint64_t filled_kb, bool early_stop);

/*
 * The keep-one-page stride for anon/unmovable when none is given: the
 * largest size of the metric such that the free memory left (free_frac of
 * all memory) in regions smaller than it keeps the metric under the
 * ceiling; the smallest size when none does.  sizes ascending.
 */
uint64_t frag_auto_stride_kb(const uint64_t *sizes_kb, int nsizes,
			     double free_frac, double ceiling);

/*
 * Which pages of a filled range to keep: one per stride_pages-aligned
 * physical block (the first one seen in it), or, without PFNs (pfn 0:
 * not root), one per stride_pages in virtual order.  keep[i] is set for
 * kept pages.  Returns the number kept, or -1 when out of memory.
 */
long frag_choose_keep(const uint64_t *pfns, long npages,
		      unsigned stride_pages, bool *keep);

/* Live state. */
int frag_measure(struct contiguity *c, char *err, size_t errlen);
/* Sum of the zones' high watermarks, in kB (0 when unreadable). */
uint64_t frag_high_watermarks_kb(const char *zoneinfo_path);
/* MemAvailable from /proc/meminfo in kB (0 when unreadable). */
uint64_t frag_mem_available_kb(void);
/* Free pages on the per-CPU lists (the zones' pageset counts), in kB.
 * They are free but not in the buddy lists /proc/buddyinfo shows. */
uint64_t frag_pcp_kb(const char *zoneinfo_path);

/*
 * The sysctls that decide whether a fragmented state holds, as spfrag finds
 * them at start.  spfrag never writes them: spbench's settings journal
 * holds them while spfrag fills (harness/driver/memstate.py), and spfrag
 * reports what it saw.  -1: the kernel has no such knob.
 */
#define FRAG_PCP_FRACTION	1000000	/* spbench pins it: the smallest high mark */
#define FRAG_PIPE_BYTES		(4 << 20)	/* unmovable: each pipe's size */

struct frag_sysctls {
	long long pcp_fraction;		/* vm.percpu_pagelist_high_fraction */
	long long proactiveness;	/* vm.compaction_proactiveness */
	long long pipe_max;		/* fs.pipe-max-size */
};

/* Reads them under procsys (normally /proc/sys). */
void frag_sysctls_read(const char *procsys, struct frag_sysctls *s);
void frag_sysctls_json(struct json *j, const char *key,
		       const struct frag_sysctls *s);
/*
 * What in s would let the fragmented state go or hide it, as one line
 * ("" when nothing): proactive compaction on, per-CPU lists free to grow,
 * and, when !pipes_full, pipes that cannot be sized FRAG_PIPE_BYTES.
 */
void frag_sysctls_problems(const struct frag_sysctls *s, bool pipes_full,
			   char *buf, size_t len);

/* Set by the signal handler: stop filling, release, exit. */
extern volatile sig_atomic_t frag_stop;

/* Each filler fills to the target and keeps what it holds until
 * frag_*_release.  'held' describes it in JSON. */
struct frag_result {
	enum fill_verdict verdict;
	uint64_t filled_kb;		/* the most held at once */
	uint64_t held_kb;		/* held now */
	double fill_s, thin_s;
};

int frag_pagecache_fill(const struct frag_target *t, struct frag_result *r,
			char *err, size_t errlen);
/* After a run: the fill's end again (large folios, thinning), no new fill. */
int frag_pagecache_refresh(const struct frag_target *t, struct frag_result *r,
			   char *err, size_t errlen);
void frag_pagecache_held(struct json *j);
void frag_pagecache_release(void);

int frag_anon_fill(const struct frag_target *t, struct frag_result *r,
		   char *err, size_t errlen);
void frag_anon_held(struct json *j);
void frag_anon_release(void);

int frag_unmovable_fill(const struct frag_target *t, struct frag_result *r,
			char *err, size_t errlen);
void frag_unmovable_held(struct json *j);
void frag_unmovable_release(void);
/* Whether this process may size a pipe FRAG_PIPE_BYTES (without
 * CAP_SYS_RESOURCE: only up to fs.pipe-max-size). */
bool frag_unmovable_pipes_full(void);

/*
 * pagecache thinning: in which of npasses passes page 'page' of file 'file'
 * is dropped.  A seeded hash of both, so that every pass drops an even,
 * scattered share of every file and no run of pages goes together.
 */
unsigned frag_drop_pass(uint64_t seed, unsigned file, uint64_t page,
			unsigned npasses);

/* A tiny seeded generator for reproducible orders (splitmix64). */
uint64_t frag_rand(uint64_t *state);
void frag_shuffle(unsigned *v, unsigned n, uint64_t seed);

double frag_now_s(void);

#endif
