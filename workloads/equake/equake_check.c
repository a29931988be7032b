/* equake_check.c - sp-equake-check: judges sp-equake's output folder
 * without sp-equake's code.  It assembles the model of the input's mesh
 * with elements of its own (equake_check_fem.c) and judges the run's K by
 * it (equake_check_matrix.c); then it replays the time steps with that
 * model, K in full compressed rows and flat arrays, and holds the replay
 * to the scheme's discrete energy balance
 *     E(n+1/2) = sum over steps of f.(u(n+1) - u(n-1))/2
 *                - (u(n+1) - u(n-1))' C (u(n+1) - u(n-1)) / (4 dt),
 *     E(n+1/2) = v' M v / 2 + u(n+1)' K u(n) / 2, v = (u(n+1) - u(n)) / dt,
 * which holds to rounding for a symmetric K and diagonal M and C, and the
 * run's record, last state and summary to the replay. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "equake_check.h"

#define PROG "sp-equake-check"
/* The run against the replay, as a share of the largest magnitude of
 * what is compared: rounding alone leaves about 1e-12. */
#define MOTION_TOL 1e-7
/* The energy balance's rounding, as a share of all the energy moved. */
#define ENERGY_TOL 1e-8

struct replay {
	long samples;
	double (*probe)[EQ_PROBES][3];	/* each sample's */
	double peak[EQ_PROBES], all_peak;
	double (*disp)[3], (*vel)[3];
	double energy, input, lost, worst;
};

static void read_input(const struct equake_args *a, struct eqc_mesh *m)
{
	struct equake_head *h = &m->h;
	char why[128];
	FILE *f = fopen(a->input, "r");

	if (!f)
		check_fail("cannot open the input %s: %s", a->input,
			   strerror(errno));
	if (equake_read_head(f, h, why))
		check_fail("input %s: %s", a->input, why);
	if (h->request != a->nodes || h->steps != a->steps ||
	    h->seed != a->seed)
		check_fail("the input %s is of other arguments", a->input);
	m->x = eqc_alloc((size_t)h->nodes, sizeof(*m->x));
	m->v = eqc_alloc((size_t)h->elems, sizeof(*m->v));
	m->rows = eqc_alloc((size_t)h->nodes + 1, sizeof(int));
	m->cols = eqc_alloc((size_t)h->blocks, sizeof(int));
	if (equake_read_word(f, "coords", why) ||
	    equake_read_doubles(f, &m->x[0][0], 3 * h->nodes, why) ||
	    equake_read_word(f, "elements", why) ||
	    equake_read_ints(f, &m->v[0][0], 4 * h->elems, h->nodes, why) ||
	    equake_read_word(f, "rows", why) ||
	    equake_read_ints(f, m->rows, h->nodes + 1, h->blocks + 1, why) ||
	    equake_read_word(f, "cols", why) ||
	    equake_read_ints(f, m->cols, h->blocks, h->nodes, why))
		check_fail("input %s: %s", a->input, why);
	fclose(f);
}

/* result.txt: the counts the input gives, and the peak for later. */
static double read_result(const char *dir, const struct equake_head *h)
{
	static const char *const keys[] = EQ_RESULT_KEYS;
	char got[EQ_NRESULT][CHECK_VALUE_MAX], want[5][64], path[PATH_MAX];
	char *end;
	double peak;

	snprintf(path, sizeof(path), "%s/%s", dir, EQ_RESULT);
	check_begin(PROG, path);
	check_read_keys(keys, EQ_NRESULT, got);
	snprintf(want[0], 64, "%ld", h->nodes);
	snprintf(want[1], 64, "%ld", h->elems);
	snprintf(want[2], 64, "%ld", h->blocks);
	snprintf(want[3], 64, "%ld", h->steps);
	snprintf(want[4], 64, "%.17g", h->dt);
	for (int k = 0; k < 5; k++)
		check_expect(keys[k], got[k], want[k]);
	snprintf(want[0], 64, "%ld", h->steps / EQ_SAMPLE);
	check_expect(keys[5], got[5], want[0]);
	peak = strtod(got[6], &end);
	if (*end || !isfinite(peak))
		check_fail("peak is not a number: %s", got[6]);
	check_begin(PROG, dir);
	return peak;
}

/* y = K u over every block of every row. */
static void product(const struct eqc_model *own, double (*u)[3],
		    double (*y)[3])
{
	for (long i = 0; i < own->n; i++) {
		double s[3] = { 0, 0, 0 };

		for (int p = own->ptr[i]; p < own->ptr[i + 1]; p++) {
			const double *x = u[own->col[p]];

			for (int r = 0; r < 3; r++)
				s[r] += own->k[p][r][0] * x[0] +
					own->k[p][r][1] * x[1] +
					own->k[p][r][2] * x[2];
		}
		memcpy(y[i], s, sizeof(s));
	}
}

/* Central differences: M (u2 - 2 u1 + u0) / dt^2 + C (u2 - u0) / (2 dt)
 * + K u1 = f phi0(t), u2 for u1's time t. */
static void replay(const struct eqc_mesh *m, const struct eqc_model *own,
		   struct replay *rp)
{
	long n = own->n, steps = m->h.steps;
	double dt = m->h.dt, moved = 0;
	double (*u0)[3] = eqc_alloc((size_t)n, sizeof(*u0));
	double (*u1)[3] = eqc_alloc((size_t)n, sizeof(*u1));
	double (*u2)[3] = eqc_alloc((size_t)n, sizeof(*u2));
	double (*y)[3] = eqc_alloc((size_t)n, sizeof(*y)), (*t)[3];

	rp->samples = steps / EQ_SAMPLE;
	rp->probe = eqc_alloc((size_t)rp->samples, sizeof(*rp->probe));
	rp->vel = eqc_alloc((size_t)n, sizeof(*rp->vel));
	for (long s = 0; s < steps; s++) {
		double p0 = eq_phi0(s * dt), kin = 0, strain = 0;

		product(own, u1, y);
		for (long i = 0; i < n; i++) {
			double mi = own->mass[i], ci = own->damp[i];

			for (int d = 0; d < 3; d++) {
				double f = p0 * own->force[i][d];
				double v, delta;

				u2[i][d] = (dt * dt * (f - y[i][d]) +
					    2 * mi * u1[i][d] -
					    (mi - ci * dt / 2) * u0[i][d]) /
					   (mi + ci * dt / 2);
				v = (u2[i][d] - u1[i][d]) / dt;
				delta = u2[i][d] - u0[i][d];
				kin += mi * v * v;
				strain += u2[i][d] * y[i][d];
				rp->input += f * delta / 2;
				rp->lost += ci * delta * delta / (4 * dt);
				moved += fabs(f * delta / 2) +
					 ci * delta * delta / (4 * dt);
				if (s == steps - 1)
					rp->vel[i][d] = delta / (2 * dt);
			}
		}
		rp->energy = kin / 2 + strain / 2;
		rp->worst = fmax(rp->worst, fabs(rp->energy - (rp->input -
							       rp->lost)));
		if (!(rp->worst <= ENERGY_TOL * moved) ||
		    !(rp->energy >= -ENERGY_TOL * moved))
			check_fail("the replay's energy at step %ld is %.6e, "
				   "the balance of the work done on it %.6e: "
				   "the scheme is unstable", s + 1, rp->energy,
				   rp->input - rp->lost);
		if ((s + 1) % EQ_SAMPLE == 0)
			for (int p = 0; p < EQ_PROBES; p++)
				for (int d = 0; d < 3; d++) {
					double x = u2[m->h.probe[p]][d];

					rp->probe[s / EQ_SAMPLE][p][d] = x;
					rp->peak[p] = fmax(rp->peak[p],
							   fabs(x));
				}
		t = u0;
		u0 = u1;
		u1 = u2;
		u2 = t;
	}
	for (int p = 0; p < EQ_PROBES; p++)
		rp->all_peak = fmax(rp->all_peak, rp->peak[p]);
	rp->disp = u1;
	free(u0);
	free(u2);
	free(y);
}

static int far(double got, double want, double scale)
{
	return !(fabs(got - want) <= MOTION_TOL * scale);
}

static void check_seismo(const char *dir, const struct eqc_mesh *m,
			 const struct replay *rp)
{
	static const char axis[] = "xyz";
	char path[PATH_MAX], line[1024], head[256], *p, *end;
	long k = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, EQ_SEISMO);
	f = fopen(path, "r");
	if (!f)
		check_fail(EQ_SEISMO ": cannot open: %s", strerror(errno));
	snprintf(head, sizeof(head), "%s %d %d %d %d\n", EQ_SEISMO_HEAD,
		 m->h.probe[0], m->h.probe[1], m->h.probe[2], m->h.probe[3]);
	if (!fgets(line, sizeof(line), f) || strcmp(line, head))
		check_fail(EQ_SEISMO ": its first line does not name the "
			   "input's probes");
	for (; fgets(line, sizeof(line), f); k++) {
		long step = strtol(line, &end, 10);

		if (k == rp->samples)
			check_fail(EQ_SEISMO ": more than %ld samples",
				   rp->samples);
		if (end == line || step != (k + 1) * EQ_SAMPLE)
			check_fail(EQ_SEISMO ": sample %ld is not of step %ld",
				   k + 1, (k + 1) * EQ_SAMPLE);
		p = end;
		for (int q = 0; q < EQ_PROBES; q++)
			for (int d = 0; d < 3; d++) {
				double x = strtod(p, &end), want;

				if (end == p)
					check_fail(EQ_SEISMO ": step %ld: a "
						   "value is missing", step);
				p = end;
				want = rp->probe[k][q][d];
				if (far(x, want, rp->peak[q]))
					check_fail(EQ_SEISMO ": step %ld, node "
						   "%d, %c: %.6e, the replay "
						   "has %.6e", step,
						   m->h.probe[q], axis[d], x,
						   want);
			}
		if (strcmp(p, "\n"))
			check_fail(EQ_SEISMO ": step %ld: more than %d values",
				   step, 3 * EQ_PROBES);
	}
	fclose(f);
	if (k != rp->samples)
		check_fail(EQ_SEISMO ": %ld samples, expected %ld", k,
			   rp->samples);
}

static double field_max(double (*v)[3], long n)
{
	double top = 0;

	for (long i = 0; i < 3 * n; i++)
		top = fmax(top, fabs(v[i / 3][i % 3]));
	return top;
}

static void compare_field(FILE *f, const char *what, double (*want)[3],
			  long n, double top)
{
	double got[3];

	for (long i = 0; i < n; i++) {
		if (fread(got, sizeof(got), 1, f) != 1)
			check_fail(EQ_STATE ": cannot read");
		for (int d = 0; d < 3; d++)
			if (far(got[d], want[i][d], top))
				check_fail(EQ_STATE ": the last %s of node "
					   "%ld is %.6e, the replay's %.6e",
					   what, i, got[d], want[i][d]);
	}
}

static void check_state(const char *dir, const struct eqc_mesh *m,
			const struct replay *rp)
{
	char path[PATH_MAX];
	struct equake_bin_head h;
	struct stat st;
	long n = m->h.nodes;
	off_t want = (off_t)sizeof(h) + (off_t)n * 2 * 3 * sizeof(double);
	double top;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, EQ_STATE);
	f = fopen(path, "rb");
	if (!f || fstat(fileno(f), &st))
		check_fail(EQ_STATE ": cannot open: %s", strerror(errno));
	if (fread(&h, sizeof(h), 1, f) != 1 ||
	    memcmp(h.magic, EQ_STATE_MAGIC, sizeof(h.magic)) ||
	    h.nodes != n || h.count != m->h.steps)
		check_fail(EQ_STATE ": not the state of %ld nodes after %ld "
			   "steps", n, m->h.steps);
	if (st.st_size != want)
		check_fail(EQ_STATE ": %lld bytes, expected %lld",
			   (long long)st.st_size, (long long)want);
	/* The velocity is a difference of displacements over 2 dt: their
	 * rounding, over 2 dt, is part of its scale. */
	top = field_max(rp->disp, n);
	compare_field(f, "displacement", rp->disp, n, top);
	compare_field(f, "velocity", rp->vel, n,
		      field_max(rp->vel, n) + top / m->h.dt);
	fclose(f);
}

int main(int argc, char **argv)
{
	struct equake_args a;
	struct eqc_mesh m;
	struct eqc_model own;
	struct replay rp = { 0 };
	double peak;

	equake_parse_args(argc, argv, 0, &a);
	check_begin(PROG, a.path);
	read_input(&a, &m);
	eqc_assemble(&m, &own);
	eqc_check_stable(&m, &own);
	peak = read_result(a.path, &m.h);
	eqc_check_matrix(a.path, &m, &own);
	replay(&m, &own, &rp);
	check_seismo(a.path, &m, &rp);
	check_state(a.path, &m, &rp);
	if (far(peak, rp.all_peak, rp.all_peak))
		check_fail(EQ_RESULT ": peak is %.9e, the replay's %.9e", peak,
			   rp.all_peak);
	printf("ok %ld nodes, %ld blocks: K symmetric, rigid motions in its "
	       "null space, as assembled here; %ld steps as replayed here, "
	       "energy %.4e = work %.4e - damping %.4e (off by %.1e)\n",
	       m.h.nodes, m.h.blocks, m.h.steps, rp.energy, rp.input,
	       rp.lost, rp.worst);
	return 0;
}
