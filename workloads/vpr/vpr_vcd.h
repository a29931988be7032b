/* vpr_vcd.h - the check's reader of yosys's simulation dump of the routed
 * chip (vpr_vcd.c). */
#ifndef SP_VPR_VCD_H
#define SP_VPR_VCD_H

#include <stdio.h>

#include "vpr_spec.h"

/* Reads the dump f and stores, for each rising edge of clk in turn (at
 * most max), the chip's outputs o0..o7 after it as a byte (o0 the low
 * bit), or -1 where one is undefined; returns how many.  A dump without
 * clk or an output is a check_fail. */
long vpr_vcd_read(FILE *f, int *out, long max);

#endif
