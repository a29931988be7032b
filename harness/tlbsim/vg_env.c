/*
 * vg_env.c - env.h inside the Valgrind tool: Valgrind's own memory and
 * fatal-error exit, and the extents of mappings from its address-space
 * manager.  A unit of its own so that the model code links against this,
 * not against the tool's main file (tests/host_env.c is the native twin).
 */
#include "pub_tool_basics.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"

#include "env.h"

void *ts_alloc(size_t n)
{
	void *p = VG_(calloc)("sptlb", 1, n ? n : 1);

	return p;
}

void ts_free(void *p)
{
	if (p)
		VG_(free)(p);
}

void ts_fatal(const char *msg)
{
	VG_(fmsg)("sptlb: %s\n", msg);
	VG_(exit)(1);
	for (;;)
		;
}

/* Valgrind keeps a reservation below the client stack it grows into. */
static Bool is_stack(const NSegment *seg)
{
	const NSegment *below;

	if (seg->kind != SkAnonC || seg->start == 0)
		return False;
	below = VG_(am_find_nsegment)(seg->start - 1);
	return below && below->kind == SkResvn;
}

int ts_extent(uint64_t addr, uint64_t *start, uint64_t *end, int *dir)
{
	const NSegment *seg = VG_(am_find_nsegment)((Addr)addr);

	if (!seg || seg->kind == SkFree || seg->kind == SkResvn)
		return 0;
	*start = seg->start;
	*end = (uint64_t)seg->end + 1;
	*dir = is_stack(seg) ? -1 : 0;
	return 1;
}
