/* test_contiguity.c - checks buddyinfo parsing and the contiguity metric on
 * hand-made and real /proc samples. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "contiguity.h"
#include "tap.h"

#define FX(name) FIXTURES "/" name

static const uint64_t sizes[4] = { 64, 512, 2048, 4096 };

static int measure(const char *buddy, const char *zone, const char *mem,
		   struct contiguity *c, char *err)
{
	return contiguity_measure(buddy, zone, mem, sizes, 4, c, err, 256);
}

static int parse_file(const char *path, struct buddyinfo *b)
{
	FILE *f = fopen(path, "r");
	int rc;

	if (!f)
		return -2;
	rc = buddyinfo_parse(f, b);
	fclose(f);
	return rc;
}

static void test_parse(void)
{
	struct buddyinfo b;

	TAP_CHECK(parse_file(FX("buddyinfo_real.txt"), &b) == 0,
		  "real buddyinfo parses");
	TAP_CHECK(b.nzones == 3 && b.norders == 11, "3 zones, 11 orders (%d, %d)",
		  b.nzones, b.norders);
	TAP_CHECK(b.blocks[0] == 229 && b.blocks[10] == 1110 &&
		  b.blocks[8] == 44, "per-order sums over zones");
	TAP_CHECK(parse_file(FX("buddyinfo_bad_count.txt"), &b) == -1,
		  "non-numeric count rejected");
	TAP_CHECK(parse_file(FX("buddyinfo_bad_orders.txt"), &b) == -1,
		  "zones with different order counts rejected");
	TAP_CHECK(parse_file(FX("buddyinfo_bad_empty_zone.txt"), &b) == -1,
		  "zone line without counts rejected");
	TAP_CHECK(parse_file(FX("zoneinfo_free.txt"), &b) == -1,
		  "zoneinfo text is not buddyinfo");
}

static void test_free(void)
{
	struct contiguity c;
	char err[256] = "";

	TAP_CHECK(measure(FX("buddyinfo_free.txt"), FX("zoneinfo_free.txt"),
			  NULL, &c, err) == 0, "free memory measured (%s)", err);
	TAP_CHECK(c.contiguity == 1.0, "fully free memory: contiguity 1.0 (%g)",
		  c.contiguity);
	TAP_CHECK(c.per_size[0] == 1.0 && c.per_size[3] == 1.0,
		  "every size 1.0");
	TAP_CHECK(c.total_kb == 262144ull * 4 && c.free_kb == c.total_kb,
		  "free_kb == total_kb == 1 GB");
	TAP_CHECK(c.free_2m_blocks == 512, "512 free 2 MB blocks (%llu)",
		  (unsigned long long)c.free_2m_blocks);
}

static void test_fragmented(void)
{
	struct contiguity c;
	char err[256] = "";

	/* No zoneinfo: MemTotal (1000000 kB) is the total. */
	TAP_CHECK(measure(FX("buddyinfo_fragmented.txt"), NULL,
			  FX("zoneinfo_fallback_meminfo.txt"), &c, err) == 0,
		  "fragmented memory measured (%s)", err);
	TAP_CHECK(c.contiguity == 0.0, "order-0 only: contiguity 0.0 (%g)",
		  c.contiguity);
	TAP_CHECK(c.free_kb == 400000 && c.total_kb == 1000000,
		  "free 400000 kB of 1000000 kB (%llu, %llu)",
		  (unsigned long long)c.free_kb,
		  (unsigned long long)c.total_kb);
	TAP_CHECK(c.free_2m_blocks == 0, "no free 2 MB block");
}

static void test_middle(void)
{
	struct contiguity c;
	char err[256] = "";

	/*
	 * DMA: 10 x order 0, 3 x order 4, 2 x order 7, 1 x order 9,
	 * 1 x order 10; Normal: 1 x order 4, 2 x order 10; managed 10000.
	 * order >= 4: 48 + 256 + 512 + 1024 + 16 + 2048 = 3904
	 * order >= 7: 256 + 512 + 1024 + 2048 = 3840
	 * order >= 9: 512 + 1024 + 2048 = 3584
	 * order >= 10: 1024 + 2048 = 3072
	 */
	TAP_CHECK(measure(FX("buddyinfo_middle.txt"), FX("zoneinfo_middle.txt"),
			  NULL, &c, err) == 0, "middle case measured (%s)", err);
	TAP_CHECK(fabs(c.per_size[0] - 0.3904) < 1e-12 &&
		  fabs(c.per_size[1] - 0.3840) < 1e-12 &&
		  fabs(c.per_size[2] - 0.3584) < 1e-12 &&
		  fabs(c.per_size[3] - 0.3072) < 1e-12,
		  "per size 0.3904 0.384 0.3584 0.3072 (%g %g %g %g)",
		  c.per_size[0], c.per_size[1], c.per_size[2], c.per_size[3]);
	TAP_CHECK(fabs(c.contiguity - 0.36) < 1e-12, "contiguity 0.36 (%.17g)",
		  c.contiguity);
	TAP_CHECK(c.free_kb == 3914 * 4 && c.total_kb == 40000,
		  "free 15656 kB of 40000 kB");
	TAP_CHECK(c.free_2m_blocks == 7, "7 free 2 MB blocks (%llu)",
		  (unsigned long long)c.free_2m_blocks);
}

static void test_real(void)
{
	struct buddyinfo b;
	struct contiguity c;
	char err[256] = "";
	const uint64_t total = 3840 + 772794 + 458752;

	/* managed pages of the sampled machine, taken with the sample */
	parse_file(FX("buddyinfo_real.txt"), &b);
	TAP_CHECK(contiguity_compute(&b, total, 4, sizes, 4, &c, err,
				     sizeof(err)) == 0, "real sample (%s)", err);
	TAP_CHECK(c.free_kb == 4823716, "free 4823716 kB (%llu)",
		  (unsigned long long)c.free_kb);
	TAP_CHECK(fabs(c.per_size[2] - 1156096.0 / total) < 1e-15,
		  "2 MB share 1156096 / %llu", (unsigned long long)total);
	TAP_CHECK(c.free_2m_blocks == 2258, "2258 free 2 MB blocks (%llu)",
		  (unsigned long long)c.free_2m_blocks);
	TAP_CHECK(fabs(c.contiguity - 0.9442328146830221) < 1e-12,
		  "contiguity 0.94423 (%.17g)", c.contiguity);
}

static void test_bad_sizes(void)
{
	struct buddyinfo b;
	struct contiguity c;
	uint64_t s[CONTIG_MAX_SIZES];
	char err[256] = "";

	parse_file(FX("buddyinfo_middle.txt"), &b);
	s[0] = 48;
	TAP_CHECK(contiguity_compute(&b, 10000, 4, s, 1, &c, err, 256) == -1 &&
		  strstr(err, "not a power-of-two multiple"),
		  "48 kB rejected: %s", err);
	s[0] = 2;
	TAP_CHECK(contiguity_compute(&b, 10000, 4, s, 1, &c, err, 256) == -1,
		  "2 kB rejected: %s", err);
	s[0] = 8192;
	TAP_CHECK(contiguity_compute(&b, 10000, 4, s, 1, &c, err, 256) == -1 &&
		  strstr(err, "largest free block (4096 kB)"),
		  "8192 kB above the largest order rejected: %s", err);
	s[0] = 4;
	TAP_CHECK(contiguity_compute(&b, 10000, 4, s, 1, &c, err, 256) == 0 &&
		  fabs(c.contiguity - 0.3914) < 1e-12,
		  "the base page itself is a size: free share 0.3914");
	TAP_CHECK(contiguity_compute(&b, 100, 4, sizes, 4, &c, err, 256) == -1,
		  "total below free rejected: %s", err);

	TAP_CHECK(contiguity_parse_sizes("64,512,2048", s, err, 256) == 3 &&
		  s[0] == 64 && s[2] == 2048, "size list parsed");
	TAP_CHECK(contiguity_parse_sizes("64,,2048", s, err, 256) == -1,
		  "empty item rejected: %s", err);
	TAP_CHECK(contiguity_parse_sizes("64kB", s, err, 256) == -1,
		  "unit suffix rejected: %s", err);
	TAP_CHECK(contiguity_parse_sizes("", s, err, 256) == -1,
		  "empty list rejected");
}

static void test_json(void)
{
	struct contiguity c;
	struct json j;
	char err[256], *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const char *want = "{\"sizes_kb\":[64,512,2048,4096],\"contiguity\":1,"
		"\"per_size\":{\"64\":1,\"512\":1,\"2048\":1,\"4096\":1},"
		"\"free_kb\":1048576,\"total_kb\":1048576,"
		"\"free_2m_blocks\":512}\n";

	measure(FX("buddyinfo_free.txt"), FX("zoneinfo_free.txt"), NULL, &c,
		err);
	json_init(&j, f, false);
	contiguity_json(&j, NULL, &c);
	json_finish(&j);
	fclose(f);
	TAP_CHECK(strcmp(buf, want) == 0, "JSON: %s", buf);
	free(buf);
}

static void test_live(void)
{
	struct contiguity c;
	char err[256] = "";

	TAP_CHECK(contiguity_measure_live(contiguity_default_sizes_kb, 4, &c,
					  err, sizeof(err)) == 0,
		  "live measurement (%s)", err);
	TAP_CHECK(c.contiguity >= 0 && c.contiguity <= 1 &&
		  c.free_kb > 0 && c.free_kb <= c.total_kb,
		  "live: contiguity %.3f, free %llu of %llu kB", c.contiguity,
		  (unsigned long long)c.free_kb,
		  (unsigned long long)c.total_kb);
	TAP_CHECK(c.per_size[0] >= c.per_size[1] &&
		  c.per_size[1] >= c.per_size[2] &&
		  c.per_size[2] >= c.per_size[3],
		  "larger sizes never score more");
}

int main(void)
{
	if (sysconf(_SC_PAGESIZE) != 4096) {
		printf("fixtures assume 4 kB pages\n");
		return 1;
	}
	test_parse();
	test_free();
	test_fragmented();
	test_middle();
	test_real();
	test_bad_sizes();
	test_json();
	test_live();
	return tap_done();
}
