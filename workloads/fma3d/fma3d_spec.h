/* fma3d_spec.h - what sp-fma3d-gen, sp-fma3d and sp-fma3d-check agree on:
 * the command line, the plate, its material and the impacts (each a
 * function of the size, the step count and the seed), the files between
 * them and the state file's layout. */
#ifndef SP_FMA3D_SPEC_H
#define SP_FMA3D_SPEC_H

#include <stdint.h>

/* The plate: N x N brick elements in the plane, FMA3D_NZ through the
 * thickness, cubes of side FMA3D_H metres. */
#define FMA3D_NZ 6
#define FMA3D_H 0.005
#define FMA3D_N_MIN 40	/* the impacts (10-20 elements across) fit */
#define FMA3D_N_MAX 4000
#define FMA3D_STEPS_MAX 1000000L

/* What one column of the plate (one element in the plane, all NZ of them
 * through the thickness, with their nodes) costs sp-fma3d: the element
 * record is 216 bytes, the node record 112 (fma3d_types.f90); --mb
 * divides by it. */
#define FMA3D_ELEM_BYTES 216
#define FMA3D_NODE_BYTES 112
#define FMA3D_COLUMN_BYTES (FMA3D_NZ * FMA3D_ELEM_BYTES + \
			    (FMA3D_NZ + 1) * FMA3D_NODE_BYTES)

/* Steel, elastic-plastic (von Mises, linear isotropic hardening): density
 * kg/m^3, Young's modulus and yield stress Pa, Poisson's ratio, the
 * plastic modulus Pa; the hourglass stiffness coefficient; the Courant
 * factor on the elements' stable step. */
#define FMA3D_RHO 7850.0
#define FMA3D_YOUNG 200.0e9
#define FMA3D_POISSON 0.3
#define FMA3D_YIELD 250.0e6
#define FMA3D_HARDEN 1.0e9
#define FMA3D_HOURGLASS 0.1
#define FMA3D_CFL 0.9

/* The impacts: seeded discs across the plate's middle half moving out of
 * the plane, each of radius FMA3D_R_MIN to FMA3D_R_MAX elements (at most
 * a quarter of the plate's side) and peak speed FMA3D_V_MIN to
 * FMA3D_V_MAX m/s (the yield speed, yield / (rho c), is ~5 m/s: they are
 * plastic; the radii keep a step's strain increment below the yield
 * strain). */
#define FMA3D_IMPACTS 3
#define FMA3D_IMPACTS_MAX FMA3D_IMPACTS
#define FMA3D_R_MIN 10.0
#define FMA3D_R_MAX 20.0
#define FMA3D_V_MIN 30.0
#define FMA3D_V_MAX 80.0
/* A drift of the whole plate in its plane, up to FMA3D_DRIFT m/s each
 * way, so that the momentum has all three components. */
#define FMA3D_DRIFT 5.0

/* The probe: a small mesh, seeded the same way, struck at FMA3D_PROBE_V
 * m/s (elastic: its stresses stay ~1/50 of yield), run for its own step
 * count; the check runs it again in C. */
#define FMA3D_PROBE_NX 6
#define FMA3D_PROBE_NY 5
#define FMA3D_PROBE_NZ 3
#define FMA3D_PROBE_STEPS 400
#define FMA3D_PROBE_V 0.1

/* The files: the input folder's fma3d.in (parameters), mesh.bin and
 * probe.bin (meshes: FMA3D_MESH_MAGIC, int64 node and element counts,
 * per node x y z vx vy vz as doubles, per element its 8 node numbers from
 * 1 as int32); the run's state file: "key value" header lines up to
 * "end", then doubles: per node of the plate ux uy uz vx vy vz, per
 * element FMA3D_ELEM_STATE values (stress xx yy zz xy yz zx, equivalent
 * plastic strain, hourglass forces Q(i, a) for a = 1..4, i = x y z), then
 * the same for the probe. */
#define FMA3D_MESH_MAGIC "FMA3DMSH"
#define FMA3D_NODE_STATE 6
#define FMA3D_ELEM_STATE 19

struct fma3d_args {
	long n;			/* elements along each side of the plate */
	long steps;
	uint64_t seed;
	const char *input;	/* sp-fma3d, sp-fma3d-check: -i, fma3d.in */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the state */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one positional FILE), 1 the generator (-o DIR), 2 the run (-i
 * INPUT -o FILE); the run and the check need -i. */
void fma3d_parse_args(int argc, char **argv, int form, struct fma3d_args *a);

#endif
