/* contiguity.c - parses buddyinfo/zoneinfo/meminfo and computes the paper's
 * free-memory contiguity metric (see contiguity.h). */
#include "contiguity.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const uint64_t contiguity_default_sizes_kb[4] = { 64, 512, 2048, 4096 };

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Parses one "Node N, zone NAME c0 c1 ..." line into counts[]. */
static int parse_buddy_line(char *line, uint64_t *counts, int *norders)
{
	char *p, *end;
	int node, n = 0, used = 0;
	char zone[32];

	if (sscanf(line, "Node %d, zone %31s %n", &node, zone, &used) != 2 ||
	    used == 0)
		return -1;
	p = line + used;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\n' || *p == '\0')
			break;
		if (*p < '0' || *p > '9' || n == CONTIG_MAX_ORDERS)
			return -1;
		errno = 0;
		counts[n++] = strtoull(p, &end, 10);
		if (errno || (*end != ' ' && *end != '\t' && *end != '\n' &&
			      *end != '\0'))
			return -1;
		p = end;
	}
	if (n == 0)
		return -1;
	*norders = n;
	return 0;
}

int buddyinfo_parse(FILE *f, struct buddyinfo *out)
{
	char *line = NULL;
	size_t cap = 0;
	uint64_t counts[CONTIG_MAX_ORDERS];
	int n, rc = 0;

	memset(out, 0, sizeof(*out));
	while (getline(&line, &cap, f) > 0) {
		if (line[0] == '\n')
			continue;
		if (parse_buddy_line(line, counts, &n) < 0 ||
		    (out->nzones && n != out->norders)) {
			rc = -1;
			break;
		}
		out->norders = n;
		out->nzones++;
		for (int k = 0; k < n; k++)
			out->blocks[k] += counts[k];
	}
	free(line);
	if (rc == 0 && (ferror(f) || out->nzones == 0))
		rc = -1;
	if (rc < 0)
		errno = EINVAL;
	return rc;
}

int zoneinfo_managed_pages(FILE *f, uint64_t *pages)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned long long v;
	int found = 0;

	*pages = 0;
	while (getline(&line, &cap, f) > 0) {
		if (sscanf(line, " managed %llu", &v) == 1) {
			*pages += v;
			found = 1;
		}
	}
	free(line);
	if (!found) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

int meminfo_total_kb(FILE *f, uint64_t *kb)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned long long v;
	int found = 0;

	while (!found && getline(&line, &cap, f) > 0) {
		if (sscanf(line, "MemTotal: %llu kB", &v) == 1) {
			*kb = v;
			found = 1;
		}
	}
	free(line);
	if (!found) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

int contiguity_parse_sizes(const char *list, uint64_t *sizes_kb,
			   char *err, size_t errlen)
{
	const char *p = list;
	char *end;
	int n = 0;

	if (!*p)
		return fail(err, errlen, "empty size list");
	for (;;) {
		if (*p < '0' || *p > '9')
			return fail(err, errlen,
				    "bad size list '%s': expected kB numbers "
				    "separated by commas", list);
		if (n == CONTIG_MAX_SIZES)
			return fail(err, errlen, "too many sizes (at most %d)",
				    CONTIG_MAX_SIZES);
		errno = 0;
		sizes_kb[n++] = strtoull(p, &end, 10);
		if (errno)
			return fail(err, errlen, "size out of range in '%s'",
				    list);
		if (*end == '\0')
			return n;
		if (*end != ',')
			return fail(err, errlen,
				    "bad size list '%s': expected kB numbers "
				    "separated by commas", list);
		p = end + 1;
	}
}

/* log2(size_kb / page_kb) when that is a whole power of two, else -1. */
static int size_order(uint64_t size_kb, unsigned page_kb)
{
	uint64_t pages;

	if (page_kb == 0 || size_kb == 0 || size_kb % page_kb)
		return -1;
	pages = size_kb / page_kb;
	if (pages & (pages - 1))
		return -1;
	return __builtin_ctzll(pages);
}

int contiguity_compute(const struct buddyinfo *b, uint64_t total_pages,
		       unsigned page_kb, const uint64_t *sizes_kb, int nsizes,
		       struct contiguity *out, char *err, size_t errlen)
{
	/* pages_at_least[k]: free pages in blocks of order >= k */
	uint64_t pages_at_least[CONTIG_MAX_ORDERS + 1] = { 0 };
	uint64_t free_pages;
	int order_2m;
	double sum = 0;

	memset(out, 0, sizeof(*out));
	if (nsizes < 1 || nsizes > CONTIG_MAX_SIZES)
		return fail(err, errlen, "need 1 to %d sizes, got %d",
			    CONTIG_MAX_SIZES, nsizes);
	if (b->norders < 1 || b->norders > CONTIG_MAX_ORDERS)
		return fail(err, errlen, "no buddy orders");
	for (int k = b->norders - 1; k >= 0; k--) {
		if (b->blocks[k] > (UINT64_MAX >> k) >> 1)
			return fail(err, errlen, "free block count of order "
				    "%d out of range", k);
		pages_at_least[k] = pages_at_least[k + 1] + (b->blocks[k] << k);
	}
	free_pages = pages_at_least[0];
	if (total_pages == 0 || total_pages < free_pages)
		return fail(err, errlen,
			    "total memory (%" PRIu64 " pages) is below free "
			    "memory (%" PRIu64 " pages)", total_pages,
			    free_pages);

	for (int i = 0; i < nsizes; i++) {
		int k = size_order(sizes_kb[i], page_kb);

		if (k < 0)
			return fail(err, errlen,
				    "size %" PRIu64 " kB is not a power-of-two "
				    "multiple of the %u kB page", sizes_kb[i],
				    page_kb);
		if (k >= b->norders)
			return fail(err, errlen,
				    "size %" PRIu64 " kB exceeds the largest "
				    "free block (%" PRIu64 " kB): buddyinfo "
				    "cannot show such regions", sizes_kb[i],
				    (uint64_t)page_kb << (b->norders - 1));
		out->sizes_kb[i] = sizes_kb[i];
		out->per_size[i] = (double)pages_at_least[k] /
				   (double)total_pages;
		sum += out->per_size[i];
	}
	out->nsizes = nsizes;
	out->contiguity = sum / nsizes;
	out->free_kb = free_pages * page_kb;
	out->total_kb = total_pages * page_kb;
	order_2m = size_order(2048, page_kb);
	if (order_2m >= 0 && order_2m < b->norders)
		out->free_2m_blocks = pages_at_least[order_2m] >> order_2m;
	return 0;
}

static FILE *open_or_fail(const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "re");

	if (!f)
		fail(err, errlen, "%s: %s", path, strerror(errno));
	return f;
}

int contiguity_measure(const char *buddyinfo_path, const char *zoneinfo_path,
		       const char *meminfo_path, const uint64_t *sizes_kb,
		       int nsizes, struct contiguity *out, char *err,
		       size_t errlen)
{
	struct buddyinfo b;
	uint64_t total_pages = 0, total_kb;
	long psz = sysconf(_SC_PAGESIZE);
	unsigned page_kb = psz > 0 ? (unsigned)(psz / 1024) : 4;
	FILE *f;
	int rc;

	f = open_or_fail(buddyinfo_path, err, errlen);
	if (!f)
		return -1;
	rc = buddyinfo_parse(f, &b);
	fclose(f);
	if (rc < 0)
		return fail(err, errlen, "%s: malformed buddyinfo",
			    buddyinfo_path);

	if (zoneinfo_path) {
		f = fopen(zoneinfo_path, "re");
		if (f) {
			if (zoneinfo_managed_pages(f, &total_pages) < 0)
				total_pages = 0;
			fclose(f);
		}
	}
	if (total_pages == 0) {
		f = open_or_fail(meminfo_path, err, errlen);
		if (!f)
			return -1;
		rc = meminfo_total_kb(f, &total_kb);
		fclose(f);
		if (rc < 0)
			return fail(err, errlen, "%s: no MemTotal line",
				    meminfo_path);
		total_pages = total_kb / page_kb;
	}
	return contiguity_compute(&b, total_pages, page_kb, sizes_kb, nsizes,
				  out, err, errlen);
}

int contiguity_measure_live(const uint64_t *sizes_kb, int nsizes,
			    struct contiguity *out, char *err, size_t errlen)
{
	return contiguity_measure("/proc/buddyinfo", "/proc/zoneinfo",
				  "/proc/meminfo", sizes_kb, nsizes, out, err,
				  errlen);
}

void contiguity_json(struct json *j, const char *key,
		     const struct contiguity *c)
{
	char name[32];

	json_object_begin(j, key);
	json_array_begin(j, "sizes_kb");
	for (int i = 0; i < c->nsizes; i++)
		json_uint(j, NULL, c->sizes_kb[i]);
	json_array_end(j);
	json_double(j, "contiguity", c->contiguity);
	json_object_begin(j, "per_size");
	for (int i = 0; i < c->nsizes; i++) {
		snprintf(name, sizeof(name), "%" PRIu64, c->sizes_kb[i]);
		json_double(j, name, c->per_size[i]);
	}
	json_object_end(j);
	json_uint(j, "free_kb", c->free_kb);
	json_uint(j, "total_kb", c->total_kb);
	json_uint(j, "free_2m_blocks", c->free_2m_blocks);
	json_object_end(j);
}
