/* vpr_check.c - sp-vpr-check: verifies nextpnr's routed bitstream for the
 * vpr workload without nextpnr.  icestorm's icebox_vlog reads the .asc
 * back into a netlist of the configured chip (its LUTs, flip-flops and
 * routing switches, from icestorm's own database of the iCE40); yosys
 * simulates that netlist for VPR_CYCLES clock cycles after a reset; and
 * the outputs after every edge must equal those of the design's model,
 * computed here from the seed (vpr_spec.h) with no FPGA tool. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "vpr_vcd.h"

static uint8_t apply(int op, uint8_t x, uint8_t y)
{
	switch (op) {
	case VPR_ADD:
		return (uint8_t)(x + y);
	case VPR_SUB:
		return (uint8_t)(x - y);
	case VPR_XOR:
		return x ^ y;
	default:
		return (uint8_t)~(x & y);
	}
}

static uint8_t rotl(uint8_t x, int k)
{
	return (uint8_t)(x << k | x >> (VPR_WIDTH - k));
}

/* The design's outputs after reset and each of the next cycles - 1
 * clock edges. */
static void model(const struct vpr_args *a, int *want, long cycles)
{
	struct vpr_cell *c = calloc((size_t)a->cells, sizeof(*c));
	uint8_t *r = calloc((size_t)a->cells, 1);
	uint8_t *next = calloc((size_t)a->cells, 1);

	if (!c || !r || !next)
		check_fail("out of memory");
	for (long i = 0; i < a->cells; i++) {
		c[i] = vpr_cell(a->seed, a->cells, i);
		r[i] = c[i].init;
	}
	for (long t = 0; t < cycles; t++) {
		uint8_t x = 0;

		for (long i = 0; i < a->cells; i++)
			x ^= r[i];
		want[t] = x;
		for (long i = 0; i < a->cells; i++)
			next[i] = (r[c[i].sel] >> c[i].bit & 1) ?
				  apply(c[i].op_a, r[c[i].a], r[c[i].b]) :
				  apply(c[i].op_b, r[c[i].c],
					rotl(r[i], c[i].rot));
		memcpy(r, next, (size_t)a->cells);
	}
	free(c);
	free(r);
	free(next);
}

/* The .asc's ".device" line names the part of these arguments. */
static void check_device(const struct vpr_args *a)
{
	char line[256], want[64];
	FILE *f = fopen(a->path, "r");

	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	snprintf(want, sizeof(want), ".device %s\n", a->dev->asc);
	while (fgets(line, sizeof(line), f) && strncmp(line, ".device ", 8))
		;
	fclose(f);
	if (strncmp(line, ".device ", 8))
		check_fail("no .device line: not an iCE40 bitstream");
	if (strcmp(line, want))
		check_fail("is for the device %.*s, not the %s of %ld cells",
			   (int)strcspn(line + 8, "\n"), line + 8,
			   a->dev->name, a->cells);
}

/* Runs argv with its standard output into the file out: its exit
 * status, or -1. */
static int run_into(char *const argv[], const char *out)
{
	char buf[65536];
	int fd, status, bad = 0;
	ssize_t n;
	pid_t pid;
	FILE *f = fopen(out, "w");

	if (!f)
		check_fail("cannot write %s: %s", out, strerror(errno));
	fd = check_spawn(argv, &pid);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		bad |= fwrite(buf, 1, (size_t)n, f) != (size_t)n;
	close(fd);
	bad |= fclose(f) != 0;
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	if (bad)
		check_fail("cannot write %s", out);
	return WEXITSTATUS(status);
}

static void write_pcf(const char *path, const struct vpr_device *d)
{
	FILE *f = fopen(path, "w");

	if (!f)
		check_fail("cannot write %s: %s", path, strerror(errno));
	vpr_write_pcf(f, d);
	if (fclose(f))
		check_fail("cannot write %s", path);
}

/* The routed chip's outputs after each of VPR_CYCLES edges, the first
 * with rst high, read back and simulated in the folder dir; how many
 * edges the simulation had. */
static long simulate(const struct vpr_args *a, const char *dir, int *got)
{
	char pcf[PATH_MAX], chip[PATH_MAX], vcd[PATH_MAX], log[PATH_MAX];
	char script[3 * PATH_MAX];
	long n;
	FILE *f;
	int rc;

	snprintf(pcf, sizeof(pcf), "%s/pins.pcf", dir);
	snprintf(chip, sizeof(chip), "%s/chip.v", dir);
	snprintf(vcd, sizeof(vcd), "%s/chip.vcd", dir);
	snprintf(log, sizeof(log), "%s/yosys.log", dir);
	write_pcf(pcf, a->dev);
	{
		char *argv[] = { VPR_ICEBOX_VLOG, "-s", "-d",
				 (char *)a->dev->package, "-p", pcf,
				 (char *)a->path, NULL };

		rc = run_into(argv, chip);
		if (rc)
			check_fail("icebox_vlog cannot read it back (status "
				   "%d)", rc);
	}
	snprintf(script, sizeof(script),
		 "read_verilog %s; hierarchy -top chip; proc; "
		 "sim -clock clk -reset rst -n %d -q -vcd %s", chip,
		 VPR_CYCLES, vcd);
	{
		char *argv[] = { VPR_YOSYS, "-q", "-p", script, NULL };

		rc = run_into(argv, log);
		if (rc)
			check_fail("yosys cannot simulate the netlist read back "
				   "(status %d)", rc);
	}
	f = fopen(vcd, "r");
	if (!f)
		check_fail("no simulation dump: %s", strerror(errno));
	n = vpr_vcd_read(f, got, VPR_CYCLES);
	fclose(f);
	return n;
}

/* Removes the files simulate() may have left in dir, and dir. */
static void clean(const char *dir)
{
	static const char *const names[] = { "pins.pcf", "chip.v",
					     "chip.vcd", "yosys.log" };
	char path[PATH_MAX];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

static char tmpdir[] = "/tmp/sp-vpr-check.XXXXXX";

static void clean_tmpdir(void)
{
	clean(tmpdir);
}

int main(int argc, char **argv)
{
	int want[VPR_CYCLES], got[VPR_CYCLES];
	struct vpr_args a;
	long n;

	vpr_parse_args(argc, argv, 0, &a);
	check_begin("sp-vpr-check", a.path);
	check_device(&a);
	if (!mkdtemp(tmpdir))
		check_fail("cannot make a temporary folder: %s",
			   strerror(errno));
	atexit(clean_tmpdir);
	n = simulate(&a, tmpdir, got);
	if (n != VPR_CYCLES)
		check_fail("the simulation ran %ld clock cycles, not %d", n,
			   VPR_CYCLES);
	model(&a, want, VPR_CYCLES);
	for (long t = 0; t < VPR_CYCLES; t++) {
		if (got[t] == want[t])
			continue;
		if (got[t] < 0)
			check_fail("cycle %ld: the chip's outputs are undefined, "
				   "the design's 0x%02x", t, want[t]);
		check_fail("cycle %ld: the chip outputs 0x%02x, the design "
			   "0x%02x", t, got[t], want[t]);
	}
	printf("sp-vpr-check: ok (%ld cells on the %s, %d cycles)\n", a.cells,
	       a.dev->name, VPR_CYCLES);
	return 0;
}
