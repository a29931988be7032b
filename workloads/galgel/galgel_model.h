/* galgel_model.h - sp-galgel-check's own Galerkin system for the cavity
 * (the equations of galgel_galerkin.f90), built from galgel_cheb.c's exact
 * integrals: the residual F(x), the Jacobian J and the mass matrix B at
 * any state and Grashof number, the quadratic terms contracted factor by
 * factor from the 1-D triple integrals rather than held as n^3 arrays. */
#ifndef SP_GALGEL_MODEL_H
#define SP_GALGEL_MODEL_H

struct galgel_model {
	long nx, ny, n, m;	/* m = 2 n, the system's order */
	double pr, aspect;
	/* n x n, row-major: q (test function) by p */
	double *bpsi, *k4, *cb, *bth, *lth, *dth, *g0;
	double *bpsi_inv, *bth_inv;
	/* the quadratic terms' 1-D factors and weights */
	double *tx[4], *ty[4], cq[4];
	double *ux[2], *vy[2], cr[2];
	double *work;
};

/* 0, or -1 out of memory or a basis or mass matrix not made. */
int galgel_model_init(struct galgel_model *md, long nx, long ny, double pr,
		      double aspect);
void galgel_model_free(struct galgel_model *md);

/* At x (m values) and gr: f = F(x); fsize[q] the sum of the absolute
 * values of row q's terms (the scale of its rounding); jac = J, m x m
 * row-major. */
void galgel_model_eval(struct galgel_model *md, double gr, const double *x,
		       double *f, double *fsize, double *jac);

/* out = B v for the block diagonal mass matrix. */
void galgel_model_mass(const struct galgel_model *md, const double *v,
		       double *out);

/* trace(B^-1 J): the sum of the eigenvalues of J v = lambda B v. */
double galgel_model_trace(const struct galgel_model *md, const double *jac);

/* The Frobenius norm of B. */
double galgel_model_mass_norm(const struct galgel_model *md);

#endif
