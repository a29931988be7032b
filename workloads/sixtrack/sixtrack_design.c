/* sixtrack_design.c - sp-sixtrack-gen's ring design (sixtrack_design.h):
 * an LHC-like arc cell cut into thin slices, its quadrupoles matched by
 * Newton's method on the cell's 2x2 transfer matrices, its sextupoles set
 * from the periodic dispersion, the cavity from the momentum compaction,
 * and the particles placed by the periodic Twiss functions. */
#include "sixtrack_design.h"

#include <math.h>

#include "rng.h"

#define PI 3.141592653589793

/* The cell (LHC's arc cell): 106.9 m; 3.1 m quadrupoles; after each a
 * sextupole and an octupole, then three 14.3 m dipoles 1.36 m apart. */
#define LCELL 106.9
#define LQUAD 3.1
#define LBEND 14.3
#define GAP 1.36
#define BEND_START 5.0
#define SEXT_AT (LQUAD + 0.6)
#define OCT_AT (LQUAD + 1.2)
/* LHC's dipole angle, 2 pi / 1232 */
#define THETA_DIPOLE (2.0 * PI / 1232.0)

/* The fractional tunes (LHC's injection tunes), the synchrotron tune, the
 * share of the natural chromaticity the sextupoles correct, the
 * octupoles' b4 times the square root of the cells (which keeps the
 * dynamic aperture near 11-14 beam sizes from 8 cells to 1000), ten RF
 * wavelengths a cell. */
#define QX_FRAC 0.28
#define QY_FRAC 0.31
#define QS 0.002
#define CHROM 1.0
#define OCT_B4 570.0
#define RF_PER_CELL 10.0

/* The beam: geometric emittance (LHC at 7 TeV), the particles' range of
 * amplitudes in beam sizes, and of momentum offsets. */
#define EMITTANCE 5e-10
#define SIXTRACK_RMIN 1.0
#define SIXTRACK_RMAX 16.0
#define DELTA_MAX 2e-4
#define PROBE_R 0.01

const char *const sixtrack_element_names[SIX_ELEMENTS] = {
	"QF", "QD", "SF", "SD", "MO", "MB"
};

/* The cell's entries and their positions; the drifts close the cell. */
static void layout(struct sixtrack_design *d)
{
	double s[SIXTRACK_CELL_ENTRIES];
	int n = 0;

	for (int half = 0; half < 2; half++) {
		double s0 = half * LCELL / 2;

		for (int k = 0; k < SIXTRACK_NQ; k++) {
			d->elem[n] = half ? SIX_QD : SIX_QF;
			s[n++] = s0 + (k + 0.5) * LQUAD / SIXTRACK_NQ;
		}
		d->elem[n] = half ? SIX_SD : SIX_SF;
		s[n++] = s0 + SEXT_AT;
		d->elem[n] = SIX_MO;
		s[n++] = s0 + OCT_AT;
		for (int b = 0; b < 3; b++)
			for (int k = 0; k < SIXTRACK_NB; k++) {
				d->elem[n] = SIX_MB;
				s[n++] = s0 + BEND_START + b * (LBEND + GAP) +
					 (k + 0.5) * LBEND / SIXTRACK_NB;
			}
	}
	for (int i = 0; i < n; i++)
		d->drift[i] = i + 1 < n ? s[i + 1] - s[i] :
			      LCELL - s[i] + s[0];
}

/* 3x3 maps of (x, px, delta) and 2x2 of (y, py), linear at the origin,
 * m = a m. */
static void mul3(double m[3][3], const double a[3][3])
{
	double r[3][3];

	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			r[i][j] = a[i][0] * m[0][j] + a[i][1] * m[1][j] +
				  a[i][2] * m[2][j];
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			m[i][j] = r[i][j];
}

/* The linear kick and drift of entry e: x plane (with the bend's delta
 * term) and y plane. */
static void entry_maps(const struct sixtrack_design *d, int e,
		       double ax[3][3], double ay[3][3])
{
	double kx = 0, ky = 0, th = 0, l = d->drift[e];

	switch (d->elem[e]) {
	case SIX_QF:
		kx = d->qf;
		ky = -d->qf;
		break;
	case SIX_QD:
		kx = d->qd;
		ky = -d->qd;
		break;
	case SIX_MB:
		th = d->theta;
		kx = d->theta * d->h;
		break;
	}
	/* kick then drift: [[1 l 0][0 1 0][0 0 1]] [[1 0 0][-k 1 th][0 0 1]] */
	ax[0][0] = 1 - l * kx;	ax[0][1] = l;	ax[0][2] = l * th;
	ax[1][0] = -kx;		ax[1][1] = 1;	ax[1][2] = th;
	ax[2][0] = 0;		ax[2][1] = 0;	ax[2][2] = 1;
	ay[0][0] = 1 - l * ky;	ay[0][1] = l;	ay[0][2] = 0;
	ay[1][0] = -ky;		ay[1][1] = 1;	ay[1][2] = 0;
	ay[2][0] = 0;		ay[2][1] = 0;	ay[2][2] = 1;
}

static void cell_maps(const struct sixtrack_design *d, double mx[3][3],
		      double my[3][3])
{
	double ax[3][3], ay[3][3];

	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			mx[i][j] = my[i][j] = i == j;
	for (int e = 0; e < SIXTRACK_CELL_ENTRIES; e++) {
		entry_maps(d, e, ax, ay);
		mul3(mx, ax);
		mul3(my, ay);
	}
}

/* The phase advance of a 2x2 block, or NAN if unstable. */
static double advance(double m[3][3])
{
	double c = (m[0][0] + m[1][1]) / 2;

	return fabs(c) < 1 ? acos(c) : NAN;
}

static int match(struct sixtrack_design *d, double mux, double muy)
{
	double mx[3][3], my[3][3];

	d->qf = 4 * sin(mux / 2) / LCELL / SIXTRACK_NQ;
	d->qd = -4 * sin(muy / 2) / LCELL / SIXTRACK_NQ;
	for (int it = 0; it < 60; it++) {
		double f[2], j[2][2], h = 1e-7 * fabs(d->qf), det, dq[2];
		double base[2] = { d->qf, d->qd };

		cell_maps(d, mx, my);
		f[0] = advance(mx) - mux;
		f[1] = advance(my) - muy;
		if (!isfinite(f[0]) || !isfinite(f[1]))
			return -1;
		if (fabs(f[0]) < 1e-14 && fabs(f[1]) < 1e-14)
			return 0;
		for (int k = 0; k < 2; k++) {
			if (k == 0)
				d->qf = base[0] + h;
			else
				d->qd = base[1] + h;
			cell_maps(d, mx, my);
			j[0][k] = (advance(mx) - mux - f[0]) / h;
			j[1][k] = (advance(my) - muy - f[1]) / h;
			d->qf = base[0];
			d->qd = base[1];
		}
		det = j[0][0] * j[1][1] - j[0][1] * j[1][0];
		if (!isfinite(det) || det == 0)
			return -1;
		dq[0] = (j[1][1] * f[0] - j[0][1] * f[1]) / det;
		dq[1] = (j[0][0] * f[1] - j[1][0] * f[0]) / det;
		d->qf -= dq[0];
		d->qd -= dq[1];
	}
	return -1;
}

int sixtrack_design(long cells, int linear, struct sixtrack_design *d)
{
	double mx[3][3], my[3][3], ax[3][3], ay[3][3], mux, muy, smx, smy;
	double v[3], dsf = 0, dsd = 0, compaction = 0;
	double qint = floor((double)cells / 4);

	layout(d);
	d->theta = THETA_DIPOLE / SIXTRACK_NB;
	d->h = THETA_DIPOLE / LBEND;
	d->sf = d->sd = d->mo = 0;
	d->qx = qint + QX_FRAC;
	d->qy = qint + QY_FRAC;
	d->qs = QS;
	mux = 2 * PI * d->qx / (double)cells;
	muy = 2 * PI * d->qy / (double)cells;
	if (match(d, mux, muy))
		return -1;
	cell_maps(d, mx, my);
	smx = sin(mux);
	smy = sin(muy);
	d->betx = mx[0][1] / smx;
	d->alfx = (mx[0][0] - mx[1][1]) / (2 * smx);
	d->bety = my[0][1] / smy;
	d->alfy = (my[0][0] - my[1][1]) / (2 * smy);
	/* the periodic dispersion: (I - M) (D, D') = (M02, M12) */
	{
		double a = 1 - mx[0][0], b = -mx[0][1];
		double c = -mx[1][0], e = 1 - mx[1][1], det = a * e - b * c;

		d->dx = (e * mx[0][2] - b * mx[1][2]) / det;
		d->dpx = (a * mx[1][2] - c * mx[0][2]) / det;
	}
	v[0] = d->dx;
	v[1] = d->dpx;
	v[2] = 1;
	for (int e = 0; e < SIXTRACK_CELL_ENTRIES; e++) {
		double w[3];

		if (d->elem[e] == SIX_SF)
			dsf = v[0];
		else if (d->elem[e] == SIX_SD)
			dsd = v[0];
		else if (d->elem[e] == SIX_MB)
			compaction += d->theta * v[0];
		entry_maps(d, e, ax, ay);
		for (int i = 0; i < 3; i++)
			w[i] = ax[i][0] * v[0] + ax[i][1] * v[1] +
			       ax[i][2] * v[2];
		for (int i = 0; i < 3; i++)
			v[i] = w[i];
	}
	/* the ring's momentum compaction times its length, sum theta D */
	compaction *= (double)cells;
	d->krf = 2 * PI * RF_PER_CELL / LCELL;
	d->v = 4 * PI * PI * QS * QS / (d->krf * compaction);
	if (!linear) {
		d->sf = CHROM * d->qf * SIXTRACK_NQ / (2 * dsf);
		d->sd = CHROM * d->qd * SIXTRACK_NQ / (2 * dsd);
		d->mo = OCT_B4 / sqrt((double)cells);
	}
	return 0;
}

void sixtrack_particle(const struct sixtrack_design *d, uint64_t seed,
		       long j, long n, double c[6])
{
	uint64_t s = rng_hash(seed ^ 0x5158aa1e3c0ffee1ULL) + (uint64_t)j;
	double sx = sqrt(d->betx * EMITTANCE), sy = sqrt(d->bety * EMITTANCE);
	double r, phi, delta, ax, ay;

	s = rng_hash(s);
	if (j == 1) {
		r = PROBE_R;
		phi = PI / 4;
		delta = 0;
	} else {
		r = SIXTRACK_RMIN + (n > 2 ? (SIXTRACK_RMAX - SIXTRACK_RMIN) *
			(double)(j - 2) / (double)(n - 2) : 0);
		phi = (0.05 + 0.9 * rng_uniform(&s)) * PI / 2;
		delta = DELTA_MAX * (2 * rng_uniform(&s) - 1);
	}
	ax = r * cos(phi) * sx;
	ay = r * sin(phi) * sy;
	c[0] = ax + d->dx * delta;
	c[1] = -d->alfx * ax / d->betx + d->dpx * delta;
	c[2] = ay;
	c[3] = -d->alfy * ay / d->bety;
	c[4] = 0;
	c[5] = delta;
}
