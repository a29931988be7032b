/* pagetype.h - free memory per migratetype from /proc/pagetypeinfo: which
 * kind of pageblock (movable, unmovable, ...) still holds free, large
 * blocks.  Complements contiguity.h, which sees only the per-order sums. */
#ifndef SP_PAGETYPE_H
#define SP_PAGETYPE_H

#include <stdint.h>
#include <stdio.h>

#include "json.h"

#define PAGETYPE_MAX_TYPES 8
#define PAGETYPE_MAX_ORDERS 16

struct pagetype_free {
	char name[24];			/* "Movable", "Unmovable", ... */
	uint64_t blocks[PAGETYPE_MAX_ORDERS];	/* summed over zones */
};

struct pagetypeinfo {
	int ntypes;
	int norders;
	int pageblock_order;		/* "Page block order: 9"; -1 if absent */
	int saturated;			/* a count read as ">100000": a floor */
	struct pagetype_free types[PAGETYPE_MAX_TYPES];
};

/*
 * Parses the "Free pages count per migrate type at order" table of
 * /proc/pagetypeinfo; types keep their first-seen order.  Returns 0, or
 * -1 with errno EINVAL (no table, malformed line, differing order counts).
 */
int pagetypeinfo_parse(FILE *f, struct pagetypeinfo *out);

/* Reads the file (NULL: /proc/pagetypeinfo, readable by root only);
 * 0 or -1 with errno set. */
int pagetypeinfo_read(const char *path, struct pagetypeinfo *out);

/* Free pages of a type in blocks of order >= min_order. */
uint64_t pagetype_pages_at_least(const struct pagetype_free *t, int norders,
				 int min_order);

/* Writes "key": {"Movable": {"free_kb": N, "free_2m_blocks": N}, ...,
 * "saturated": bool}; saturated counts make free_kb a lower bound. */
void pagetype_json(struct json *j, const char *key,
		   const struct pagetypeinfo *p, unsigned page_kb);

#endif
