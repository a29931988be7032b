/* test_pagehist.c - checks the page-size histogram on a hand-built process
 * image (maps text, pagemap and kpageflags files) and on live memory. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pagehist.h"
#include "tap.h"

#define FX(name) FIXTURES "/" name
#define PRESENT	(1ull << 63)
#define SWAPPED	(1ull << 62)
#define HEAD	(1ull << PAGEHIST_KPF_COMPOUND_HEAD)
#define TAIL	(1ull << PAGEHIST_KPF_COMPOUND_TAIL)
#define THP	(1ull << PAGEHIST_KPF_THP)
#define LRU	(1ull << 5)

static char dir[] = "/tmp/pagehist-test-XXXXXX";
static char pm_path[64], kpf_path[64];

static void put(int fd, uint64_t index, uint64_t v)
{
	if (pwrite(fd, &v, 8, (off_t)(index * 8)) != 8) {
		perror("pwrite");
		exit(1);
	}
}

/* pagemap entries for vaddr, one per page, PFNs pfn, pfn + 1, ... */
static void map_run(int pm, uint64_t vaddr, uint64_t pfn, int n)
{
	for (int i = 0; i < n; i++)
		put(pm, vaddr / 4096 + i, PRESENT | (pfn + i));
}

/* kpageflags of a folio of 2^order pages at head */
static void folio(int kpf, uint64_t head, int order)
{
	put(kpf, head, HEAD | THP | LRU);
	for (uint64_t i = 1; i < (1ull << order); i++)
		put(kpf, head + i, TAIL | THP);
}

/*
 * 0x400000 (4 pages): PFNs 100, 101, swapped, 200: three base pages.
 * 0x600000 (32 pages): a whole 64 kB folio (1024), a whole 32 kB folio
 *   (1040), the first half of a 64 kB folio (1056).
 * 0x800000 (512 pages): a 2 MB folio at 2048.
 * 0xa00000 (8 pages): pages 4..11 of the 64 kB folio at 1024 again,
 *   starting on a tail page.
 * 0xb00000 (---p) and [vsyscall]: present pages that must be skipped.
 */
static void build(uint64_t hide_pfn_at)
{
	int pm, kpf;

	snprintf(pm_path, sizeof(pm_path), "%s/pagemap", dir);
	snprintf(kpf_path, sizeof(kpf_path), "%s/kpageflags", dir);
	pm = open(pm_path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	kpf = open(kpf_path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (pm < 0 || kpf < 0) {
		perror("fixture");
		exit(1);
	}
	map_run(pm, 0x400000, 100, 2);
	put(pm, 0x402000 / 4096, SWAPPED | 77);
	map_run(pm, 0x403000, 200, 1);
	put(kpf, 100, LRU);
	put(kpf, 101, LRU);
	put(kpf, 200, LRU);

	map_run(pm, 0x600000, 1024, 24);
	map_run(pm, 0x618000, 1056, 8);
	folio(kpf, 1024, 4);
	folio(kpf, 1040, 3);
	folio(kpf, 1056, 4);
	put(kpf, 1072, LRU);

	map_run(pm, 0x800000, 2048, 512);
	folio(kpf, 2048, 9);

	map_run(pm, 0xa00000, 1028, 8);

	map_run(pm, 0xb00000, 300, 4);
	map_run(pm, 0xc00000, 400, 1);
	if (hide_pfn_at)
		put(pm, hide_pfn_at / 4096, PRESENT);
	/* the file ends at the last mapping's end */
	put(pm, 0xc01000 / 4096 - 1, PRESENT | 400);
	put(kpf, 4096, 0);
	close(pm);
	close(kpf);
}

static uint64_t pages(const struct pagehist *h, uint64_t kb)
{
	int b = pagehist_bucket(h, kb);

	return b < 0 ? ~0ull : h->pages[b];
}

static uint64_t kbs(const struct pagehist *h, uint64_t kb)
{
	int b = pagehist_bucket(h, kb);

	return b < 0 ? ~0ull : h->kb[b];
}

static void test_fixture(void)
{
	const uint64_t thp[] = { 2048, 64 };
	struct pagehist h;
	struct json j;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	pagehist_init(&h, 4, thp, 2);
	TAP_CHECK(h.nsizes == 4 && h.size_kb[0] == 4 && h.size_kb[1] == 64 &&
		  h.size_kb[2] == 2048 && h.size_kb[3] == 1048576,
		  "buckets 4, 64, 2048, 1048576 kB");

	build(0);
	TAP_CHECK(pagehist_collect(&h, FX("pagehist_maps.txt"), pm_path,
				   kpf_path) == 0 && h.available,
		  "fixture collected");
	TAP_CHECK(pages(&h, 4) == 3 && kbs(&h, 4) == 12,
		  "4 kB: 3 pages, 12 kB (%llu, %llu)",
		  (unsigned long long)pages(&h, 4),
		  (unsigned long long)kbs(&h, 4));
	TAP_CHECK(pages(&h, 32) == 1 && kbs(&h, 32) == 32,
		  "32 kB folio found, bucket added (%llu, %llu)",
		  (unsigned long long)pages(&h, 32),
		  (unsigned long long)kbs(&h, 32));
	TAP_CHECK(pages(&h, 64) == 3 && kbs(&h, 64) == 64 + 32 + 32,
		  "64 kB: whole, half, and again in a second mapping: "
		  "3 folios, 128 kB (%llu, %llu)",
		  (unsigned long long)pages(&h, 64),
		  (unsigned long long)kbs(&h, 64));
	TAP_CHECK(pages(&h, 2048) == 1 && kbs(&h, 2048) == 2048,
		  "2 MB: 1 folio (%llu, %llu)",
		  (unsigned long long)pages(&h, 2048),
		  (unsigned long long)kbs(&h, 2048));
	TAP_CHECK(pages(&h, 1048576) == 0 && kbs(&h, 1048576) == 0,
		  "1 GB: empty");
	TAP_CHECK(pagehist_total_kb(&h) == 12 + 32 + 128 + 2048,
		  "---p and [vsyscall] skipped: total %llu kB",
		  (unsigned long long)pagehist_total_kb(&h));

	f = open_memstream(&buf, &len);
	json_init(&j, f, false);
	pagehist_json(&j, NULL, &h);
	json_finish(&j);
	fclose(f);
	TAP_CHECK(strcmp(buf, "{\"available\":true,\"reason\":null,\"pages\":"
			 "{\"4kB\":3,\"32kB\":1,\"64kB\":3,\"2048kB\":1,"
			 "\"1048576kB\":0},\"kb\":{\"4kB\":12,\"32kB\":32,"
			 "\"64kB\":128,\"2048kB\":2048,\"1048576kB\":0}}\n")
		  == 0, "JSON %s", buf);
	free(buf);

	build(0x801000);
	pagehist_collect(&h, FX("pagehist_maps.txt"), pm_path, kpf_path);
	TAP_CHECK(!h.available && strstr(h.reason, "PFNs hidden") &&
		  pagehist_total_kb(&h) == 0,
		  "present page without PFN: unavailable (%s)", h.reason);

	build(0);
	TAP_CHECK(pagehist_collect(&h, FX("pagehist_maps.txt"), pm_path,
				   "/nonexistent/kpageflags") == 0 &&
		  !h.available && strstr(h.reason, "kpageflags"),
		  "no kpageflags: unavailable (%s)", h.reason);
	errno = 0;
	TAP_CHECK(pagehist_collect(&h, FX("pagehist_bad_maps.txt"), pm_path,
				   kpf_path) == -1 && errno == EINVAL,
		  "malformed maps rejected");
	errno = 0;
	TAP_CHECK(pagehist_collect(&h, FX("pagehist_missing.txt"), pm_path,
				   kpf_path) == -1 && errno == ENOENT,
		  "missing maps: ENOENT");
	unlink(pm_path);
	unlink(kpf_path);
}

/*
 * A child maps 8 MB (2 MB aligned), touches every page and waits; the
 * histogram of that one mapping must cover exactly its 2048 pages.  With
 * thp_disable every page must be a base page.
 */
static void live(int thp_disable, const uint64_t *thp, int nthp)
{
	const size_t size = 8 << 20;
	int fds[2];
	pid_t pid;
	uintptr_t addr = 0;
	char maps[128], pagemap[64];
	struct pagehist h;
	FILE *f;

	if (pipe(fds) < 0)
		return;
	pid = fork();
	if (pid == 0) {
		char *p = mmap(NULL, size + (2 << 20), PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		uintptr_t a;

		if (thp_disable)
			prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
		a = ((uintptr_t)p + (2 << 20) - 1) & ~(uintptr_t)((2 << 20) - 1);
		madvise((void *)a, size, MADV_HUGEPAGE);
		for (size_t i = 0; i < size; i += 4096)
			((volatile char *)a)[i] = 1;
		if (write(fds[1], &a, sizeof(a)) != sizeof(a))
			_exit(1);
		pause();
		_exit(0);
	}
	close(fds[1]);
	if (read(fds[0], &addr, sizeof(addr)) != sizeof(addr))
		addr = 0;
	close(fds[0]);

	snprintf(maps, sizeof(maps), "%s/maps", dir);
	snprintf(pagemap, sizeof(pagemap), "/proc/%d/pagemap", (int)pid);
	f = fopen(maps, "w");
	fprintf(f, "%lx-%lx rw-p 00000000 00:00 0\n", (unsigned long)addr,
		(unsigned long)(addr + size));
	fclose(f);
	pagehist_init(&h, 4, thp, nthp);
	TAP_CHECK(addr && pagehist_collect(&h, maps, pagemap,
					   "/proc/kpageflags") == 0 &&
		  h.available, "live%s collected (%s)",
		  thp_disable ? " (THP disabled)" : "", h.reason);
	TAP_CHECK(pagehist_total_kb(&h) == 8192,
		  "live: buckets cover the 8192 kB touched (%llu kB; "
		  "4 kB pages %llu, 2 MB folios %llu)",
		  (unsigned long long)pagehist_total_kb(&h),
		  (unsigned long long)pages(&h, 4),
		  (unsigned long long)pages(&h, 2048));
	if (thp_disable)
		TAP_CHECK(pages(&h, 4) == 2048 && kbs(&h, 4) == 8192,
			  "THP disabled: 2048 base pages (%llu)",
			  (unsigned long long)pages(&h, 4));
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);

	/* the whole process, through the pid interface, gone after reaping */
	errno = 0;
	TAP_CHECK(pagehist_collect_pid(&h, pid) == -1 &&
		  (errno == ENOENT || errno == ESRCH),
		  "reaped process: ENOENT/ESRCH (%s)", strerror(errno));
	unlink(maps);
}

static void test_live(void)
{
	uint64_t thp[PAGEHIST_MAX_SIZES];
	int n = pagehist_thp_sizes("/sys/kernel/mm/transparent_hugepage", thp,
				   PAGEHIST_MAX_SIZES);
	struct pagehist h;

	TAP_CHECK(n >= 0, "mTHP sizes listed (%d)", n);
	if (geteuid() != 0) {
		printf("# not root: live histogram checks skipped\n");
		pagehist_init(&h, 4, thp, n);
		pagehist_collect_pid(&h, getpid());
		TAP_CHECK(!h.available, "not root: unavailable (%s)",
			  h.reason);
		return;
	}
	live(0, thp, n);
	live(1, thp, n);

	pagehist_init(&h, 4, thp, n);
	TAP_CHECK(pagehist_collect_pid(&h, getpid()) == 0 && h.available &&
		  pagehist_total_kb(&h) > 0,
		  "own process: %llu kB mapped",
		  (unsigned long long)pagehist_total_kb(&h));
}

int main(void)
{
	if (sysconf(_SC_PAGESIZE) != 4096 || !mkdtemp(dir)) {
		printf("needs 4 kB pages and /tmp\n");
		return 1;
	}
	test_fixture();
	test_live();
	rmdir(dir);
	return tap_done();
}
