// SPDX-License-Identifier: GPL-2.0
/*
 * resv_uffd - a range registered with userfaultfd gets no page behind its
 * handler's back: every missing fault on a fresh range reaches the handler
 * and makes no reservation, and so does a fault on an unpopulated subpage
 * of a range that held a reservation before it was registered; the pages
 * UFFDIO_COPY placed hold what was copied, the reservation's own pages what
 * was written.
 */
#include "resv_common.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_EVENTS	64

static int uffd = -1;
static char *range_base;
static atomic_bool stop;
static atomic_uint nr_events;
static unsigned long events[MAX_EVENTS];
static char copy_src[PAGE_SZ] __attribute__((aligned(PAGE_SZ)));
static const uint64_t copy_salt = 0x77;

static void *handler(void *arg)
{
	struct pollfd pfd = { .fd = uffd, .events = POLLIN };
	struct uffd_msg msg;

	(void)arg;
	while (!atomic_load(&stop)) {
		struct uffdio_copy copy;
		unsigned long addr;
		unsigned int n;

		if (poll(&pfd, 1, 50) <= 0)
			continue;
		if (read(uffd, &msg, sizeof(msg)) != sizeof(msg) ||
		    msg.event != UFFD_EVENT_PAGEFAULT)
			continue;
		addr = msg.arg.pagefault.address & ~(PAGE_SZ - 1);
		n = atomic_fetch_add(&nr_events, 1);
		if (n < MAX_EVENTS)
			events[n] = addr;
		page_fill(copy_src, (addr - (unsigned long)range_base) / PAGE_SZ,
			  copy_salt);
		copy = (struct uffdio_copy){ .dst = addr, .src =
			(unsigned long)copy_src, .len = PAGE_SZ };
		if (ioctl(uffd, UFFDIO_COPY, &copy))
			tap_diag("UFFDIO_COPY at %#lx: %s", addr, strerror(errno));
	}
	return NULL;
}

static int uffd_register(struct region *r)
{
	struct uffdio_register reg = {
		.range = { .start = (unsigned long)r->addr, .len = r->len },
		.mode = UFFDIO_REGISTER_MODE_MISSING,
	};

	range_base = r->addr;
	atomic_store(&nr_events, 0);
	if (ioctl(uffd, UFFDIO_REGISTER, &reg)) {
		tap_diag("UFFDIO_REGISTER: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Read @n pages of @r, @idx[i] each; true if each read reached the handler. */
static bool touch_all_reported(struct region *r, const size_t *idx, size_t n)
{
	size_t i, j, found = 0;

	for (i = 0; i < n; i++)
		(void)*(volatile char *)(r->addr + idx[i] * PAGE_SZ);
	for (i = 0; i < n; i++)
		for (j = 0; j < atomic_load(&nr_events) && j < MAX_EVENTS; j++)
			if (events[j] == (unsigned long)r->addr + idx[i] * PAGE_SZ) {
				found++;
				break;
			}
	tap_diag("%u userfaults for %zu pages read, %zu of them reported",
		 atomic_load(&nr_events), n, found);
	return found == n && atomic_load(&nr_events) == n;
}

static size_t copied_bad(struct region *r, const size_t *idx, size_t n)
{
	size_t i, bad = 0;

	for (i = 0; i < n; i++)
		if (!page_check(r->addr + idx[i] * PAGE_SZ, idx[i], copy_salt))
			bad++;
	return bad;
}

int main(void)
{
	static const size_t fresh_idx[] = { 0, 61, 122, 183, 244, 305, 366, 511 };
	static const size_t hole_idx[] = { 200, 300, 450 };
	const uint64_t salt = 0x9e;
	struct uffdio_api api = { .api = UFFD_API };
	struct region f, g;
	long alloc0;
	pthread_t th;
	bool ok;

	tap_plan(7);
	if (resv_setup("always", 120) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();
	uffd = syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0 || ioctl(uffd, UFFDIO_API, &api)) {
		tap_diag("userfaultfd: %s", strerror(errno));
		return tap_finish();
	}
	if (pthread_create(&th, NULL, handler, NULL))
		return tap_finish();

	/* A fresh 2 MB range, registered before any fault. */
	if (region_map(&f, HPAGE_SZ) || uffd_register(&f))
		return tap_finish();
	alloc0 = vmstat_get("thp_resv_alloc");
	tap_result(touch_all_reported(&f, fresh_idx, 8),
		   "fresh range: each of 8 pages read reached the handler");
	tap_result(vmstat_get("thp_resv_alloc") == alloc0 &&
		   smaps_range_kb(f.addr, f.len, "AnonHugePages") == 0,
		   "no reservation made (thp_resv_alloc %+ld)",
		   vmstat_get("thp_resv_alloc") - alloc0);
	tap_result(copied_bad(&f, fresh_idx, 8) == 0,
		   "the 8 pages hold what UFFDIO_COPY copied");

	/* A reservation with 100 written pages, registered afterwards. */
	ok = resv_map_partial(&g, 100, salt, NULL);
	tap_result(ok, "a reservation holds 100 written pages of 512");
	if (!ok || uffd_register(&g))
		return tap_finish();
	alloc0 = vmstat_get("thp_resv_alloc");
	tap_result(touch_all_reported(&g, hole_idx, 3),
		   "registered afterwards: each of 3 unpopulated subpages "
		   "read reached the handler");
	tap_result(copied_bad(&g, hole_idx, 3) == 0 &&
		   vmstat_get("thp_resv_alloc") == alloc0,
		   "they hold what UFFDIO_COPY copied, no reservation made");
	tap_result(pages_check(g.addr, 0, 100, salt) == 0,
		   "the 100 written pages are intact");

	atomic_store(&stop, true);
	pthread_join(th, NULL);
	close(uffd);
	region_unmap(&f);
	region_unmap(&g);
	knobs_restore();
	return tap_finish();
}
