/* events.c - event name resolution: perf's generic names are encoded here
 * (the same vocabulary `perf stat` prints), everything else goes through
 * libpfm4; plus the per-CPU page-walk event table. */
#include "events.h"
#include "pfm_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct generic {
	const char *name;
	uint32_t type;
	uint64_t config;
};

static const struct generic generics[] = {
	{ "cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ "cache-references", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ "branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES },
	{ "stalled-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "stalled-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
	{ "task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ "page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "alignment-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "emulation-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS },
};

/* perf's cache event names: <cache>-<op>s or <cache>-<op>-misses. */
static const struct {
	const char *name;
	unsigned int id;
} caches[] = {
	{ "L1-dcache", PERF_COUNT_HW_CACHE_L1D },
	{ "L1-icache", PERF_COUNT_HW_CACHE_L1I },
	{ "LLC", PERF_COUNT_HW_CACHE_LL },
	{ "dTLB", PERF_COUNT_HW_CACHE_DTLB },
	{ "iTLB", PERF_COUNT_HW_CACHE_ITLB },
	{ "branch", PERF_COUNT_HW_CACHE_BPU },
	{ "node", PERF_COUNT_HW_CACHE_NODE },
};

static const struct {
	const char *name;
	unsigned int op, result;
} cache_ops[] = {
	{ "loads", PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_ACCESS },
	{ "load-misses", PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_MISS },
	{ "stores", PERF_COUNT_HW_CACHE_OP_WRITE, PERF_COUNT_HW_CACHE_RESULT_ACCESS },
	{ "store-misses", PERF_COUNT_HW_CACHE_OP_WRITE, PERF_COUNT_HW_CACHE_RESULT_MISS },
	{ "prefetches", PERF_COUNT_HW_CACHE_OP_PREFETCH, PERF_COUNT_HW_CACHE_RESULT_ACCESS },
	{ "prefetch-misses", PERF_COUNT_HW_CACHE_OP_PREFETCH, PERF_COUNT_HW_CACHE_RESULT_MISS },
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static bool generic_lookup(const char *name, uint32_t *type, uint64_t *config)
{
	for (size_t i = 0; i < ARRAY_SIZE(generics); i++)
		if (!strcmp(name, generics[i].name)) {
			*type = generics[i].type;
			*config = generics[i].config;
			return true;
		}
	for (size_t i = 0; i < ARRAY_SIZE(caches); i++) {
		size_t len = strlen(caches[i].name);

		if (strncmp(name, caches[i].name, len) || name[len] != '-')
			continue;
		for (size_t k = 0; k < ARRAY_SIZE(cache_ops); k++)
			if (!strcmp(name + len + 1, cache_ops[k].name)) {
				*type = PERF_TYPE_HW_CACHE;
				*config = caches[i].id | cache_ops[k].op << 8 |
					  cache_ops[k].result << 16;
				return true;
			}
	}
	return false;
}

/*
 * Page-walk events by CPU.  Intel: DTLB_LOAD_MISSES:WALK_ACTIVE (cycles with
 * a demand-load walk in progress) from Skylake on, WALK_DURATION on Sandy
 * Bridge to Broadwell, WALK_CYCLES on Westmere.  AMD Zen 1 to Zen 3: PMCx046
 * umask 0x03, data-side table walks (perf's ls_tablewalker.dside); libpfm4
 * names it only for Zen 1, so Zen 2/3 use its raw form.  Zen 4 and later
 * have no walk event.
 */
struct pw_row {
	const char *vendor;
	unsigned int family, model_lo, model_hi;
	struct page_walk_event ev;	/* key NULL: this CPU has none */
};

#define WALK_ACTIVE { "page-walk-cycles", "DTLB_LOAD_MISSES:WALK_ACTIVE" }
#define WALK_DURATION { "page-walk-cycles", "DTLB_LOAD_MISSES:WALK_DURATION" }
#define AMD_WALKS_RAW { "page-walks", "perf_raw::r0346" }

static const struct pw_row pw_table[] = {
	{ "GenuineIntel", 6, 0x25, 0x25, { "page-walk-cycles", "DTLB_LOAD_MISSES:WALK_CYCLES" } },
	{ "GenuineIntel", 6, 0x2c, 0x2c, { "page-walk-cycles", "DTLB_LOAD_MISSES:WALK_CYCLES" } },
	{ "GenuineIntel", 6, 0x2f, 0x2f, { "page-walk-cycles", "DTLB_LOAD_MISSES:WALK_CYCLES" } },
	{ "GenuineIntel", 6, 0x2a, 0x2a, WALK_DURATION },	/* Sandy Bridge */
	{ "GenuineIntel", 6, 0x2d, 0x2d, WALK_DURATION },
	{ "GenuineIntel", 6, 0x3a, 0x3a, WALK_DURATION },	/* Ivy Bridge */
	{ "GenuineIntel", 6, 0x3e, 0x3e, WALK_DURATION },
	{ "GenuineIntel", 6, 0x3c, 0x3c, WALK_DURATION },	/* Haswell */
	{ "GenuineIntel", 6, 0x3f, 0x3f, WALK_DURATION },
	{ "GenuineIntel", 6, 0x45, 0x46, WALK_DURATION },
	{ "GenuineIntel", 6, 0x3d, 0x3d, WALK_DURATION },	/* Broadwell */
	{ "GenuineIntel", 6, 0x47, 0x47, WALK_DURATION },
	{ "GenuineIntel", 6, 0x4f, 0x4f, WALK_DURATION },
	{ "GenuineIntel", 6, 0x56, 0x56, WALK_DURATION },
	{ "GenuineIntel", 6, 0x4e, 0x4e, WALK_ACTIVE },		/* Skylake */
	{ "GenuineIntel", 6, 0x5e, 0x5e, WALK_ACTIVE },
	{ "GenuineIntel", 6, 0x55, 0x55, WALK_ACTIVE },		/* SKX/CLX/CPX */
	{ "GenuineIntel", 6, 0x8e, 0x8e, WALK_ACTIVE },		/* Kaby/Coffee/Comet */
	{ "GenuineIntel", 6, 0x9e, 0x9e, WALK_ACTIVE },
	{ "GenuineIntel", 6, 0xa5, 0xa6, WALK_ACTIVE },
	{ "GenuineIntel", 6, 0x66, 0x66, WALK_ACTIVE },		/* Cannon Lake */
	{ "GenuineIntel", 6, 0x6a, 0x6a, WALK_ACTIVE },		/* Ice Lake */
	{ "GenuineIntel", 6, 0x6c, 0x6c, WALK_ACTIVE },
	{ "GenuineIntel", 6, 0x7d, 0x7e, WALK_ACTIVE },
	{ "GenuineIntel", 6, 0x8c, 0x8d, WALK_ACTIVE },		/* Tiger Lake */
	{ "GenuineIntel", 6, 0xa7, 0xa7, WALK_ACTIVE },		/* Rocket Lake */
	{ "GenuineIntel", 6, 0x8f, 0x8f, WALK_ACTIVE },		/* Sapphire Rapids */
	{ "GenuineIntel", 6, 0xcf, 0xcf, WALK_ACTIVE },		/* Emerald Rapids */
	{ "GenuineIntel", 6, 0x97, 0x97, WALK_ACTIVE },		/* Alder Lake */
	{ "GenuineIntel", 6, 0x9a, 0x9a, WALK_ACTIVE },
	{ "GenuineIntel", 6, 0xb7, 0xb7, WALK_ACTIVE },		/* Raptor Lake */
	{ "GenuineIntel", 6, 0xba, 0xba, WALK_ACTIVE },
	{ "GenuineIntel", 6, 0xbf, 0xbf, WALK_ACTIVE },
	{ "AuthenticAMD", 0x17, 0x00, 0x2f,			/* Zen 1, Zen+ */
	  { "page-walks", "TABLEWALKER_ALLOCATION:ALLOC_DSIDE0:ALLOC_DSIDE1" } },
	{ "AuthenticAMD", 0x17, 0x30, 0xff, AMD_WALKS_RAW },	/* Zen 2 */
	{ "AuthenticAMD", 0x19, 0x00, 0x0f, AMD_WALKS_RAW },	/* Zen 3 */
	{ "AuthenticAMD", 0x19, 0x20, 0x5f, AMD_WALKS_RAW },
	{ "AuthenticAMD", 0x19, 0x10, 0x1f, { NULL, NULL } },	/* Zen 4 */
	{ "AuthenticAMD", 0x19, 0x60, 0xff, { NULL, NULL } },
	{ "AuthenticAMD", 0x1a, 0x00, 0xff, { NULL, NULL } },	/* Zen 5 */
};

const struct page_walk_event *events_page_walk(const struct cpu_ident *cpu,
					       char *why, size_t whylen)
{
	for (size_t i = 0; i < ARRAY_SIZE(pw_table); i++) {
		const struct pw_row *r = &pw_table[i];

		if (strcmp(cpu->vendor, r->vendor) || cpu->family != r->family ||
		    cpu->model < r->model_lo || cpu->model > r->model_hi)
			continue;
		if (r->ev.key)
			return &r->ev;
		snprintf(why, whylen,
			 "no page-walk event on %s family 0x%x model 0x%x (AMD Zen 4 and later count TLB misses only)",
			 cpu->vendor, cpu->family, cpu->model);
		return NULL;
	}
	snprintf(why, whylen,
		 "no page-walk event known for %s family 0x%x model 0x%x",
		 cpu->vendor, cpu->family, cpu->model);
	return NULL;
}

static int pfm_state = 1;	/* 1: not initialized yet */

static int pfm_ready(void)
{
	if (pfm_state == 1)
		pfm_state = pfm_load_initialize();
	return pfm_state;
}

void events_pfm_reinit(void)
{
	/* unloads it, also after a failed initialization, which libpfm4
	 * would otherwise answer again */
	pfm_load_terminate();
	pfm_state = 1;
}

int events_pfm_encode(const char *str, struct perf_event_attr *attr,
		      char *fstr, size_t fstrlen)
{
	pfm_perf_encode_arg_t arg;
	char *full = NULL;
	int ret = pfm_ready();

	if (ret != PFM_SUCCESS)
		return ret;
	memset(attr, 0, sizeof(*attr));
	memset(&arg, 0, sizeof(arg));
	arg.attr = attr;
	arg.fstr = &full;
	arg.size = sizeof(arg);
	ret = pfm_load_encode(str, PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT_EXT,
			      &arg);
	if (ret == PFM_SUCCESS && fstr)
		snprintf(fstr, fstrlen, "%s", full ? full : str);
	free(full);
	attr->size = sizeof(*attr);
	return ret;
}

static bool type_is_cpu(uint32_t type)
{
	return type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE ||
	       type == PERF_TYPE_RAW;
}

static void resolve_pfm(const char *str, struct event_desc *d)
{
	int ret = events_pfm_encode(str, &d->attr, NULL, 0);

	snprintf(d->pfm, sizeof(d->pfm), "%s", str);
	if (ret == PFM_SUCCESS) {
		d->ok = true;
		d->hw = type_is_cpu(d->attr.type);
	} else if (ret == PFM_ERR_NOTFOUND) {
		snprintf(d->reason, sizeof(d->reason),
			 "unknown event: neither a perf generic name nor a libpfm4 event of this host's PMUs");
	} else {
		snprintf(d->reason, sizeof(d->reason),
			 "libpfm4 cannot encode it: %s", pfm_load_strerror(ret));
	}
}

void events_resolve(const char *name, const struct cpu_ident *cpu,
		    struct event_desc *d)
{
	uint32_t type;
	uint64_t config;

	memset(d, 0, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "%s", name);
	if (generic_lookup(name, &type, &config)) {
		d->attr.size = sizeof(d->attr);
		d->attr.type = type;
		d->attr.config = config;
		d->ok = true;
		d->hw = type_is_cpu(type);
		return;
	}
	if (!strcmp(name, "page-walk-cycles") || !strcmp(name, "page-walks")) {
		char why[160];
		const struct page_walk_event *pw = events_page_walk(cpu, why,
								    sizeof(why));

		if (!pw) {
			snprintf(d->reason, sizeof(d->reason), "%s", why);
			return;
		}
		if (strcmp(name, pw->key)) {
			snprintf(d->reason, sizeof(d->reason),
				 "this CPU's page-walk event (%s) counts %s",
				 pw->pfm, pw->key);
			return;
		}
		resolve_pfm(pw->pfm, d);
		return;
	}
	resolve_pfm(name, d);
}

int events_default(const struct cpu_ident *cpu, struct event_desc *out,
		   int max)
{
	static const char *const before[] = {
		"cycles", "instructions", "dTLB-load-misses",
		"dTLB-store-misses", "iTLB-load-misses",
	};
	static const char *const after[] = {
		"minor-faults", "major-faults", "task-clock", "context-switches",
	};
	const struct page_walk_event *pw;
	char why[160];
	int n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(before) && n < max; i++)
		events_resolve(before[i], cpu, &out[n++]);
	pw = events_page_walk(cpu, why, sizeof(why));
	if (n < max)
		events_resolve(pw ? pw->key : "page-walk-cycles", cpu, &out[n++]);
	for (size_t i = 0; i < ARRAY_SIZE(after) && n < max; i++)
		events_resolve(after[i], cpu, &out[n++]);
	return n;
}
