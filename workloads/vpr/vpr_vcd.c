/* vpr_vcd.c - reads the value change dump yosys's sim writes of the routed
 * chip: the value of the outputs o0..o7 after each rising edge of clk.
 * Only what yosys writes is understood: one flat scope, "$var wire 1 ID
 * NAME $end" declarations, "#TIME" stamps, and changes as "bV ID" or "VID". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "vpr_vcd.h"

#define CLK VPR_WIDTH		/* signal index of clk; 0..7 are o0..o7 */
#define NSIG (VPR_WIDTH + 1)
#define ID_MAX 32

struct vcd {
	char id[NSIG][ID_MAX];
	char val[NSIG];		/* '0', '1', 'x' or 'z' */
};

/* The signal index of a declared name, or -1. */
static int signal_of(const char *name)
{
	char want[8];

	if (!strcmp(name, "clk"))
		return CLK;
	for (int k = 0; k < VPR_WIDTH; k++) {
		snprintf(want, sizeof(want), "o%d", k);
		if (!strcmp(name, want))
			return k;
	}
	return -1;
}

static void declare(struct vcd *v, const char *line)
{
	char id[ID_MAX], name[64];
	int width, k;

	if (sscanf(line, "$var %*s %d %31s %63s", &width, id, name) != 3)
		return;
	k = signal_of(name);
	if (k >= 0 && width == 1)
		strcpy(v->id[k], id);
}

/* A change "bV ID" or "VID": the value into the signal it names. */
static void change(struct vcd *v, const char *line, int *edge)
{
	char val, id[ID_MAX];

	if (line[0] == 'b' && sscanf(line, "b%c %31s", &val, id) == 2)
		;
	else if (strchr("01xzXZ", line[0]) && line[0] &&
		 sscanf(line + 1, "%31s", id) == 1)
		val = line[0];
	else
		return;
	for (int k = 0; k < NSIG; k++) {
		if (strcmp(v->id[k], id))
			continue;
		if (k == CLK && val == '1' && v->val[CLK] != '1')
			*edge = 1;
		v->val[k] = (char)(val | 0x20);
	}
}

/* The outputs now as a byte, or -1 when a bit is not 0 or 1. */
static int outputs(const struct vcd *v)
{
	int x = 0;

	for (int k = 0; k < VPR_WIDTH; k++) {
		if (v->val[k] != '0' && v->val[k] != '1')
			return -1;
		x |= (v->val[k] - '0') << k;
	}
	return x;
}

long vpr_vcd_read(FILE *f, int *out, long max)
{
	struct vcd v;
	char *line = NULL;
	size_t cap = 0;
	long n = 0;
	int body = 0, edge = 0;
	char name[8];

	memset(&v, 0, sizeof(v));
	memset(v.val, 'x', sizeof(v.val));
	while (getline(&line, &cap, f) > 0) {
		if (!body) {
			if (!strncmp(line, "$var ", 5))
				declare(&v, line);
			else if (!strncmp(line, "$enddefinitions", 15))
				body = 1;
			continue;
		}
		if (line[0] == '#') {
			if (edge && n < max)
				out[n++] = outputs(&v);
			edge = 0;
		} else {
			change(&v, line, &edge);
		}
	}
	free(line);
	if (!body)
		check_fail("the simulation wrote no signals");
	for (int k = 0; k < NSIG; k++) {
		if (v.id[k][0])
			continue;
		if (k == CLK)
			check_fail("the chip has no clk input");
		snprintf(name, sizeof(name), "o%d", k);
		check_fail("the chip has no output %s", name);
	}
	if (edge && n < max)
		out[n++] = outputs(&v);
	return n;
}
