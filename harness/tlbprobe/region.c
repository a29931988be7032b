/* region.c - maps sptlbprobe's regions and reads back from smaps whether
 * the kernel gave the huge one huge pages: MADV_HUGEPAGE is advice, and a
 * "2 MB" curve over 4 kB pages would measure nothing. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "region.h"

int region_map(struct region *r, size_t bytes, int huge)
{
	size_t len = (bytes + REGION_HUGE - 1) & ~(REGION_HUGE - 1);
	char *raw = mmap(NULL, len + REGION_HUGE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (raw == MAP_FAILED)
		return -1;
	r->base = (char *)(((uintptr_t)raw + REGION_HUGE - 1) & ~(REGION_HUGE - 1));
	r->bytes = len;
	if (madvise(r->base, len, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE) != 0 && huge) {
		/* a kernel without THP: the region stays, smaps will show 0 */
		errno = 0;
	}
	for (size_t off = 0; off < len; off += 4096)
		r->base[off] = 1;
	region_check(r);
	return 0;
}

void region_check(struct region *r)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[256];
	int inside = 0;
	uintptr_t at = (uintptr_t)r->base;

	r->anon_huge_kb = -1;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		unsigned long start, end, kb;

		if (sscanf(line, "%lx-%lx ", &start, &end) == 2 && strchr(line, '-') < strchr(line, ' '))
			inside = at >= start && at < end;
		else if (inside && sscanf(line, "AnonHugePages: %lu kB", &kb) == 1) {
			r->anon_huge_kb = (long)kb;
			break;
		}
	}
	fclose(f);
}

const char *region_thp_mode(char *buf, size_t len)
{
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	char text[128] = "";
	char *open, *close;

	snprintf(buf, len, "unknown");
	if (!f)
		return buf;
	if (fgets(text, sizeof(text), f)) {
		open = strchr(text, '[');
		close = open ? strchr(open, ']') : NULL;
		if (open && close)
			snprintf(buf, len, "%.*s", (int)(close - open - 1), open + 1);
	}
	fclose(f);
	return buf;
}
