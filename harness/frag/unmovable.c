/* unmovable.c - spfrag's unmovable mode, the worst case: pipe buffer pages
 * (allocated GFP_HIGHUSER, without __GFP_MOVABLE: compaction cannot move
 * them and reclaim cannot free them).  Pipes are filled in groups, one
 * page per pipe in turn, so that consecutive pages belong to consecutive
 * pipes; then every pipe but one in stride is emptied, leaving one pinned
 * kernel page in every stride-sized block. */
#include "frag.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#define GROUP 128		/* pipes filled together: stride <= 512 kB */

static struct {
	int (*fds)[2];
	unsigned npipes, cap, kept;
	unsigned pipe_pages;
	uint64_t stride_kb;
} um;

static void close_pipe(unsigned i)
{
	if (um.fds[i][0] >= 0) {
		close(um.fds[i][0]);
		close(um.fds[i][1]);
		um.fds[i][0] = um.fds[i][1] = -1;
	}
}

/* Frees a pipe's pages but keeps the pipe: closing it would also free its
 * buffer array (a 64 kB block for 1024 slots), free contiguity that the
 * worst case should not have. */
static void empty_pipe(unsigned i)
{
	static int null_fd = -2;
	static char sink[65536];

	if (null_fd == -2)
		null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (null_fd >= 0)
		while (splice(um.fds[i][0], NULL, null_fd, NULL,
			      FRAG_PIPE_BYTES, SPLICE_F_NONBLOCK) > 0)
			;
	while (read(um.fds[i][0], sink, sizeof(sink)) > 0)
		;
}

/*
 * Without CAP_SYS_RESOURCE a pipe grows only to fs.pipe-max-size (1 MB by
 * default), and the descriptor limit then caps what the pipes hold (10 GB
 * at 20000 descriptors: less than this mode needs).  spbench raises the
 * sysctl while spfrag fills; run by hand, spfrag warns and makes do.
 */
static void size_pipe(int fd)
{
	if (fcntl(fd, F_SETPIPE_SZ, FRAG_PIPE_BYTES) < 0)
		fcntl(fd, F_SETPIPE_SZ, 1 << 20);
}

bool frag_unmovable_pipes_full(void)
{
	int fd[2];
	bool full;

	if (pipe2(fd, O_CLOEXEC) < 0)
		return true;		/* out of descriptors: the fill will say */
	full = fcntl(fd[1], F_SETPIPE_SZ, FRAG_PIPE_BYTES) >= 0;
	close(fd[0]);
	close(fd[1]);
	return full;
}

/* Opens one more group of pipes; -1 with errno when out of descriptors. */
static int open_group(void)
{
	int rc = 0;

	if (um.npipes + GROUP > um.cap) {
		unsigned cap = um.cap ? um.cap * 2 : 4 * GROUP;
		void *p = realloc(um.fds, cap * sizeof(*um.fds));

		if (!p)
			return -1;
		um.fds = p;
		um.cap = cap;
	}
	for (unsigned g = 0; g < GROUP; g++) {
		int *fd = um.fds[um.npipes];
		int sz;

		if (pipe2(fd, O_CLOEXEC | O_NONBLOCK) < 0) {
			while (g--)
				close_pipe(--um.npipes);
			rc = -1;
			break;
		}
		um.npipes++;
		size_pipe(fd[1]);
		sz = fcntl(fd[1], F_GETPIPE_SZ);
		if (sz > 0 && (!um.pipe_pages ||
			       (unsigned)sz / 4096 < um.pipe_pages))
			um.pipe_pages = sz / 4096;
	}
	return rc;
}

int frag_unmovable_fill(const struct frag_target *t, struct frag_result *r,
			char *err, size_t errlen)
{
	static char page[4096];
	struct contiguity c;
	struct rlimit rl;
	uint64_t since_check = 0;
	unsigned stride = t->stride_kb / 4;
	double t0 = frag_now_s();

	struct frag_target ft = *t;

	memset(r, 0, sizeof(*r));
	/* thinning gives most of it back: only the ceiling stops early, and
	 * at half of it, as the freed pages raise the metric a little */
	ft.floor_kb = UINT64_MAX;
	ft.ceiling = t->ceiling / 2;
	um.stride_kb = t->stride_kb;
	if (stride < 1 || stride > GROUP || GROUP % stride) {
		snprintf(err, errlen, "unmovable mode: --stride-kb must be a "
			 "power of two from 4 to %d", GROUP * 4);
		return -1;
	}
	memset(page, 0x5a, sizeof(page));
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	r->verdict = FILL_MORE;
	while (r->verdict == FILL_MORE) {
		unsigned first = um.npipes;

		if (open_group() < 0) {
			if (um.npipes == 0) {
				snprintf(err, errlen, "pipe: %s",
					 strerror(errno));
				return -1;
			}
			r->verdict = FILL_LIMIT;
			break;
		}
		for (unsigned p = 0; p < um.pipe_pages &&
		     r->verdict == FILL_MORE; p++) {
			for (unsigned i = first; i < um.npipes; i++) {
				if (write(um.fds[i][1], page, 4096) != 4096) {
					snprintf(err, errlen, "writing a pipe: "
						 "%s", strerror(errno));
					return -1;
				}
			}
			r->filled_kb += GROUP * 4;
			since_check += GROUP * 4;
			if (since_check < FRAG_CHECK_KB / 4)
				continue;
			since_check = 0;
			if (frag_measure(&c, err, errlen) < 0)
				return -1;
			r->verdict = frag_fill_verdict(&ft, &c, r->filled_kb,
						       true);
		}
	}
	r->fill_s = frag_now_s() - t0;
	t0 = frag_now_s();
	um.kept = 0;
	for (unsigned i = 0; i < um.npipes; i++) {
		if (i % stride)
			empty_pipe(i);
		else
			um.kept++;
	}
	/* a kept pipe of the last, partly filled group holds fewer pages */
	r->held_kb = r->filled_kb / stride;
	r->thin_s = frag_now_s() - t0;
	return 0;
}

void frag_unmovable_held(struct json *j)
{
	json_string(j, "what", "pipe buffer pages (GFP_HIGHUSER: unmovable, "
		    "not reclaimable), one pipe in every stride kept");
	json_uint(j, "stride_kb", um.stride_kb);
	json_uint(j, "pipes_filled", um.npipes);
	json_uint(j, "pipes_kept", um.kept);
	json_uint(j, "pages_per_pipe", um.pipe_pages);
}

void frag_unmovable_release(void)
{
	for (unsigned i = 0; i < um.npipes; i++)
		close_pipe(i);
	um.kept = 0;
}
