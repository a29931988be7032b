/* contiguity_timeline.c - periodic contiguity samples (see
 * contiguity_timeline.h). */
#include "contiguity_timeline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void contig_timeline_init(struct contig_timeline *t, unsigned interval_ms,
			  uint64_t now_ns)
{
	memset(t, 0, sizeof(*t));
	t->interval_ms = interval_ms;
	t->start_ns = now_ns;
	t->next_ns = now_ns;
}

int contig_timeline_sample(struct contig_timeline *t, uint64_t now_ns)
{
	struct contiguity c;
	struct contig_sample *s;
	int rc;

	if (t->buddyinfo)
		rc = contiguity_measure(t->buddyinfo, t->zoneinfo, t->meminfo,
					contiguity_default_sizes_kb, 4, &c,
					t->last_error,
					sizeof(t->last_error));
	else
		rc = contiguity_measure_live(contiguity_default_sizes_kb, 4,
					     &c, t->last_error,
					     sizeof(t->last_error));
	if (rc != 0) {
		t->failures++;
		return -1;
	}
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		void *p = realloc(t->samples, cap * sizeof(*t->samples));

		if (!p) {
			t->failures++;
			snprintf(t->last_error, sizeof(t->last_error), "%s",
				 strerror(ENOMEM));
			return -1;
		}
		t->samples = p;
		t->cap = cap;
	}
	s = &t->samples[t->n++];
	s->t_s = (double)(now_ns - t->start_ns) / 1e9;
	s->contiguity = c.contiguity;
	s->free_kb = c.free_kb;
	s->free_2m_blocks = c.free_2m_blocks;
	return 1;
}

int contig_timeline_tick(struct contig_timeline *t, uint64_t now_ns)
{
	if (t->interval_ms == 0 || now_ns < t->next_ns)
		return 0;
	/* the next slot is counted from the schedule, not from now, so a
	 * slow read does not stretch the period; missed slots are skipped */
	do
		t->next_ns += (uint64_t)t->interval_ms * 1000000u;
	while (t->next_ns <= now_ns);
	return contig_timeline_sample(t, now_ns);
}

void contig_timeline_json(struct json *j, const char *key,
			  const struct contig_timeline *t)
{
	json_object_begin(j, key);
	json_uint(j, "interval_ms", t->interval_ms);
	json_array_begin(j, "fields");
	json_string(j, NULL, "t_s");
	json_string(j, NULL, "contiguity");
	json_string(j, NULL, "free_kb");
	json_string(j, NULL, "free_2m_blocks");
	json_array_end(j);
	json_array_begin(j, "samples");
	for (size_t i = 0; i < t->n; i++) {
		json_array_begin(j, NULL);
		json_double(j, NULL, t->samples[i].t_s);
		json_double(j, NULL, t->samples[i].contiguity);
		json_uint(j, NULL, t->samples[i].free_kb);
		json_uint(j, NULL, t->samples[i].free_2m_blocks);
		json_array_end(j);
	}
	json_array_end(j);
	json_uint(j, "failures", t->failures);
	if (t->failures)
		json_string(j, "last_error", t->last_error);
	else
		json_null(j, "last_error");
	json_object_end(j);
}

void contig_timeline_free(struct contig_timeline *t)
{
	free(t->samples);
	t->samples = NULL;
	t->n = t->cap = 0;
}
