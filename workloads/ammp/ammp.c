/* ammp.c - sp-ammp, the ammp workload's measured program: molecular
 * dynamics of the system in ammp.in (ammp_load.c) by velocity Verlet for
 * `steps` steps, forces from the neighbour lists (ammp_nonbon.c) and the
 * bonded terms (ammp_bonded.c), the kinetic and potential energy recorded
 * every `trace` steps; it writes the energies and every atom's final
 * position, velocity and force (ammp_spec.h) for sp-ammp-check. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ammp.h"
#include "atomic_file.h"

static const char *prog = "sp-ammp";

static double forces(struct sys *s)
{
	for (struct atom *a = s->first; a; a = a->next)
		a->fx = a->fy = a->fz = 0.0;
	return ammp_nonbonded(s) + ammp_bonded(s);
}

static double kinetic(const struct sys *s)
{
	double ke = 0.0;

	for (const struct atom *a = s->first; a; a = a->next)
		ke += 0.5 * a->mass * (a->vx * a->vx + a->vy * a->vy +
				       a->vz * a->vz);
	return ke;
}

static struct ammp_trace_rec record(const struct sys *s, uint64_t step,
				    double pe)
{
	return (struct ammp_trace_rec){ step, kinetic(s), pe };
}

/* Half a step of velocity from the forces. */
static void kick(struct sys *s)
{
	double h = 0.5 * s->p.dt;

	for (struct atom *a = s->first; a; a = a->next) {
		double c = h / a->mass;

		a->vx += c * a->fx;
		a->vy += c * a->fy;
		a->vz += c * a->fz;
	}
}

static void drift(struct sys *s)
{
	double dt = s->p.dt;

	for (struct atom *a = s->first; a; a = a->next) {
		a->x += dt * a->vx;
		a->y += dt * a->vy;
		a->z += dt * a->vz;
	}
}

static int write_result(const struct sys *s, const struct ammp_args *args,
			const struct ammp_trace_rec *trace, uint64_t ntrace)
{
	struct ammp_head h;
	struct atomic_file af;
	FILE *f = atomic_file_open(&af, prog, args->path);

	if (!f)
		return 1;
	memset(&h, 0, sizeof(h));
	memcpy(h.magic, AMMP_MAGIC, sizeof(h.magic));
	h.atoms = (uint64_t)s->natoms;
	h.steps = args->steps;
	h.seed = args->seed;
	h.ntrace = ntrace;
	h.rebuilds = (uint64_t)s->rebuilds;
	h.dt = s->p.dt;
	fwrite(&h, sizeof(h), 1, f);
	fwrite(trace, sizeof(*trace), ntrace, f);
	for (long i = 0; i < s->natoms; i++) {
		const struct atom *a = s->serial[i];
		struct ammp_state st = {
			{ a->x, a->y, a->z }, { a->vx, a->vy, a->vz },
			{ a->fx, a->fy, a->fz },
		};

		fwrite(&st, sizeof(st), 1, f);
	}
	return atomic_file_commit(&af) ? 1 : 0;
}

static int fail(const char *where, const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", prog, where, what);
	return 1;
}

int main(int argc, char **argv)
{
	struct ammp_args args;
	struct ammp_trace_rec *trace;
	struct sys s;
	uint64_t ntrace, t = 0;
	const char *e;
	double pe;
	FILE *in;

	ammp_parse_args(argc, argv, 2, &args);
	in = fopen(args.input, "r");
	if (!in)
		return fail(args.input, strerror(errno));
	e = ammp_load(&s, in);
	fclose(in);
	if (e)
		return fail(args.input, e);
	if (s.p.atoms != args.atoms || (uint64_t)s.p.steps != args.steps ||
	    s.p.seed != args.seed) {
		fprintf(stderr, "%s: %s was made for -n %ld -t %ld -s %llu\n",
			prog, args.input, s.p.atoms, s.p.steps,
			(unsigned long long)s.p.seed);
		return 1;
	}
	ntrace = ammp_ntrace(args.steps, (uint64_t)s.p.trace);
	trace = malloc(ntrace * sizeof(*trace));
	if (!trace)
		return fail(args.input, "out of memory");

	if ((e = ammp_build_lists(&s)))
		return fail(args.input, e);
	pe = forces(&s);
	trace[t++] = record(&s, 0, pe);
	for (uint64_t step = 1; step <= args.steps; step++) {
		kick(&s);
		drift(&s);
		if ((step % (uint64_t)s.p.rebuild == 0 || ammp_lists_stale(&s)) &&
		    (e = ammp_build_lists(&s)))
			return fail(args.input, e);
		pe = forces(&s);
		kick(&s);
		if (step % (uint64_t)s.p.trace == 0 || step == args.steps)
			trace[t++] = record(&s, step, pe);
	}
	return write_result(&s, &args, trace, ntrace);
}
