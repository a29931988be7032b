/* sysctl.c - what spfrag reads of the sysctls a fragmented state depends
 * on, to report them in its ready line and to warn when it runs without
 * them held: proactive compaction undoes the fragmentation while it is
 * made, and growing per-CPU lists hide freed pages from the metric. */
#include "frag.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const struct {
	const char *name;		/* as sysctl(8) writes it */
	const char *file;		/* under /proc/sys */
	size_t off;
} knobs[] = {
	{ "vm.percpu_pagelist_high_fraction",
	  "vm/percpu_pagelist_high_fraction",
	  offsetof(struct frag_sysctls, pcp_fraction) },
	{ "vm.compaction_proactiveness", "vm/compaction_proactiveness",
	  offsetof(struct frag_sysctls, proactiveness) },
	{ "fs.pipe-max-size", "fs/pipe-max-size",
	  offsetof(struct frag_sysctls, pipe_max) },
};

#define NKNOBS (sizeof(knobs) / sizeof(knobs[0]))

static long long value(const struct frag_sysctls *s, unsigned i)
{
	return *(const long long *)((const char *)s + knobs[i].off);
}

static long long read_number(const char *path)
{
	FILE *f = fopen(path, "re");
	long long v;
	int n;

	if (!f)
		return -1;
	n = fscanf(f, "%lld", &v);
	fclose(f);
	return n == 1 && v >= 0 ? v : -1;
}

void frag_sysctls_read(const char *procsys, struct frag_sysctls *s)
{
	char path[512];

	for (unsigned i = 0; i < NKNOBS; i++) {
		snprintf(path, sizeof(path), "%s/%s", procsys, knobs[i].file);
		*(long long *)((char *)s + knobs[i].off) = read_number(path);
	}
}

void frag_sysctls_json(struct json *j, const char *key,
		       const struct frag_sysctls *s)
{
	json_object_begin(j, key);
	for (unsigned i = 0; i < NKNOBS; i++) {
		if (value(s, i) < 0)
			json_null(j, knobs[i].name);
		else
			json_int(j, knobs[i].name, value(s, i));
	}
	json_object_end(j);
}

static void add(char *buf, size_t len, const char *fmt, long long v,
		const char *why)
{
	size_t used = strlen(buf);

	if (used + 2 >= len)
		return;
	if (used)
		used += snprintf(buf + used, len - used, "; ");
	if (used < len)
		used += snprintf(buf + used, len - used, fmt, v);
	if (used < len)
		snprintf(buf + used, len - used, " (%s)", why);
}

void frag_sysctls_problems(const struct frag_sysctls *s, bool pipes_full,
			   char *buf, size_t len)
{
	if (!len)
		return;
	buf[0] = '\0';
	if (s->proactiveness > 0)
		add(buf, len, "vm.compaction_proactiveness is %lld",
		    s->proactiveness,
		    "kcompactd may undo the fragmentation as it is made");
	if (s->pcp_fraction >= 0 && s->pcp_fraction < FRAG_PCP_FRACTION)
		add(buf, len, "vm.percpu_pagelist_high_fraction is %lld",
		    s->pcp_fraction,
		    "the per-CPU lists may hide freed pages from the metric");
	if (!pipes_full)
		add(buf, len, "fs.pipe-max-size is %lld", s->pipe_max,
		    "pipes get 1 MB: the descriptor limit may stop the fill");
}
