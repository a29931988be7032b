/* ammp_gen.c - sp-ammp-gen: the ammp workload's input, DIR/ammp.in, a
 * seeded system in a periodic box at AMMP_DENSITY: chains of up to
 * AMMP_CHAIN_MAX bonded, charged atoms (the "protein", one atom in
 * AMMP_PROTEIN_SHARE) laid as self-avoiding walks on a cubic lattice, and
 * neutral Lennard-Jones "water" atoms on the lattice sites left, in a
 * seeded order; velocities from a Maxwell distribution at
 * AMMP_TEMPERATURE with no net momentum.  A chain's atoms come in chain
 * order followed by its bonds and angles, as a residue file lists them;
 * the water follows, not sorted by place. */
#include <math.h>
#include <stdlib.h>

#include "ammp_spec.h"
#include "atomic_file.h"
#include "rng.h"

struct lattice {
	long n;			/* sites per side */
	double a;		/* their spacing */
	unsigned char *used;
};

struct atom_out {
	long site;
	double q, eps, mass;
};

/* The site one step from s in direction d (0-5), across the box's faces. */
static long step_site(const struct lattice *l, long s, int d)
{
	long c[3] = { s % l->n, s / l->n % l->n, s / l->n / l->n };
	int axis = d / 2;

	c[axis] = (c[axis] + (d & 1 ? l->n - 1 : 1)) % l->n;
	return c[0] + l->n * (c[1] + l->n * c[2]);
}

/* A chain of at most max atoms from a free site, as a walk to free
 * neighbours; its length. */
static long walk(struct lattice *l, long sites, long max, long *chain,
		 uint64_t *rng)
{
	long s, len = 0, next[6];
	int k;

	do
		s = (long)rng_below(rng, (uint64_t)sites);
	while (l->used[s]);
	for (;;) {
		l->used[s] = 1;
		chain[len++] = s;
		if (len == max)
			break;
		k = 0;
		for (int d = 0; d < 6; d++)
			if (!l->used[next[k] = step_site(l, s, d)])
				k++;
		if (!k)
			break;
		s = next[rng_below(rng, (uint64_t)k)];
	}
	return len;
}

static double gauss(uint64_t *rng)
{
	double u = 1.0 - rng_uniform(rng), v = rng_uniform(rng);

	return sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * v);
}

static void put_atom(FILE *f, const struct lattice *l, long serial,
		     const struct atom_out *o, const double v[3],
		     uint64_t *rng)
{
	double x[3], ab = 2.0 * sqrt(o->eps);
	long s = o->site;

	x[0] = (double)(s % l->n);
	x[1] = (double)(s / l->n % l->n);
	x[2] = (double)(s / l->n / l->n);
	for (int i = 0; i < 3; i++)
		x[i] = (x[i] + 0.5 + 0.1 * (rng_uniform(rng) - 0.5)) * l->a;
	fprintf(f, "atom %ld %.17g %.17g %.17g %.17g %.17g %.17g %.17g "
		"%.17g %.17g %.17g\n", serial, x[0], x[1], x[2], v[0], v[1],
		v[2], o->q, ab, ab, o->mass);
}

static void shuffle(double *q, long n, uint64_t *rng)
{
	for (long i = n - 1; i > 0; i--) {
		long j = (long)rng_below(rng, (uint64_t)i + 1);
		double t = q[i];

		q[i] = q[j];
		q[j] = t;
	}
}

int main(int argc, char **argv)
{
	struct ammp_args a;
	struct atom_out *at;
	struct lattice l;
	struct atom_out *o;
	struct atomic_file af;
	long n_atoms, sites, protein, placed = 0, nchains = 0, *chain_len;
	long *free_sites, nfree = 0, serial = 0;
	double box, (*v)[3], p[3] = { 0, 0, 0 }, mtot = 0, *charge;
	uint64_t rng;
	FILE *f;

	ammp_parse_args(argc, argv, 1, &a);
	n_atoms = a.atoms;
	box = cbrt((double)n_atoms / AMMP_DENSITY);
	l.n = (long)cbrt((double)n_atoms);
	while (l.n * l.n * l.n < n_atoms)
		l.n++;
	l.a = box / (double)l.n;
	sites = l.n * l.n * l.n;
	protein = n_atoms / AMMP_PROTEIN_SHARE;
	l.used = calloc((size_t)sites, 1);
	at = malloc((size_t)n_atoms * sizeof(*at));
	v = malloc((size_t)n_atoms * sizeof(*v));
	chain_len = malloc((size_t)(protein + 1) * sizeof(*chain_len));
	free_sites = malloc((size_t)sites * sizeof(*free_sites));
	charge = malloc((size_t)(protein + 1) * sizeof(*charge));
	if (!l.used || !at || !v || !chain_len || !free_sites || !charge) {
		fprintf(stderr, "sp-ammp-gen: out of memory\n");
		return 1;
	}
	rng = a.seed;

	/* The chains, in serial order; their charges balance to zero. */
	while (placed < protein) {
		long chain[AMMP_CHAIN_MAX], len, max = protein - placed;

		if (max > AMMP_CHAIN_MAX)
			max = AMMP_CHAIN_MAX;
		len = walk(&l, sites, max, chain, &rng);
		for (long i = 0; i < len; i++)
			at[placed + i].site = chain[i];
		chain_len[nchains++] = len;
		placed += len;
	}
	for (long i = 0; i < protein; i++)
		charge[i] = i < protein / 4 ? 1.0 : i < protein / 2 ? -1.0 : 0.0;
	shuffle(charge, protein, &rng);
	for (long i = 0; i < protein; i++) {
		o = &at[i];
		o->q = charge[i];
		o->eps = AMMP_EPS_PROTEIN;
		o->mass = 1.0 + 0.25 * (double)rng_below(&rng, 3);
	}

	/* The water: free sites drawn in a seeded order. */
	for (long s = 0; s < sites; s++)
		if (!l.used[s])
			free_sites[nfree++] = s;
	for (long i = protein; i < n_atoms; i++) {
		long k = (long)rng_below(&rng, (uint64_t)nfree);

		o = &at[i];
		o->site = free_sites[k];
		free_sites[k] = free_sites[--nfree];
		o->q = 0.0;
		o->eps = AMMP_EPS_WATER;
		o->mass = 1.0;
	}

	/* Maxwell velocities, the centre of mass at rest. */
	for (long i = 0; i < n_atoms; i++) {
		double s = sqrt(AMMP_TEMPERATURE / at[i].mass);

		for (int d = 0; d < 3; d++) {
			v[i][d] = s * gauss(&rng);
			p[d] += at[i].mass * v[i][d];
		}
		mtot += at[i].mass;
	}
	for (long i = 0; i < n_atoms; i++)
		for (int d = 0; d < 3; d++)
			v[i][d] -= p[d] / mtot;

	f = atomic_file_open_in(&af, "sp-ammp-gen", a.path, "ammp.in");
	if (!f)
		return 1;
	fprintf(f, "# ammp.in: sp-ammp-gen's system of %ld atoms (%ld in %ld "
		"chains), seed %llu\n", n_atoms, protein, nchains,
		(unsigned long long)a.seed);
	fprintf(f, "atoms %ld\nsteps %llu\nseed %llu\nbox %.17g\n"
		"cutoff %.17g\nskin %.17g\ndt %.17g\nrebuild %d\ntrace %d\n",
		n_atoms, (unsigned long long)a.steps,
		(unsigned long long)a.seed, box, AMMP_CUTOFF, AMMP_SKIN,
		AMMP_DT, AMMP_REBUILD, AMMP_TRACE);
	for (long c = 0; c < nchains; c++) {
		long first = serial, len = chain_len[c];

		for (long i = 0; i < len; i++, serial++)
			put_atom(f, &l, serial, &at[serial], v[serial], &rng);
		for (long i = first; i + 1 < first + len; i++)
			fprintf(f, "bond %ld %ld %.17g %.17g\n", i, i + 1,
				AMMP_BOND_R0, AMMP_BOND_K);
		for (long i = first; i + 2 < first + len; i++)
			fprintf(f, "angle %ld %ld %ld %.17g %.17g\n", i, i + 1,
				i + 2, AMMP_ANGLE_C0, AMMP_ANGLE_K);
	}
	for (; serial < n_atoms; serial++)
		put_atom(f, &l, serial, &at[serial], v[serial], &rng);
	fprintf(f, "end\n");
	free(l.used);
	free(at);
	free(v);
	free(chain_len);
	free(free_sites);
	free(charge);
	return atomic_file_commit(&af) ? 1 : 0;
}
