/* print.c - sptlbprobe's JSON (described in harness/tlbprobe/README.md). */
#include <stdio.h>

#include "probe.h"

static void array(FILE *out, const char *name, const double *v, int count, const char *end)
{
	fprintf(out, "\"%s\": [", name);
	for (int i = 0; i < count; i++)
		fprintf(out, "%s%.3f", i ? ", " : "", v[i]);
	fprintf(out, "]%s", end);
}

static void curve(FILE *out, const char *name, const struct curve *c, int points)
{
	fprintf(out, "    \"%s\": {", name);
	array(out, "best_ns", c->best, points, ", ");
	array(out, "median_ns", c->median, points, ", ");
	array(out, "worst_ns", c->worst, points, "}");
}

static void knees(FILE *out, const char *name, const struct knee_result *k, const char *end)
{
	fprintf(out, "    \"%s\": [", name);
	for (int i = 0; i < k->nknees; i++)
		fprintf(out, "%s{\"entries\": %.0f, \"next_pages\": %.0f, \"before_ns\": %.3f, "
			"\"after_ns\": %.3f}", i ? ", " : "", k->knees[i].entries,
			k->knees[i].next, k->knees[i].before, k->knees[i].after);
	fprintf(out, "]%s\n", end);
}

/* The 4 kB curve's mean over points first..last. */
static double mean_4k(const struct probe *p, int first, int last)
{
	double sum = 0;

	for (int i = first; i <= last; i++)
		sum += p->c4k.best[i];
	return sum / (last - first + 1);
}

/* The time the 4 kB curve gains from just before the curves part (the last
 * three points of the difference's first plateau) to the first three of the
 * plateau after knee k. */
static void cost(FILE *out, const struct probe *p, const char *name, const struct knee *k,
		 const char *why_not, const char *end)
{
	fprintf(out, "    \"%s\": ", name);
	if (!k) {
		fprintf(out, "{\"status\": \"not found\", \"reason\": \"%s\"}%s\n", why_not, end);
		return;
	}
	const struct plateau *start = &p->extra.knees.plateaus[0];
	const struct plateau *after = &p->extra.knees.plateaus[k->upper];
	int from = start->last - 2 > start->first ? start->last - 2 : start->first;
	int to = after->first + 2 < after->last ? after->first + 2 : after->last;
	double ns = mean_4k(p, after->first, to) - mean_4k(p, from, start->last);
	fprintf(out, "{\"status\": \"found\", \"ns\": %.3f, \"cycles\": ", ns);
	if (p->clock.known)
		fprintf(out, "%.1f}%s\n", ns * p->clock.mhz / 1e3, end);
	else
		fprintf(out, "\"unknown: the add and multiply chains disagree on the clock\"}%s\n",
			end);
}

static void costs(FILE *out, const struct probe *p)
{
	const struct knee_result *k = &p->extra.knees;
	int found = !p->why_no_tlb[0] && k->nknees > 0;
	char why[320];

	snprintf(why, sizeof(why), "%s", found ? "no knee parts the curves below the walks: a lower level's "
		 "knee shows in the 2 MB curve as well (a cache level, or a TLB the hypervisor "
		 "fills with 4 kB entries), so it is not taken for a TLB" : p->why_no_tlb);
	cost(out, p, "l1_miss_l2_hit", found && p->walk_knee > 0 ? &k->knees[p->walk_knee - 1] :
	     NULL, why, ",");
	cost(out, p, "walk", found ? &k->knees[p->walk_knee] : NULL, p->why_no_tlb, "");
}

static double spread_over(const struct curve *c, const struct plateau *pl)
{
	double worst = 0;

	for (int i = pl->first; i <= pl->last; i++) {
		double s = (c->median[i] - c->best[i]) / c->best[i];

		worst = s > worst ? s : worst;
	}
	return worst;
}

static void plateaus(FILE *out, const struct probe *p)
{
	const struct knee_result *k = &p->extra.knees;

	fprintf(out, "    \"plateaus\": [");
	for (int j = 0; j < k->nplateaus; j++) {
		const struct plateau *pl = &k->plateaus[j];
		double n4 = 0, n2 = 0;
		int count = pl->last - pl->first + 1;

		for (int i = pl->first; i <= pl->last; i++) {
			n4 += p->c4k.best[i] / count;
			n2 += p->c2m.best[i] / count;
		}
		fprintf(out, "%s\n      {\"from_pages\": %.0f, \"to_pages\": %.0f, \"ns_4k\": %.3f, "
			"\"ns_2m\": %.3f, \"extra_ns\": %.3f, \"spread_4k\": %.3f}", j ? "," : "",
			p->pages[pl->first], p->pages[pl->last], n4, n2, pl->level,
			spread_over(&p->c4k, pl));
	}
	fprintf(out, "],\n");
}

static void tlb(FILE *out, const struct probe *p)
{
	const struct knee_result *k = &p->extra.knees;

	fprintf(out, "  \"tlb\": {\n    \"status\": \"%s\",\n",
		p->why_no_tlb[0] ? "not found" : "found");
	if (p->why_no_tlb[0])
		fprintf(out, "    \"reason\": \"%s\",\n", p->why_no_tlb);
	fprintf(out, "    \"levels\": [");
	for (int i = 0; !p->why_no_tlb[0] && i < k->nknees; i++)
		fprintf(out, "%s{\"entries\": %.0f, \"next_pages\": %.0f, \"rise_ns\": %.3f, "
			"\"walks\": %s}", i ? ", " : "", k->knees[i].entries, k->knees[i].next,
			k->knees[i].after - k->knees[i].before, i == p->walk_knee ? "true" : "false");
	fprintf(out, "],\n    \"largest_level_entries\": ");
	if (p->why_no_tlb[0])
		fprintf(out, "\"not found\"");
	else
		fprintf(out, "%.0f", k->knees[p->walk_knee].entries);
	fprintf(out, ",\n    \"unclear_rises\": %d,\n", k->unclear);
	plateaus(out, p);
	costs(out, p);
	fprintf(out, "  },\n");
}

void probe_print(const struct probe *p, FILE *out)
{
	const struct probe_config *c = &p->config;

	fprintf(out, "{\n  \"probe\": \"sptlbprobe\", \"version\": 1, \"cpu\": %d, "
		"\"repeats\": %d, \"loads\": %ld,\n", c->cpu, c->repeats, c->loads);
	fprintf(out, "  \"clock\": {\"known\": %s, \"mhz\": %.0f, \"add_chain_mhz\": %.0f, "
		"\"mul_chain_mhz\": %.0f},\n", p->clock.known ? "true" : "false", p->clock.mhz,
		p->clock.add_mhz, p->clock.mul_mhz);
	fprintf(out, "  \"huge_pages\": {\"thp_enabled\": \"%s\", \"region_kb\": %zu, "
		"\"anon_huge_kb\": %ld, \"complete\": %s, \"small_region_anon_huge_kb\": %ld},\n",
		p->thp_mode, p->huge.bytes / 1024, p->huge.anon_huge_kb,
		p->huge_complete ? "true" : "false", p->small.anon_huge_kb);
	fprintf(out, "  \"curves\": {\n    ");
	array(out, "pages", p->pages, p->points, ",\n");
	curve(out, "4k", &p->c4k, p->points);
	fprintf(out, ",\n");
	curve(out, "2m", &p->c2m, p->points);
	fprintf(out, "\n  },\n  \"knees\": {\n");
	knees(out, "4k", &p->c4k.knees, ",");
	knees(out, "2m", &p->c2m.knees, ",");
	knees(out, "difference", &p->extra.knees, "");
	fprintf(out, "  },\n");
	tlb(out, p);
	fprintf(out, "  \"seconds\": %.3f\n}\n", p->seconds);
}
