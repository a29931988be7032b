/*
 * cpuid_replay.c - decodes a recorded CPUID dump with spstat's own decoder
 * (cpuid_probe, fed the file's registers instead of the CPU's) and prints
 * what `spstat --host` prints of it: cpu, tlb, tlb_source, tlb_reason.  So a
 * published dump of another CPU goes through the same code as this one.
 *
 * Input: InstLatx64's dump lines, "CPUID LLLLLLLL: EAX-EBX-ECX-EDX [SL nn]",
 * the subleaf 0 when "[SL" is absent; other lines are ignored.
 */
#include <stdio.h>
#include <string.h>

#include "cpuid_tlb.h"
#include "json.h"

#define MAX_LEAVES 128

struct dump {
	int n;
	uint32_t leaf[MAX_LEAVES], sub[MAX_LEAVES];
	struct cpuid_regs r[MAX_LEAVES];
};

static int load(FILE *f, struct dump *d)
{
	char line[512];

	d->n = 0;
	while (fgets(line, sizeof(line), f)) {
		struct cpuid_regs *r = &d->r[d->n];
		const char *sl = strstr(line, "[SL ");

		if (strncmp(line, "CPUID ", 6))
			continue;
		if (d->n == MAX_LEAVES)
			return -1;
		if (sscanf(line, "CPUID %x: %x-%x-%x-%x", &d->leaf[d->n],
			   &r->eax, &r->ebx, &r->ecx, &r->edx) != 5)
			return -1;
		d->sub[d->n] = 0;
		if (sl && sscanf(sl, "[SL %x]", &d->sub[d->n]) != 1)
			return -1;
		d->n++;
	}
	return d->n ? 0 : -1;
}

static bool query(void *ctx, uint32_t leaf, uint32_t sub,
		  struct cpuid_regs *out)
{
	const struct dump *d = ctx;

	for (int i = 0; i < d->n; i++)
		if (d->leaf[i] == leaf && d->sub[i] == sub) {
			*out = d->r[i];
			return true;
		}
	return false;
}

int main(int argc, char **argv)
{
	static struct dump d;
	struct cpu_ident id;
	struct tlb_info t;
	struct json j;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: cpuid-replay DUMP\n");
		return 2;
	}
	f = fopen(argv[1], "r");
	if (!f || load(f, &d)) {
		fprintf(stderr, "cpuid-replay: %s: no CPUID register lines\n",
			argv[1]);
		return 2;
	}
	fclose(f);
	cpuid_probe(query, &d, &id, &t);
	json_init(&j, stdout, false);
	json_object_begin(&j, NULL);
	cpu_ident_json(&j, "cpu", &id);
	tlb_json(&j, "tlb", &t);
	json_string(&j, "tlb_source", t.n ? t.source : NULL);
	json_string(&j, "tlb_reason", t.n ? NULL : t.reason);
	json_object_end(&j);
	putchar('\n');
	return 0;
}
