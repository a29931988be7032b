/* sixtrack_optics.h - what sp-sixtrack-check knows of the ring besides
 * tracking it: its tunes from the product of 2x2 transfer matrices, a
 * tune measured from turn-by-turn positions, and the one-turn map's
 * Jacobian by finite differences with its determinant and symplectic
 * defect. */
#ifndef SP_SIXTRACK_OPTICS_H
#define SP_SIXTRACK_OPTICS_H

#include "sixtrack_ref.h"

/* The fractional tunes (folded into [0, 0.5]) of the linear part of the
 * ring at the origin, x and y planes apart (drifts, quadrupole terms b2,
 * the bends' weak focusing): 0, or -1 if a plane is unstable. */
int optics_tunes(const struct ref_ring *r, double q[2]);

/* Whether the ring is linear at the origin: no coefficient of order 3 or
 * more and no skew quadrupole. */
int optics_ring_is_linear(const struct ref_ring *r);

/* The fractional tune (in [0.01, 0.5]) of the n samples x[0], x[stride],
 * ...: the peak of their Hann-windowed Fourier transform. */
double optics_measure_tune(const double *x, long n, long stride);

/* The one-turn map's Jacobian at c by central differences of steps 1e-7
 * (x, y, sigma) and 1e-9 (px, py, delta): the written matrix's recipe. */
void optics_central(const struct ref_ring *r, const double c[6],
		    double j[6][6]);

/* The one-turn map's Jacobian at c, by central differences of two steps
 * extrapolated to zero; returns the largest relative change of a column
 * between the two steps (large, or infinite, where the map is too
 * nonlinear there for differences: near a particle's loss). */
double optics_jacobian(const struct ref_ring *r, const double c[6],
		       double j[6][6]);

/* Its determinant, and max |J' S J'^T - S| of J' = D J D^-1 with D a
 * symplectic diagonal scaling that brings each plane's block to order
 * one (S: the symplectic form of (x px)(y py)(sigma delta)). */
double optics_det(const double j[6][6]);
double optics_symplectic_defect(const double j[6][6]);

/* max |a' - b'| over the entries of a and b in b's scaling (as above),
 * at entry [*i][*k]. */
double optics_distance(const double a[6][6], const double b[6][6], int *i,
		       int *k);

#endif
