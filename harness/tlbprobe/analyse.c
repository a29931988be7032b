/* analyse.c - what sptlbprobe makes of its two curves: the knees of each,
 * and the TLB's levels from the knees of their difference (the time a 4 kB
 * page costs over a 2 MB page at the same addresses), judged only when the
 * 2 MB region really got huge pages. */
#include <stdio.h>

#include "probe.h"

static void find(struct curve *c, const double *pages, int points, double scale)
{
	struct knee_params kp = knees_default_params();

	kp.scale = scale;
	knees_find(pages, c->best, c->noise, points, &kp, &c->knees);
}

void probe_analyse(struct probe *p)
{
	double fastest = p->c4k.best[0];
	long want_kb = (long)(p->huge.bytes / 1024);

	for (int i = 0; i < p->points; i++) {
		p->extra.best[i] = p->c4k.best[i] - p->c2m.best[i];
		p->extra.noise[i] = p->c4k.noise[i] + p->c2m.noise[i];
		fastest = p->c4k.best[i] < fastest ? p->c4k.best[i] : fastest;
	}
	find(&p->c4k, p->pages, p->points, 0);
	find(&p->c2m, p->pages, p->points, 0);
	/* the difference starts near 0: its tolerance is relative to a load's time */
	find(&p->extra, p->pages, p->points, fastest);
	/* A walk costs more than any TLB hit, and at least one more load in series (the
	 * page-table entry's): walks begin at the largest rise of at least the fastest
	 * load's time. */
	p->walk_knee = -1;
	for (int k = 0; k < p->extra.knees.nknees; k++) {
		const struct knee *e = p->extra.knees.knees;
		double rise = e[k].after - e[k].before;

		if (rise >= fastest && (p->walk_knee < 0 ||
		    rise > e[p->walk_knee].after - e[p->walk_knee].before))
			p->walk_knee = k;
	}
	p->huge_complete = p->huge.anon_huge_kb >= want_kb;
	if (p->huge.anon_huge_kb < 0)
		snprintf(p->why_no_tlb, sizeof(p->why_no_tlb),
			 "cannot read /proc/self/smaps to tell whether the 2 MB run got huge pages");
	else if (!p->huge_complete)
		snprintf(p->why_no_tlb, sizeof(p->why_no_tlb),
			 "the 2 MB run got %ld of %ld kB as huge pages (THP mode '%s'): "
			 "its curve is not a 2 MB curve", p->huge.anon_huge_kb, want_kb,
			 p->thp_mode);
	else if (p->extra.knees.nknees == 0)
		snprintf(p->why_no_tlb, sizeof(p->why_no_tlb),
			 "no clear knee where the 4 kB curve parts from the 2 MB one");
	else if (p->walk_knee < 0)
		snprintf(p->why_no_tlb, sizeof(p->why_no_tlb),
			 "no knee where the curves part rises by a load's time (%.2f ns) or more, "
			 "as a walk would", fastest);
}
