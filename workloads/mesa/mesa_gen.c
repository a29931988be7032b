/* mesa_gen.c - sp-mesa-gen: writes mesa.in, the 2-D scalar field sp-mesa
 * renders as a height field: GRID x GRID heights (GRID = 3/8 of the image
 * side) drawn from the seed as a sum of Gaussian hills and pits and a few
 * ripples, scaled so that the highest point is 0.29, inside MESA_HMAX. */
#include <math.h>
#include <stdlib.h>

#include "atomic_file.h"
#include "mesa_spec.h"
#include "rng.h"

#define HILLS 24
#define RIPPLES 3
#define TOP 0.29

struct hill {
	double x, y, a, w;	/* centre, amplitude, 1 / (2 sigma^2) */
};

struct ripple {
	double kx, ky, phase, a;
};

int main(int argc, char **argv)
{
	struct hill hill[HILLS];
	struct ripple rip[RIPPLES];
	struct atomic_file af;
	struct mesa_args a;
	double *h, top = 0;
	uint64_t rng;
	long g;
	FILE *f;

	mesa_parse_args(argc, argv, 1, &a);
	g = mesa_grid(a.side);
	rng = a.seed;
	for (int k = 0; k < HILLS; k++) {
		double sigma = 0.08 + 0.3 * rng_uniform(&rng);

		hill[k].x = 2.4 * rng_uniform(&rng) - 1.2;
		hill[k].y = 2.4 * rng_uniform(&rng) - 1.2;
		hill[k].a = 2.0 * rng_uniform(&rng) - 0.8;
		hill[k].w = 1.0 / (2.0 * sigma * sigma);
	}
	for (int k = 0; k < RIPPLES; k++) {
		rip[k].kx = 4.0 + 16.0 * rng_uniform(&rng);
		rip[k].ky = 16.0 * rng_uniform(&rng) - 8.0;
		rip[k].phase = 2.0 * M_PI * rng_uniform(&rng);
		rip[k].a = 0.05 + 0.1 * rng_uniform(&rng);
	}
	h = malloc((size_t)g * (size_t)g * sizeof(*h));
	if (!h) {
		fprintf(stderr, "sp-mesa-gen: out of memory\n");
		return 1;
	}
	for (long j = 0; j < g; j++) {
		double y = -1.0 + 2.0 * (double)j / (double)(g - 1);

		for (long i = 0; i < g; i++) {
			double x = -1.0 + 2.0 * (double)i / (double)(g - 1);
			double v = 0;

			for (int k = 0; k < HILLS; k++) {
				double dx = x - hill[k].x, dy = y - hill[k].y;

				v += hill[k].a * exp(-(dx * dx + dy * dy) *
						     hill[k].w);
			}
			for (int k = 0; k < RIPPLES; k++)
				v += rip[k].a * sin(rip[k].kx * x +
						    rip[k].ky * y +
						    rip[k].phase);
			h[j * g + i] = v;
			if (fabs(v) > top)
				top = fabs(v);
		}
	}
	f = atomic_file_open_in(&af, "sp-mesa-gen", a.path, "mesa.in");
	if (!f)
		return 1;
	fprintf(f, "sp-mesa meshfile\ngrid %ld\nseed %llu\nheights\n", g,
		(unsigned long long)a.seed);
	for (long k = 0; k < g * g; k++)
		fprintf(f, "%.6f%c", h[k] * TOP / top,
			k % 8 == 7 || k == g * g - 1 ? '\n' : ' ');
	fprintf(f, "end\n");
	free(h);
	return atomic_file_commit(&af) ? 1 : 0;
}
