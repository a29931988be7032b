/* test_kvstat.c - checks the vmstat/mTHP counter snapshots and the JSON of
 * their deltas on fixtures and on the live system. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kvstat.h"
#include "tap.h"

#define FX(name) FIXTURES "/" name

typedef void (*delta_fn)(struct json *, const char *,
			 const struct kvstat_snapshot *,
			 const struct kvstat_snapshot *);

static char *delta_text(delta_fn fn, const struct kvstat_snapshot *b,
			const struct kvstat_snapshot *a)
{
	struct json j;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	json_init(&j, f, false);
	fn(&j, NULL, b, a);
	json_finish(&j);
	fclose(f);
	return buf;
}

static void test_filter(void)
{
	TAP_CHECK(kvstat_vmstat_wanted("thp_fault_alloc") &&
		  kvstat_vmstat_wanted("compact_stall") &&
		  kvstat_vmstat_wanted("nr_thp_resv_unused") &&
		  kvstat_vmstat_wanted("thp_resv_alloc") &&
		  kvstat_vmstat_wanted("pgresv_x"), "wanted names kept");
	TAP_CHECK(!kvstat_vmstat_wanted("nr_free_pages") &&
		  !kvstat_vmstat_wanted("pgfault") &&
		  !kvstat_vmstat_wanted("nr_anon_transparent_hugepages"),
		  "other names dropped");
}

static void test_fixtures(void)
{
	struct kvstat_snapshot b, a, bad;
	char *txt;
	int found;

	TAP_CHECK(kvstat_snapshot(&b, FX("vmstat_before.txt"),
				  FX("mthp_before")) == 0, "before read");
	TAP_CHECK(kvstat_snapshot(&a, FX("vmstat_after.txt"),
				  FX("mthp_after")) == 0, "after read");
	TAP_CHECK(b.vmstat.n == 5 && a.vmstat.n == 5,
		  "5 wanted vmstat items each (%zu, %zu)", b.vmstat.n,
		  a.vmstat.n);
	TAP_CHECK(kvset_get(&a.vmstat, "thp_fault_alloc", &found) == 142 &&
		  found, "thp_fault_alloc = 142");
	kvset_get(&a.vmstat, "pgfault", &found);
	TAP_CHECK(!found, "pgfault filtered out");
	TAP_CHECK(b.nsizes == 2 && a.nsizes == 3 && a.sizes[0].size_kb == 64 &&
		  a.sizes[1].size_kb == 128 && a.sizes[2].size_kb == 2048,
		  "mTHP sizes ascending, non-size entries ignored");

	txt = delta_text(kvstat_vmstat_delta_json, &b, &a);
	TAP_CHECK(strcmp(txt, "{\"nr_thp_resv_unused\":-6,\"compact_stall\":0,"
			 "\"thp_fault_alloc\":42,\"thp_resv_alloc\":6,"
			 "\"thp_resv_new\":5,\"compact_gone\":-7}\n") == 0,
		  "vmstat delta, missing counted as 0: %s", txt);
	free(txt);

	txt = delta_text(kvstat_mthp_delta_json, &b, &a);
	TAP_CHECK(strcmp(txt, "{\"64kB\":{\"anon_fault_alloc\":15,"
			 "\"anon_fault_fallback\":0},"
			 "\"128kB\":{\"anon_fault_alloc\":6},"
			 "\"2048kB\":{\"anon_fault_alloc\":3,"
			 "\"anon_fault_fallback\":3}}\n") == 0,
		  "mTHP delta per size: %s", txt);
	free(txt);

	txt = delta_text(kvstat_mthp_delta_json, &a, &b);
	TAP_CHECK(strstr(txt, "\"128kB\":{\"anon_fault_alloc\":-6}") != NULL,
		  "size only in before: negated (%s)", txt);
	free(txt);

	kvstat_free(&a);
	kvstat_free(&b);

	errno = 0;
	TAP_CHECK(kvstat_snapshot(&bad, FX("vmstat_bad.txt"),
				  FX("mthp_before")) == -1 && errno == EINVAL,
		  "line without value rejected");
	TAP_CHECK(kvstat_snapshot(&bad, FX("vmstat_before.txt"),
				  FX("mthp_bad")) == -1 && errno == EINVAL,
		  "non-numeric stats file rejected");
	TAP_CHECK(kvstat_snapshot(&bad, FX("vmstat_before.txt"),
				  FX("mthp_missing")) == 0 && bad.nsizes == 0,
		  "no THP directory: no sizes, no error");
	kvstat_free(&bad);
	TAP_CHECK(kvstat_snapshot(&bad, FX("vmstat_missing.txt"),
				  FX("mthp_before")) == -1 && errno == ENOENT,
		  "missing vmstat file is an error");
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* The second snapshot rereads the files the first keeps open. */
static void test_again(void)
{
	char dir[] = "/tmp/test_kvstat.XXXXXX", path[256], *txt;
	struct kvstat_snapshot b, a;
	int rc;

	if (!mkdtemp(dir)) {
		TAP_CHECK(0, "temporary directory: %s", strerror(errno));
		return;
	}
	snprintf(path, sizeof(path), "%s/hugepages-64kB", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/hugepages-64kB/stats", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/hugepages-64kB/stats/anon_fault_alloc",
		 dir);
	write_file(path, "5\n");
	TAP_CHECK(kvstat_snapshot(&b, FX("vmstat_before.txt"), dir) == 0 &&
		  b.nsizes == 1 && b.sizes[0].stats.n == 1 &&
		  b.sizes[0].stats.items[0].fd >= 0,
		  "first snapshot keeps the stats file open");
	write_file(path, "12\n");
	rc = kvstat_snapshot_again(&a, &b, FX("vmstat_after.txt"));
	TAP_CHECK(rc == 0 && a.nsizes == 1 && a.sizes[0].stats.n == 1 &&
		  a.sizes[0].stats.items[0].fd == -1,
		  "second snapshot rereads it and keeps nothing open");
	txt = rc == 0 ? delta_text(kvstat_mthp_delta_json, &b, &a) : NULL;
	TAP_CHECK(txt && strcmp(txt, "{\"64kB\":{\"anon_fault_alloc\":7}}\n") == 0,
		  "delta from the reread value: %s", txt ? txt : "none");
	free(txt);
	if (rc == 0)
		kvstat_free(&a);
	write_file(path, "");
	errno = 0;
	TAP_CHECK(kvstat_snapshot_again(&a, &b, FX("vmstat_after.txt")) == -1 &&
		  errno == EINVAL, "an emptied stats file is an error");
	kvstat_free(&b);
	unlink(path);
	snprintf(path, sizeof(path), "%s/hugepages-64kB/stats", dir);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/hugepages-64kB", dir);
	rmdir(path);
	rmdir(dir);
}

static void test_live(void)
{
	struct kvstat_snapshot b, a;
	char *txt;
	int found;

	TAP_CHECK(kvstat_snapshot_live(&b) == 0, "live snapshot");
	TAP_CHECK(kvstat_snapshot_again_live(&a, &b) == 0,
		  "second live snapshot, from the kept files");
	kvset_get(&a.vmstat, "thp_fault_alloc", &found);
	TAP_CHECK(found, "live vmstat has thp_fault_alloc");
	txt = delta_text(kvstat_mthp_delta_json, &b, &a);
	TAP_CHECK(a.nsizes == 0 || strstr(txt, "\"2048kB\":{") != NULL,
		  "live mTHP sizes listed (%zu)", a.nsizes);
	free(txt);
	kvstat_free(&a);
	kvstat_free(&b);
}

int main(void)
{
	test_filter();
	test_fixtures();
	test_again();
	test_live();
	return tap_done();
}
