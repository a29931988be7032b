/* test_smaps.c - checks smaps_rollup parsing, the coverage tracker's
 * histogram gates, its JSON, and sampling of a live and an exited child. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "smaps.h"
#include "tap.h"

#define FX(name) FIXTURES "/" name
#define MS 1000000ull

static void test_parse(void)
{
	struct smaps_rollup r;

	TAP_CHECK(smaps_rollup_read_path(FX("smaps_rollup.txt"), &r) == 0,
		  "rollup parsed");
	TAP_CHECK(r.rss_kb == 1050316 && r.anon_kb == 1048708 &&
		  r.anon_huge_kb == 1048576 && r.shmem_pmd_kb == 2048 &&
		  r.file_pmd_kb == 4096, "fields read");
	errno = 0;
	TAP_CHECK(smaps_rollup_read_path(FX("smaps_empty.txt"), &r) == -1 &&
		  errno == ESRCH && smaps_errno_gone(errno),
		  "empty rollup: process gone");
	errno = 0;
	TAP_CHECK(smaps_rollup_read_path(FX("smaps_bad.txt"), &r) == -1 &&
		  errno == EINVAL, "malformed value rejected");
	errno = 0;
	TAP_CHECK(smaps_rollup_read_path(FX("smaps_norss.txt"), &r) == -1 &&
		  errno == EINVAL, "missing Rss rejected");
	errno = 0;
	TAP_CHECK(smaps_rollup_read_path(FX("smaps_missing.txt"), &r) == -1 &&
		  smaps_errno_gone(errno), "missing file: gone");
	TAP_CHECK(!smaps_errno_gone(EACCES), "EACCES is not gone");
}

static struct smaps_rollup rss(uint64_t kb)
{
	struct smaps_rollup r = { .rss_kb = kb, .anon_kb = kb / 2 };

	return r;
}

static char *json_text(const struct coverage *c)
{
	struct json j;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	json_init(&j, f, false);
	coverage_json(&j, NULL, c);
	json_finish(&j);
	fclose(f);
	return buf;
}

static void test_gates(void)
{
	const uint64_t thp[] = { 64 };
	struct coverage c;
	struct smaps_rollup r;
	struct pagehist h;
	char *txt;

	coverage_init(&c, 100, true);
	pagehist_init(&h, 4, thp, 1);
	h.available = true;
	h.pages[0] = 250;
	h.kb[0] = 1000;

	r = rss(1000);
	TAP_CHECK(coverage_add(&c, &r, 0), "first sample: histogram");
	coverage_set_histogram(&c, &h, 1000, 0, 250 * MS);
	r = rss(1020);
	TAP_CHECK(!coverage_add(&c, &r, 100 * MS),
		  "grew 2%%: no histogram");
	r = rss(2000);
	TAP_CHECK(!coverage_add(&c, &r, 150 * MS),
		  "doubled but within 100 x 250 ms of the last: no histogram");
	r = rss(1500);
	TAP_CHECK(!coverage_add(&c, &r, 25000 * MS),
		  "below 98%% of the peak: no histogram");
	r = rss(1990);
	TAP_CHECK(!coverage_add(&c, &r, 24000 * MS),
		  "near the peak, stale, within 100 x 250 ms: none");
	r = rss(1990);
	TAP_CHECK(coverage_add(&c, &r, 25000 * MS),
		  "near the peak, stale, gap passed: histogram");
	coverage_set_histogram(&c, &h, 1990, 25000 * MS, 25250 * MS);
	r = rss(2050);
	TAP_CHECK(!coverage_add(&c, &r, 25100 * MS),
		  "new peak within 5%% of the histogram's rss: none");
	TAP_CHECK(c.samples == 7 && c.peak.rss_kb == 2050 &&
		  c.peak.anon_kb == 1025 && c.hist_count == 2 &&
		  c.hist_rss_kb == 1990,
		  "7 samples, peak 2050 kB, 2 histograms, last at 1990 kB");

	txt = json_text(&c);
	TAP_CHECK(strcmp(txt, "{\"interval_ms\":100,\"sampled\":\"process\",\"samples\":7,"
			 "\"sampling_cost_s\":0,\"peak\":"
			 "{\"rss_kb\":2050,\"anon_kb\":1025,\"anon_huge_kb\":0,"
			 "\"shmem_pmd_kb\":0,\"file_pmd_kb\":0},\"histogram\":"
			 "{\"available\":true,\"reason\":null,\"pages\":"
			 "{\"4kB\":250,\"64kB\":0,\"2048kB\":0,"
			 "\"1048576kB\":0},\"kb\":{\"4kB\":1000,\"64kB\":0,"
			 "\"2048kB\":0,\"1048576kB\":0},\"rss_kb\":1990,"
			 "\"taken\":2,\"cost_s\":0.5},\"series\":{\"fields\":"
			 "[\"t_s\",\"rss_kb\",\"anon_kb\",\"anon_huge_kb\"],"
			 "\"max_rows\":1024,\"stride\":1,\"samples\":"
			 "[[0,1000,500,0],[0.1,1020,510,0],[0.15,2000,1000,0],"
			 "[25,1500,750,0],[24,1990,995,0],[25,1990,995,0],"
			 "[25.1,2050,1025,0]]}}\n")
		  == 0, "JSON %s", txt);
	free(txt);

	coverage_init(&c, 50, false);
	r = rss(10);
	TAP_CHECK(!coverage_add(&c, &r, 0), "histogram off: never asked");
	txt = json_text(&c);
	TAP_CHECK(strstr(txt, "\"histogram\":{\"available\":false,\"reason\":"
			 "\"not requested\",\"pages\":null,\"kb\":null,"
			 "\"rss_kb\":null,\"taken\":0,\"cost_s\":0}") != NULL,
		  "histogram off: JSON %s", txt);
	free(txt);
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void test_live(void)
{
	struct coverage c;
	int fds[2];
	pid_t pid;
	char ch;
	int rc;

	if (pipe(fds) < 0)
		return;
	pid = fork();
	if (pid == 0) {
		volatile char *p = mmap(NULL, 4 << 20, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		for (int i = 0; i < 4 << 20; i += 4096)
			p[i] = 1;
		if (write(fds[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(fds[1]);
	if (read(fds[0], &ch, 1) != 1)
		ch = 0;
	close(fds[0]);

	coverage_init(&c, 100, true);
	rc = coverage_sample(&c, pid, mono_ns());
	TAP_CHECK(rc == 0 && c.samples == 1 && c.peak.rss_kb >= 4096,
		  "live child sampled: rss %llu kB",
		  (unsigned long long)c.peak.rss_kb);
	TAP_CHECK(c.have_hist && c.hist_count == 1,
		  "first sample took a histogram");
	if (geteuid() == 0)
		TAP_CHECK(c.hist.available &&
			  pagehist_total_kb(&c.hist) >= 4096,
			  "root: histogram covers %llu kB",
			  (unsigned long long)pagehist_total_kb(&c.hist));
	else
		TAP_CHECK(!c.hist.available, "not root: %s", c.hist.reason);

	kill(pid, SIGKILL);
	waitid(P_PID, pid, NULL, WEXITED | WNOWAIT);
	c.sample_next_ns = 0;	/* past the cost budget's wait */
	TAP_CHECK(coverage_sample(&c, pid, mono_ns()) == 1 && c.samples == 1,
		  "exited, unreaped child: gone, nothing recorded");
	waitpid(pid, NULL, 0);
	c.sample_next_ns = 0;
	TAP_CHECK(coverage_sample(&c, pid, mono_ns()) == 1 && c.samples == 1,
		  "reaped child: gone, nothing recorded");
}

int main(void)
{
	test_parse();
	test_gates();
	test_live();
	return tap_done();
}
