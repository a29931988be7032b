/* unmovable.c - spfrag's unmovable mode, the worst case: pipe buffer pages
 * (allocated GFP_HIGHUSER, without __GFP_MOVABLE: compaction cannot move
 * them and reclaim cannot free them).  Pipes are filled in groups, one
 * page per pipe in turn, so that consecutive pages belong to consecutive
 * pipes; then every pipe but one in stride is closed, leaving one pinned
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
#define WANT_PIPE_BYTES (4 << 20)

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

/* Opens one more group of pipes; -1 with errno when out of descriptors. */
static int open_group(void)
{
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
			return -1;
		}
		um.npipes++;
		if (fcntl(fd[1], F_SETPIPE_SZ, WANT_PIPE_BYTES) < 0)
			fcntl(fd[1], F_SETPIPE_SZ, 1 << 20);
		sz = fcntl(fd[1], F_GETPIPE_SZ);
		if (sz > 0 && (!um.pipe_pages ||
			       (unsigned)sz / 4096 < um.pipe_pages))
			um.pipe_pages = sz / 4096;
	}
	return 0;
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
	/* thinning gives most of it back: only the ceiling stops early */
	ft.floor_kb = UINT64_MAX;
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
			close_pipe(i);
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
