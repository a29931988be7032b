/* pagehist.c - walks a process's mappings through pagemap and kpageflags and
 * counts its mapped memory by folio size (rules in pagehist.h). */
#include "pagehist.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PM_PRESENT	(1ull << 63)
#define PM_PFN_MASK	((1ull << 55) - 1)
#define KPF_HEAD	(1ull << PAGEHIST_KPF_COMPOUND_HEAD)
#define KPF_TAIL	(1ull << PAGEHIST_KPF_COMPOUND_TAIL)

/* pagemap entries read per pread: 512 kB, i.e. 256 MB of address space */
#define CHUNK		65536
/* largest folio order probed: 2^30 base pages */
#define MAX_ORDER_PROBE	30

static void add_bucket(struct pagehist *h, uint64_t size_kb)
{
	int i;

	if (pagehist_bucket(h, size_kb) >= 0 || h->nsizes == PAGEHIST_MAX_SIZES)
		return;
	for (i = h->nsizes; i > 0 && h->size_kb[i - 1] > size_kb; i--) {
		h->size_kb[i] = h->size_kb[i - 1];
		h->pages[i] = h->pages[i - 1];
		h->kb[i] = h->kb[i - 1];
	}
	h->size_kb[i] = size_kb;
	h->pages[i] = 0;
	h->kb[i] = 0;
	h->nsizes++;
}

void pagehist_init(struct pagehist *h, unsigned page_kb,
		   const uint64_t *thp_sizes_kb, int n_thp_sizes)
{
	memset(h, 0, sizeof(*h));
	h->page_kb = page_kb;
	add_bucket(h, page_kb);
	for (int i = 0; i < n_thp_sizes; i++)
		add_bucket(h, thp_sizes_kb[i]);
	add_bucket(h, 2048);
	add_bucket(h, 1048576);
}

int pagehist_bucket(const struct pagehist *h, uint64_t size_kb)
{
	for (int i = 0; i < h->nsizes; i++)
		if (h->size_kb[i] == size_kb)
			return i;
	return -1;
}

uint64_t pagehist_total_kb(const struct pagehist *h)
{
	uint64_t t = 0;

	for (int i = 0; i < h->nsizes; i++)
		t += h->kb[i];
	return t;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

int pagehist_thp_sizes(const char *thp_dir, uint64_t *sizes_kb, int max)
{
	DIR *d = opendir(thp_dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((e = readdir(d)) && n < max) {
		unsigned long long kb;
		int used = 0;

		if (sscanf(e->d_name, "hugepages-%llukB%n", &kb, &used) == 1 &&
		    e->d_name[used] == '\0')
			sizes_kb[n++] = kb;
	}
	closedir(d);
	qsort(sizes_kb, n, sizeof(*sizes_kb), cmp_u64);
	return n;
}

/* Folio order per head PFN, and the last mapping that counted the folio. */
struct folio_slot {
	uint64_t head;		/* PFN + 1; 0 = empty */
	unsigned order;
	unsigned gen;
};

struct walk {
	struct pagehist *h;
	int kpf_fd;
	unsigned gen;		/* current mapping, from 1 */
	struct folio_slot *slots;
	size_t nslots, used;
	/* kpageflags of the current run of consecutive PFNs */
	uint64_t run_pfn;
	size_t run_len;
	uint64_t *run_flags;
	/* the folio of the last compound page counted */
	uint64_t cur_head;
	unsigned cur_order;
	bool cur_valid;
};

static struct folio_slot *slot_find(struct walk *w, uint64_t head)
{
	size_t mask = w->nslots - 1;
	size_t i = (size_t)(head * 0x9e3779b97f4a7c15ull >> 20) & mask;

	while (w->slots[i].head && w->slots[i].head != head + 1)
		i = (i + 1) & mask;
	return &w->slots[i];
}

static int slots_grow(struct walk *w)
{
	struct folio_slot *old = w->slots;
	size_t n = w->nslots;

	w->nslots = n ? n * 2 : 4096;
	w->slots = calloc(w->nslots, sizeof(*w->slots));
	if (!w->slots) {
		w->slots = old;
		w->nslots = n;
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (old[i].head)
			*slot_find(w, old[i].head - 1) = old[i];
	free(old);
	return 0;
}

/* Flags of one PFN, from the current run when inside it.  A PFN beyond the
 * end of kpageflags reads as no flags. */
static int flags_at(struct walk *w, uint64_t pfn, uint64_t *flags)
{
	ssize_t n;

	if (pfn >= w->run_pfn && pfn - w->run_pfn < w->run_len) {
		*flags = w->run_flags[pfn - w->run_pfn];
		return 0;
	}
	n = pread(w->kpf_fd, flags, sizeof(*flags), (off_t)(pfn * 8));
	if (n < 0)
		return -1;
	if (n != sizeof(*flags))
		*flags = 0;
	return 0;
}

/*
 * Folios are naturally aligned, so the head of the folio holding a tail page
 * is the first compound head met when rounding pfn down to ever larger powers
 * of two, and a folio headed at head has order k for the first k at which
 * head + 2^k is not a tail page.  Returns the order, with *headp set; a page
 * whose flags change under us (a folio split meanwhile) counts as order 0.
 */
static int folio_of(struct walk *w, uint64_t pfn, uint64_t flags,
		    uint64_t *headp)
{
	uint64_t head = pfn, f;
	int k;

	if (!(flags & KPF_HEAD)) {
		for (k = 1; k <= MAX_ORDER_PROBE; k++) {
			head = pfn & ~((1ull << k) - 1);
			if (flags_at(w, head, &f) < 0)
				return -1;
			if (f & KPF_HEAD)
				break;
			if (!(f & KPF_TAIL))
				k = MAX_ORDER_PROBE;
		}
		if (k > MAX_ORDER_PROBE) {
			*headp = pfn;
			return 0;
		}
	}
	*headp = head;
	for (k = 0; k <= MAX_ORDER_PROBE; k++) {
		if (flags_at(w, head + (1ull << k), &f) < 0)
			return -1;
		if (!(f & KPF_TAIL))
			break;
	}
	if (k > MAX_ORDER_PROBE || pfn - head >= (1ull << k)) {
		*headp = pfn;
		return 0;
	}
	return k;
}

static void count(struct pagehist *h, unsigned order, int new_folio)
{
	uint64_t size_kb = (uint64_t)h->page_kb << order;
	int b;

	add_bucket(h, size_kb);
	b = pagehist_bucket(h, size_kb);
	/* only reachable with a full bucket table: take the nearest smaller */
	for (int i = 0; b < 0 && i < h->nsizes; i++)
		if (h->size_kb[i] < size_kb)
			b = i;
	if (b < 0)
		b = 0;
	h->pages[b] += new_folio;
	h->kb[b] += h->page_kb;
}

static int count_page(struct walk *w, uint64_t pfn, uint64_t flags)
{
	struct folio_slot *s;
	uint64_t head;
	int order;

	if (!(flags & (KPF_HEAD | KPF_TAIL))) {
		count(w->h, 0, 1);
		return 0;
	}
	if (flags & KPF_HEAD) {
		head = pfn;
	} else if (w->cur_valid && pfn > w->cur_head &&
		   pfn - w->cur_head < (1ull << w->cur_order)) {
		head = w->cur_head;
	} else {
		order = folio_of(w, pfn, flags, &head);
		if (order < 0)
			return -1;
		if (order == 0) {
			count(w->h, 0, 1);
			return 0;
		}
	}
	if ((w->used + 1) * 2 > w->nslots && slots_grow(w) < 0)
		return -1;
	s = slot_find(w, head);
	if (!s->head) {
		order = folio_of(w, head, KPF_HEAD, &head);
		if (order < 0)
			return -1;
		s->head = head + 1;
		s->order = order;
		s->gen = 0;
		w->used++;
	}
	w->cur_head = head;
	w->cur_order = s->order;
	w->cur_valid = true;
	count(w->h, s->order, s->gen != w->gen);
	s->gen = w->gen;
	return 0;
}

/* Loads the kpageflags of PFNs [pfn, pfn + len) as the current run. */
static int load_run(struct walk *w, uint64_t pfn, size_t len)
{
	size_t want = len * 8, got = 0;

	while (got < want) {
		ssize_t n = pread(w->kpf_fd, (char *)w->run_flags + got,
				  want - got, (off_t)(pfn * 8 + got));
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += n;
	}
	memset((char *)w->run_flags + got, 0, want - got);
	w->run_pfn = pfn;
	w->run_len = len;
	return 0;
}

/* Counts the present pages of entries[0..n). Returns 1 when PFNs are
 * hidden, 0, or -1 on error. */
static int walk_entries(struct walk *w, const uint64_t *pm, size_t n)
{
	size_t i = 0;

	while (i < n) {
		uint64_t pfn;
		size_t len = 1;

		if (!(pm[i] & PM_PRESENT)) {
			i++;
			continue;
		}
		pfn = pm[i] & PM_PFN_MASK;
		if (pfn == 0)
			return 1;
		while (i + len < n && (pm[i + len] & PM_PRESENT) &&
		       (pm[i + len] & PM_PFN_MASK) == pfn + len)
			len++;
		if (load_run(w, pfn, len) < 0)
			return -1;
		for (size_t k = 0; k < len; k++)
			if (count_page(w, pfn + k, w->run_flags[k]) < 0)
				return -1;
		i += len;
	}
	return 0;
}

/* Reads the pagemap entries of pages [vpn, vpn + n). A read that ends early
 * means the address space is gone. */
static int read_pagemap(int fd, uint64_t vpn, uint64_t *buf, size_t n)
{
	size_t want = n * 8, got = 0;

	while (got < want) {
		ssize_t r = pread(fd, (char *)buf + got, want - got,
				  (off_t)(vpn * 8 + got));
		if (r < 0)
			return -1;
		if (r == 0) {
			errno = ESRCH;
			return -1;
		}
		got += r;
	}
	return 0;
}

static void unavailable(struct pagehist *h, const char *fmt, const char *arg)
{
	h->available = false;
	snprintf(h->reason, sizeof(h->reason), fmt, arg);
	for (int i = 0; i < h->nsizes; i++)
		h->pages[i] = h->kb[i] = 0;
}

/* Walks every mapping of maps; returns 1 when PFNs are hidden. */
static int walk_maps(struct walk *w, FILE *maps, int pm_fd, uint64_t *pm)
{
	char *line = NULL;
	size_t cap = 0;
	uint64_t page_bytes = (uint64_t)w->h->page_kb * 1024;
	int rc = 0;

	while (rc == 0 && getline(&line, &cap, maps) > 0) {
		unsigned long long start, end;
		char perms[8];
		int used = 0;

		if (sscanf(line, "%llx-%llx %7s %n", &start, &end, perms,
			   &used) != 3 || used == 0 || end < start ||
		    start % page_bytes || end % page_bytes ||
		    strlen(perms) != 4) {
			errno = EINVAL;
			rc = -1;
			break;
		}
		if (strncmp(perms, "---", 3) == 0 || strstr(line, "[vsyscall]"))
			continue;
		w->gen++;
		for (uint64_t vpn = start / page_bytes; vpn < end / page_bytes;) {
			size_t n = end / page_bytes - vpn;

			if (n > CHUNK)
				n = CHUNK;
			rc = read_pagemap(pm_fd, vpn, pm, n);
			if (rc == 0)
				rc = walk_entries(w, pm, n);
			if (rc)
				break;
			vpn += n;
		}
	}
	if (rc == 0 && ferror(maps))
		rc = -1;
	free(line);
	return rc;
}

int pagehist_collect(struct pagehist *h, const char *maps_path,
		     const char *pagemap_path, const char *kpageflags_path)
{
	struct walk w = { .h = h, .kpf_fd = -1 };
	FILE *maps = NULL;
	uint64_t *pm = NULL;
	int pm_fd = -1, rc = -1, saved;

	for (int i = 0; i < h->nsizes; i++)
		h->pages[i] = h->kb[i] = 0;
	h->reason[0] = '\0';
	maps = fopen(maps_path, "re");
	if (!maps)
		return -1;
	pm_fd = open(pagemap_path, O_RDONLY | O_CLOEXEC);
	if (pm_fd < 0)
		goto out;
	w.kpf_fd = open(kpageflags_path, O_RDONLY | O_CLOEXEC);
	if (w.kpf_fd < 0) {
		snprintf(h->reason, sizeof(h->reason), "cannot read %s: %s%s",
			 kpageflags_path, strerror(errno),
			 errno == EACCES || errno == EPERM ?
			 " (needs root)" : "");
		h->available = false;
		rc = 0;
		goto out;
	}
	pm = malloc(CHUNK * sizeof(*pm));
	w.run_flags = malloc(CHUNK * sizeof(*w.run_flags));
	if (!pm || !w.run_flags || slots_grow(&w) < 0)
		goto out;
	rc = walk_maps(&w, maps, pm_fd, pm);
	if (rc == 1) {
		unavailable(h, "%s", "PFNs hidden: needs root (CAP_SYS_ADMIN)");
		rc = 0;
	} else if (rc == 0) {
		h->available = true;
	}
out:
	saved = errno;
	free(pm);
	free(w.run_flags);
	free(w.slots);
	if (w.kpf_fd >= 0)
		close(w.kpf_fd);
	if (pm_fd >= 0)
		close(pm_fd);
	fclose(maps);
	errno = saved;
	return rc;
}

int pagehist_collect_pid(struct pagehist *h, pid_t pid)
{
	char maps[64], pagemap[64];

	snprintf(maps, sizeof(maps), "/proc/%d/maps", (int)pid);
	snprintf(pagemap, sizeof(pagemap), "/proc/%d/pagemap", (int)pid);
	return pagehist_collect(h, maps, pagemap, "/proc/kpageflags");
}

static void sizes_object(struct json *j, const char *key,
			 const struct pagehist *h, const uint64_t *v)
{
	char name[32];

	json_object_begin(j, key);
	for (int i = 0; i < h->nsizes; i++) {
		snprintf(name, sizeof(name), "%" PRIu64 "kB", h->size_kb[i]);
		json_uint(j, name, v[i]);
	}
	json_object_end(j);
}

void pagehist_json_fields(struct json *j, const struct pagehist *h)
{
	json_bool(j, "available", h->available);
	if (h->available) {
		json_null(j, "reason");
		sizes_object(j, "pages", h, h->pages);
		sizes_object(j, "kb", h, h->kb);
	} else {
		json_string(j, "reason", h->reason);
		json_null(j, "pages");
		json_null(j, "kb");
	}
}

void pagehist_json(struct json *j, const char *key, const struct pagehist *h)
{
	json_object_begin(j, key);
	pagehist_json_fields(j, h);
	json_object_end(j);
}
