/* spstat.c - spbench's measurement core: runs one command and prints one
 * JSON record (spstat/1, see SCHEMA.md) with its time, counters, superpage
 * coverage, THP/compaction counter deltas and memory contiguity. */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "contiguity.h"
#include "counters.h"
#include "events.h"
#include "host.h"
#include "json.h"
#include "kvstat.h"
#include "monitor.h"
#include "proctree.h"
#include "smaps.h"
#include "contiguity_timeline.h"

#define SPSTAT_FAIL 125		/* spstat's own failures, as env(1) does */
#define MAX_EVENTS 64

static const char usage[] =
"usage: spstat [-e EVENTS] [-o FILE] [--sample-ms N] [--thp-disable]\n"
"              [--no-histogram] [--contiguity-ms N] [--monitor-ms N]\n"
"              -- CMD [ARGS...]\n"
"       spstat --host [-o FILE]\n"
"       spstat --contiguity [--sizes KB,KB,...] [-o FILE]\n"
"       spstat --list-events [-e EVENTS]\n"
"\n"
"Runs CMD and prints one JSON object (schema spstat/1): wall/user/sys time,\n"
"max RSS, perf counters from exec to exit, coverage (peak smaps_rollup and\n"
"a page-size histogram), vmstat and mTHP stats deltas, contiguity before\n"
"and after, and the host.\n"
"\n"
"  -e EVENTS        comma list: perf generic names (cycles, dTLB-load-misses,\n"
"                   page-faults, task-clock, ...), page-walk-cycles or\n"
"                   page-walks (this CPU's page-walk event), or libpfm4\n"
"                   event strings; default: cycles, instructions,\n"
"                   dTLB-load-misses, dTLB-store-misses, iTLB-load-misses,\n"
"                   the page-walk event, minor-faults, major-faults,\n"
"                   task-clock, context-switches\n"
"  -o FILE          write the JSON to FILE (atomically) instead of stdout\n"
"  --sample-ms N    smaps_rollup sampling interval, ms (default 100; 0: off)\n"
"  --thp-disable    prctl(PR_SET_THP_DISABLE) in the child before exec\n"
"  --no-histogram   skip the pagemap/kpageflags page-size histogram\n"
"  --sample-leaf    sample the newest leaf of CMD's process tree instead of\n"
"                   CMD (for a launcher that runs its work in children)\n"
"  --contiguity-ms N  sample the contiguity metric every N ms while CMD\n"
"                   runs, on the sampling tick (default 1000; 0: off)\n"
"  --monitor-ms N   read /proc/vmstat, /proc/buddyinfo and /proc/pagetypeinfo\n"
"                   before exec, every N ms while CMD runs (pagetypeinfo one\n"
"                   time in 10) and at exit; each kept as a bounded series\n"
"                   in \"monitors\" (default 0: off)\n"
"  --host           print the host object (CPU, TLBs, PMU) and exit\n"
"  --contiguity     print the free-memory contiguity metric and exit\n"
"  --sizes LIST     region sizes in kB for --contiguity (default\n"
"                   64,512,2048,4096)\n"
"  --list-events    show what the events resolve to here, and why any\n"
"                   cannot be counted\n"
"  -h, --help       this text\n"
"\n"
"Exit status: CMD's exit status, 128+N when killed by signal N, 127 when\n"
"CMD cannot be run, 125 when spstat itself fails.\n";

enum mode { MODE_RUN, MODE_HOST, MODE_CONTIGUITY, MODE_LIST };

struct opts {
	enum mode mode;
	const char *events;
	const char *out;
	const char *sizes;
	unsigned int sample_ms;
	unsigned int contiguity_ms;
	unsigned int monitor_ms;
	bool thp_disable;
	bool histogram;
	bool leaf;
	char **argv;
};

struct output {
	FILE *f;
	char *path, *tmp;
};

static void die(const char *fmt, const char *arg)
{
	fprintf(stderr, "spstat: ");
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	exit(SPSTAT_FAIL);
}

static unsigned int parse_ms(const char *s)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || s[0] == '-' || v > 3600000)
		die("--sample-ms: '%s' is not a number of milliseconds (0..3600000)", s);
	return (unsigned int)v;
}

static void parse_args(int argc, char **argv, struct opts *o)
{
	enum { O_SAMPLE = 256, O_THP, O_NOHIST, O_HOST, O_CONTIG, O_SIZES,
	       O_LIST, O_CONTIG_MS, O_LEAF, O_MONITOR_MS };
	static const struct option longs[] = {
		{ "events", required_argument, NULL, 'e' },
		{ "output", required_argument, NULL, 'o' },
		{ "sample-ms", required_argument, NULL, O_SAMPLE },
		{ "thp-disable", no_argument, NULL, O_THP },
		{ "no-histogram", no_argument, NULL, O_NOHIST },
		{ "sample-leaf", no_argument, NULL, O_LEAF },
		{ "host", no_argument, NULL, O_HOST },
		{ "contiguity", no_argument, NULL, O_CONTIG },
		{ "sizes", required_argument, NULL, O_SIZES },
		{ "list-events", no_argument, NULL, O_LIST },
		{ "contiguity-ms", required_argument, NULL, O_CONTIG_MS },
		{ "monitor-ms", required_argument, NULL, O_MONITOR_MS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->sample_ms = 100;
	o->contiguity_ms = 1000;
	o->histogram = true;
	while ((c = getopt_long(argc, argv, "+e:o:h", longs, NULL)) != -1) {
		switch (c) {
		case 'e': o->events = optarg; break;
		case 'o': o->out = optarg; break;
		case O_SAMPLE: o->sample_ms = parse_ms(optarg); break;
		case O_CONTIG_MS: o->contiguity_ms = parse_ms(optarg); break;
		case O_MONITOR_MS: o->monitor_ms = parse_ms(optarg); break;
		case O_THP: o->thp_disable = true; break;
		case O_NOHIST: o->histogram = false; break;
		case O_LEAF: o->leaf = true; break;
		case O_HOST: o->mode = MODE_HOST; break;
		case O_CONTIG: o->mode = MODE_CONTIGUITY; break;
		case O_SIZES: o->sizes = optarg; break;
		case O_LIST: o->mode = MODE_LIST; break;
		case 'h':
			fputs(usage, stdout);
			exit(0);
		default:
			fprintf(stderr, "spstat: try 'spstat -h'\n");
			exit(SPSTAT_FAIL);
		}
	}
	o->argv = argv + optind;
	if (o->mode == MODE_RUN && !o->argv[0])
		die("%s", "no command given (usage: spstat [OPTIONS] -- CMD [ARGS...])");
	if (o->mode != MODE_RUN && o->argv[0])
		die("unexpected argument '%s'", o->argv[0]);
	if (o->sizes && o->mode != MODE_CONTIGUITY)
		die("%s", "--sizes goes with --contiguity");
}

/*
 * Opens the output before anything runs, so a bad -o fails first.  A file is
 * written beside itself and renamed into place at the end; anything else that
 * already exists (/dev/null, a FIFO, a terminal) is written as it is, never
 * replaced.
 */
static void output_open(struct output *out, const char *path)
{
	struct stat st;

	memset(out, 0, sizeof(*out));
	if (!path) {
		out->f = stdout;
		return;
	}
	out->path = strdup(path);
	if (!out->path)
		die("%s", "out of memory");
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		out->f = fopen(path, "we");
		if (!out->f)
			goto fail;
		return;
	}
	if (asprintf(&out->tmp, "%s.tmp", path) < 0)
		die("%s", "out of memory");
	out->f = fopen(out->tmp, "we");
	if (!out->f)
		goto fail;
	return;
fail:
	fprintf(stderr, "spstat: cannot write '%s': %s\n",
		out->tmp ? out->tmp : path, strerror(errno));
	exit(SPSTAT_FAIL);
}

static int output_close(struct output *out, struct json *j)
{
	int ok = json_finish(j) == 0;

	if (!out->path)
		return ok ? 0 : -1;
	if (ok && out->tmp && fsync(fileno(out->f)) != 0)
		ok = 0;
	if (fclose(out->f) != 0)
		ok = 0;
	if (ok && out->tmp && rename(out->tmp, out->path) != 0)
		ok = 0;
	if (!ok) {
		fprintf(stderr, "spstat: cannot write '%s': %s\n", out->path,
			strerror(errno));
		if (out->tmp)
			unlink(out->tmp);
	}
	free(out->tmp);
	free(out->path);
	return ok ? 0 : -1;
}

/* Splits -e's list and resolves each name; returns the count. */
static int resolve_events(const char *list, const struct cpu_ident *cpu,
			  struct event_desc *ev)
{
	char *copy, *save = NULL, *tok;
	int n = 0;

	if (!list)
		return events_default(cpu, ev, MAX_EVENTS);
	copy = strdup(list);
	if (!copy)
		die("%s", "out of memory");
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (n == MAX_EVENTS)
			die("-e: more than %s events", "64");
		for (int i = 0; i < n; i++)
			if (!strcmp(ev[i].name, tok))
				die("-e: '%s' is listed twice", tok);
		events_resolve(tok, cpu, &ev[n++]);
	}
	free(copy);
	if (n == 0 || strstr(list, ",,") || list[strlen(list) - 1] == ',' ||
	    list[0] == ',')
		die("-e: '%s' has an empty event name", list);
	return n;
}

static int do_host(const struct opts *o)
{
	struct host_info host;
	struct output out;
	struct json j;

	output_open(&out, o->out);
	host_probe(&host);
	json_init(&j, out.f, true);
	host_json(&j, NULL, &host);
	return output_close(&out, &j) ? SPSTAT_FAIL : 0;
}

static int do_contiguity(const struct opts *o)
{
	uint64_t sizes[CONTIG_MAX_SIZES];
	struct contiguity c;
	struct output out;
	struct json j;
	char err[256];
	int n = 4;

	memcpy(sizes, contiguity_default_sizes_kb, sizeof(uint64_t) * 4);
	if (o->sizes) {
		n = contiguity_parse_sizes(o->sizes, sizes, err, sizeof(err));
		if (n < 0)
			die("--sizes: %s", err);
	}
	output_open(&out, o->out);
	if (contiguity_measure_live(sizes, n, &c, err, sizeof(err)) != 0) {
		if (out.tmp)
			unlink(out.tmp);
		die("contiguity: %s", err);
	}
	json_init(&j, out.f, true);
	contiguity_json(&j, NULL, &c);
	return output_close(&out, &j) ? SPSTAT_FAIL : 0;
}

static int do_list(const struct opts *o)
{
	static struct event_desc ev[MAX_EVENTS];
	struct counter_set cs;
	struct host_info host;
	struct output out;
	struct json j;
	char buf[256], hex[32];
	int n;

	output_open(&out, o->out);
	host_probe(&host);
	n = resolve_events(o->events, &host.cpu, ev);
	if (counters_init(&cs, ev, n, host.cpu.hypervisor) != 0)
		die("%s", "out of memory");
	json_init(&j, out.f, true);
	json_object_begin(&j, NULL);
	json_object_begin(&j, "pmu");
	json_bool(&j, "available", host.pmu_available);
	json_string(&j, "reason", host.pmu_available ? NULL : host.pmu_reason);
	json_object_end(&j);
	json_int(&j, "perf_event_paranoid", host.perf_event_paranoid);
	json_array_begin(&j, "events");
	for (int i = 0; i < n; i++) {
		bool user_only;
		const char *why = counters_probe(&cs, &ev[i], &user_only,
						 buf, sizeof(buf));

		json_object_begin(&j, NULL);
		json_string(&j, "name", ev[i].name);
		json_string(&j, "event", ev[i].pfm[0] ? ev[i].pfm : NULL);
		if (ev[i].ok) {
			snprintf(hex, sizeof(hex), "0x%llx",
				 (unsigned long long)ev[i].attr.config);
			json_uint(&j, "type", ev[i].attr.type);
			json_string(&j, "config", hex);
		}
		json_bool(&j, "supported", why == NULL);
		json_string(&j, "reason", why);
		if (!why && user_only)
			json_string(&j, "scope", "user");
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	counters_free(&cs);
	return output_close(&out, &j) ? SPSTAT_FAIL : 0;
}

struct sampler {
	struct coverage *cov;
	struct contig_timeline tl;
	struct monitor mon;
	bool warned;
};

static void sample_tick(void *arg, pid_t pid, uint64_t now_ns)
{
	struct sampler *s = arg;

	monitor_tick(&s->mon, now_ns);
	if (s->cov->interval_ms == 0)
		return;
	if (s->cov->leaf)
		pid = proctree_leaf(pid);
	if (coverage_sample(s->cov, pid, now_ns) < 0 && !s->warned) {
		fprintf(stderr, "spstat: sampling process %d: %s\n", (int)pid,
			strerror(errno));
		s->warned = true;
	}
	contig_timeline_tick(&s->tl, now_ns);
}

/* The second snapshot rereads the files the first (prev) keeps open. */
static bool snapshot(struct kvstat_snapshot *s,
		     const struct kvstat_snapshot *prev, const char *when)
{
	memset(s, 0, sizeof(*s));
	if ((prev ? kvstat_snapshot_again_live(s, prev) :
		    kvstat_snapshot_live(s)) == 0)
		return true;
	fprintf(stderr, "spstat: reading /proc/vmstat and mTHP stats %s: %s\n",
		when, strerror(errno));
	return false;
}

static bool contiguity(struct contiguity *c, const char *when)
{
	char err[256];

	if (contiguity_measure_live(contiguity_default_sizes_kb, 4, c, err,
				    sizeof(err)) == 0)
		return true;
	fprintf(stderr, "spstat: contiguity %s: %s\n", when, err);
	return false;
}

/* spstat's own CPU time (not its child's): what measuring cost. */
static void self_cost_json(struct json *j)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0) {
		json_null(j, "spstat_cpu");
		return;
	}
	json_object_begin(j, "spstat_cpu");
	json_double(j, "user_s", ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6);
	json_double(j, "sys_s", ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6);
	json_object_end(j);
}

static int do_run(const struct opts *o)
{
	static struct event_desc ev[MAX_EVENTS];
	struct kvstat_snapshot kv_before, kv_after;
	struct contiguity c_before, c_after;
	bool have_kv_before, have_kv_after, have_c_before, have_c_after;
	struct counter_set cs;
	struct coverage cov;
	struct sampler sampler = { .cov = &cov };
	struct host_info host;
	struct output out;
	struct child child;
	struct json j;
	bool ran;
	int n, status = SPSTAT_FAIL;

	output_open(&out, o->out);
	host_probe(&host);
	n = resolve_events(o->events, &host.cpu, ev);
	if (counters_init(&cs, ev, n, host.cpu.hypervisor) != 0)
		die("%s", "out of memory");
	coverage_init(&cov, o->sample_ms, o->histogram);
	cov.leaf = o->leaf;
	have_c_before = contiguity(&c_before, "before");
	have_kv_before = snapshot(&kv_before, NULL, "before");

	if (child_spawn(&child, o->argv, o->thp_disable) != 0) {
		fprintf(stderr, "spstat: cannot start '%s': %s\n", o->argv[0],
			strerror(errno));
		if (out.tmp)
			unlink(out.tmp);
		return SPSTAT_FAIL;
	}
	counters_open(&cs, child.pid);
	contig_timeline_init(&sampler.tl, o->contiguity_ms, monotonic_ns());
	monitor_init(&sampler.mon, o->monitor_ms, MONITOR_MAX_ROWS,
		     monotonic_ns(), NULL, NULL, NULL);
	monitor_sample_first(&sampler.mon, monotonic_ns());
	coverage_series_start(&cov, monotonic_ns());
	ran = child_start(&child) == 0;
	if (!ran)
		fprintf(stderr, "spstat: cannot run '%s': %s%s\n", o->argv[0],
			strcmp(child.failed_step, "exec") ? "prctl(PR_SET_THP_DISABLE): " : "",
			strerror(child.exec_errno));
	/* the monitors tick on the sampling tick; with sampling off, alone */
	if (child_wait(&child, !ran ? 0 : o->sample_ms ? o->sample_ms :
		       o->monitor_ms, sample_tick,
		       &sampler) != 0) {
		fprintf(stderr, "spstat: waiting for '%s': %s\n", o->argv[0],
			strerror(errno));
		if (out.tmp)
			unlink(out.tmp);
		return SPSTAT_FAIL;
	}
	counters_read(&cs);
	counters_close(&cs);
	if (ran && o->contiguity_ms)
		contig_timeline_sample(&sampler.tl, monotonic_ns());
	if (ran)
		monitor_sample_last(&sampler.mon, monotonic_ns());
	have_kv_after = have_kv_before &&
			snapshot(&kv_after, &kv_before, "after");
	have_c_after = contiguity(&c_after, "after");

	json_init(&j, out.f, true);
	json_object_begin(&j, NULL);
	json_string(&j, "schema", "spstat/1");
	json_array_begin(&j, "command");
	for (char **a = o->argv; *a; a++)
		json_string(&j, NULL, *a);
	json_array_end(&j);

	json_object_begin(&j, "exit");
	if (!ran) {
		char msg[160];

		snprintf(msg, sizeof(msg), "%s%s",
			 strcmp(child.failed_step, "exec") ? "prctl(PR_SET_THP_DISABLE): " : "",
			 strerror(child.exec_errno));
		json_null(&j, "code");
		json_null(&j, "signal");
		json_string(&j, "exec_error", msg);
		status = 127;
	} else if (WIFSIGNALED(child.status)) {
		json_null(&j, "code");
		json_int(&j, "signal", WTERMSIG(child.status));
		json_null(&j, "exec_error");
		status = 128 + WTERMSIG(child.status);
	} else {
		json_int(&j, "code", WEXITSTATUS(child.status));
		json_null(&j, "signal");
		json_null(&j, "exec_error");
		status = WEXITSTATUS(child.status);
	}
	json_object_end(&j);

	json_object_begin(&j, "time");
	json_double(&j, "wall_s", child_wall_s(&child));
	json_double(&j, "user_s", child.ru.ru_utime.tv_sec +
				  child.ru.ru_utime.tv_usec / 1e6);
	json_double(&j, "sys_s", child.ru.ru_stime.tv_sec +
				 child.ru.ru_stime.tv_usec / 1e6);
	json_object_end(&j);
	json_int(&j, "max_rss_kb", child.ru.ru_maxrss);
	self_cost_json(&j);
	json_bool(&j, "thp_disabled", o->thp_disable);
	counters_json(&j, "counters", &cs);
	coverage_json(&j, "coverage", &cov);
	if (have_kv_before && have_kv_after) {
		kvstat_vmstat_delta_json(&j, "vmstat_delta", &kv_before,
					 &kv_after);
		kvstat_mthp_delta_json(&j, "mthp_stats_delta", &kv_before,
				       &kv_after);
	} else {
		json_null(&j, "vmstat_delta");
		json_null(&j, "mthp_stats_delta");
	}
	if (have_c_before)
		contiguity_json(&j, "contiguity_before", &c_before);
	else
		json_null(&j, "contiguity_before");
	if (have_c_after)
		contiguity_json(&j, "contiguity_after", &c_after);
	else
		json_null(&j, "contiguity_after");
	contig_timeline_json(&j, "contiguity_timeline", &sampler.tl);
	contig_timeline_free(&sampler.tl);
	monitor_json(&j, "monitors", &sampler.mon);
	monitor_free(&sampler.mon);
	coverage_free(&cov);
	host_json(&j, "host", &host);
	json_object_end(&j);

	if (output_close(&out, &j) != 0)
		status = SPSTAT_FAIL;
	if (have_kv_before)
		kvstat_free(&kv_before);
	if (have_kv_after)
		kvstat_free(&kv_after);
	counters_free(&cs);
	return status;
}

int main(int argc, char **argv)
{
	struct opts o;

	parse_args(argc, argv, &o);
	switch (o.mode) {
	case MODE_HOST:
		return do_host(&o);
	case MODE_CONTIGUITY:
		return do_contiguity(&o);
	case MODE_LIST:
		return do_list(&o);
	default:
		return do_run(&o);
	}
}
