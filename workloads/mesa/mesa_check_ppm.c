/* mesa_check_ppm.c - sp-mesa-check's reader of sp-mesa's image: a P6 PPM
 * with sp-mesa's comment, of the side the arguments give, nothing more. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mesa_check.h"

static void line(FILE *f, char *buf, size_t n, const char *what)
{
	if (!fgets(buf, (int)n, f) || !strchr(buf, '\n'))
		check_fail("truncated or malformed: no %s", what);
}

void chk_read_ppm(const char *path, struct image *im)
{
	char buf[160], extra[2];
	long w, h, maxval;
	size_t row;
	FILE *f;

	f = fopen(path, "rb");
	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	line(f, buf, sizeof(buf), "PPM magic");
	if (strcmp(buf, "P6\n"))
		check_fail("not a binary PPM (P6) image");
	line(f, buf, sizeof(buf), "sp-mesa comment");
	if (strncmp(buf, MESA_PPM_TAG, strlen(MESA_PPM_TAG)) ||
	    sscanf(buf + strlen(MESA_PPM_TAG), "frames %llu threads %ld %1s",
		   &im->frames, &im->threads, extra) != 2)
		check_fail("no sp-mesa comment line");
	line(f, buf, sizeof(buf), "size");
	if (sscanf(buf, "%ld %ld %1s", &w, &h, extra) != 2)
		check_fail("malformed size line");
	if (w != im->side || h != im->side)
		check_fail("the image is %ldx%ld, not %ldx%ld", w, h,
			   im->side, im->side);
	line(f, buf, sizeof(buf), "maximum value");
	if (sscanf(buf, "%ld %1s", &maxval, extra) != 1 || maxval != 255)
		check_fail("the maximum value is not 255");
	row = (size_t)im->side * 3;
	im->rgb = malloc(row * (size_t)im->side);
	if (!im->rgb)
		check_fail("out of memory");
	for (long y = im->side - 1; y >= 0; y--)
		if (fread(im->rgb + (size_t)y * row, 1, row, f) != row)
			check_fail("truncated: %ld of %ld rows",
				   im->side - 1 - y, im->side);
	if (fgetc(f) != EOF)
		check_fail("bytes after the image");
	fclose(f);
}
