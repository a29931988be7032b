/* vpr_device.c - the iCE40 parts the vpr workload places its design on:
 * which one a size takes, how many cells --mb M asks for, and the pin
 * constraints (.pcf) both the generator and the check write. */
#include <stdio.h>

#include "vpr_spec.h"

/* Smallest first.  Pins from icestorm's chip database (chipdb-*.txt): clk
 * and rst on global-buffer pins, the outputs along one edge.  The RSS
 * model is nextpnr-ice40 0.4's peak with --placer sa on these designs,
 * about floor_kb plus kb_per_cell a cell, fitted to what was measured:
 * LP384 8 cells 25.0 MB, 12 26.0; HX1K 20 43.2, 40 51.4, 44 53.7; HX8K 60
 * 127, 150 177 (about 2.5 minutes of CPU). */
static const struct vpr_device devices[] = {
	{ "lp384", "cm49", "384", "D2", "B4",
	  { "A1", "A2", "A3", "A4", "A5", "A6", "A7", "B1" },
	  13, 23000, 250 },
	{ "hx1k", "tq144", "1k", "21", "50",
	  { "112", "113", "114", "115", "116", "117", "118", "119" },
	  46, 34500, 437 },
	{ "hx8k", "ct256", "8k", "J3", "G1",
	  { "B5", "B4", "A2", "A1", "C5", "C4", "B3", "C3" },
	  VPR_MAX_CELLS, 94000, 556 },
};
#define NDEVICES (long)(sizeof(devices) / sizeof(devices[0]))

const struct vpr_device *vpr_device_for(long cells)
{
	const struct vpr_device *d = devices;

	while (d->max_cells < cells)
		d++;
	return d;
}

static long peak_kb(const struct vpr_device *d, long cells)
{
	return d->floor_kb + d->kb_per_cell * cells;
}

long vpr_cells_by_mb(unsigned long long mb)
{
	long kb = (long)(mb * 1024), n;

	for (long i = 0; i < NDEVICES; i++) {
		const struct vpr_device *d = &devices[i];

		n = (kb - d->floor_kb) / d->kb_per_cell;
		if (n <= d->max_cells)
			return n < 2 ? 2 : n;
		/* between this part's largest and the next one's smallest:
		 * this one, full */
		if (i + 1 == NDEVICES || kb < peak_kb(&devices[i + 1], 2))
			return d->max_cells;
	}
	return VPR_MAX_CELLS;
}

void vpr_write_pcf(FILE *f, const struct vpr_device *d)
{
	fprintf(f, "# pins of the vpr workload's design on the %s (%s)\n"
		"set_io clk %s\nset_io rst %s\n", d->name, d->package, d->clk,
		d->rst);
	for (int k = 0; k < VPR_WIDTH; k++)
		fprintf(f, "set_io o%d %s\n", k, d->out[k]);
}
