/* art_gen.c - sp-art-gen: the art workload's input folder, made from the
 * size and seed: the two training objects (helicopter.pgm, airplane.pgm,
 * SIDE x SIDE each, a hot object on a cool background), the thermal scene
 * sp-art scans (scene.pgm) with one of them planted in each scan region,
 * as art_layout places it, and scan.par, the scan's parameters as SPEC's
 * 179.art takes them (scan file, training files, objects, stride, and the
 * region of each scan). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "art_paint.h"
#include "art_pgm.h"
#include "art_spec.h"
#include "atomic_file.h"

#define PROG "sp-art-gen"

static char path[PATH_MAX];

static void *alloc(size_t n)
{
	void *p = calloc(1, n);

	if (!p) {
		fprintf(stderr, PROG ": out of memory\n");
		exit(1);
	}
	return p;
}

static FILE *create(struct atomic_file *af, const char *dir, const char *name)
{
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = atomic_file_open(af, PROG, strdup(path));
	if (!f)
		exit(1);
	return f;
}

static void commit(struct atomic_file *af)
{
	if (atomic_file_commit(af))
		exit(1);
}

static void write_image(const char *dir, const char *name, long w, long h,
			const unsigned char *pix)
{
	struct atomic_file af;

	art_pgm_write(create(&af, dir, name), w, h, pix);
	commit(&af);
}

static void write_par(const struct art_args *a, const struct art_layout *l)
{
	struct atomic_file af;
	FILE *f = create(&af, a->path, ART_PARFILE);

	fprintf(f, "# " PROG " -n %ld -r %ld -s %llu: the scans of sp-art\n",
		a->side, a->regions, (unsigned long long)a->seed);
	fprintf(f, "side %ld\nregions %ld\nseed %llu\n", a->side, a->regions,
		(unsigned long long)a->seed);
	fprintf(f, "scanfile " ART_SCANFILE "\n");
	fprintf(f, "trainfile1 " ART_TRAINFILE1 "\n");
	fprintf(f, "trainfile2 " ART_TRAINFILE2 "\n");
	fprintf(f, "objects %d\nstride %d\n", ART_OBJECTS, ART_STRIDE);
	for (long i = 0; i < l->nregions; i++)
		fprintf(f, "region %ld %ld %ld %ld\n", l->region[i].startx,
			l->region[i].starty, l->region[i].endx,
			l->region[i].endy);
	commit(&af);
}

int main(int argc, char **argv)
{
	static const char *const names[ART_TRAINED] = { ART_TRAINFILE1,
							ART_TRAINFILE2 };
	unsigned char *obj[ART_TRAINED], *mask[ART_TRAINED], *scene;
	size_t n;
	struct art_args a;
	struct art_layout l;
	uint64_t rng;

	art_parse_args(argc, argv, 1, &a);
	if (atomic_file_dir(PROG, a.path))
		return 1;
	art_layout(&a, &l);
	n = (size_t)(a.side * a.side);
	for (int k = 0; k < ART_TRAINED; k++) {
		obj[k] = alloc(n);
		mask[k] = alloc(n);
		rng = rng_hash(a.seed ^ (0x747261696eULL + (uint64_t)k));
		art_paint_background(&rng, obj[k], a.side, a.side);
		art_paint_object(k, a.seed, a.side, obj[k], mask[k]);
		write_image(a.path, names[k], a.side, a.side, obj[k]);
	}
	/* the scene: its own background, each region's object pasted with
	 * a sensor noise of its own (+-4) */
	scene = alloc((size_t)(l.width * l.height));
	rng = rng_hash(a.seed ^ 0x7363656e65ULL);
	art_paint_background(&rng, scene, l.width, l.height);
	for (long i = 0; i < l.nregions; i++) {
		const struct art_region *r = &l.region[i];

		for (long y = 0; y < a.side; y++) {
			for (long x = 0; x < a.side; x++) {
				long v = obj[r->object][y * a.side + x] - 4 +
					 (long)rng_below(&rng, 9);

				if (!mask[r->object][y * a.side + x])
					continue;
				scene[(r->y + y) * l.width + r->x + x] =
					(unsigned char)(v < 0 ? 0 :
							v > 255 ? 255 : v);
			}
		}
	}
	write_image(a.path, ART_SCANFILE, l.width, l.height, scene);
	write_par(&a, &l);
	return 0;
}
