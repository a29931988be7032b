/* spfrag.c - fragments physical memory to a target and holds it until
 * released (the paper's fragmented state), and reports free-memory
 * contiguity now (measure) or over time (watch).  See README.md. */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "frag.h"
#include "pagetype.h"

static const char usage[] =
"usage: spfrag [--mode pagecache|anon|unmovable] [--ceiling X]\n"
"              [--floor-mb N] [--max-mb N] [--stride-kb N] [--seed N]\n"
"              [--dir DIR] [--files N] [--hold stdin|signal|none]\n"
"       spfrag measure\n"
"       spfrag watch [--interval-ms N] [--count N]\n"
"\n"
"Fragments free memory until the contiguity metric is at most --ceiling\n"
"(default 0.01) while leaving at least --floor-mb free (default a quarter\n"
"of the memory the page allocator manages), prints one JSON line, holds\n"
"until stdin closes (or SIGTERM/SIGINT/SIGHUP, or its parent dies), then\n"
"releases everything and prints a second line.\n"
"  --mode       pagecache (default): interleaved clean file pages;\n"
"               anon: anonymous pages, one kept per stride;\n"
"               unmovable: pipe buffers, one pipe kept per stride\n"
"  --max-mb N   hold at most N MB while filling (quick tests)\n"
"  --stride-kb  anon/unmovable: keep one page per N kB (default: from\n"
"               the ceiling)\n"
"  --dir DIR    pagecache: a directory on a disk filesystem (/var/tmp)\n"
"  --files N    pagecache: files interleaved (default 1024)\n"
"  --hold       stdin (default), signal, or none (release at once)\n"
"measure prints the metric, free memory, free 2 MB blocks and, as root,\n"
"the same per migratetype; watch prints it every --interval-ms (1000).\n";

enum hold { HOLD_STDIN, HOLD_SIGNAL, HOLD_NONE };

static void die(const char *fmt, const char *arg)
{
	fprintf(stderr, "spfrag: ");
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	exit(2);
}

static uint64_t parse_u64(const char *opt, const char *s, uint64_t max)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v > max) {
		fprintf(stderr, "spfrag: %s: '%s' is not a number from 0 to "
			"%llu\n", opt, s, (unsigned long long)max);
		exit(2);
	}
	return v;
}

static struct frag_setting proactive = {
	.path = "/proc/sys/vm/compaction_proactiveness"
};

static void on_signal(int sig)
{
	(void)sig;
	frag_stop = 1;
}

static void snapshot_json(struct json *j, const char *key)
{
	struct contiguity c;
	struct pagetypeinfo p;
	char err[256];

	json_object_begin(j, key);
	if (frag_measure(&c, err, sizeof(err)) == 0)
		contiguity_json(j, "contiguity", &c);
	else
		json_string(j, "contiguity_error", err);
	if (pagetypeinfo_read(NULL, &p) == 0)
		pagetype_json(j, "by_migratetype", &p, 4);
	else
		json_string(j, "by_migratetype_error", errno == EACCES ?
			    "/proc/pagetypeinfo: needs root" :
			    strerror(errno));
	json_uint(j, "mem_available_kb", frag_mem_available_kb());
	json_uint(j, "pcp_kb", frag_pcp_kb("/proc/zoneinfo"));
	json_object_end(j);
}

static int cmd_measure(void)
{
	struct json j;

	json_init(&j, stdout, false);
	snapshot_json(&j, NULL);
	return json_finish(&j) ? 1 : 0;
}

static int cmd_watch(int argc, char **argv)
{
	uint64_t interval = 1000, count = 0, n = 0;
	double t0 = frag_now_s();
	int c;
	static const struct option lo[] = {
		{ "interval-ms", required_argument, NULL, 'i' },
		{ "count", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 }
	};

	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		if (c == 'i')
			interval = parse_u64("--interval-ms", optarg, 3600000);
		else if (c == 'n')
			count = parse_u64("--count", optarg, UINT32_MAX);
		else
			exit(2);
	}
	if (interval == 0)
		die("%s", "--interval-ms must be at least 1");
	while (!frag_stop && (!count || n < count)) {
		struct contiguity ct;
		struct json j;
		char err[256];

		json_init(&j, stdout, false);
		json_object_begin(&j, NULL);
		json_double(&j, "t_s", frag_now_s() - t0);
		if (frag_measure(&ct, err, sizeof(err)) == 0)
			contiguity_json(&j, "contiguity", &ct);
		else
			json_string(&j, "error", err);
		json_object_end(&j);
		if (json_finish(&j))
			return 1;	/* the reader went away */
		if (++n != count)
			usleep(interval * 1000);
	}
	return 0;
}

/* Blocks until stdin reaches EOF, a signal arrives or the parent dies. */
static void hold(enum hold how, pid_t parent)
{
	char buf[256];
	struct pollfd pfd = { .fd = 0, .events = POLLIN };

	if (how == HOLD_NONE)
		return;
	while (!frag_stop && getppid() == parent) {
		if (how == HOLD_SIGNAL) {
			pause();
			continue;
		}
		if (poll(&pfd, 1, 1000) > 0 &&
		    (read(0, buf, sizeof(buf)) <= 0))
			return;
	}
}

int main(int argc, char **argv)
{
	struct frag_target t = { .ceiling = 0.01, .seed = 42,
				 .dir = "/var/tmp", .nfiles = 1024 };
	const char *mode = "pagecache";
	enum hold how = HOLD_STDIN;
	bool floor_given = false;
	struct frag_result r;
	struct contiguity before, after;
	struct sigaction sa = { .sa_handler = on_signal };
	char err[512] = "", *end;
	pid_t parent = getppid();
	double t0 = frag_now_s();
	struct json j;
	int c, rc;
	static const struct option lo[] = {
		{ "mode", required_argument, NULL, 'm' },
		{ "ceiling", required_argument, NULL, 'c' },
		{ "floor-mb", required_argument, NULL, 'f' },
		{ "max-mb", required_argument, NULL, 'x' },
		{ "stride-kb", required_argument, NULL, 's' },
		{ "seed", required_argument, NULL, 'S' },
		{ "dir", required_argument, NULL, 'd' },
		{ "files", required_argument, NULL, 'F' },
		{ "hold", required_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (argc > 1 && !strcmp(argv[1], "measure")) {
		if (argc > 2)
			die("measure takes no arguments (got '%s')", argv[2]);
		return cmd_measure();
	}
	if (argc > 1 && !strcmp(argv[1], "watch"))
		return cmd_watch(argc - 1, argv + 1);

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 'm':
			mode = optarg;
			break;
		case 'c':
			errno = 0;
			t.ceiling = strtod(optarg, &end);
			if (errno || end == optarg || *end || t.ceiling < 0 ||
			    t.ceiling > 1)
				die("--ceiling: '%s' is not a number from 0 to "
				    "1", optarg);
			break;
		case 'f':
			t.floor_kb = parse_u64("--floor-mb", optarg,
					       1ull << 30) * 1024;
			floor_given = true;
			break;
		case 'x':
			t.max_kb = parse_u64("--max-mb", optarg,
					     1ull << 30) * 1024;
			if (!t.max_kb)
				die("%s", "--max-mb must be at least 1");
			break;
		case 's':
			t.stride_kb = parse_u64("--stride-kb", optarg, 4096);
			if (t.stride_kb < 8 || t.stride_kb & (t.stride_kb - 1))
				die("--stride-kb: '%s' is not a power of two "
				    "from 8 to 4096", optarg);
			break;
		case 'S':
			t.seed = parse_u64("--seed", optarg, UINT64_MAX);
			break;
		case 'd':
			t.dir = optarg;
			break;
		case 'F':
			t.nfiles = parse_u64("--files", optarg, 16384);
			if (t.nfiles < 2)
				die("%s", "--files must be at least 2");
			break;
		case 'H':
			if (!strcmp(optarg, "stdin"))
				how = HOLD_STDIN;
			else if (!strcmp(optarg, "signal"))
				how = HOLD_SIGNAL;
			else if (!strcmp(optarg, "none"))
				how = HOLD_NONE;
			else
				die("--hold: '%s': expected stdin, signal or "
				    "none", optarg);
			break;
		case 'h':
			fputs(usage, stdout);
			return 0;
		default:
			fputs(usage, stderr);
			return 2;
		}
	}
	if (optind < argc)
		die("unexpected argument '%s'", argv[optind]);
	if (strcmp(mode, "pagecache") && strcmp(mode, "anon") &&
	    strcmp(mode, "unmovable"))
		die("--mode: '%s': expected pagecache, anon or unmovable",
		    mode);

	/* gone with the run that started it; first to go if memory runs out */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		return 1;
	{
		FILE *f = fopen("/proc/self/oom_score_adj", "we");

		if (f) {
			fputs("1000", f);
			fclose(f);
		}
	}

	/* freed pages would sit on per-CPU lists, outside the buddy lists
	 * the metric reads and out of the fill's reach: keep those lists
	 * small from the first measurement to the last; and proactive
	 * compaction would undo the fragmentation while it is made (the
	 * paper's web server drove contiguity to zero before its daemon
	 * could restore it): it is off until the ready line, what happens
	 * while held is the system's setting */
	atexit(frag_settings_restore_all);
	frag_pcp_pin();
	frag_setting_hold(&proactive, "0");
	if (frag_measure(&before, err, sizeof(err)) < 0)
		die("%s", err);
	if (!floor_given) {
		t.floor_kb = before.total_kb / 4;
		if (t.floor_kb < 512 * 1024)
			t.floor_kb = 512 * 1024;
	}
	t.reserve_kb = 2 * frag_high_watermarks_kb("/proc/zoneinfo");
	if (t.reserve_kb < 64 * 1024)
		t.reserve_kb = 64 * 1024;
	if (t.floor_kb < t.reserve_kb)
		t.floor_kb = t.reserve_kb;
	if (!t.stride_kb) {
		double free_frac = before.total_kb ? 1.0 -
			(double)t.floor_kb / before.total_kb : 1.0;

		t.stride_kb = frag_auto_stride_kb(before.sizes_kb,
						  before.nsizes, free_frac,
						  t.ceiling);
		/* pipes kept one in a group of 128: 512 kB at most */
		if (!strcmp(mode, "unmovable") && t.stride_kb > 512)
			t.stride_kb = 512;
	}

	if (!strcmp(mode, "pagecache"))
		rc = frag_pagecache_fill(&t, &r, err, sizeof(err));
	else if (!strcmp(mode, "anon"))
		rc = frag_anon_fill(&t, &r, err, sizeof(err));
	else
		rc = frag_unmovable_fill(&t, &r, err, sizeof(err));
	if (rc < 0) {
		frag_pagecache_release();
		fprintf(stderr, "spfrag: %s\n", err);
		return 1;
	}
	if (frag_measure(&after, err, sizeof(err)) < 0)
		die("%s", err);
	frag_pcp_unpin();
	frag_setting_restore(&proactive);

	json_init(&j, stdout, false);
	json_object_begin(&j, NULL);
	json_string(&j, "schema", "spfrag/1");
	json_string(&j, "event", "ready");
	json_string(&j, "mode", mode);
	json_int(&j, "pid", getpid());
	json_object_begin(&j, "target");
	json_double(&j, "ceiling", t.ceiling);
	json_uint(&j, "floor_kb", t.floor_kb);
	json_uint(&j, "reserve_kb", t.reserve_kb);
	json_uint(&j, "max_kb", t.max_kb);
	json_uint(&j, "seed", t.seed);
	json_object_end(&j);
	json_bool(&j, "reached", after.contiguity <= t.ceiling &&
		  after.free_kb >= t.floor_kb);
	json_string(&j, "fill_stopped_by", fill_verdict_name[r.verdict]);
	json_double(&j, "time_s", frag_now_s() - t0);
	json_double(&j, "fill_s", r.fill_s);
	json_double(&j, "thin_s", r.thin_s);
	contiguity_json(&j, "before", &before);
	contiguity_json(&j, "after", &after);
	json_object_begin(&j, "holding");
	json_uint(&j, "kb", r.held_kb);
	json_uint(&j, "filled_kb", r.filled_kb);
	if (!strcmp(mode, "pagecache"))
		frag_pagecache_held(&j);
	else if (!strcmp(mode, "anon"))
		frag_anon_held(&j);
	else
		frag_unmovable_held(&j);
	json_object_end(&j);
	json_object_end(&j);
	json_finish(&j);

	hold(frag_stop ? HOLD_NONE : how, parent);
	t0 = frag_now_s();
	if (!strcmp(mode, "pagecache"))
		frag_pagecache_release();
	else if (!strcmp(mode, "anon"))
		frag_anon_release();
	else
		frag_unmovable_release();
	json_init(&j, stdout, false);
	json_object_begin(&j, NULL);
	json_string(&j, "schema", "spfrag/1");
	json_string(&j, "event", "released");
	json_double(&j, "time_s", frag_now_s() - t0);
	json_uint(&j, "pcp_kb", frag_pcp_kb("/proc/zoneinfo"));
	json_bool(&j, "pcp_drained", frag_drain_pcp() == 0);
	json_uint(&j, "pcp_kb_drained", frag_pcp_kb("/proc/zoneinfo"));
	if (frag_measure(&after, err, sizeof(err)) == 0)
		contiguity_json(&j, "contiguity", &after);
	json_object_end(&j);
	json_finish(&j);
	return frag_stop ? 143 : 0;
}
