/* test_kvstat.c - checks the vmstat/mTHP counter snapshots and the JSON of
 * their deltas on fixtures and on the live system. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

static void test_live(void)
{
	struct kvstat_snapshot b, a;
	char *txt;
	int found;

	TAP_CHECK(kvstat_snapshot_live(&b) == 0, "live snapshot");
	TAP_CHECK(kvstat_snapshot_live(&a) == 0, "second live snapshot");
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
	test_live();
	return tap_done();
}
