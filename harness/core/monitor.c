/* monitor.c - /proc/vmstat, buddyinfo and pagetypeinfo over time (see
 * monitor.h).  Written here rather than run as mmtests' shell monitors: a
 * second sampler process would cost a fork per read and a clock apart from
 * spstat's. */
#include "monitor.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "child.h"
#include "pagetype.h"

#define MAX_VMSTAT_ITEMS 1024
#define MAX_ORDERS 16

static void source_open(struct monitor_source *s, const char *path,
			unsigned every)
{
	memset(s, 0, sizeof(*s));
	s->path = path;
	s->every = every;
	s->fd = open(path, O_RDONLY | O_CLOEXEC);
	s->available = s->fd >= 0;
	if (!s->available)
		snprintf(s->reason, sizeof(s->reason), "cannot read %s: %s%s",
			 path, strerror(errno),
			 errno == EACCES ? " (readable by root only)" : "");
}

/* The whole file into m->buf, NUL-terminated; 0 or -1 with errno. */
static int reread(struct monitor *m, struct monitor_source *s)
{
	size_t len = 0;

	if (lseek(s->fd, 0, SEEK_SET) < 0)
		return -1;
	for (;;) {
		ssize_t got;

		if (m->bufcap - len < 4096) {
			size_t cap = m->bufcap ? m->bufcap * 2 : 16384;
			char *p = realloc(m->buf, cap);

			if (!p)
				return -1;
			m->buf = p;
			m->bufcap = cap;
		}
		got = read(s->fd, m->buf + len, m->bufcap - len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (got == 0)
			break;
		len += (size_t)got;
	}
	m->buf[len] = '\0';
	return 0;
}

static void forget_vmstat(struct monitor *m)
{
	for (size_t i = 0; i < m->vm_n; i++)
		free(m->vm_names[i]);
	free(m->vm_names);
	m->vm_names = NULL;
	m->vm_n = 0;
}

/* "name value" lines, the names learnt from the first read
 * (learn_vmstat) in the same order. */
static int parse_vmstat(struct monitor *m, int64_t *row)
{
	char *save = NULL;
	size_t i = 0;

	for (char *line = strtok_r(m->buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), i++) {
		char name[64];
		long long v;

		if (sscanf(line, "%63s %lld", name, &v) != 2 ||
		    i == MAX_VMSTAT_ITEMS)
			return -1;
		if (i >= m->vm_n || strcmp(name, m->vm_names[i]))
			return -1;
		row[i] = v;
	}
	return i == m->vm_n && i ? 0 : -1;
}

static int learn_vmstat(struct monitor *m)
{
	char *copy = strdup(m->buf), *save = NULL;
	size_t n = 0;

	if (!copy)
		return -1;
	forget_vmstat(m);
	m->vm_names = calloc(MAX_VMSTAT_ITEMS, sizeof(char *));
	for (char *line = strtok_r(copy, "\n", &save); m->vm_names && line &&
	     n < MAX_VMSTAT_ITEMS; line = strtok_r(NULL, "\n", &save)) {
		char name[64];

		if (sscanf(line, "%63s", name) == 1 &&
		    !(m->vm_names[n++] = strdup(name)))
			break;
	}
	free(copy);
	m->vm_n = n;
	return m->vm_names && n && m->vm_names[n - 1] ? 0 : -1;
}

/* "Node 0, zone   Normal   c0 c1 ... cN" */
static int parse_buddyinfo(struct monitor *m, int64_t *row, bool learn)
{
	char *save = NULL;
	int z = 0;

	for (char *line = strtok_r(m->buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), z++) {
		char zone[32], *s, *end;
		int node, used = 0, k = 0;

		if (sscanf(line, "Node %d, zone %31s %n", &node, zone, &used) != 2
		    || used == 0 || z == MONITOR_MAX_ZONES ||
		    (row && z >= m->nzones))
			return -1;
		for (s = line + used; *s; s = end, k++) {
			long long v = strtoll(s, &end, 10);

			if (end == s)
				break;
			if (k == MAX_ORDERS || (row && k >= m->bi_orders))
				return -1;
			if (row)
				row[z * m->bi_orders + k] = v;
		}
		s += strspn(s, " \t\r");
		if (*s || k == 0)
			return -1;
		if (learn) {
			if (z && k != m->bi_orders)
				return -1;
			m->bi_orders = k;
			snprintf(m->zones[z], sizeof(m->zones[z]), "%d/%s", node,
				 zone);
		} else if (z >= m->nzones || k != m->bi_orders ||
			   strcmp(strchr(m->zones[z], '/') + 1, zone)) {
			return -1;
		}
	}
	if (learn)
		m->nzones = z;
	return z && (learn || z == m->nzones) ? 0 : -1;
}

static int parse_pagetypeinfo(struct monitor *m, int64_t *row, bool learn)
{
	struct pagetypeinfo p;
	FILE *f = fmemopen(m->buf, strlen(m->buf), "r");
	int rc;

	if (!f)
		return -1;
	rc = pagetypeinfo_parse(f, &p);
	fclose(f);
	if (rc < 0)
		return -1;
	if (learn) {
		m->ntypes = p.ntypes;
		m->pt_orders = p.norders;
		for (int t = 0; t < p.ntypes; t++)
			snprintf(m->types[t], sizeof(m->types[t]), "%s",
				 p.types[t].name);
		return 0;
	}
	if (p.ntypes != m->ntypes || p.norders != m->pt_orders)
		return -1;
	for (int t = 0; t < p.ntypes; t++) {
		if (strcmp(p.types[t].name, m->types[t]))
			return -1;
		for (int k = 0; k < p.norders; k++)
			row[t * p.norders + k] = (int64_t)p.types[t].blocks[k];
	}
	row[p.ntypes * p.norders] = p.saturated;
	return 0;
}

/* The first read of a source sizes its series. */
static int learn(struct monitor *m, struct monitor_source *s)
{
	size_t width;

	if (s == &m->vmstat) {
		if (learn_vmstat(m) < 0)
			return -1;
		width = m->vm_n;
	} else if (s == &m->buddyinfo) {
		if (parse_buddyinfo(m, NULL, true) < 0)
			return -1;
		width = (size_t)(m->nzones * m->bi_orders);
	} else {
		if (parse_pagetypeinfo(m, NULL, true) < 0)
			return -1;
		width = (size_t)(m->ntypes * m->pt_orders) + 1;
	}
	if (tseries_init(&s->ts, width, m->max_rows) < 0)
		return -1;
	s->ready = true;
	return 0;
}

static int parse(struct monitor *m, struct monitor_source *s, int64_t *row)
{
	if (s == &m->vmstat)
		return parse_vmstat(m, row);
	if (s == &m->buddyinfo)
		return parse_buddyinfo(m, row, false);
	return parse_pagetypeinfo(m, row, false);
}

static void fail(struct monitor_source *s, const char *what)
{
	s->failures++;
	snprintf(s->last_error, sizeof(s->last_error), "%s: %s", s->path, what);
}

static void sample_one(struct monitor *m, struct monitor_source *s,
		       uint64_t now_ns, bool last)
{
	uint64_t t0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	int64_t *row;
	double t_s = (double)((now_ns - m->start_ns) / 1000000) / 1e3;

	if (!s->available ||
	    (!last && (m->ticks % s->every || now_ns < s->next_ns)))
		return;
	if (s->ready && !last && !tseries_offer(&s->ts))
		return;
	if (reread(m, s) < 0) {
		fail(s, strerror(errno));
		goto out;
	}
	if (!s->ready) {
		char *copy = strdup(m->buf);

		if (!copy || learn(m, s) < 0) {
			free(copy);
			fail(s, "unexpected layout");
			goto out;
		}
		/* learning parsed the buffer in place: parse the copy again */
		memcpy(m->buf, copy, strlen(copy) + 1);
		free(copy);
		tseries_offer(&s->ts);
	}
	row = calloc(s->ts.width, sizeof(*row));
	if (!row || parse(m, s, row) < 0)
		fail(s, row ? "its layout changed or a line is malformed" :
			 strerror(ENOMEM));
	else
		tseries_append(&s->ts, t_s, row);
	free(row);
out:
	t0 = clock_ns(CLOCK_THREAD_CPUTIME_ID) - t0;
	s->cost_ns += t0;
	s->next_ns = now_ns + m->cost_factor * t0;
}

static void sample(struct monitor *m, uint64_t now_ns, bool last)
{
	sample_one(m, &m->vmstat, now_ns, last);
	sample_one(m, &m->buddyinfo, now_ns, last);
	sample_one(m, &m->pagetypeinfo, now_ns, last);
	if (!last)
		m->ticks++;
}

void monitor_init(struct monitor *m, unsigned interval_ms, size_t max_rows,
		  uint64_t now_ns, const char *vmstat, const char *buddyinfo,
		  const char *pagetypeinfo)
{
	memset(m, 0, sizeof(*m));
	m->interval_ms = interval_ms;
	m->max_rows = max_rows;
	m->cost_factor = 100;
	m->start_ns = m->next_ns = now_ns;
	if (!interval_ms)
		return;
	source_open(&m->vmstat, vmstat ? vmstat : "/proc/vmstat", 1);
	source_open(&m->buddyinfo, buddyinfo ? buddyinfo : "/proc/buddyinfo", 1);
	source_open(&m->pagetypeinfo,
		    pagetypeinfo ? pagetypeinfo : "/proc/pagetypeinfo",
		    MONITOR_PAGETYPE_EVERY);
}

int monitor_tick(struct monitor *m, uint64_t now_ns)
{
	if (m->interval_ms == 0 || now_ns < m->next_ns)
		return 0;
	do
		m->next_ns += (uint64_t)m->interval_ms * 1000000u;
	while (m->next_ns <= now_ns);
	sample(m, now_ns, false);
	return 1;
}

void monitor_sample_first(struct monitor *m, uint64_t now_ns)
{
	if (!m->interval_ms)
		return;
	sample(m, now_ns, false);
	m->next_ns = now_ns + (uint64_t)m->interval_ms * 1000000u;
}

void monitor_sample_last(struct monitor *m, uint64_t now_ns)
{
	if (m->interval_ms)
		sample(m, now_ns, true);
}

static void source_tail_json(struct json *j, const struct monitor_source *s)
{
	json_uint(j, "every", s->every);
	json_uint(j, "stride", s->ts.stride);
	json_uint(j, "failures", s->failures);
	json_string(j, "last_error", s->failures ? s->last_error : NULL);
	json_double(j, "cost_s", s->cost_ns / 1e9);
}

static bool source_head_json(struct json *j, const char *key,
			     const struct monitor_source *s)
{
	json_object_begin(j, key);
	json_bool(j, "available", s->available && s->ready);
	if (s->available && s->ready) {
		json_null(j, "reason");
		return true;
	}
	json_string(j, "reason", s->available ? s->last_error : s->reason);
	source_tail_json(j, s);
	json_object_end(j);
	return false;
}

/* Only the items that changed during the run are written: the rest of
 * /proc/vmstat (some 150 of its 180 items on a quiet run) would be the
 * same number repeated in every row. */
static void vmstat_json(struct json *j, const struct monitor *m)
{
	const struct monitor_source *s = &m->vmstat;
	size_t *cols, ncols = 0;

	if (!source_head_json(j, "vmstat", s))
		return;
	cols = calloc(m->vm_n, sizeof(*cols));
	for (size_t c = 0; cols && c < m->vm_n; c++)
		for (size_t r = 1; r < s->ts.n; r++)
			if (tseries_at(&s->ts, r, c) != tseries_at(&s->ts, 0, c)) {
				cols[ncols++] = c;
				break;
			}
	json_array_begin(j, "fields");
	json_string(j, NULL, "t_s");
	for (size_t i = 0; i < ncols; i++)
		json_string(j, NULL, m->vm_names[cols[i]]);
	json_array_end(j);
	json_uint(j, "unchanged_items", m->vm_n - ncols);
	tseries_json_rows(j, "samples", &s->ts, cols, ncols);
	free(cols);
	source_tail_json(j, s);
	json_object_end(j);
}

static void buddyinfo_json(struct json *j, const struct monitor *m)
{
	const struct monitor_source *s = &m->buddyinfo;

	if (!source_head_json(j, "buddyinfo", s))
		return;
	json_array_begin(j, "zones");
	for (int z = 0; z < m->nzones; z++)
		json_string(j, NULL, m->zones[z]);
	json_array_end(j);
	json_int(j, "orders", m->bi_orders);
	tseries_json_rows(j, "samples", &s->ts, NULL, 0);
	source_tail_json(j, s);
	json_object_end(j);
}

static void pagetypeinfo_json(struct json *j, const struct monitor *m)
{
	const struct monitor_source *s = &m->pagetypeinfo;

	if (!source_head_json(j, "pagetypeinfo", s))
		return;
	json_array_begin(j, "types");
	for (int t = 0; t < m->ntypes; t++)
		json_string(j, NULL, m->types[t]);
	json_array_end(j);
	json_int(j, "orders", m->pt_orders);
	tseries_json_rows(j, "samples", &s->ts, NULL, 0);
	source_tail_json(j, s);
	json_object_end(j);
}

void monitor_json(struct json *j, const char *key, const struct monitor *m)
{
	if (!m->interval_ms) {
		json_null(j, key);
		return;
	}
	json_object_begin(j, key);
	json_uint(j, "interval_ms", m->interval_ms);
	json_uint(j, "max_rows", m->max_rows);
	vmstat_json(j, m);
	buddyinfo_json(j, m);
	pagetypeinfo_json(j, m);
	json_object_end(j);
}

void monitor_free(struct monitor *m)
{
	struct monitor_source *all[] = { &m->vmstat, &m->buddyinfo,
					 &m->pagetypeinfo };

	for (size_t i = 0; i < 3; i++) {
		if (all[i]->path && all[i]->fd >= 0)
			close(all[i]->fd);
		tseries_free(&all[i]->ts);
	}
	forget_vmstat(m);
	free(m->buf);
	m->buf = NULL;
}
