/* spfrag.c - fragments physical memory to a target and holds it until
 * released (the paper's fragmented state), and reports free-memory
 * contiguity now (measure) or over time (watch).  It writes no sysctl:
 * spbench holds the ones the state needs while it fills.  See README.md. */
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
"releases everything and prints a second line.  While it holds, a line\n"
"'refresh' on stdin fragments again what runs have defragmented, without a\n"
"new fill (pagecache only), and prints a 'refreshed' line.\n"
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

static void __attribute__((noreturn)) die(const char *fmt, const char *arg)
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

struct filler {
	const char *name;
	int (*fill)(const struct frag_target *t, struct frag_result *r,
		    char *err, size_t errlen);
	void (*held_json)(struct json *j);
	void (*release)(void);
	int (*refresh)(const struct frag_target *t, struct frag_result *r,
		       char *err, size_t errlen);	/* NULL: cannot */
	uint64_t max_stride_kb;		/* 0: any */
	bool pipes;			/* sizes pipes FRAG_PIPE_BYTES */
};

static const struct filler fillers[] = {
	{ "pagecache", frag_pagecache_fill, frag_pagecache_held,
	  frag_pagecache_release, frag_pagecache_refresh, 0, false },
	{ "anon", frag_anon_fill, frag_anon_held, frag_anon_release, NULL, 0,
	  false },
	/* pipes kept one in a group of 128: 512 kB at most */
	{ "unmovable", frag_unmovable_fill, frag_unmovable_held,
	  frag_unmovable_release, NULL, 512, true },
};

/* One fragmenting run, from the options to the released line. */
struct run {
	struct frag_target t;
	const struct filler *f;
	enum hold how;
	bool floor_given;
	pid_t parent;
	double t0;
	struct frag_sysctls seen;
	struct contiguity before, after;
	struct frag_result r;
};

static const struct filler *find_filler(const char *name)
{
	for (size_t i = 0; i < sizeof(fillers) / sizeof(fillers[0]); i++)
		if (!strcmp(fillers[i].name, name))
			return &fillers[i];
	die("--mode: '%s': expected pagecache, anon or unmovable", name);
}

/* Returns the exit status when spfrag is done here (--help, a usage
 * error), -1 to go on; a bad value exits at once. */
static int parse_options(int argc, char **argv, struct run *run)
{
	struct frag_target *t = &run->t;
	const char *mode = "pagecache";
	char *end;
	int c;
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

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 'm':
			mode = optarg;
			break;
		case 'c':
			errno = 0;
			t->ceiling = strtod(optarg, &end);
			if (errno || end == optarg || *end || t->ceiling < 0 ||
			    t->ceiling > 1)
				die("--ceiling: '%s' is not a number from 0 to "
				    "1", optarg);
			break;
		case 'f':
			t->floor_kb = parse_u64("--floor-mb", optarg,
						1ull << 30) * 1024;
			run->floor_given = true;
			break;
		case 'x':
			t->max_kb = parse_u64("--max-mb", optarg,
					      1ull << 30) * 1024;
			if (!t->max_kb)
				die("%s", "--max-mb must be at least 1");
			break;
		case 's':
			t->stride_kb = parse_u64("--stride-kb", optarg, 4096);
			if (t->stride_kb < 8 || t->stride_kb & (t->stride_kb - 1))
				die("--stride-kb: '%s' is not a power of two "
				    "from 8 to 4096", optarg);
			break;
		case 'S':
			t->seed = parse_u64("--seed", optarg, UINT64_MAX);
			break;
		case 'd':
			t->dir = optarg;
			break;
		case 'F':
			t->nfiles = parse_u64("--files", optarg, 16384);
			if (t->nfiles < 2)
				die("%s", "--files must be at least 2");
			break;
		case 'H':
			if (!strcmp(optarg, "stdin"))
				run->how = HOLD_STDIN;
			else if (!strcmp(optarg, "signal"))
				run->how = HOLD_SIGNAL;
			else if (!strcmp(optarg, "none"))
				run->how = HOLD_NONE;
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
	run->f = find_filler(mode);
	return -1;
}

/* Gone with the run that started it, first to go if memory runs out;
 * false when that run is gone already. */
static bool tie_to_parent(pid_t parent)
{
	FILE *f;

	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		return false;
	f = fopen("/proc/self/oom_score_adj", "we");
	if (f) {
		fputs("1000", f);
		fclose(f);
	}
	return true;
}

/* Notes the sysctls the state depends on, and says in one line what is
 * wrong with them when spfrag runs without spbench holding them. */
static void check_sysctls(struct run *run)
{
	char problems[512];

	frag_sysctls_read("/proc/sys", &run->seen);
	frag_sysctls_problems(&run->seen, !run->f->pipes ||
			      frag_unmovable_pipes_full(),
			      problems, sizeof(problems));
	if (problems[0])
		fprintf(stderr, "spfrag: warning: %s; spbench's fragmented "
			"states hold what they need (harness/frag/README.md)\n",
			problems);
}

/* The floor, reserve and stride, from the memory before the fill. */
static void prepare_target(struct run *run)
{
	struct frag_target *t = &run->t;
	struct contiguity *b = &run->before;
	char err[512];

	if (frag_measure(b, err, sizeof(err)) < 0)
		die("%s", err);
	if (!run->floor_given) {
		t->floor_kb = b->total_kb / 4;
		if (t->floor_kb < 512 * 1024)
			t->floor_kb = 512 * 1024;
	}
	t->reserve_kb = 2 * frag_high_watermarks_kb("/proc/zoneinfo");
	if (t->reserve_kb < 64 * 1024)
		t->reserve_kb = 64 * 1024;
	if (t->floor_kb < t->reserve_kb)
		t->floor_kb = t->reserve_kb;
	if (!t->stride_kb) {
		double free_frac = b->total_kb ? 1.0 -
			(double)t->floor_kb / b->total_kb : 1.0;

		t->stride_kb = frag_auto_stride_kb(b->sizes_kb, b->nsizes,
						   free_frac, t->ceiling);
		if (run->f->max_stride_kb && t->stride_kb > run->f->max_stride_kb)
			t->stride_kb = run->f->max_stride_kb;
	}
}

/* 0, or the exit status when the fill failed. */
static int fill(struct run *run)
{
	char err[512] = "";

	if (run->f->fill(&run->t, &run->r, err, sizeof(err)) < 0) {
		run->f->release();
		fprintf(stderr, "spfrag: %s\n", err);
		return 1;
	}
	if (frag_measure(&run->after, err, sizeof(err)) < 0)
		die("%s", err);
	return 0;
}

/* The ready line, or after a refresh the refreshed one (error: why it
 * could not, "" when it could). */
static void report_ready(const struct run *run, const char *event,
			 double t0, const char *error)
{
	const struct frag_target *t = &run->t;
	struct json j;

	json_init(&j, stdout, false);
	json_object_begin(&j, NULL);
	json_string(&j, "schema", "spfrag/1");
	json_string(&j, "event", event);
	if (error[0])
		json_string(&j, "error", error);
	json_string(&j, "mode", run->f->name);
	json_int(&j, "pid", getpid());
	json_object_begin(&j, "target");
	json_double(&j, "ceiling", t->ceiling);
	json_uint(&j, "floor_kb", t->floor_kb);
	json_uint(&j, "reserve_kb", t->reserve_kb);
	json_uint(&j, "max_kb", t->max_kb);
	json_uint(&j, "seed", t->seed);
	json_object_end(&j);
	json_bool(&j, "reached", run->after.contiguity <= t->ceiling &&
		  run->after.free_kb >= t->floor_kb);
	json_string(&j, "fill_stopped_by", fill_verdict_name[run->r.verdict]);
	json_double(&j, "time_s", frag_now_s() - t0);
	json_double(&j, "fill_s", run->r.fill_s);
	json_double(&j, "thin_s", run->r.thin_s);
	contiguity_json(&j, "before", &run->before);
	contiguity_json(&j, "after", &run->after);
	json_object_begin(&j, "holding");
	json_uint(&j, "kb", run->r.held_kb);
	json_uint(&j, "filled_kb", run->r.filled_kb);
	run->f->held_json(&j);
	json_object_end(&j);
	frag_sysctls_json(&j, "settings_seen", &run->seen);
	json_object_end(&j);
	json_finish(&j);
}

/* Fragments again in place, then says how that went on stdout. */
static void refresh(struct run *run)
{
	double t0 = frag_now_s();
	char err[512] = "", again[512];

	if (frag_measure(&run->before, err, sizeof(err)) == 0) {
		if (!run->f->refresh)
			snprintf(err, sizeof(err), "mode %s cannot refresh: "
				 "release it and fill again", run->f->name);
		else
			run->f->refresh(&run->t, &run->r, err, sizeof(err));
	}
	if (frag_measure(&run->after, again, sizeof(again)) < 0) {
		run->after = run->before;
		if (!err[0])
			snprintf(err, sizeof(err), "%s", again);
	}
	report_ready(run, "refreshed", t0, err);
}

/*
 * Blocks until stdin reaches EOF, a signal arrives or the parent dies,
 * refreshing at each 'refresh' line; any other line is ignored.
 */
static void hold(struct run *run, enum hold how)
{
	char line[256];
	size_t len = 0;
	struct pollfd pfd = { .fd = 0, .events = POLLIN };

	if (how == HOLD_NONE)
		return;
	while (!frag_stop && getppid() == run->parent) {
		ssize_t n;

		if (how == HOLD_SIGNAL) {
			pause();
			continue;
		}
		if (poll(&pfd, 1, 1000) <= 0)
			continue;
		n = read(0, line + len, 1);
		if (n <= 0)
			return;
		if (line[len] != '\n' && len < sizeof(line) - 1) {
			len++;
			continue;
		}
		line[len] = '\0';
		len = 0;
		if (!strcmp(line, "refresh"))
			refresh(run);
	}
}

static void release_and_report(const struct run *run)
{
	double t0 = frag_now_s();
	struct contiguity now;
	struct json j;
	char err[512];

	run->f->release();
	json_init(&j, stdout, false);
	json_object_begin(&j, NULL);
	json_string(&j, "schema", "spfrag/1");
	json_string(&j, "event", "released");
	json_double(&j, "time_s", frag_now_s() - t0);
	if (frag_measure(&now, err, sizeof(err)) == 0)
		contiguity_json(&j, "contiguity", &now);
	json_object_end(&j);
	json_finish(&j);
}

int main(int argc, char **argv)
{
	struct run run = {
		.t = { .ceiling = 0.01, .seed = 42, .dir = "/var/tmp",
		       .nfiles = 1024 },
		.how = HOLD_STDIN,
		.parent = getppid(),
		.t0 = frag_now_s(),
	};
	struct sigaction sa = { .sa_handler = on_signal };
	int rc;

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

	rc = parse_options(argc, argv, &run);
	if (rc >= 0)
		return rc;
	if (!tie_to_parent(run.parent))
		return 1;
	check_sysctls(&run);
	prepare_target(&run);
	rc = fill(&run);
	if (rc)
		return rc;
	report_ready(&run, "ready", run.t0, "");
	hold(&run, frag_stop ? HOLD_NONE : run.how);
	release_and_report(&run);
	return frag_stop ? 143 : 0;
}
