/* test_counters.c - event resolution (generic names, libpfm4 encodings with
 * LIBPFM_FORCE_PMU) and counting a real child through software events, also
 * as an unprivileged user, where only user space may be counted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "counters.h"
#include "events.h"
#include "tap.h"

#define TOUCH_PAGES 2000

static int touch_pages(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, (size_t)page * TOUCH_PAGES, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return 1;
	/* No THP here, so every page is one fault. */
	madvise(p, (size_t)page * TOUCH_PAGES, MADV_NOHUGEPAGE);
	for (long i = 0; i < TOUCH_PAGES; i++)
		p[i * page] = 1;
	return 0;
}

static struct cpu_ident cpu_of(const char *vendor, unsigned int family,
			       unsigned int model)
{
	struct cpu_ident id;

	memset(&id, 0, sizeof(id));
	snprintf(id.vendor, sizeof(id.vendor), "%s", vendor);
	id.family = family;
	id.model = model;
	return id;
}

static void test_generic(void)
{
	struct cpu_ident host = cpu_of("AuthenticAMD", 0x19, 0x11);
	struct event_desc d;

	events_resolve("dTLB-load-misses", &host, &d);
	TAP_CHECK(d.ok && d.hw && d.attr.type == PERF_TYPE_HW_CACHE &&
		  d.attr.config == 0x10003,
		  "dTLB-load-misses = HW_CACHE 0x10003 (got %u 0x%llx)",
		  d.attr.type, (unsigned long long)d.attr.config);
	events_resolve("dTLB-store-misses", &host, &d);
	TAP_CHECK(d.ok && d.attr.config == 0x10103, "dTLB-store-misses = 0x10103");
	events_resolve("iTLB-load-misses", &host, &d);
	TAP_CHECK(d.ok && d.attr.config == 0x10004, "iTLB-load-misses = 0x10004");
	events_resolve("cycles", &host, &d);
	TAP_CHECK(d.ok && d.hw && d.attr.type == PERF_TYPE_HARDWARE &&
		  d.attr.config == PERF_COUNT_HW_CPU_CYCLES, "cycles");
	events_resolve("minor-faults", &host, &d);
	TAP_CHECK(d.ok && !d.hw && d.attr.type == PERF_TYPE_SOFTWARE &&
		  d.attr.config == PERF_COUNT_SW_PAGE_FAULTS_MIN,
		  "minor-faults is a software event");
	events_resolve("no-such-event-xyz", &host, &d);
	TAP_CHECK(!d.ok && !strncmp(d.reason, "unknown event", 13),
		  "unknown name: '%s'", d.reason);
	events_resolve("dTLB-lod-misses", &host, &d);
	TAP_CHECK(!d.ok && strstr(d.reason, "unknown event"),
		  "misspelt cache name is unknown");
	events_resolve("page-walk-cycles", &host, &d);
	TAP_CHECK(!d.ok && strstr(d.reason, "Zen 4"),
		  "page-walk-cycles on Zen 4: '%s'", d.reason);
}

/* Encodes name with LIBPFM_FORCE_PMU=pmu (and inactive PMUs allowed). */
static void check_forced(const char *pmu, const char *name,
			 const struct cpu_ident *cpu, uint64_t config,
			 const char *what)
{
	struct event_desc d;

	setenv("LIBPFM_FORCE_PMU", pmu, 1);
	setenv("LIBPFM_ENCODE_INACTIVE", "1", 1);
	events_pfm_reinit();
	events_resolve(name, cpu, &d);
	TAP_CHECK(d.ok && d.hw && d.attr.type == PERF_TYPE_RAW &&
		  d.attr.config == config,
		  "%s: %s -> raw 0x%llx (got ok=%d type %u 0x%llx %s)", pmu,
		  what, (unsigned long long)config, d.ok, d.attr.type,
		  (unsigned long long)d.attr.config, d.reason);
	unsetenv("LIBPFM_FORCE_PMU");
	unsetenv("LIBPFM_ENCODE_INACTIVE");
	events_pfm_reinit();
}

static void test_pfm(void)
{
	struct cpu_ident skl = cpu_of("GenuineIntel", 6, 0x5e);
	struct cpu_ident hsw = cpu_of("GenuineIntel", 6, 0x3c);
	struct cpu_ident zen1 = cpu_of("AuthenticAMD", 0x17, 0x01);
	struct cpu_ident zen2 = cpu_of("AuthenticAMD", 0x17, 0x31);
	struct cpu_ident zen3 = cpu_of("AuthenticAMD", 0x19, 0x01);
	struct event_desc d;

	/* A forced PMU is the only one searched, whatever was initialized
	 * before: the host's own PMU (test_generic initialized libpfm4
	 * unforced) and, whatever the host, a Skylake forced just before.
	 * libpfm4's pfm_terminate() alone would leave both active. */
	setenv("LIBPFM_FORCE_PMU", "skl", 1);
	events_pfm_reinit();
	events_resolve("DTLB_LOAD_MISSES:WALK_ACTIVE", &skl, &d);
	TAP_CHECK(d.ok, "forced Skylake PMU: DTLB_LOAD_MISSES:WALK_ACTIVE (%s)",
		  d.reason);
	setenv("LIBPFM_FORCE_PMU", "amd64_fam17h_zen2", 1);
	events_pfm_reinit();
	events_resolve("DTLB_LOAD_MISSES:WALK_ACTIVE", &zen2, &d);
	TAP_CHECK(!d.ok && strstr(d.reason, "unknown event"),
		  "an Intel event on a forced Zen 2 PMU is unknown (got ok=%d type %u 0x%llx)",
		  d.ok, d.attr.type, (unsigned long long)d.attr.config);
	unsetenv("LIBPFM_FORCE_PMU");
	events_pfm_reinit();

	/* Skylake: event 0x08, umask 0x10, cmask 1 (bits 24-31). */
	check_forced("skl", "page-walk-cycles", &skl, 0x01001008,
		     "page-walk-cycles (DTLB_LOAD_MISSES:WALK_ACTIVE)");
	check_forced("skl", "DTLB_LOAD_MISSES:WALK_ACTIVE", &skl, 0x01001008,
		     "DTLB_LOAD_MISSES:WALK_ACTIVE by name");
	/* Haswell: WALK_DURATION, umask 0x10 without cmask. */
	check_forced("hsw", "page-walk-cycles", &hsw, 0x1008,
		     "page-walk-cycles (DTLB_LOAD_MISSES:WALK_DURATION)");
	/* AMD PMCx046 umask 0x03: data-side table walks. */
	check_forced("amd64_fam17h_zen1", "page-walks", &zen1, 0x0346,
		     "page-walks (TABLEWALKER_ALLOCATION d-side)");
	check_forced("amd64_fam17h_zen2", "page-walks", &zen2, 0x0346,
		     "page-walks (ls_tablewalker.dside)");
	check_forced("amd64_fam19h_zen3", "page-walks", &zen3, 0x0346,
		     "page-walks on Zen 3");
	events_resolve("page-walks", &skl, &d);
	TAP_CHECK(!d.ok && strstr(d.reason, "page-walk-cycles"),
		  "Intel counts cycles, not walks: '%s'", d.reason);

	/* LIBPFM_ENCODE_INACTIVE, set and unset by check_forced above, is
	 * gone too: an inactive PMU named explicitly is refused again. */
	setenv("LIBPFM_FORCE_PMU", "amd64_fam17h_zen2", 1);
	events_pfm_reinit();
	events_resolve("skl::DTLB_LOAD_MISSES:WALK_ACTIVE", &zen2, &d);
	TAP_CHECK(!d.ok && strstr(d.reason, "unknown event"),
		  "LIBPFM_ENCODE_INACTIVE unset: skl:: refused on a forced Zen 2 (got ok=%d)",
		  d.ok);
	unsetenv("LIBPFM_FORCE_PMU");
	events_pfm_reinit();
}

static const struct counter *find(const struct counter_set *s,
				  const char *name, int *idx)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->c[i].ev.name, name)) {
			*idx = i;
			return &s->c[i];
		}
	return NULL;
}

static void test_counting(char *self)
{
	static const char *const names[] = {
		"task-clock", "page-faults", "minor-faults", "context-switches",
		"sw-invalid", "no-such-event-xyz", "cycles", "dTLB-load-misses",
	};
	enum { N = sizeof(names) / sizeof(names[0]) };
	struct event_desc ev[N];
	struct cpu_ident host;
	struct tlb_info tlb;
	struct counter_set s;
	struct child c;
	char *argv[] = { self, "--touch", NULL };
	char buf[256];
	const struct counter *k;
	int i;

	cpuid_probe(cpuid_native, NULL, &host, &tlb);
	for (i = 0; i < (int)N; i++)
		events_resolve(names[i], &host, &ev[i]);
	/* A software event the kernel does not know: breaks the software
	 * group, so the others must still count after the fallback. */
	ev[4].ok = true;
	ev[4].attr.type = PERF_TYPE_SOFTWARE;
	ev[4].attr.config = 9999;

	TAP_CHECK(counters_init(&s, ev, N, host.hypervisor) == 0, "init");
	TAP_CHECK(child_spawn(&c, argv, false) == 0, "spawn");
	counters_open(&s, c.pid);
	TAP_CHECK(child_start(&c) == 0, "exec of the toucher");
	TAP_CHECK(child_wait(&c, 0, NULL, NULL) == 0 && c.reaped, "reaped");
	counters_read(&s);
	counters_close(&s);

	k = find(&s, "page-faults", &i);
	TAP_CHECK(k && !counter_reason(&s, i, buf, sizeof(buf)) &&
		  count_scaled(&k->total) >= TOUCH_PAGES,
		  "page-faults >= %d (got %llu)", TOUCH_PAGES,
		  k ? (unsigned long long)k->total.raw : 0ULL);
	k = find(&s, "minor-faults", &i);
	TAP_CHECK(k && k->total.raw >= TOUCH_PAGES, "minor-faults >= %d",
		  TOUCH_PAGES);
	k = find(&s, "task-clock", &i);
	TAP_CHECK(k && !counter_reason(&s, i, buf, sizeof(buf)) &&
		  k->total.raw > 0 && k->total.enabled_ns > 0 &&
		  k->total.running_ns == k->total.enabled_ns,
		  "task-clock counted, not multiplexed");
	k = find(&s, "context-switches", &i);
	TAP_CHECK(k && (s.kernel_excluded ?
			counter_reason(&s, i, buf, sizeof(buf)) &&
			strstr(buf, "kernel only") :
			!counter_reason(&s, i, buf, sizeof(buf))),
		  "context-switches supported (user space only: said to be "
		  "counted in the kernel only)");
	k = find(&s, "sw-invalid", &i);
	TAP_CHECK(k && counter_reason(&s, i, buf, sizeof(buf)) &&
		  strstr(buf, "ENOENT"), "invalid software event: '%s'", buf);
	k = find(&s, "no-such-event-xyz", &i);
	TAP_CHECK(k && counter_reason(&s, i, buf, sizeof(buf)) &&
		  strstr(buf, "unknown event"), "unknown event: '%s'", buf);

	for (const char *const *hw = &names[6]; hw < names + N; hw++) {
		const char *why;

		k = find(&s, *hw, &i);
		why = counter_reason(&s, i, buf, sizeof(buf));
		if (!pmu_present())
			TAP_CHECK(why && strstr(why, "no hardware PMU") &&
				  strstr(why, "/sys/bus/event_source/devices/cpu"),
				  "%s without a PMU: '%s'", *hw, why ? why : "");
		else
			TAP_CHECK(!why || !strstr(why, "no hardware PMU"),
				  "%s with a PMU: %s", *hw, why ? why : "counted");
	}

	{
		char *text = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);
		struct json j;

		json_init(&j, f, false);
		counters_json(&j, NULL, &s);
		fclose(f);
		TAP_CHECK(strstr(text, "\"no-such-event-xyz\":{\"supported\":false,\"reason\":\"unknown event") != NULL,
			  "json: unsupported counter has a reason, no value");
		TAP_CHECK(strstr(text, "\"task-clock\":{\"supported\":true,\"value\":") != NULL,
			  "json: supported counter has a value");
		free(text);
	}
	counters_free(&s);
}

static void test_scaling(void)
{
	struct count c = { 1000, 400, 100, true };

	TAP_CHECK(count_scaled(&c) == 4000, "scaled 1000 x 400/100 = 4000");
	c.running_ns = 400;
	TAP_CHECK(count_scaled(&c) == 1000, "not multiplexed: raw");
	c.running_ns = 0;
	TAP_CHECK(count_scaled(&c) == 1000, "running 0: raw (reported unsupported)");
}

/* In a child turned nobody: 'k' kernel excluded, 'c' page-faults counted,
 * 'j' the JSON says "scope": "user", 's' context-switches unsupported as
 * counted in the kernel only.  Exit 2: it could not become nobody. */
static void count_as_nobody(int out)
{
	char *argv[] = { "/bin/true", NULL };
	char verdict[5] = "----", buf[256], *text = NULL;
	struct event_desc ev[2];
	struct cpu_ident host;
	struct tlb_info tlb;
	struct counter_set s;
	struct child c;
	size_t len = 0;
	FILE *f;
	struct json j;

	/* dumpable again after setuid, as after an exec: perf_event_open on
	 * the child needs ptrace access to it */
	if (setgid(65534) || setuid(65534) || prctl(PR_SET_DUMPABLE, 1))
		_exit(2);
	cpuid_probe(cpuid_native, NULL, &host, &tlb);
	events_resolve("page-faults", &host, &ev[0]);
	events_resolve("context-switches", &host, &ev[1]);
	if (counters_init(&s, ev, 2, host.hypervisor) ||
	    child_spawn(&c, argv, false))
		_exit(3);
	counters_open(&s, c.pid);
	if (child_start(&c) || child_wait(&c, 0, NULL, NULL))
		_exit(4);
	counters_read(&s);
	verdict[0] = s.kernel_excluded ? 'k' : '-';
	if (!counter_reason(&s, 0, buf, sizeof(buf)) &&
	    count_scaled(&s.c[0].total) > 0)
		verdict[1] = 'c';
	f = open_memstream(&text, &len);
	json_init(&j, f, false);
	counters_json(&j, NULL, &s);
	fclose(f);
	if (strstr(text, "\"scope\":\"user\""))
		verdict[2] = 'j';
	if (counter_reason(&s, 1, buf, sizeof(buf)) &&
	    strstr(buf, "counted in the kernel only"))
		verdict[3] = 's';
	if (write(out, verdict, 4) != 4)
		_exit(5);
	_exit(0);
}

static void test_user_only(void)
{
	char verdict[5] = "";
	int fds[2], status;
	pid_t pid;

	if (geteuid() != 0 || perf_event_paranoid() != 2) {
		printf("# user-space-only counting not checked: needs root (to "
		       "become nobody) and perf_event_paranoid 2 (it is %d)\n",
		       perf_event_paranoid());
		return;
	}
	if (pipe(fds))
		return;
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		count_as_nobody(fds[1]);
	}
	close(fds[1]);
	if (read(fds[0], verdict, 4) != 4)
		verdict[0] = '\0';
	close(fds[0]);
	waitpid(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 2) {
		printf("# user-space-only counting not checked: cannot become "
		       "nobody here\n");
		return;
	}
	TAP_CHECK(verdict[0] == 'k',
		  "nobody, paranoid 2: the kernel is left out (%s)", verdict);
	TAP_CHECK(verdict[1] == 'c', "nobody: page-faults still counted");
	TAP_CHECK(verdict[2] == 'j', "nobody: the record says scope user");
	TAP_CHECK(verdict[3] == 's',
		  "nobody: context-switches unsupported, counted in the kernel only");
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--touch"))
		return touch_pages();
	test_generic();
	test_pfm();
	test_scaling();
	test_counting(argv[0]);
	test_user_only();
	return tap_done();
}
