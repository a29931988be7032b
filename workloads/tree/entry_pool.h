/* entry_pool.h - sp-tree's allocator for its nodes and records.  Slots have
 * the sizes glibc's malloc gives the two requests and are carved in the
 * order they are asked for, as malloc carves a fresh heap, but from one
 * block taken at start: malloc grows its brk heap a few pages at a time, and
 * a Linux THP fault needs the whole aligned 2 MB range inside the mapping,
 * so a heap grown that way gets no huge page until khugepaged collapses it. */
#ifndef SP_ENTRY_POOL_H
#define SP_ENTRY_POOL_H

#include <stddef.h>

enum entry_kind { ENTRY_NODE, ENTRY_RECORD };

/* malloc's chunk for a 48-byte node and for a 128-byte record on x86-64 */
#define ENTRY_NODE_SLOT 64
#define ENTRY_RECORD_SLOT 144

struct entry_pool {
	char *block, *next, *end;
	void *free_list[2];	/* by entry_kind; last given, first taken */
};

/* Room for entries nodes and as many records; -1 when out of memory. */
int entry_pool_init(struct entry_pool *p, long entries);
/* A slot of the kind, reused last-in first-out, else the next unused
 * bytes; NULL when the block is used up. */
void *entry_pool_take(struct entry_pool *p, enum entry_kind kind);
void entry_pool_give(struct entry_pool *p, enum entry_kind kind, void *slot);
void entry_pool_free(struct entry_pool *p);

#endif
