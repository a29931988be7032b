/* equake_gen.c - sp-equake-gen: the equake workload's input, DIR/equake.in
 * (format in equake_spec.h), an unstructured tetrahedral mesh of the basin
 * made from seeded numbers: a grid of nearly cubic cells over the domain,
 * its inner nodes moved by up to 0.15 cell in each direction (the surface
 * stays flat, the sides straight), each cell split into five tetrahedra,
 * nodes and elements renumbered by a seeded permutation so that
 * neighbours lie anywhere in memory; then K's block structure, the source
 * element with its moment tensor, the probes, and the time step from a
 * bound on the highest frequency of the mesh. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "equake_element.h"
#include "equake_spec.h"
#include "rng.h"

#define PERTURB 0.15
#define DEG (M_PI / 180.0)

struct mesh {
	long cells[3], nodes, elems, blocks;
	double (*x)[3];
	int (*v)[4];
	int *rows, *cols;
	long src;
	int probe[EQ_PROBES];
	double moment[6], dt;
};

static _Noreturn void die(const char *what)
{
	fprintf(stderr, "sp-equake-gen: %s\n", what);
	exit(1);
}

static void *alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		die("out of memory");
	return p;
}

/* v as the input will hold it: rounded to EQ_COORD_DIGITS decimals. */
static double snap(double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.*f", EQ_COORD_DIGITS, v);
	return strtod(buf, NULL);
}

static double volume(const struct mesh *m, const int v[4])
{
	const double *p[4] = { m->x[v[0]], m->x[v[1]], m->x[v[2]], m->x[v[3]] };
	double g[4][3];

	return eq_tet_gradients(p, g);
}

static void nodes(struct mesh *m, uint64_t *rng)
{
	long nx = m->cells[0], ny = m->cells[1], nz = m->cells[2], n = 0;
	double h[3] = { EQ_LX / nx, EQ_LY / ny, EQ_LZ / nz };

	for (long k = 0; k <= nz; k++)
		for (long j = 0; j <= ny; j++)
			for (long i = 0; i <= nx; i++, n++) {
				long at[3] = { i, j, k };
				long top[3] = { nx, ny, nz };

				m->x[n][0] = i * h[0];
				m->x[n][1] = j * h[1];
				m->x[n][2] = k * h[2] - EQ_LZ;
				for (int d = 0; d < 3; d++) {
					double u = rng_uniform(rng);

					if (at[d] > 0 && at[d] < top[d])
						m->x[n][d] += (2 * u - 1) *
							PERTURB * h[d];
					m->x[n][d] = snap(m->x[n][d]);
				}
			}
}

/* Corner d (bits x, y, z) of cell (i, j, k): its node, and whether its
 * parity over the whole grid is even. */
static int corner(const struct mesh *m, long i, long j, long k, int d,
		  int *even)
{
	long ci = i + (d & 1), cj = j + (d >> 1 & 1), ck = k + (d >> 2);

	*even = ((ci + cj + ck) & 1) == 0;
	return (int)((ck * (m->cells[1] + 1) + cj) * (m->cells[0] + 1) + ci);
}

/* Five tetrahedra a cell: the four corners of even parity (over the whole
 * grid) make the middle one, each odd corner one with its three
 * neighbours along the cell's edges, so that neighbouring cells cut their
 * common face along the same diagonal. */
static void elements(struct mesh *m)
{
	long e = 0;

	for (long k = 0; k < m->cells[2]; k++)
		for (long j = 0; j < m->cells[1]; j++)
			for (long i = 0; i < m->cells[0]; i++) {
				int c[8], even[8], mid = 0;

				for (int d = 0; d < 8; d++) {
					c[d] = corner(m, i, j, k, d, &even[d]);
					if (even[d])
						m->v[e][mid++] = c[d];
				}
				e++;
				for (int d = 0; d < 8; d++) {
					if (even[d])
						continue;
					m->v[e][0] = c[d];
					m->v[e][1] = c[d ^ 1];
					m->v[e][2] = c[d ^ 2];
					m->v[e][3] = c[d ^ 4];
					e++;
				}
			}
	for (e = 0; e < m->elems; e++) {
		double vol = volume(m, m->v[e]);

		if (vol < 0) {
			int t = m->v[e][2];

			m->v[e][2] = m->v[e][3];
			m->v[e][3] = t;
		} else if (vol == 0) {
			die("a degenerate element");
		}
	}
}

/* Seeded renumbering of the nodes and reordering of the elements. */
static void shuffle(struct mesh *m, uint64_t *rng)
{
	int *perm = alloc((size_t)m->nodes, sizeof(int));
	double (*x)[3] = alloc((size_t)m->nodes, sizeof(*x));

	for (long i = 0; i < m->nodes; i++)
		perm[i] = (int)i;
	for (long i = m->nodes - 1; i > 0; i--) {
		long j = (long)rng_below(rng, (uint64_t)i + 1);
		int t = perm[i];

		perm[i] = perm[j];
		perm[j] = t;
	}
	for (long i = 0; i < m->nodes; i++)
		memcpy(x[perm[i]], m->x[i], sizeof(x[0]));
	free(m->x);
	m->x = x;
	for (long e = 0; e < m->elems; e++)
		for (int a = 0; a < 4; a++)
			m->v[e][a] = perm[m->v[e][a]];
	for (long e = m->elems - 1; e > 0; e--) {
		long f = (long)rng_below(rng, (uint64_t)e + 1);
		int t[4];

		memcpy(t, m->v[e], sizeof(t));
		memcpy(m->v[e], m->v[f], sizeof(t));
		memcpy(m->v[f], t, sizeof(t));
	}
	free(perm);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* K's stored blocks: each node's diagonal, then the nodes above it that
 * share an element with it, in increasing order. */
static void structure(struct mesh *m)
{
	size_t n = 0, u = 0;
	uint64_t *edge = alloc((size_t)m->elems * 6, sizeof(uint64_t));

	for (long e = 0; e < m->elems; e++)
		for (int a = 0; a < 4; a++)
			for (int b = a + 1; b < 4; b++) {
				uint64_t i = (uint64_t)m->v[e][a];
				uint64_t j = (uint64_t)m->v[e][b];

				edge[n++] = i < j ? i << 32 | j : j << 32 | i;
			}
	qsort(edge, n, sizeof(*edge), cmp_u64);
	for (size_t k = 0; k < n; k++)
		if (!u || edge[k] != edge[u - 1])
			edge[u++] = edge[k];
	m->blocks = m->nodes + (long)u;
	m->rows = alloc((size_t)m->nodes + 1, sizeof(int));
	m->cols = alloc((size_t)m->blocks, sizeof(int));
	n = 0;
	for (size_t k = 0, b = 0; k < (size_t)m->nodes; k++) {
		m->rows[k] = (int)b;
		m->cols[b++] = (int)k;
		while (n < u && edge[n] >> 32 == k)
			m->cols[b++] = (int)(edge[n++] & 0xffffffff);
	}
	m->rows[m->nodes] = (int)m->blocks;
	free(edge);
}

static void centroid(const struct mesh *m, long e, double c[3])
{
	for (int i = 0; i < 3; i++)
		c[i] = 0.25 * (m->x[m->v[e][0]][i] + m->x[m->v[e][1]][i] +
			       m->x[m->v[e][2]][i] + m->x[m->v[e][3]][i]);
}

static double dist2(const double a[3], double x, double y, double z)
{
	return (a[0] - x) * (a[0] - x) + (a[1] - y) * (a[1] - y) +
	       (a[2] - z) * (a[2] - z);
}

/* The element nearest the hypocentre, and the double couple of the
 * fault's normal n and slip direction s: EQ_MOMENT (n s' + s n'). */
static void source(struct mesh *m)
{
	double st = EQ_STRIKE * DEG, dip = EQ_DIP * DEG, rk = EQ_RAKE * DEG;
	/* Aki and Richards' normal and slip (north, east, down) as (east,
	 * north, up). */
	double n[3] = { sin(dip) * cos(st), -sin(dip) * sin(st), cos(dip) };
	double s[3] = { cos(rk) * sin(st) - cos(dip) * sin(rk) * cos(st),
			cos(rk) * cos(st) + cos(dip) * sin(rk) * sin(st),
			sin(rk) * sin(dip) };
	double best = INFINITY, c[3];
	static const int pair[6][2] = { { 0, 0 }, { 1, 1 }, { 2, 2 },
					{ 1, 2 }, { 0, 2 }, { 0, 1 } };

	for (long e = 0; e < m->elems; e++) {
		centroid(m, e, c);
		if (dist2(c, EQ_HX, EQ_HY, EQ_HZ) < best) {
			best = dist2(c, EQ_HX, EQ_HY, EQ_HZ);
			m->src = e;
		}
	}
	for (int k = 0; k < 6; k++) {
		int i = pair[k][0], j = pair[k][1];

		m->moment[k] = EQ_MOMENT * (n[i] * s[j] + s[i] * n[j]);
	}
}

static int nearest(const struct mesh *m, double x, double y, double z)
{
	double best = INFINITY;
	int at = 0;

	for (long i = 0; i < m->nodes; i++)
		if (dist2(m->x[i], x, y, z) < best) {
			best = dist2(m->x[i], x, y, z);
			at = (int)i;
		}
	return at;
}

/* EQ_COURANT x 2 / omega_max, rounded down to three digits: omega_max^2,
 * the largest eigenvalue of M^-1 K, is at most the largest row sum of
 * |K| over the lumped mass (Gershgorin), and the elements' own row sums
 * bound the assembled ones. */
static void time_step(struct mesh *m)
{
	double *rowsum = alloc((size_t)m->nodes * 3, sizeof(double));
	double *mass = alloc((size_t)m->nodes, sizeof(double));
	double g[4][3], k[4][4][3][3], c[3], top = 0, dt, unit;
	struct eq_material mat;

	for (long e = 0; e < m->elems; e++) {
		const int *v = m->v[e];
		const double *p[4] = { m->x[v[0]], m->x[v[1]], m->x[v[2]],
				       m->x[v[3]] };
		double vol = eq_tet_gradients(p, g);

		centroid(m, e, c);
		eq_material(c, &mat);
		eq_tet_stiffness(g, vol, mat.lambda, mat.mu, k);
		for (int a = 0; a < 4; a++) {
			mass[v[a]] += mat.rho * vol / 4;
			for (int i = 0; i < 3; i++)
				for (int b = 0; b < 4; b++)
					for (int j = 0; j < 3; j++)
						rowsum[3 * v[a] + i] +=
							fabs(k[a][b][i][j]);
		}
	}
	for (long i = 0; i < 3 * m->nodes; i++)
		if (rowsum[i] / mass[i / 3] > top)
			top = rowsum[i] / mass[i / 3];
	dt = EQ_COURANT * 2 / sqrt(top);
	unit = pow(10, floor(log10(dt)) - 2);
	m->dt = floor(dt / unit) * unit;
	free(rowsum);
	free(mass);
}

static void write_input(const struct mesh *m, const struct equake_args *a,
			FILE *f)
{
	fprintf(f, "%s\nseed %llu\nrequest %ld\nsteps %ld\n"
		"cells %ld %ld %ld\nnodes %ld\nelems %ld\nblocks %ld\n"
		"dt %.2e\n", EQ_INPUT_MAGIC, (unsigned long long)a->seed,
		a->nodes, a->steps, m->cells[0], m->cells[1], m->cells[2],
		m->nodes, m->elems, m->blocks, m->dt);
	fprintf(f, "src %ld", m->src);
	for (int k = 0; k < 6; k++)
		fprintf(f, " %.17g", m->moment[k]);
	fprintf(f, "\nprobes");
	for (int p = 0; p < EQ_PROBES; p++)
		fprintf(f, " %d", m->probe[p]);
	fprintf(f, "\ncoords\n");
	for (long i = 0; i < m->nodes; i++)
		fprintf(f, "%.*f %.*f %.*f\n", EQ_COORD_DIGITS, m->x[i][0],
			EQ_COORD_DIGITS, m->x[i][1], EQ_COORD_DIGITS,
			m->x[i][2]);
	fprintf(f, "elements\n");
	for (long e = 0; e < m->elems; e++)
		fprintf(f, "%d %d %d %d\n", m->v[e][0], m->v[e][1],
			m->v[e][2], m->v[e][3]);
	fprintf(f, "rows\n");
	for (long i = 0; i <= m->nodes; i++)
		fprintf(f, "%d\n", m->rows[i]);
	fprintf(f, "cols\n");
	for (long b = 0; b < m->blocks; b++)
		fprintf(f, "%d\n", m->cols[b]);
}

int main(int argc, char **argv)
{
	struct equake_args a;
	struct atomic_file af;
	struct mesh m = { 0 };
	uint64_t rng;
	FILE *f;

	equake_parse_args(argc, argv, 1, &a);
	eq_grid(a.nodes, m.cells);
	m.nodes = (m.cells[0] + 1) * (m.cells[1] + 1) * (m.cells[2] + 1);
	m.elems = 5 * m.cells[0] * m.cells[1] * m.cells[2];
	if (m.nodes > INT_MAX / 16 || m.elems > INT_MAX / 6)
		die("too many nodes");
	m.x = alloc((size_t)m.nodes, sizeof(*m.x));
	m.v = alloc((size_t)m.elems, sizeof(*m.v));
	rng = a.seed;
	nodes(&m, &rng);
	elements(&m);
	shuffle(&m, &rng);
	structure(&m);
	source(&m);
	m.probe[0] = nearest(&m, EQ_HX, EQ_HY, EQ_HZ);
	m.probe[1] = nearest(&m, EQ_HX, EQ_HY, 0.0);
	m.probe[2] = nearest(&m, EQ_BX, EQ_BY, 0.0);
	m.probe[3] = nearest(&m, EQ_ROCK_X, EQ_ROCK_Y, 0.0);
	time_step(&m);
	f = atomic_file_open_in(&af, "sp-equake-gen", a.path, EQ_INPUT);
	if (!f)
		return 1;
	write_input(&m, &a, f);
	return atomic_file_commit(&af) ? 1 : 0;
}
