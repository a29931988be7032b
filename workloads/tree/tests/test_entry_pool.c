/* test_entry_pool.c - the entry pool lays slots out in the order asked at
 * malloc's chunk sizes, reuses the last slot given back first, keeps nodes
 * and records apart, and says NULL rather than run past its block. */
#include <stdint.h>

#include "entry_pool.h"
#include "tap.h"

static void layout(void)
{
	struct entry_pool p;
	char *n1, *r1, *n2, *r2;

	TAP_CHECK(entry_pool_init(&p, 2) == 0, "a pool of 2 entries");
	n1 = entry_pool_take(&p, ENTRY_NODE);
	r1 = entry_pool_take(&p, ENTRY_RECORD);
	n2 = entry_pool_take(&p, ENTRY_NODE);
	r2 = entry_pool_take(&p, ENTRY_RECORD);
	TAP_CHECK(n1 == p.block, "the first slot starts the block");
	TAP_CHECK(r1 - n1 == ENTRY_NODE_SLOT && n2 - r1 == ENTRY_RECORD_SLOT &&
		  r2 - n2 == ENTRY_NODE_SLOT,
		  "slots follow each other in the order taken");
	TAP_CHECK((uintptr_t)n1 % 16 == 0 && (uintptr_t)r2 % 16 == 0,
		  "slots are 16-byte aligned, as malloc's are");
	TAP_CHECK(!entry_pool_take(&p, ENTRY_NODE) &&
		  !entry_pool_take(&p, ENTRY_RECORD),
		  "a used-up block gives NULL");

	entry_pool_give(&p, ENTRY_RECORD, r1);
	entry_pool_give(&p, ENTRY_NODE, n1);
	entry_pool_give(&p, ENTRY_NODE, n2);
	TAP_CHECK(entry_pool_take(&p, ENTRY_NODE) == n2 &&
		  entry_pool_take(&p, ENTRY_NODE) == n1,
		  "nodes are reused last given, first taken");
	TAP_CHECK(!entry_pool_take(&p, ENTRY_NODE),
		  "a record slot is never handed out as a node");
	TAP_CHECK(entry_pool_take(&p, ENTRY_RECORD) == r1,
		  "the record given back is taken again");
	entry_pool_free(&p);
	TAP_CHECK(!p.block && !p.free_list[ENTRY_NODE],
		  "entry_pool_free empties the pool");
}

static void bad_sizes(void)
{
	struct entry_pool p;

	TAP_CHECK(entry_pool_init(&p, 0) == -1, "0 entries is refused");
	TAP_CHECK(entry_pool_init(&p, -5) == -1, "a negative count is refused");
	TAP_CHECK(entry_pool_init(&p, (long)(SIZE_MAX / 100)) == -1,
		  "a size past the address space is refused");
}

int main(void)
{
	layout();
	bad_sizes();
	return tap_done();
}
