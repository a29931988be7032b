/* vpr_route.c - sp-vpr-route: starts the vpr workload's place and route.
 * Execs Debian's nextpnr-ice40 on the prepared netlist (-i DIR:
 * design.json, design.pcf) for the device the size names: simulated
 * annealing placement (--placer sa), negotiated-congestion routing
 * (--router router1), one thread, the run's seed.  The bitstream goes to
 * DIR/design.asc and nextpnr's log to DIR/nextpnr.log (-o DIR).  It execs,
 * so the measured process is nextpnr. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "vpr_spec.h"

int main(int argc, char **argv)
{
	char dev[32], seed[24], json[PATH_MAX], pcf[PATH_MAX], asc[PATH_MAX];
	char log[PATH_MAX];
	struct vpr_args a;

	vpr_parse_args(argc, argv, 2, &a);
	if (atomic_file_dir("sp-vpr-route", a.path))
		return 1;
	snprintf(dev, sizeof(dev), "--%s", a.dev->name);
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)a.seed);
	snprintf(json, sizeof(json), "%s/design.json", a.input);
	snprintf(pcf, sizeof(pcf), "%s/design.pcf", a.input);
	snprintf(asc, sizeof(asc), "%s/design.asc", a.path);
	snprintf(log, sizeof(log), "%s/nextpnr.log", a.path);
	execl(VPR_NEXTPNR, VPR_NEXTPNR, dev, "--package", a.dev->package,
	      "--json", json, "--pcf", pcf, "--asc", asc,
	      "--placer", "sa", "--router", "router1", "--threads", "1",
	      "--seed", seed, "--quiet", "--log", log, (char *)NULL);
	fprintf(stderr, "sp-vpr-route: cannot run %s: %s\n", VPR_NEXTPNR,
		strerror(errno));
	return 127;
}
