/* region.h - the probe's two memory regions: one held to 4 kB pages, one
 * 2 MB-aligned and advised to take transparent huge pages, and what
 * /proc/self/smaps says each really got. */
#ifndef SP_REGION_H
#define SP_REGION_H

#include <stddef.h>

#define REGION_HUGE (2UL << 20)

struct region {
	char *base;
	size_t bytes;
	long anon_huge_kb;     /* AnonHugePages of its mapping; -1 if unread */
};

/* Maps, advises (huge or not) and touches bytes (rounded up to 2 MB).
 * Returns 0, or -1 with errno set. */
int region_map(struct region *r, size_t bytes, int huge);

/* Rereads r->anon_huge_kb from /proc/self/smaps. */
void region_check(struct region *r);

/* The selected value of /sys/kernel/mm/transparent_hugepage/enabled, or
 * "unknown". */
const char *region_thp_mode(char *buf, size_t len);

#endif
