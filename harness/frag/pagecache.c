/* pagecache.c - spfrag's pagecache mode, the paper's method: a
 * web-server-like pass over many files leaves clean page-cache pages of
 * different files interleaved across physical memory; dropping a seeded
 * share of every file's pages then frees pages scattered between the kept
 * ones.
 *
 * The files are sparse and unlinked (O_TMPFILE) on a disk filesystem: reads
 * of their holes fill the page cache without disk I/O, the pages are
 * ordinary clean file pages (reclaimable, movable: unlike tmpfs, which is
 * shmem), and every page goes away when spfrag exits, however it exits.
 * POSIX_FADV_RANDOM turns readahead off so that each 4 kB read allocates
 * one base page: consecutive allocations land in consecutive files.  A last
 * file read in sequence fills the free 2 MB blocks the fill leaves. */
#include "frag.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define TMPFS_MAGIC_ 0x01021994
#define RAMFS_MAGIC_ 0x858458f6
#define FILE_SIZE (1ull << 40)
#define THIN_PASSES 64
#define THIN_CHECK_FILES 32
#define MOP_STEP_KB (16 * 1024)
#define MOP_STALL_KB (128 * 1024)
#define MOP_BLOCKS_LEFT 8
#define FLOOR_SLACK_KB (32 * 1024)

static struct {
	int *fds;
	unsigned nfiles, active;
	uint64_t rounds;	/* pages read per file */
	uint64_t dropped;	/* pages dropped by thinning */
	unsigned pass, file;	/* where thinning goes on */
	int mop_fd;
	uint64_t mopped_kb;	/* read in large folios by mop_up */
	bool filled;		/* the fill reached its target or the reserve */
	const char *dir;
} pc;

static int fail(char *err, size_t errlen, const char *msg, const char *arg)
{
	snprintf(err, errlen, msg, arg, strerror(errno));
	return -1;
}

static int open_sparse(const char *dir, int advice)
{
	char path[4096];
	int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);

	if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR)) {
		snprintf(path, sizeof(path), "%s/spfrag.XXXXXX", dir);
		fd = mkostemp(path, O_CLOEXEC);
		if (fd >= 0)
			unlink(path);
	}
	if (fd < 0)
		return -1;
	if (ftruncate(fd, FILE_SIZE) < 0 ||
	    posix_fadvise(fd, 0, 0, advice) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static int open_files(const struct frag_target *t, char *err, size_t errlen)
{
	struct statfs sfs;
	struct rlimit rl;

	if (statfs(t->dir, &sfs) < 0)
		return fail(err, errlen, "--dir %s: %s", t->dir);
	if (sfs.f_type == TMPFS_MAGIC_ || sfs.f_type == RAMFS_MAGIC_) {
		snprintf(err, errlen, "--dir %s is tmpfs/ramfs: its pages are "
			 "shmem, not page cache; give a directory on a disk "
			 "filesystem", t->dir);
		return -1;
	}
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	pc.dir = t->dir;
	pc.fds = calloc(t->nfiles, sizeof(int));
	if (!pc.fds)
		return fail(err, errlen, "%s%s", "out of memory: ");
	for (pc.nfiles = 0; pc.nfiles < t->nfiles; pc.nfiles++) {
		pc.fds[pc.nfiles] = open_sparse(t->dir, POSIX_FADV_RANDOM);
		if (pc.fds[pc.nfiles] < 0)
			return fail(err, errlen, "cannot create a file in %s: "
				    "%s", t->dir);
	}
	return 0;
}

/* The web server's second visit: a seeded third of the files read again,
 * so that their pages are referenced twice and move to the active list. */
static void revisit(uint64_t seed, char *buf)
{
	unsigned *order = malloc(pc.nfiles * sizeof(unsigned));

	if (!order)
		return;
	for (unsigned i = 0; i < pc.nfiles; i++)
		order[i] = i;
	frag_shuffle(order, pc.nfiles, seed ^ 0xac71e);
	pc.active = pc.nfiles / 3;
	for (unsigned i = 0; i < pc.active && !frag_stop; i++)
		for (uint64_t off = 0; off < pc.rounds * 4096; off += 65536)
			if (pread(pc.fds[order[i]], buf, 65536, off) < 0)
				break;
	free(order);
}

/* Whether the floor is free: a dropped page goes to the per-CPU lists first,
 * up to a few MB stay there, and other tasks allocate meanwhile, so keep
 * FLOOR_SLACK_KB over it. */
static int floor_free(const struct frag_target *t, struct contiguity *c,
		      char *err, size_t errlen)
{
	if (frag_measure(c, err, errlen) < 0)
		return -1;
	return c->free_kb + frag_pcp_kb("/proc/zoneinfo") >=
	       t->floor_kb + FLOOR_SLACK_KB;
}

/* Drops pages until the floor is free, THIN_PASSES passes over every file,
 * each dropping its seeded 1/THIN_PASSES of each file's pages: the freed
 * pages lie between kept ones all over memory.  (Dropping whole files
 * would free whole 2 MB blocks wherever one file's pages ran together.)
 * A second call goes on where the first stopped. */
static int thin(const struct frag_target *t, struct contiguity *c,
		char *err, size_t errlen)
{
	for (; pc.pass < THIN_PASSES; pc.pass++, pc.file = 0) {
		for (; pc.file < pc.nfiles; pc.file++) {
			unsigned f = pc.file;
			int done = f % THIN_CHECK_FILES ? 0 :
				   floor_free(t, c, err, errlen);

			if (done)
				return done;
			if (frag_stop)
				return 0;
			for (uint64_t p = 0; p < pc.rounds; p++) {
				if (frag_drop_pass(t->seed, f, p,
						   THIN_PASSES) != pc.pass)
					continue;
				posix_fadvise(pc.fds[f], p * 4096, 4096,
					      POSIX_FADV_DONTNEED);
				pc.dropped++;
			}
		}
	}
	return 0;
}

/*
 * The free 2 MB blocks left after the fill are the ones the allocator
 * splits last (it serves a base page from the smallest free block), so no
 * base-page fill reaches them before the reserve.  The page cache also
 * holds large folios: one more file read in sequence, readahead on, gets
 * them in folios of up to a few hundred kB, which take exactly those
 * blocks.  Reads until the blocks stop going down (the lower zones keep
 * some for themselves), free memory nears the reserve, or twice what those
 * blocks hold is read; thinning then frees as much again as scattered base
 * pages.  Only after a fill that filled memory (not one cut by --max-mb).
 * A later call reads on where the last one stopped.
 */
static int mop_up(const struct frag_target *t, struct contiguity *c,
		  char *err, size_t errlen)
{
	static char buf[1 << 20];
	uint64_t best, limit_kb, stalled = 0, off = pc.mopped_kb * 1024;

	if (frag_measure(c, err, errlen) < 0)
		return -1;
	if (pc.mop_fd <= 0)
		pc.mop_fd = open_sparse(t->dir, POSIX_FADV_SEQUENTIAL);
	if (pc.mop_fd < 0)
		return fail(err, errlen, "cannot create a file in %s: %s",
			    t->dir);
	best = c->free_2m_blocks;
	limit_kb = pc.mopped_kb + 2 * best * 2048;
	while (c->free_2m_blocks > MOP_BLOCKS_LEFT && !frag_stop &&
	       c->free_kb > t->reserve_kb + MOP_STEP_KB &&
	       stalled < MOP_STALL_KB && off / 1024 < limit_kb) {
		for (uint64_t k = 0; k < MOP_STEP_KB; k += sizeof(buf) / 1024) {
			if (pread(pc.mop_fd, buf, sizeof(buf), off) < 0)
				return fail(err, errlen, "reading a file in "
					    "%s: %s", t->dir);
			off += sizeof(buf);
		}
		if (frag_measure(c, err, errlen) < 0)
			return -1;
		stalled = c->free_2m_blocks < best ? 0 : stalled + MOP_STEP_KB;
		if (c->free_2m_blocks < best)
			best = c->free_2m_blocks;
	}
	pc.mopped_kb = off / 1024;
	return 0;
}

/* What is held now: the round-robin pages not dropped, and the mopped folios. */
static uint64_t held_kb(void)
{
	return (pc.nfiles * pc.rounds - pc.dropped) * 4 + pc.mopped_kb;
}

int frag_pagecache_fill(const struct frag_target *t, struct frag_result *r,
			char *err, size_t errlen)
{
	static char buf[65536];
	struct contiguity c;
	uint64_t since_check = 0;
	double t0 = frag_now_s();

	memset(r, 0, sizeof(*r));
	if (open_files(t, err, errlen) < 0)
		return -1;
	for (;;) {
		for (unsigned f = 0; f < pc.nfiles; f++) {
			if (pread(pc.fds[f], buf, 4096, pc.rounds * 4096) !=
			    4096)
				return fail(err, errlen, "reading a file in "
					    "%s: %s", pc.dir);
		}
		pc.rounds++;
		r->filled_kb = pc.rounds * pc.nfiles * 4;
		since_check += pc.nfiles * 4;
		if (since_check < FRAG_CHECK_KB && !frag_stop)
			continue;
		since_check = 0;
		if (frag_measure(&c, err, errlen) < 0)
			return -1;
		r->verdict = frag_fill_verdict(t, &c, r->filled_kb, true);
		if (r->verdict != FILL_MORE)
			break;
		if (pc.rounds * 4096 >= FILE_SIZE) {
			r->verdict = FILL_LIMIT;
			break;
		}
	}
	r->fill_s = frag_now_s() - t0;
	t0 = frag_now_s();
	revisit(t->seed, buf);

	if (thin(t, &c, err, errlen) < 0)
		return -1;
	pc.filled = r->verdict == FILL_TARGET || r->verdict == FILL_RESERVE;
	if (pc.filled &&
	    (mop_up(t, &c, err, errlen) < 0 || thin(t, &c, err, errlen) < 0))
		return -1;
	r->held_kb = held_kb();
	r->thin_s = frag_now_s() - t0;
	return 0;
}

/*
 * Fragments again what a run has defragmented, without filling anew: the
 * run's faults compacted scattered free pages into free 2 MB blocks (moving
 * held pages out of the way) and gave the blocks back at exit.  The large-
 * folio read takes those blocks, and thinning, going on with its passes,
 * frees as much again as scattered base pages.  Seconds where a new fill
 * takes a minute or more; once thinning has no pass left, or the pages it
 * drops lie so close that the freed ones merge, the target is not reached
 * and only a new fill will do (the ready line says which).
 */
int frag_pagecache_refresh(const struct frag_target *t, struct frag_result *r,
			   char *err, size_t errlen)
{
	struct contiguity c;
	double t0 = frag_now_s();

	if (!pc.filled) {
		snprintf(err, errlen, "the fill did not fill memory (--max-mb "
			 "or a limit): nothing to fragment again");
		return -1;
	}
	if (mop_up(t, &c, err, errlen) < 0 || thin(t, &c, err, errlen) < 0)
		return -1;
	r->fill_s = 0;
	r->held_kb = held_kb();
	r->thin_s = frag_now_s() - t0;
	return 0;
}

void frag_pagecache_held(struct json *j)
{
	json_string(j, "what", "page cache of unlinked sparse files (clean, "
		    "reclaimable, movable), read 4 kB at a time round-robin "
		    "so that files interleave in physical memory, and one "
		    "read in sequence into large folios");
	json_string(j, "dir", pc.dir ? pc.dir : "");
	json_uint(j, "files", pc.nfiles);
	json_uint(j, "files_revisited", pc.active);
	json_uint(j, "pages_per_file", pc.rounds);
	json_uint(j, "pages_dropped", pc.dropped);
	json_uint(j, "large_folio_kb", pc.mopped_kb);
}

void frag_pagecache_release(void)
{
	for (unsigned i = 0; i < pc.nfiles; i++)
		close(pc.fds[i]);
	pc.nfiles = 0;
	if (pc.mop_fd > 0)
		close(pc.mop_fd);
	pc.mop_fd = 0;
	pc.mopped_kb = 0;
	pc.filled = false;
}
