/* image_check.c - sp-image-check: verifies the image workload's output, a
 * PPM that must be the input turned 90 degrees clockwise -r TURNS times
 * (once unless given; the manifest's counts leave it turned once), against
 * the input formula itself (not the input file, not ImageMagick): the
 * size, every pixel by index arithmetic, and nothing after the last
 * pixel. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "image_spec.h"

/* One PPM header number, after blanks and # comments. */
static long header_num(FILE *f)
{
	long v = 0;
	int c, digits = 0;

	while ((c = getc(f)) != EOF) {
		if (c == '#') {
			while ((c = getc(f)) != EOF && c != '\n')
				;
		} else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
			break;
		}
	}
	while (c >= '0' && c <= '9' && digits < 9) {
		v = v * 10 + (c - '0');
		digits++;
		c = getc(f);
	}
	if (!digits || (c != ' ' && c != '\t' && c != '\n' && c != '\r'))
		check_fail("malformed PPM header");
	return v;
}

int main(int argc, char **argv)
{
	struct image_args a;
	unsigned char *row;
	long w, h, maxval, want_w, want_h;
	uint64_t sum = 0;
	FILE *f;

	image_parse_args(argc, argv, IMAGE_CHECK, &a);
	check_begin("sp-image-check", a.path);
	f = fopen(a.path, "rb");
	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	if (getc(f) != 'P' || getc(f) != '6')
		check_fail("not a binary PPM (P6)");
	w = header_num(f);
	h = header_num(f);
	maxval = header_num(f);
	want_w = a.turns % 2 ? a.height : a.width;
	want_h = a.turns % 2 ? a.width : a.height;
	if (w != want_w || h != want_h)
		check_fail("size is %ldx%ld, expected %ldx%ld "
			   "(the input turned %ld times)", w, h, want_w, want_h,
			   a.turns);
	if (maxval != 255)
		check_fail("maxval is %ld, expected 255", maxval);
	row = malloc((size_t)w * 3);
	if (!row)
		check_fail("out of memory");
	/* One turn: output (X, Y) shows input (x = Y, y = height - 1 - X). */
	for (long y_out = 0; y_out < h; y_out++) {
		if (fread(row, 3, (size_t)w, f) != (size_t)w)
			check_fail("truncated at row %ld of %ld", y_out, h);
		for (long x_out = 0; x_out < w; x_out++) {
			long x, y;
			uint32_t want;

			image_turned_from(&a, x_out, y_out, &x, &y);
			want = image_pixel(a.seed, x, y);
			uint32_t got = (uint32_t)row[3 * x_out] << 16 |
				       (uint32_t)row[3 * x_out + 1] << 8 |
				       row[3 * x_out + 2];

			if (got != want)
				check_fail("pixel (%ld,%ld) is #%06" PRIx32
					   ", expected #%06" PRIx32, x_out,
					   y_out, got, want);
			sum = rng_hash(sum ^ got);
		}
	}
	if (getc(f) != EOF)
		check_fail("data after the last pixel");
	fclose(f);
	free(row);
	printf("ok %ldx%ld checksum %016" PRIx64 "\n", w, h, sum);
	return 0;
}
