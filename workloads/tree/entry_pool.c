/* entry_pool.c - the slot allocator of entry_pool.h. */
#include <stdint.h>
#include <stdlib.h>

#include "entry_pool.h"

static const size_t slot_bytes[2] = { ENTRY_NODE_SLOT, ENTRY_RECORD_SLOT };

int entry_pool_init(struct entry_pool *p, long entries)
{
	size_t per = ENTRY_NODE_SLOT + ENTRY_RECORD_SLOT;

	p->block = p->next = p->end = NULL;
	p->free_list[ENTRY_NODE] = p->free_list[ENTRY_RECORD] = NULL;
	if (entries < 1 || (size_t)entries > SIZE_MAX / per)
		return -1;
	p->block = malloc((size_t)entries * per);
	if (!p->block)
		return -1;
	p->next = p->block;
	p->end = p->block + (size_t)entries * per;
	return 0;
}

void *entry_pool_take(struct entry_pool *p, enum entry_kind kind)
{
	void *slot = p->free_list[kind];

	if (slot) {
		p->free_list[kind] = *(void **)slot;
		return slot;
	}
	if ((size_t)(p->end - p->next) < slot_bytes[kind])
		return NULL;
	slot = p->next;
	p->next += slot_bytes[kind];
	return slot;
}

void entry_pool_give(struct entry_pool *p, enum entry_kind kind, void *slot)
{
	*(void **)slot = p->free_list[kind];
	p->free_list[kind] = slot;
}

void entry_pool_free(struct entry_pool *p)
{
	free(p->block);
	p->block = p->next = p->end = NULL;
	p->free_list[ENTRY_NODE] = p->free_list[ENTRY_RECORD] = NULL;
}
