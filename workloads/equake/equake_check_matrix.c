/* equake_check_matrix.c - sp-equake-check's verdict on K as sp-equake
 * wrote it (matrix.bin, half of its blocks, as it stores them): the
 * structure it was given, symmetric diagonal blocks (the others stand for
 * themselves and their transposes), the rigid translations and rotations
 * mapped to zero within rounding, every block equal to the check's own
 * assembly; and, of the input, the time step below the stability limit
 * of the check's own K. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "equake_check.h"

/* Rounding bounds: of K r against |K| |r| for a rigid motion r; of a
 * block's difference from the check's own, and of a diagonal block's
 * asymmetry, against the larger of the two rows' diagonal blocks. */
#define RIGID_TOL 1e-10
#define BLOCK_TOL 1e-9
#define SYM_TOL 1e-12

static const char *const mode_name[6] = {
	"translation along x", "translation along y", "translation along z",
	"rotation about x", "rotation about y", "rotation about z",
};

static void read_matrix(const char *dir, const struct eqc_mesh *m,
			struct eqc_matrix *k)
{
	char path[PATH_MAX];
	struct equake_bin_head h;
	struct stat st;
	long n = m->h.nodes, b = m->h.blocks;
	off_t want = (off_t)sizeof(h) + (off_t)(n + 1 + b) * 4 +
		     (off_t)b * (off_t)sizeof(*k->k);
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, EQ_MATRIX);
	f = fopen(path, "rb");
	if (!f || fstat(fileno(f), &st))
		check_fail(EQ_MATRIX ": cannot open: %s", strerror(errno));
	if (fread(&h, sizeof(h), 1, f) != 1 ||
	    memcmp(h.magic, EQ_MATRIX_MAGIC, sizeof(h.magic)))
		check_fail(EQ_MATRIX ": not a matrix file");
	if (h.nodes != n || h.count != b)
		check_fail(EQ_MATRIX ": %lld nodes and %lld blocks, expected "
			   "%ld and %ld", (long long)h.nodes,
			   (long long)h.count, n, b);
	if (st.st_size != want)
		check_fail(EQ_MATRIX ": %lld bytes, expected %lld",
			   (long long)st.st_size, (long long)want);
	k->nodes = n;
	k->blocks = b;
	k->rows = eqc_alloc((size_t)n + 1, sizeof(int));
	k->cols = eqc_alloc((size_t)b, sizeof(int));
	k->k = eqc_alloc((size_t)b, sizeof(*k->k));
	if (fread(k->rows, sizeof(int), (size_t)n + 1, f) != (size_t)n + 1 ||
	    fread(k->cols, sizeof(int), (size_t)b, f) != (size_t)b ||
	    fread(k->k, sizeof(*k->k), (size_t)b, f) != (size_t)b)
		check_fail(EQ_MATRIX ": cannot read");
	fclose(f);
}

/* The largest entry of a 3 x 3 block, in magnitude. */
static double block_max(const double a[3][3])
{
	double top = 0;

	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			top = fmax(top, fabs(a[r][c]));
	return top;
}

static void check_structure(const struct eqc_mesh *m,
			    const struct eqc_matrix *k)
{
	for (long i = 0; i <= k->nodes; i++)
		if (k->rows[i] != m->rows[i])
			check_fail(EQ_MATRIX ": row %ld starts at block %d, "
				   "not at the input's %d", i, k->rows[i],
				   m->rows[i]);
	for (long b = 0; b < k->blocks; b++)
		if (k->cols[b] != m->cols[b])
			check_fail(EQ_MATRIX ": block %ld is in column %d, "
				   "not in the input's %d", b, k->cols[b],
				   m->cols[b]);
	for (long b = 0; b < k->blocks; b++)
		for (int r = 0; r < 3; r++)
			for (int c = 0; c < 3; c++)
				if (!isfinite(k->k[b][r][c]))
					check_fail(EQ_MATRIX ": block %ld is "
						   "not finite", b);
}

static void check_symmetric(const struct eqc_matrix *k)
{
	for (long i = 0; i < k->nodes; i++) {
		const double (*a)[3] = (const double (*)[3])k->k[k->rows[i]];
		double tol = SYM_TOL * block_max(a);

		for (int r = 0; r < 3; r++)
			for (int c = 0; c < r; c++)
				if (fabs(a[r][c] - a[c][r]) > tol)
					check_fail("K is not symmetric: its "
						   "diagonal block %ld has "
						   "%.6e at (%d, %d), %.6e at "
						   "(%d, %d)", i, a[r][c], r,
						   c, a[c][r], c, r);
	}
}

/* Rigid motion `mode` at point x: a unit translation, or a unit rotation
 * about the domain's centre. */
static void rigid(int mode, const double x[3], double r[3])
{
	double p[3] = { x[0] - EQ_LX / 2, x[1] - EQ_LY / 2, x[2] + EQ_LZ / 2 };
	int a = mode % 3, b = (a + 1) % 3, c = (a + 2) % 3;

	r[0] = r[1] = r[2] = 0.0;
	if (mode < 3) {
		r[mode] = 1.0;
	} else {	/* e_a x p */
		r[b] = -p[c];
		r[c] = p[b];
	}
}

static void check_rigid(const struct eqc_mesh *m, const struct eqc_matrix *k)
{
	long n = k->nodes;
	double (*r)[3] = eqc_alloc((size_t)n, sizeof(*r));
	double (*y)[3] = eqc_alloc((size_t)n, sizeof(*y));
	double *rowabs = eqc_alloc((size_t)n * 3, sizeof(double)), absmax = 0;

	for (long i = 0; i < n; i++)
		for (int b = k->rows[i]; b < k->rows[i + 1]; b++)
			for (int p = 0; p < 3; p++)
				for (int q = 0; q < 3; q++) {
					double v = fabs(k->k[b][p][q]);

					rowabs[3 * i + p] += v;
					if (k->cols[b] != i)
						rowabs[3 * k->cols[b] + q] += v;
				}
	for (long i = 0; i < 3 * n; i++)
		absmax = fmax(absmax, rowabs[i]);
	for (int mode = 0; mode < 6; mode++) {
		double rmax = 0, res = 0;

		for (long i = 0; i < n; i++) {
			rigid(mode, m->x[i], r[i]);
			for (int d = 0; d < 3; d++)
				rmax = fmax(rmax, fabs(r[i][d]));
		}
		memset(y, 0, (size_t)n * sizeof(*y));
		for (long i = 0; i < n; i++)
			for (int b = k->rows[i]; b < k->rows[i + 1]; b++) {
				int j = k->cols[b];

				for (int p = 0; p < 3; p++)
					for (int q = 0; q < 3; q++) {
						y[i][p] += k->k[b][p][q] *
							   r[j][q];
						if (j != i)
							y[j][q] +=
								k->k[b][p][q] *
								r[i][p];
					}
			}
		for (long i = 0; i < n; i++)
			for (int d = 0; d < 3; d++)
				res = fmax(res, fabs(y[i][d]));
		if (!(res <= RIGID_TOL * absmax * rmax))
			check_fail("K does not annihilate the rigid %s: "
				   "|K r| is %.3e, |K| |r| %.3e",
				   mode_name[mode], res, absmax * rmax);
	}
	free(r);
	free(y);
	free(rowabs);
}

static void check_blocks(const struct eqc_matrix *k,
			 const struct eqc_model *own)
{
	for (long i = 0; i < k->nodes; i++)
		for (int b = k->rows[i]; b < k->rows[i + 1]; b++) {
			int j = k->cols[b];
			const double (*mine)[3] = eqc_block(own, (int)i, j);
			double tol, diff = 0;

			tol = BLOCK_TOL * fmax(block_max(eqc_block(own, (int)i,
								   (int)i)),
					       block_max(eqc_block(own, j, j)));
			for (int p = 0; p < 3; p++)
				for (int q = 0; q < 3; q++)
					diff = fmax(diff, fabs(k->k[b][p][q] -
							       mine[p][q]));
			if (!(diff <= tol))
				check_fail("K's block (%ld, %d) is not the "
					   "assembly's: they differ by %.3e "
					   "(scale %.3e)", i, j, diff,
					   tol / BLOCK_TOL);
		}
}

/* dt < 2 / omega_max: omega_max^2 is at most the largest row sum of |K|
 * over the mass (Gershgorin's discs of M^-1 K). */
void eqc_check_stable(const struct eqc_mesh *m, const struct eqc_model *own)
{
	double top = 0, limit;

	for (long i = 0; i < own->n; i++)
		for (int r = 0; r < 3; r++) {
			double sum = 0;

			for (int p = own->ptr[i]; p < own->ptr[i + 1]; p++)
				for (int c = 0; c < 3; c++)
					sum += fabs(own->k[p][r][c]);
			top = fmax(top, sum / own->mass[i]);
		}
	limit = 2 / sqrt(top);
	if (!(m->h.dt < limit))
		check_fail("input: dt %g is above the stability limit %g",
			   m->h.dt, limit);
}

void eqc_check_matrix(const char *dir, const struct eqc_mesh *m,
		      const struct eqc_model *own)
{
	struct eqc_matrix k;

	read_matrix(dir, m, &k);
	check_structure(m, &k);
	check_symmetric(&k);
	check_rigid(m, &k);
	check_blocks(&k, own);
	free(k.rows);
	free(k.cols);
	free(k.k);
}
