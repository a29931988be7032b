/* art.c - sp-art, the art workload's measured program: SPEC 179.art's
 * work on the input folder sp-art-gen made.  It loads the thermal scene
 * as an array of row pointers, trains the ART-2 network on the two
 * objects until resonance (the helicopter into F2 neuron 0, the airplane
 * into 1), simulates the other objects' weights, then slides an object-
 * sized window over each scan region of scan.par and, for each trained
 * object, reports the window that matched it with the highest confidence
 * (or none) and how many windows matched it. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "art_net.h"
#include "art_par.h"
#include "art_pgm.h"
#include "atomic_file.h"

#define PROG "sp-art"

static char err[PATH_MAX + 128];

static _Noreturn void fail(const char *what)
{
	fprintf(stderr, PROG ": %s\n", what);
	exit(1);
}

static void input_path(char *path, const char *dir, const char *name)
{
	snprintf(path, PATH_MAX, "%s/%s", dir, name);
}

/* The scene, row by row as SPEC's cimage. */
static unsigned char **load_scene(const char *path, long *w, long *h)
{
	unsigned char *pix = art_pgm_read(path, w, h, err, sizeof(err));
	unsigned char **rows;

	if (!pix)
		fail(err);
	rows = malloc((size_t)*h * sizeof(*rows));
	if (!rows)
		fail("out of memory");
	for (long y = 0; y < *h; y++) {
		rows[y] = malloc((size_t)*w);
		if (!rows[y])
			fail("out of memory");
		memcpy(rows[y], pix + y * *w, (size_t)*w);
	}
	free(pix);
	return rows;
}

/* Training image k into the F1 layer's I[k]; the first one sizes the
 * network. */
static void load_train(struct art_net *n, const char *path, int k,
		       const struct art_par *p)
{
	long w, h;
	unsigned char *pix = art_pgm_read(path, &w, &h, err, sizeof(err));

	if (!pix)
		fail(err);
	if (w != p->side || h != p->side) {
		snprintf(err, sizeof(err), "%s is not %ld x %ld", path,
			 p->side, p->side);
		fail(err);
	}
	if (k == 0)
		art_net_init(n, w * h, p->objects);
	for (long i = 0; i < w * h; i++)
		n->f1[i].I[k] = (double)pix[i];
	free(pix);
}

static void train(struct art_net *n, int k)
{
	if (art_net_train(n, k) < 0) {
		snprintf(err, sizeof(err), "object %d: the training never "
			 "resonated", k + 1);
		fail(err);
	}
}

struct best {
	double confidence;
	long x, y, matches;
};

/* Scans one region; each object's best window into best[]. */
static void scan(struct art_net *n, unsigned char **scene, long side,
		 const struct art_region *r, int stride, struct best *best)
{
	double conf;
	int w;

	for (int j = 0; j < n->numf2s; j++)
		best[j] = (struct best){ 0 };
	for (long y = r->starty; y < r->endy; y += stride) {
		for (long x = r->startx; x < r->endx; x += stride) {
			long k = 0;

			for (long m = y; m < y + side; m++)
				for (long c = x; c < x + side; c++)
					n->f1[k++].I[0] = scene[m][c];
			w = art_net_match(n, &conf);
			if (w < 0 || w == n->numf2s - 1)
				continue;
			best[w].matches++;
			if (conf > best[w].confidence)
				best[w] = (struct best){ conf, x, y,
							 best[w].matches };
		}
	}
}

int main(int argc, char **argv)
{
	static char path[PATH_MAX];
	struct art_args a;
	struct art_par p;
	struct art_net n;
	struct atomic_file af;
	struct best *best;
	unsigned char **scene;
	long width, height, windows = 0;
	FILE *out;

	art_parse_args(argc, argv, 2, &a);
	input_path(path, a.input, ART_PARFILE);
	if (art_par_read(path, &p, err, sizeof(err)))
		fail(err);
	if (p.side != a.side || p.regions != a.regions ||
	    p.seed != (unsigned long long)a.seed) {
		snprintf(err, sizeof(err), "%s was made for -n %ld -r %ld -s "
			 "%llu", path, p.side, p.regions, p.seed);
		fail(err);
	}
	input_path(path, a.input, p.scanfile);
	scene = load_scene(path, &width, &height);
	for (long i = 0; i < p.nregions; i++) {
		const struct art_region *r = &p.region[i];

		if (r->startx < 0 || r->starty < 0 || r->endx <= r->startx ||
		    r->endy <= r->starty ||
		    r->endx - p.stride + p.side > width ||
		    r->endy - p.stride + p.side > height)
			fail("a scan region is outside the scene");
		windows += art_region_windows(r);
	}
	/* SPEC's order: the F1 layer, then the weights, then the training */
	input_path(path, a.input, p.trainfile[0]);
	load_train(&n, path, 0, &p);
	art_net_alloc_weights(&n);
	train(&n, 0);
	input_path(path, a.input, p.trainfile[1]);
	load_train(&n, path, 1, &p);
	train(&n, 1);
	art_net_scan_setup(&n, a.seed);

	best = calloc((size_t)n.numf2s, sizeof(*best));
	out = atomic_file_open(&af, PROG, a.path);
	if (!best || !out)
		return 1;
	fprintf(out, "windows %ld\n", windows);
	for (long i = 0; i < p.nregions; i++) {
		scan(&n, scene, p.side, &p.region[i], p.stride, best);
		for (int k = 0; k < ART_TRAINED; k++) {
			if (!best[k].matches)
				fprintf(out, "region %ld object %d none\n", i, k);
			else
				fprintf(out, "region %ld object %d x %ld y %ld "
					"confidence %.12f matches %ld\n", i, k,
					best[k].x, best[k].y,
					best[k].confidence, best[k].matches);
		}
	}
	return atomic_file_commit(&af) ? 1 : 0;
}
