/* art_check.c - sp-art-check: verifies sp-art's result against what the
 * generator planted, which it derives from the arguments and seed itself
 * (art_layout): the count of windows scanned; in each region, the planted
 * object found exactly where it was planted, and the other trained object
 * found nowhere.  The confidence of each winning window is recomputed by
 * a second implementation of the network (art_check_net.c), trained
 * afresh on the training images, which must also find that window's
 * object there, and no neighbouring window of the scan a better match. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "art_check_net.h"
#include "art_pgm.h"
#include "art_spec.h"
#include "check.h"
#include "line_reader.h"

/* sp-art prints 12 decimals; the two networks add in the same order */
#define TOLERANCE 1e-9

struct found {
	int any;
	long x, y, matches;
	double confidence;
};

static unsigned char *image(const char *dir, const char *name, long *w,
			    long *h)
{
	char path[PATH_MAX], err[PATH_MAX + 64];
	unsigned char *pix;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	pix = art_pgm_read(path, w, h, err, sizeof(err));
	if (!pix)
		check_fail("%s", err);
	return pix;
}

static void next_line(struct line_reader *rd, const char *what)
{
	if (!lr_next(rd))
		lr_fail(rd, "truncated: missing %s", what);
}

/* The next word of the line, which must be word. */
static void label(struct line_reader *rd, const char *word, const char *what)
{
	if (!lr_is_word(rd, word))
		lr_fail(rd, "malformed line for %s", what);
}

/* Region i's line for object k. */
static void read_found(struct line_reader *rd, long i, int k,
		       struct found *fd)
{
	char what[64];
	long ri, rk;

	snprintf(what, sizeof(what), "region %ld object %d", i, k);
	next_line(rd, what);
	if (!lr_is_key(rd, "region"))
		lr_fail(rd, "malformed line for %s", what);
	ri = lr_long(rd);
	label(rd, "object", what);
	rk = lr_long(rd);
	if (ri != i || rk != k)
		lr_fail(rd, "expected the line for %s", what);
	fd->any = !lr_is_word(rd, "none");
	if (fd->any) {
		label(rd, "x", what);
		fd->x = lr_long(rd);
		label(rd, "y", what);
		fd->y = lr_long(rd);
		label(rd, "confidence", what);
		fd->confidence = lr_double(rd);
		label(rd, "matches", what);
		fd->matches = lr_long(rd);
	}
	lr_end(rd);
}

/* The planted object k of region r, found at fd: where it was planted,
 * with the confidence recomputed there and none better beside it. */
static void verify_planted(struct chk_net *net, const unsigned char *scene,
			   long width, long side, long i,
			   const struct art_region *r, const struct found *fd)
{
	double conf;
	int k = r->object, w;

	if (!fd->any)
		check_fail("region %ld: object %d planted at (%ld, %ld) not "
			   "found", i, k, r->x, r->y);
	if (fd->x != r->x || fd->y != r->y)
		check_fail("region %ld: object %d found at (%ld, %ld), planted "
			   "at (%ld, %ld)", i, k, fd->x, fd->y, r->x, r->y);
	if (fd->matches < 1 || fd->matches > art_region_windows(r))
		check_fail("region %ld: object %d matched %ld windows", i, k,
			   fd->matches);
	if (!(fd->confidence > ART_RHO_SCAN && fd->confidence <= 1 + TOLERANCE))
		check_fail("region %ld: confidence %.12f is not a match", i,
			   fd->confidence);
	w = chk_net_match(net, scene, width, side, r->x, r->y, &conf);
	if (w != k)
		check_fail("region %ld: the window at (%ld, %ld) matches F2 "
			   "neuron %d here, not object %d", i, r->x, r->y, w, k);
	if (fabs(conf - fd->confidence) > TOLERANCE)
		check_fail("region %ld: confidence %.12f, recomputed %.12f", i,
			   fd->confidence, conf);
	for (long dy = -ART_STRIDE; dy <= ART_STRIDE; dy += ART_STRIDE) {
		for (long dx = -ART_STRIDE; dx <= ART_STRIDE; dx += ART_STRIDE) {
			long x = r->x + dx, y = r->y + dy;

			if ((!dx && !dy) || x < r->startx || x >= r->endx ||
			    y < r->starty || y >= r->endy)
				continue;
			w = chk_net_match(net, scene, width, side, x, y, &conf);
			if (w == k && conf > fd->confidence + TOLERANCE)
				check_fail("region %ld: the window at (%ld, %ld) "
					   "matches object %d better (%.12f)",
					   i, x, y, k, conf);
		}
	}
}

int main(int argc, char **argv)
{
	unsigned char *scene, *train[ART_TRAINED];
	struct line_reader rd;
	struct art_args a;
	struct art_layout l;
	struct chk_net net;
	struct found fd;
	long w, h, windows = 0, got;

	art_parse_args(argc, argv, 0, &a);
	check_begin("sp-art-check", a.path);
	art_layout(&a, &l);
	for (long i = 0; i < l.nregions; i++)
		windows += art_region_windows(&l.region[i]);

	scene = image(a.input, ART_SCANFILE, &w, &h);
	if (w != l.width || h != l.height)
		check_fail("the scene is %ld x %ld, not %ld x %ld as the seed's",
			   w, h, l.width, l.height);
	train[0] = image(a.input, ART_TRAINFILE1, &w, &h);
	if (w != a.side || h != a.side)
		check_fail("the training images are not %ld x %ld", a.side,
			   a.side);
	train[1] = image(a.input, ART_TRAINFILE2, &w, &h);
	if (w != a.side || h != a.side)
		check_fail("the training images are not %ld x %ld", a.side,
			   a.side);
	if (chk_net_make(&net, a.side * a.side, ART_OBJECTS, train[0],
			 train[1], a.seed))
		check_fail("the check's own training never resonated");

	lr_open(&rd, a.path, "");
	next_line(&rd, "windows");
	if (!lr_is_key(&rd, "windows"))
		lr_fail(&rd, "malformed windows line");
	got = lr_long(&rd);
	lr_end(&rd);
	if (got != windows)
		check_fail("%ld windows scanned, expected %ld", got, windows);
	for (long i = 0; i < l.nregions; i++) {
		const struct art_region *r = &l.region[i];

		for (int k = 0; k < ART_TRAINED; k++) {
			read_found(&rd, i, k, &fd);
			if (k == r->object)
				verify_planted(&net, scene, l.width, a.side, i,
					       r, &fd);
			else if (fd.any)
				check_fail("region %ld: object %d found at "
					   "(%ld, %ld), but none was planted",
					   i, k, fd.x, fd.y);
		}
	}
	if (lr_next(&rd))
		lr_fail(&rd, "unexpected text after the last region");
	lr_close(&rd);
	printf("ok %ld regions, %ld windows, every object where it was "
	       "planted\n", l.nregions, windows);
	return 0;
}
