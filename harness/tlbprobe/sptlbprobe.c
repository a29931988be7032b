/* sptlbprobe.c - measures this CPU's data TLBs by timing, because inside a
 * virtual machine CPUID reports whatever the hypervisor chooses.  Dependent
 * loads, one per 4 kB page at its own cache line, in a random cycle over N
 * pages, for a geometric sweep of N; the same addresses once over 4 kB
 * pages and once over 2 MB pages, so that the difference between the two
 * curves is the TLB's share and the cache's share cancels.  Pinned to one
 * CPU, best of several repeats.  Prints JSON (harness/tlbprobe/README.md);
 * exit 0, 1 when it cannot measure (reason on stderr), 2 on bad usage. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chain.h"
#include "clock.h"
#include "knees.h"
#include "probe.h"
#include "region.h"

static void usage(void)
{
	fprintf(stderr, "usage: sptlbprobe [--max-pages N] [--repeats N] [--loads N] "
		"[--per-octave N] [--cpu N]\n");
	exit(2);
}

static long number(const char *s, long lo, long hi)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < lo || v > hi)
		usage();
	return v;
}

static void parse(int argc, char **argv, struct probe_config *c)
{
	static const struct option opts[] = {
		{ "max-pages", required_argument, NULL, 'm' },
		{ "repeats", required_argument, NULL, 'r' },
		{ "loads", required_argument, NULL, 'l' },
		{ "per-octave", required_argument, NULL, 'o' },
		{ "cpu", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 },
	};
	int o;

	while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (o) {
		case 'm': c->max_pages = number(optarg, 16, 1 << 20); break;
		case 'r': c->repeats = (int)number(optarg, 1, PROBE_MAX_REPEATS); break;
		case 'l': c->loads = number(optarg, 1024, 1L << 30) & ~7L; break;
		case 'o': c->per_octave = (int)number(optarg, 1, 32); break;
		case 'c': c->cpu = (int)number(optarg, 0, CPU_SETSIZE - 1); break;
		default: usage();
		}
	}
	if (optind != argc)
		usage();
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

int main(int argc, char **argv)
{
	struct probe_config c = { .max_pages = 16384, .repeats = 9, .loads = 1L << 15,
				  .per_octave = 8, .cpu = -1 };
	static struct probe p;
	double t0 = clock_now_ns();

	parse(argc, argv, &c);
	if (c.cpu < 0)
		c.cpu = sched_getcpu() < 0 ? 0 : sched_getcpu();
	if (pin(c.cpu) != 0) {
		fprintf(stderr, "sptlbprobe: cannot pin to CPU %d: %s\n", c.cpu, strerror(errno));
		return 1;
	}
	if (probe_setup(&p, &c) != 0) {
		fprintf(stderr, "sptlbprobe: cannot map %ld pages: %s\n", c.max_pages,
			strerror(errno));
		return 1;
	}
	probe_sweep(&p);
	probe_analyse(&p);
	p.seconds = (clock_now_ns() - t0) / 1e9;
	probe_print(&p, stdout);
	return 0;
}
