/* vpr_gen.c - sp-vpr-gen: the vpr workload's input.  Writes the seeded
 * design (vpr_spec.h) as DIR/design.v and its pins as DIR/design.pcf, then
 * synthesizes it for the iCE40 with Debian's yosys (synth_ice40) into
 * DIR/design.json, the netlist nextpnr places and routes; yosys's log is
 * DIR/yosys.log. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "atomic_file.h"
#include "vpr_spec.h"

#define PROG "sp-vpr-gen"

static const char *const op_fmt[VPR_OPS] = {
	"r%ld + %s", "r%ld - %s", "r%ld ^ %s", "~(r%ld & %s)",
};

/* op(x, y) as Verilog: x a cell, y the other operand's text. */
static void put_op(FILE *f, int op, long x, const char *y)
{
	fprintf(f, op_fmt[op], x, y);
}

static void write_design(FILE *f, const struct vpr_args *a)
{
	char y[128];

	fprintf(f, "// design.v - written by " PROG ": %ld cells, seed %llu\n"
		"module top(input clk, input rst", a->cells,
		(unsigned long long)a->seed);
	for (int k = 0; k < VPR_WIDTH; k++)
		fprintf(f, ", output o%d", k);
	fprintf(f, ");\n");
	for (long i = 0; i < a->cells; i++)
		fprintf(f, "reg [%d:0] r%ld;\n", VPR_WIDTH - 1, i);
	fprintf(f, "always @(posedge clk)\n\tif (rst) begin\n");
	for (long i = 0; i < a->cells; i++)
		fprintf(f, "\t\tr%ld <= %d'd%u;\n", i, VPR_WIDTH,
			vpr_cell(a->seed, a->cells, i).init);
	fprintf(f, "\tend else begin\n");
	for (long i = 0; i < a->cells; i++) {
		struct vpr_cell c = vpr_cell(a->seed, a->cells, i);

		fprintf(f, "\t\tr%ld <= r%ld[%d] ? ", i, c.sel, c.bit);
		snprintf(y, sizeof(y), "r%ld", c.b);
		put_op(f, c.op_a, c.a, y);
		/* rotated left by rot: the low bits move up */
		snprintf(y, sizeof(y), "{r%ld[%d:0], r%ld[%d:%d]}", i,
			 VPR_WIDTH - 1 - c.rot, i, VPR_WIDTH - 1,
			 VPR_WIDTH - c.rot);
		fprintf(f, " : ");
		put_op(f, c.op_b, c.c, y);
		fprintf(f, ";\n");
	}
	fprintf(f, "\tend\nwire [%d:0] x = r0", VPR_WIDTH - 1);
	for (long i = 1; i < a->cells; i++)
		fprintf(f, "%s^ r%ld", i % 16 ? " " : "\n\t", i);
	fprintf(f, ";\n");
	for (int k = 0; k < VPR_WIDTH; k++)
		fprintf(f, "assign o%d = x[%d];\n", k, k);
	fprintf(f, "endmodule\n");
}

/* Writes DIR/name with write(f, a), making DIR when missing: 0, or 1
 * after one line. */
static int write_file(const char *dir, const char *name,
		      void (*write)(FILE *, const struct vpr_args *),
		      const struct vpr_args *a)
{
	struct atomic_file af;
	FILE *f = atomic_file_open_in(&af, PROG, dir, name);

	if (!f)
		return 1;
	write(f, a);
	return atomic_file_commit(&af) ? 1 : 0;
}

static void pins_of(FILE *f, const struct vpr_args *a)
{
	vpr_write_pcf(f, a->dev);
}

/* yosys synth_ice40 of DIR/design.v into DIR/design.json (through a
 * temporary name), its output into DIR/yosys.log: 0, or 1 after one line. */
static int synthesize(const char *dir)
{
	char src[PATH_MAX], log[PATH_MAX], json[PATH_MAX], tmp[PATH_MAX + 32];
	int fd, status;
	pid_t pid;

	snprintf(src, sizeof(src), "%s/design.v", dir);
	snprintf(log, sizeof(log), "%s/yosys.log", dir);
	snprintf(json, sizeof(json), "%s/design.json", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp.%d", json, (int)getpid());
	fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0) {
		fprintf(stderr, PROG ": cannot write %s: %s\n", log,
			strerror(errno));
		return 1;
	}
	pid = fork();
	if (pid == 0) {
		dup2(fd, 1);
		dup2(fd, 2);
		execl(VPR_YOSYS, VPR_YOSYS, "-p", "synth_ice40 -top top", "-b",
		      "json", "-o", tmp, src, (char *)NULL);
		_exit(127);
	}
	close(fd);
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		unlink(tmp);
		fprintf(stderr, PROG ": %s failed on %s (see %s)\n",
			VPR_YOSYS, src, log);
		return 1;
	}
	if (rename(tmp, json)) {
		fprintf(stderr, PROG ": cannot rename to %s: %s\n", json,
			strerror(errno));
		unlink(tmp);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct vpr_args a;

	vpr_parse_args(argc, argv, 1, &a);
	if (write_file(a.path, "design.v", write_design, &a) ||
	    write_file(a.path, "design.pcf", pins_of, &a))
		return 1;
	return synthesize(a.path);
}
