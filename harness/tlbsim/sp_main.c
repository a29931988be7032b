/*
 * sp_main.c - sptlb, the Valgrind tool: feeds every instruction fetch and
 * every data load and store of the client, with its mmap, munmap and brk
 * events, to the TLB models of sim.c, and writes their counts as JSON.
 *
 * Instrumentation writes events into a buffer with plain IR stores, with
 * no call per access: one 64-bit word per event, a data address, or bit 63
 * set with the number of instructions (bits 48-62) fetched in a run from
 * one 4 KB page (bits 0-47 the run's first address).  A run ends at a page
 * change and at every side exit, so each counted instruction did execute.
 * A guarded call at the start of a superblock empties the buffer when the
 * block's events might not fit; every memory-map event empties it first,
 * so the models see accesses and map changes in program order.
 *
 * The heap is the kernel's (vg_heap.c): Valgrind's 8 MB brk cap is lifted,
 * and an anonymous mapping that continues the one below it grows that
 * object, as Linux merges VMAs.  --models and --policies choose what is
 * simulated: a run costs about its lookups times its policies.
 * --align-anon moves large anonymous mappings to aligned addresses in the
 * simulation (layout.h), the accesses to them with them.
 */
#include "pub_tool_basics.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_vkiscnums.h"

#include "env.h"
#include "layout.h"
#include "model.h"
#include "sim.h"
#include "vg_heap.h"

#define BUF_EVENTS	(1 << 16)
#define RUN_PAGE_SHIFT	12
#define INSTR_BIT	(1ULL << 63)
#define ADDR_MASK	((1ULL << 48) - 1)
#define MAX_RUN		0x7fff
#define BRK_MAX_DEFAULT	(1ULL << 30)

static ULong buf[BUF_EVENTS];
static ULong *buf_ptr = buf;

static const HChar *clo_models;
static const HChar *clo_policies;
static const HChar *clo_brk_max;
static const HChar *clo_out;
static const HChar *clo_align_anon;
static struct ts_sim *sim;
static struct ts_layout *layout;	/* NULL: the program's own layout */
static uint64_t align_min, align_to;

static void process(const ULong *end)
{
	for (const ULong *p = buf; p < end; p++) {
		ULong v = *p;

		if (layout && v)
			v = (v & ~ADDR_MASK) |
			    ts_layout_at(layout, v & ADDR_MASK);
		if (v & INSTR_BIT)
			ts_sim_access(sim, v & ADDR_MASK, true,
				      (v >> 48) & MAX_RUN);
		else if (v)
			ts_sim_access(sim, v, false, 1);
	}
}

static VG_REGPARM(1) void flush_from_code(ULong *end)
{
	process(end);
}

static void flush(void)
{
	process(buf_ptr);
	buf_ptr = buf;
}

static void on_startup(Addr a, SizeT len, Bool rr, Bool ww, Bool xx,
		       ULong di)
{
	uint64_t start, end;
	int dir = 0;	/* stays 0 where ts_extent finds no mapping */

	(void)rr; (void)ww; (void)xx; (void)di;
	flush();
	ts_extent(a, &start, &end, &dir);
	ts_sim_map(sim, a, a + len, dir);
}

/* Under --align-anon: a large anonymous mapping, mapped where it is put. */
static bool placed(Addr a, SizeT len)
{
	const NSegment *seg = VG_(am_find_nsegment)(a);
	uint64_t at;

	if (!layout || len < align_min || !seg || seg->kind != SkAnonC)
		return false;
	at = ts_layout_place(layout, a, a + len);
	ts_sim_map(sim, at, at + len, 0);
	return true;
}

static void on_mmap(Addr a, SizeT len, Bool rr, Bool ww, Bool xx, ULong di)
{
	(void)rr; (void)ww; (void)xx; (void)di;
	flush();
	if (placed(a, len))
		return;
	if (!ts_heap_continues(a))
		ts_sim_map(sim, a, a + len, 0);
	else if (ts_sim_grow(sim, a, a + len))
		ts_heap_merged();
}

static void unmap_piece(void *ctx, uint64_t start, uint64_t end)
{
	(void)ctx;
	ts_sim_unmap(sim, start, end);
}

static void on_munmap(Addr a, SizeT len)
{
	flush();
	if (layout)
		ts_layout_unmap(layout, a, a + len, unmap_piece, NULL);
	else
		ts_sim_unmap(sim, a, a + len);
}

static void on_brk(Addr a, SizeT len, ThreadId tid)
{
	(void)tid;
	flush();
	ts_sim_brk(sim, a, a + len);
}

static void pre_syscall(ThreadId tid, UInt no, UWord *args, UInt nargs)
{
	(void)tid; (void)no; (void)args; (void)nargs;
}

static void post_syscall(ThreadId tid, UInt no, UWord *args, UInt nargs,
			 SysRes res)
{
	(void)tid;
	if (no == __NR_brk && nargs >= 1 && !sr_isError(res))
		ts_heap_brk(args[0], sr_Res(res));
}

static void on_remap(Addr from, Addr to, SizeT len)
{
	(void)from;
	flush();
	if (!placed(to, len))
		ts_sim_map(sim, to, to + len, 0);
}

static IRExpr *as_atom(IRSB *out, IRExpr *e)
{
	IRTemp t;

	if (isIRAtom(e))
		return e;
	t = newIRTemp(out->tyenv, Ity_I64);
	addStmtToIRSB(out, IRStmt_WrTmp(t, e));
	return IRExpr_RdTmp(t);
}

static void put_event(IRSB *out, IRTemp ptr, UInt k, IRExpr *value)
{
	IRTemp at = newIRTemp(out->tyenv, Ity_I64);

	value = as_atom(out, value);
	addStmtToIRSB(out, IRStmt_WrTmp(at, IRExpr_Binop(Iop_Add64,
				IRExpr_RdTmp(ptr), mkIRExpr_HWord(8 * k))));
	addStmtToIRSB(out, IRStmt_Store(Iend_LE, IRExpr_RdTmp(at), value));
}

static void write_back(IRSB *out, IRTemp ptr, UInt k)
{
	IRExpr *at = mkIRExpr_HWord((HWord)&buf_ptr);
	IRExpr *v = as_atom(out, IRExpr_Binop(Iop_Add64, IRExpr_RdTmp(ptr),
					      mkIRExpr_HWord(8 * k)));

	addStmtToIRSB(out, IRStmt_Store(Iend_LE, at, v));
}

static IRExpr *guarded(IRSB *out, IRExpr *guard, IRExpr *addr)
{
	if (!guard)
		return addr;
	return IRExpr_ITE(as_atom(out, guard), addr, mkIRExpr_HWord(0));
}

/* The events of one statement: 1 for a memory access, else 0. */
static UInt data_events(const IRStmt *st)
{
	switch (st->tag) {
	case Ist_WrTmp:
		return st->Ist.WrTmp.data->tag == Iex_Load;
	case Ist_Store:
	case Ist_StoreG:
	case Ist_LoadG:
	case Ist_CAS:
	case Ist_LLSC:
		return 1;
	case Ist_Dirty:
		return st->Ist.Dirty.details->mFx != Ifx_None;
	default:
		return 0;
	}
}

static IRSB *sp_instrument(VgCallbackClosure *closure, IRSB *in,
			   const VexGuestLayout *layout,
			   const VexGuestExtents *vge,
			   const VexArchInfo *archinfo, IRType gw, IRType hw)
{
	IRSB *out = deepCopyIRSBExceptStmts(in);
	UInt *run = VG_(calloc)("sptlb.run", in->stmts_used + 1, sizeof(UInt));
	UInt events = 0, k = 0;
	Int i = 0, at = -1;
	Addr page = 0;
	IRTemp ptr0, guard, ptr;
	IRDirty *d;

	(void)closure; (void)layout; (void)vge; (void)archinfo;
	if (gw != Ity_I64 || hw != Ity_I64)
		VG_(tool_panic)("sptlb: 64-bit guests only");
	while (i < in->stmts_used && in->stmts[i]->tag != Ist_IMark)
		addStmtToIRSB(out, in->stmts[i++]);
	for (Int j = i; j < in->stmts_used; j++) {
		const IRStmt *st = in->stmts[j];

		if (st->tag == Ist_IMark) {
			Addr pg = (Addr)st->Ist.IMark.addr >> RUN_PAGE_SHIFT;

			if (at < 0 || pg != page || run[at] == MAX_RUN) {
				at = j;
				page = pg;
				events++;
			}
			run[at]++;
		} else if (st->tag == Ist_Exit) {
			at = -1;
		}
		events += data_events(st);
	}
	if (events * 2 > BUF_EVENTS)
		VG_(tool_panic)("sptlb: superblock with too many accesses");

	ptr0 = newIRTemp(out->tyenv, Ity_I64);
	guard = newIRTemp(out->tyenv, Ity_I1);
	ptr = newIRTemp(out->tyenv, Ity_I64);
	addStmtToIRSB(out, IRStmt_WrTmp(ptr0, IRExpr_Load(Iend_LE, Ity_I64,
				mkIRExpr_HWord((HWord)&buf_ptr))));
	addStmtToIRSB(out, IRStmt_WrTmp(guard, IRExpr_Binop(Iop_CmpLT64U,
				mkIRExpr_HWord((HWord)(buf + BUF_EVENTS - events)),
				IRExpr_RdTmp(ptr0))));
	d = unsafeIRDirty_0_N(1, "sptlb_flush",
			      VG_(fnptr_to_fnentry)(flush_from_code),
			      mkIRExprVec_1(IRExpr_RdTmp(ptr0)));
	d->guard = IRExpr_RdTmp(guard);
	addStmtToIRSB(out, IRStmt_Dirty(d));
	addStmtToIRSB(out, IRStmt_WrTmp(ptr, IRExpr_ITE(IRExpr_RdTmp(guard),
				mkIRExpr_HWord((HWord)buf),
				IRExpr_RdTmp(ptr0))));

	for (; i < in->stmts_used; i++) {
		IRStmt *st = in->stmts[i];
		IRDirty *dd;

		switch (st->tag) {
		case Ist_IMark:
			addStmtToIRSB(out, st);
			if (run[i])
				put_event(out, ptr, k++, mkIRExpr_HWord(
					INSTR_BIT | (ULong)run[i] << 48 |
					((ULong)st->Ist.IMark.addr & ADDR_MASK)));
			continue;
		case Ist_Exit:
			write_back(out, ptr, k);
			break;
		case Ist_WrTmp:
			if (st->Ist.WrTmp.data->tag == Iex_Load)
				put_event(out, ptr, k++,
					  st->Ist.WrTmp.data->Iex.Load.addr);
			break;
		case Ist_Store:
			put_event(out, ptr, k++, st->Ist.Store.addr);
			break;
		case Ist_StoreG:
			put_event(out, ptr, k++, guarded(out,
				  st->Ist.StoreG.details->guard,
				  st->Ist.StoreG.details->addr));
			break;
		case Ist_LoadG:
			put_event(out, ptr, k++, guarded(out,
				  st->Ist.LoadG.details->guard,
				  st->Ist.LoadG.details->addr));
			break;
		case Ist_CAS:
			put_event(out, ptr, k++, st->Ist.CAS.details->addr);
			break;
		case Ist_LLSC:
			put_event(out, ptr, k++, st->Ist.LLSC.addr);
			break;
		case Ist_Dirty:
			dd = st->Ist.Dirty.details;
			if (dd->mFx != Ifx_None)
				put_event(out, ptr, k++,
					  guarded(out, dd->guard, dd->mAddr));
			break;
		default:
			break;
		}
		addStmtToIRSB(out, st);
	}
	write_back(out, ptr, k);
	tl_assert(k == events);
	VG_(free)(run);
	return out;
}

static Bool sp_option(const HChar *arg)
{
	if VG_STR_CLO(arg, "--models", clo_models) {}
	else if VG_STR_CLO(arg, "--policies", clo_policies) {}
	else if VG_STR_CLO(arg, "--brk-max", clo_brk_max) {}
	else if VG_STR_CLO(arg, "--out", clo_out) {}
	else if VG_STR_CLO(arg, "--align-anon", clo_align_anon) {}
	else
		return False;
	return True;
}

static void sp_usage(void)
{
	VG_(printf)("    --models=FILE[,FILE]  TLB model files [required]\n"
		    "    --policies=P[,P]      only these policies (NAME, or MODEL:NAME) "
		    "[all]\n"
		    "    --brk-max=SIZE        the brk heap may grow to SIZE; 0 keeps "
		    "Valgrind's cap [1G]\n"
		    "    --out=FILE            where the JSON report goes, %%p the pid "
		    "[stdout]\n"
		    "    --align-anon=SIZE     simulate anonymous mappings of SIZE or "
		    "more at addresses aligned to the largest page [0: off]\n");
}

static void sp_debug_usage(void)
{
}

static char *read_file(const HChar *path)
{
	SysRes r = VG_(open)(path, VKI_O_RDONLY, 0);
	struct vg_stat stat;
	Int fd, got;
	char *text;

	if (sr_isError(r))
		return NULL;
	fd = (Int)sr_Res(r);
	if (VG_(fstat)(fd, &stat) != 0 || stat.size > (1 << 20)) {
		VG_(close)(fd);
		return NULL;
	}
	text = ts_alloc((size_t)stat.size + 1);
	got = VG_(read)(fd, text, (Int)stat.size);
	VG_(close)(fd);
	if (got != (Int)stat.size) {
		ts_free(text);
		return NULL;
	}
	return text;
}

static void sp_post_clo_init(void)
{
	static struct ts_model models[TS_MAX_MODELS];
	HChar *list, *save = NULL;
	uint64_t brk_max = BRK_MAX_DEFAULT;
	UInt n = 0;

	if (!clo_models)
		ts_fatal("--models=FILE[,FILE] is required");
	list = VG_(strdup)("sptlb.clo", clo_models);
	for (HChar *path = VG_(strtok_r)(list, ",", &save); path;
	     path = VG_(strtok_r)(NULL, ",", &save)) {
		struct ts_buf err = { 0 };
		char *text = read_file(path);

		if (n == TS_MAX_MODELS)
			ts_fatal("at most 4 models");
		if (!text) {
			VG_(fmsg)("sptlb: cannot read model file %s\n", path);
			VG_(exit)(1);
		}
		if (!ts_model_parse(&models[n], text, &err)) {
			VG_(fmsg)("sptlb: %s: %s\n", path, err.s);
			VG_(exit)(1);
		}
		ts_free(text);
		n++;
	}
	VG_(free)(list);
	if (clo_policies) {
		struct ts_buf err = { 0 };

		if (!ts_models_select(models, n, clo_policies, &err)) {
			VG_(fmsg)("sptlb: --policies: %s\n", err.s);
			VG_(exit)(1);
		}
	}
	if (clo_brk_max && !ts_parse_size(clo_brk_max, &brk_max))
		ts_fatal("--brk-max wants a size: 0, 64M, 1G");
	if (clo_align_anon && !ts_parse_size(clo_align_anon, &align_min))
		ts_fatal("--align-anon wants a size: 0, 128K, 1M");
	for (UInt i = 0; i < n; i++)
		if (models[i].size[models[i].nsizes - 1] > align_to)
			align_to = models[i].size[models[i].nsizes - 1];
	if (align_min)
		layout = ts_layout_new(align_min, align_to);
	sim = ts_sim_new(models, n);
	ts_heap_lift(brk_max);
}

/* The simulator's report, led by which process and program it counts:
 * under --trace-children each program a process execs writes its own. */
static void report(struct ts_buf *out)
{
	struct ts_buf counts = { 0 };

	ts_sim_report(sim, &counts);
	ts_buf_str(out, "{\"process\":{\"pid\":");
	ts_buf_u64(out, (uint64_t)VG_(getpid)());
	ts_buf_str(out, ",\"image\":");
	ts_buf_json_str(out, VG_(args_the_exename) ?
			VG_(args_the_exename) : "");
	ts_buf_str(out, "}");
	ts_heap_report(out);
	if (layout) {
		ts_buf_str(out, ",\"layout\":{\"align_anon\":");
		ts_buf_u64(out, align_min);
		ts_buf_str(out, ",\"aligned_to\":");
		ts_buf_u64(out, align_to);
		ts_buf_str(out, ",\"moved\":");
		ts_buf_u64(out, ts_layout_moved(layout));
		ts_buf_str(out, "}");
	}
	ts_buf_str(out, ",");
	ts_buf_str(out, counts.s + 1);	/* past its opening brace */
	ts_buf_free(&counts);
}

static void sp_fini(Int exitcode)
{
	struct ts_buf out = { 0 };
	HChar *path = NULL;
	Int fd = 1;

	(void)exitcode;
	flush();
	report(&out);
	if (clo_out) {
		/* %p: the pid, so that forked processes write apart */
		path = VG_(expand_file_name)("--out", clo_out);
		fd = VG_(fd_open)(path, VKI_O_CREAT | VKI_O_WRONLY |
				  VKI_O_TRUNC, 0644);
		if (fd < 0) {
			VG_(fmsg)("sptlb: cannot write %s\n", path);
			VG_(free)(path);
			ts_buf_free(&out);
			return;
		}
	}
	for (size_t done = 0; done < out.len;) {
		Int w = VG_(write)(fd, out.s + done, (Int)(out.len - done));

		if (w <= 0)
			break;
		done += (size_t)w;
	}
	if (clo_out) {
		VG_(close)(fd);
		VG_(free)(path);
	}
	ts_buf_free(&out);
}

static void sp_pre_clo_init(void)
{
	VG_(details_name)("sptlb");
	VG_(details_version)("1");
	VG_(details_description)("TLB misses under page-size policies");
	VG_(details_copyright_author)("spbench");
	VG_(details_bug_reports_to)("spbench");
	VG_(details_avg_translation_sizeB)(400);
	VG_(basic_tool_funcs)(sp_post_clo_init, sp_instrument, sp_fini);
	VG_(needs_command_line_options)(sp_option, sp_usage, sp_debug_usage);
	VG_(track_new_mem_startup)(on_startup);
	VG_(track_new_mem_mmap)(on_mmap);
	VG_(track_die_mem_munmap)(on_munmap);
	VG_(track_new_mem_brk)(on_brk);
	VG_(track_die_mem_brk)(on_munmap);
	VG_(track_copy_mem_remap)(on_remap);
	VG_(needs_syscall_wrapper)(pre_syscall, post_syscall);
}

VG_DETERMINE_INTERFACE_VERSION(sp_pre_clo_init)
