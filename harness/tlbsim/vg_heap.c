/*
 * vg_heap.c - vg_heap.h: the brk heap without Valgrind's cap, and which
 * mappings continue the one below them.  Valgrind 3.19 has no option for
 * the cap: its initimg-linux.c makes the brk segment one page followed by a
 * reservation of min(RLIMIT_DATA, 8 MB), and its brk fails once that is
 * used up.  Before the client runs, this replaces that reservation with a
 * larger one, through two functions of Valgrind's address-space manager
 * that its tool headers do not declare (they are in the same static
 * library the tool links): the brk segment then grows as Linux lets it.
 */
#include "pub_tool_basics.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_vki.h"

#include "env.h"
#include "vg_heap.h"

/* Valgrind's own, from pub_core_aspacemgr.h and pub_core_clientstate.h. */
extern Bool VG_(am_notify_munmap)(Addr start, SizeT len);
extern Bool VG_(am_create_reservation)(Addr start, SizeT length,
				       ShrinkMode smode, SSizeT extra);
extern Addr VG_(brk_base);

static uint64_t base, cap_valgrind, cap_now, top, refused, merged;

/* Where the free space starting at addr ends (addr itself if none). */
static Addr free_until(Addr addr)
{
	UInt kinds = (SkAnonC | SkAnonV | SkFileC | SkFileV | SkShmC | SkResvn);
	Addr *starts = NULL, until = ~(Addr)0;
	Int n = 64, got;

	if (VG_(am_find_nsegment)(addr))
		return addr;
	for (;;) {
		starts = ts_alloc((size_t)n * sizeof(*starts));
		got = VG_(am_get_segment_starts)(kinds, starts, n);
		if (got >= 0)
			break;
		ts_free(starts);
		n = -got;
	}
	for (Int i = 0; i < got; i++)
		if (starts[i] > addr && starts[i] < until)
			until = starts[i];
	ts_free(starts);
	return until;
}

void ts_heap_lift(uint64_t max)
{
	const NSegment *anon = VG_(am_find_nsegment)(VG_(brk_base));
	const NSegment *resv;
	struct vki_rlimit lim;
	Addr rstart, rend, room, want;

	base = VG_(brk_base);
	if (!anon || anon->kind != SkAnonC || anon->start != base)
		return;
	resv = VG_(am_find_nsegment)(anon->end + 1);
	if (!resv || resv->kind != SkResvn || resv->smode != SmLower)
		return;
	rstart = resv->start;
	rend = resv->end + 1;
	cap_valgrind = cap_now = rend - base;
	if (max <= cap_valgrind)
		return;
	if (VG_(getrlimit)(VKI_RLIMIT_DATA, &lim) == 0 &&
	    lim.rlim_cur != VKI_RLIM_INFINITY && lim.rlim_cur < max)
		max = lim.rlim_cur;	/* as Linux limits brk */
	room = free_until(rend) - base;
	want = (base + (max < room ? max : room)) & ~(Addr)(VKI_PAGE_SIZE - 1);
	if (want <= rend)
		return;
	VG_(am_notify_munmap)(rstart, rend - rstart);
	if (VG_(am_create_reservation)(rstart, want - rstart, SmLower, 0))
		cap_now = want - base;
	else if (!VG_(am_create_reservation)(rstart, rend - rstart, SmLower, 0))
		ts_fatal("cannot restore Valgrind's brk reservation");
}

void ts_heap_brk(uint64_t asked, uint64_t got)
{
	if (asked > got)
		refused++;
	if (got > base && got - base > top)
		top = got - base;
}

bool ts_heap_continues(uint64_t addr)
{
	const NSegment *seg = VG_(am_find_nsegment)((Addr)addr);

	return seg && seg->kind == SkAnonC && seg->start < addr;
}

void ts_heap_merged(void)
{
	merged++;
}

static void member(struct ts_buf *out, const char *key, uint64_t v)
{
	ts_buf_str(out, key);
	ts_buf_u64(out, v);
}

void ts_heap_report(struct ts_buf *out)
{
	member(out, ",\"heap\":{\"valgrind_brk_cap\":", cap_valgrind);
	member(out, ",\"brk_cap\":", cap_now);
	member(out, ",\"brk_top\":", top);
	member(out, ",\"brk_refused\":", refused);
	member(out, ",\"merged_mappings\":", merged);
	ts_buf_str(out, "}");
}
