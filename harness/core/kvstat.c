/* kvstat.c - reads the THP/compaction counters of /proc/vmstat and the mTHP
 * stats in sysfs, and writes their deltas as JSON. */
#include "kvstat.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int kvset_add_fd(struct kvset *set, const char *name, int64_t value,
			int fd)
{
	if (set->n == set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 32;
		struct kv *items = realloc(set->items, cap * sizeof(*items));

		if (!items)
			return -1;
		set->items = items;
		set->cap = cap;
	}
	set->items[set->n].name = strdup(name);
	if (!set->items[set->n].name)
		return -1;
	set->items[set->n].value = value;
	set->items[set->n].fd = fd;
	set->n++;
	return 0;
}

static int kvset_add(struct kvset *set, const char *name, int64_t value)
{
	return kvset_add_fd(set, name, value, -1);
}

static void kvset_free(struct kvset *set)
{
	for (size_t i = 0; i < set->n; i++) {
		free(set->items[i].name);
		if (set->items[i].fd >= 0)
			close(set->items[i].fd);
	}
	free(set->items);
	memset(set, 0, sizeof(*set));
}

int64_t kvset_get(const struct kvset *set, const char *name, int *found)
{
	for (size_t i = 0; i < set->n; i++) {
		if (strcmp(set->items[i].name, name) == 0) {
			if (found)
				*found = 1;
			return set->items[i].value;
		}
	}
	if (found)
		*found = 0;
	return 0;
}

int kvstat_vmstat_wanted(const char *name)
{
	return strncmp(name, "thp_", 4) == 0 ||
	       strncmp(name, "compact_", 8) == 0 ||
	       strncmp(name, "nr_thp_", 7) == 0 || strstr(name, "resv") != NULL;
}

/* Parses a whole decimal number (optionally negative) ending in blanks. */
static int parse_value(const char *s, int64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	if (errno || end == s)
		return -1;
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	return *end ? -1 : 0;
}

int kvstat_read_vmstat(FILE *f, struct kvset *out)
{
	char *line = NULL;
	size_t cap = 0;
	int rc = 0;

	while (getline(&line, &cap, f) > 0) {
		char *sp = strchr(line, ' ');
		int64_t v;

		if (!sp || sp == line || parse_value(sp + 1, &v) < 0) {
			errno = EINVAL;
			rc = -1;
			break;
		}
		*sp = '\0';
		if (kvstat_vmstat_wanted(line) && kvset_add(out, line, v) < 0) {
			rc = -1;
			break;
		}
	}
	if (rc == 0 && ferror(f))
		rc = -1;
	free(line);
	return rc;
}

/* The number in an open small file, read from its start: plain pread, no
 * stdio, because a snapshot reads a few hundred sysfs files and stdio's
 * fstat and buffer were a third of that cost. */
static int read_number_fd(int fd, int64_t *v)
{
	char buf[64];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n < 0)
		return -1;
	buf[n] = '\0';
	if (n == 0 || parse_value(buf, v) < 0) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

/* Opens name in dir, reads its number and adds both to out, the file kept
 * open for the next snapshot. */
static int add_number_at(int dir, const char *name, struct kvset *out)
{
	int fd = openat(dir, name, O_RDONLY | O_CLOEXEC);
	int64_t v;
	int saved;

	if (fd < 0)
		return -1;
	if (read_number_fd(fd, &v) == 0 && kvset_add_fd(out, name, v, fd) == 0)
		return 0;
	saved = errno;
	close(fd);
	errno = saved;
	return -1;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads every regular file of dir as one number, in name order. */
static int read_stats_dir(const char *dir, struct kvset *out)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;

	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **nn;

			cap = cap ? cap * 2 : 32;
			nn = realloc(names, cap * sizeof(*nn));
			if (!nn) {
				rc = -1;
				break;
			}
			names = nn;
		}
		names[n] = strdup(e->d_name);
		if (!names[n]) {
			rc = -1;
			break;
		}
		n++;
	}
	if (rc == 0)
		qsort(names, n, sizeof(*names), cmp_names);
	for (size_t i = 0; i < n && rc == 0; i++)
		if (add_number_at(dirfd(d), names[i], out) < 0)
			rc = -1;
	closedir(d);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

static int cmp_sizes(const void *a, const void *b)
{
	const struct kvstat_size *x = a, *y = b;

	return (x->size_kb > y->size_kb) - (x->size_kb < y->size_kb);
}

int kvstat_read_mthp(const char *thp_dir, struct kvstat_snapshot *s)
{
	DIR *d = opendir(thp_dir);
	struct dirent *e;
	char path[4096];
	int rc = 0;

	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((e = readdir(d))) {
		unsigned long long kb;
		int used = 0;
		struct kvstat_size *sz;

		if (sscanf(e->d_name, "hugepages-%llukB%n", &kb, &used) != 1 ||
		    e->d_name[used] != '\0')
			continue;
		sz = realloc(s->sizes, (s->nsizes + 1) * sizeof(*sz));
		if (!sz) {
			rc = -1;
			break;
		}
		s->sizes = sz;
		sz = &s->sizes[s->nsizes++];
		memset(sz, 0, sizeof(*sz));
		sz->size_kb = kb;
		if (snprintf(path, sizeof(path), "%s/%s/stats", thp_dir,
			     e->d_name) >= (int)sizeof(path)) {
			errno = ENAMETOOLONG;
			rc = -1;
			break;
		}
		if (read_stats_dir(path, &sz->stats) < 0) {
			rc = -1;
			break;
		}
	}
	closedir(d);
	if (s->nsizes)
		qsort(s->sizes, s->nsizes, sizeof(*s->sizes), cmp_sizes);
	return rc;
}

static int reread_sizes(struct kvstat_snapshot *s,
			const struct kvstat_snapshot *prev);

/* vmstat, then the mTHP stats: read from thp_dir, or reread from the files
 * prev keeps open. */
static int snapshot_from(struct kvstat_snapshot *s, const char *vmstat_path,
			 const char *thp_dir,
			 const struct kvstat_snapshot *prev)
{
	FILE *f;
	int rc, saved;

	memset(s, 0, sizeof(*s));
	f = fopen(vmstat_path, "re");
	if (!f)
		return -1;
	rc = kvstat_read_vmstat(f, &s->vmstat);
	fclose(f);
	if (rc == 0)
		rc = prev ? reread_sizes(s, prev) : kvstat_read_mthp(thp_dir, s);
	if (rc < 0) {
		saved = errno;
		kvstat_free(s);
		errno = saved;
	}
	return rc;
}

int kvstat_snapshot(struct kvstat_snapshot *s, const char *vmstat_path,
		    const char *thp_dir)
{
	return snapshot_from(s, vmstat_path, thp_dir, NULL);
}

int kvstat_snapshot_live(struct kvstat_snapshot *s)
{
	return kvstat_snapshot(s, "/proc/vmstat",
			       "/sys/kernel/mm/transparent_hugepage");
}

static int reread_sizes(struct kvstat_snapshot *s,
			const struct kvstat_snapshot *prev)
{
	s->sizes = calloc(prev->nsizes ? prev->nsizes : 1, sizeof(*s->sizes));
	if (!s->sizes)
		return -1;
	for (size_t k = 0; k < prev->nsizes; k++) {
		const struct kvstat_size *p = &prev->sizes[k];
		struct kvstat_size *sz = &s->sizes[s->nsizes++];

		sz->size_kb = p->size_kb;
		for (size_t i = 0; i < p->stats.n; i++) {
			const struct kv *kv = &p->stats.items[i];
			int64_t v;

			if (kv->fd < 0) {
				errno = EBADF;
				return -1;
			}
			if (read_number_fd(kv->fd, &v) < 0 ||
			    kvset_add(&sz->stats, kv->name, v) < 0)
				return -1;
		}
	}
	return 0;
}

int kvstat_snapshot_again(struct kvstat_snapshot *s,
			  const struct kvstat_snapshot *prev,
			  const char *vmstat_path)
{
	return snapshot_from(s, vmstat_path, NULL, prev);
}

int kvstat_snapshot_again_live(struct kvstat_snapshot *s,
			       const struct kvstat_snapshot *prev)
{
	return kvstat_snapshot_again(s, prev, "/proc/vmstat");
}

void kvstat_free(struct kvstat_snapshot *s)
{
	kvset_free(&s->vmstat);
	for (size_t i = 0; i < s->nsizes; i++)
		kvset_free(&s->sizes[i].stats);
	free(s->sizes);
	memset(s, 0, sizeof(*s));
}

/* Writes the members after - before over the union of names. */
static void delta_members(struct json *j, const struct kvset *before,
			  const struct kvset *after)
{
	int found;

	for (size_t i = 0; i < after->n; i++) {
		const struct kv *kv = &after->items[i];

		json_int(j, kv->name,
			 kv->value - kvset_get(before, kv->name, NULL));
	}
	for (size_t i = 0; i < before->n; i++) {
		const struct kv *kv = &before->items[i];

		kvset_get(after, kv->name, &found);
		if (!found)
			json_int(j, kv->name, -kv->value);
	}
}

void kvstat_vmstat_delta_json(struct json *j, const char *key,
			      const struct kvstat_snapshot *before,
			      const struct kvstat_snapshot *after)
{
	json_object_begin(j, key);
	delta_members(j, &before->vmstat, &after->vmstat);
	json_object_end(j);
}

static const struct kvset *size_stats(const struct kvstat_snapshot *s,
				      uint64_t size_kb)
{
	for (size_t i = 0; i < s->nsizes; i++)
		if (s->sizes[i].size_kb == size_kb)
			return &s->sizes[i].stats;
	return NULL;
}

static void size_delta(struct json *j, uint64_t size_kb,
		       const struct kvset *before, const struct kvset *after)
{
	static const struct kvset none;
	char name[32];

	snprintf(name, sizeof(name), "%" PRIu64 "kB", size_kb);
	json_object_begin(j, name);
	delta_members(j, before ? before : &none, after ? after : &none);
	json_object_end(j);
}

void kvstat_mthp_delta_json(struct json *j, const char *key,
			    const struct kvstat_snapshot *before,
			    const struct kvstat_snapshot *after)
{
	size_t a = 0, b = 0;

	/* merge of two ascending size lists */
	json_object_begin(j, key);
	while (a < after->nsizes || b < before->nsizes) {
		uint64_t sa = a < after->nsizes ? after->sizes[a].size_kb :
			      UINT64_MAX;
		uint64_t sb = b < before->nsizes ? before->sizes[b].size_kb :
			      UINT64_MAX;
		uint64_t s = sa < sb ? sa : sb;

		size_delta(j, s, size_stats(before, s), size_stats(after, s));
		if (sa == s)
			a++;
		if (sb == s)
			b++;
	}
	json_object_end(j);
}
