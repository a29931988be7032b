/* anon.c - spfrag's anon mode: fill free memory with anonymous base pages
 * (THP off for spfrag itself), then give back all but one page in every
 * stride-sized physical block.  Most memory is free again, but no free
 * block reaches the stride: the paper's "no free region above 64 KB with
 * 360 of 512 MB free".  The kept pages are movable, so compaction can
 * undo it. */
#include "frag.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#define PAGE 4096ul

static struct {
	char *base;
	size_t len;		/* reserved address space */
	long npages;		/* touched */
	long kept;
	uint64_t stride_kb;
	bool physical;
} an;

static int read_pfns(uint64_t *pfns, long npages)
{
	int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	off_t off = (uintptr_t)an.base / PAGE * 8;
	long done = 0;

	if (fd < 0)
		return -1;
	while (done < npages) {
		ssize_t n = pread(fd, pfns + done, (npages - done) * 8,
				  off + done * 8);

		if (n <= 0) {
			close(fd);
			return -1;
		}
		done += n / 8;
	}
	close(fd);
	for (long i = 0; i < npages; i++)
		pfns[i] = (pfns[i] >> 63) ? pfns[i] & ((1ull << 55) - 1) : 0;
	return 0;
}

/* Gives back every page not kept, in runs of consecutive pages. */
static void thin(const bool *keep)
{
	long i = 0;

	while (i < an.npages) {
		long j;

		if (keep[i]) {
			i++;
			continue;
		}
		for (j = i; j < an.npages && !keep[j]; j++)
			;
		madvise(an.base + i * PAGE, (j - i) * PAGE, MADV_DONTNEED);
		i = j;
	}
}

int frag_anon_fill(const struct frag_target *t, struct frag_result *r,
		   char *err, size_t errlen)
{
	struct contiguity c;
	uint64_t *pfns;
	bool *keep;
	double t0 = frag_now_s();
	long chunk = FRAG_CHECK_KB / 4;

	struct frag_target ft = *t;

	memset(r, 0, sizeof(*r));
	/* thinning gives most of it back: only the ceiling stops early */
	ft.floor_kb = UINT64_MAX;
	an.stride_kb = t->stride_kb;
	if (prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0) < 0) {
		snprintf(err, errlen, "prctl(PR_SET_THP_DISABLE): %s",
			 strerror(errno));
		return -1;
	}
	if (frag_measure(&c, err, errlen) < 0)
		return -1;
	an.len = (size_t)c.total_kb * 1024;
	an.base = mmap(NULL, an.len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (an.base == MAP_FAILED) {
		snprintf(err, errlen, "mmap %zu bytes: %s", an.len,
			 strerror(errno));
		an.base = NULL;
		return -1;
	}
	for (;;) {
		long end = an.npages + chunk;

		if ((size_t)end * PAGE > an.len) {
			r->verdict = FILL_LIMIT;
			break;
		}
		for (long i = an.npages; i < end; i++)
			an.base[i * PAGE] = 1;
		an.npages = end;
		r->filled_kb = an.npages * 4;
		if (frag_measure(&c, err, errlen) < 0)
			return -1;
		r->verdict = frag_fill_verdict(&ft, &c, r->filled_kb, true);
		if (r->verdict != FILL_MORE)
			break;
	}
	r->fill_s = frag_now_s() - t0;
	t0 = frag_now_s();

	pfns = malloc(an.npages * sizeof(*pfns));
	keep = malloc(an.npages * sizeof(*keep));
	if (!pfns || !keep) {
		free(pfns);
		free(keep);
		snprintf(err, errlen, "out of memory for %ld page flags",
			 an.npages);
		return -1;
	}
	if (read_pfns(pfns, an.npages) < 0)
		memset(pfns, 0, an.npages * sizeof(*pfns));
	an.physical = false;
	for (long i = 0; i < an.npages && !an.physical; i++)
		an.physical = pfns[i] != 0;
	an.kept = frag_choose_keep(pfns, an.npages,
				   (unsigned)(t->stride_kb / 4), keep);
	if (an.kept >= 0)
		thin(keep);
	free(pfns);
	free(keep);
	if (an.kept < 0) {
		snprintf(err, errlen, "out of memory choosing pages");
		return -1;
	}
	r->held_kb = an.kept * 4;
	r->thin_s = frag_now_s() - t0;
	return 0;
}

void frag_anon_held(struct json *j)
{
	json_string(j, "what", "anonymous 4 kB pages (movable), one kept in "
		    "every stride-sized block of physical memory");
	json_uint(j, "stride_kb", an.stride_kb);
	json_bool(j, "by_pfn", an.physical);
	json_uint(j, "pages_touched", an.npages);
	json_uint(j, "pages_kept", an.kept);
}

void frag_anon_release(void)
{
	if (an.base)
		munmap(an.base, an.len);
	an.base = NULL;
	an.kept = 0;
}
