/* image_gen.c - sp-image-gen: writes the input of the image workload into a
 * folder: image.ppm (the seeded formula of image_spec.h, 8-bit binary PPM)
 * and magick/policy.xml, the ImageMagick policy that lets the whole pixel
 * cache live in memory (Debian's own policy caps it at 256 MiB and spills
 * the rest to disk). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "image_spec.h"

#define PROG "sp-image-gen"

static const char policy[] =
	"<policymap>\n"
	"  <policy domain=\"resource\" name=\"memory\" value=\"1TiB\"/>\n"
	"  <policy domain=\"resource\" name=\"map\" value=\"1TiB\"/>\n"
	"  <policy domain=\"resource\" name=\"area\" value=\"64GP\"/>\n"
	"  <policy domain=\"resource\" name=\"width\" value=\"1MP\"/>\n"
	"  <policy domain=\"resource\" name=\"height\" value=\"1MP\"/>\n"
	"  <policy domain=\"resource\" name=\"disk\" value=\"0\"/>\n"
	"  <policy domain=\"resource\" name=\"thread\" value=\"1\"/>\n"
	"</policymap>\n";

static void die(const char *what, const char *path)
{
	fprintf(stderr, PROG ": %s %s: %s\n", what, path, strerror(errno));
	exit(1);
}

int main(int argc, char **argv)
{
	struct atomic_file af;
	struct image_args a;
	char path[4096];
	unsigned char *row;
	FILE *f;

	image_parse_args(argc, argv, IMAGE_GEN, &a);
	snprintf(path, sizeof(path), "%s/magick", a.path);
	if (mkdir(path, 0755) && errno != EEXIST)
		die("cannot create", path);
	snprintf(path, sizeof(path), "%s/magick/policy.xml", a.path);
	f = atomic_file_open(&af, PROG, path);
	if (!f)
		return 1;
	fputs(policy, f);
	if (atomic_file_commit(&af))
		return 1;

	snprintf(path, sizeof(path), "%s/image.ppm", a.path);
	row = malloc((size_t)a.width * 3);
	if (!row) {
		fprintf(stderr, PROG ": out of memory\n");
		return 1;
	}
	f = atomic_file_open(&af, PROG, path);
	if (!f)
		return 1;
	fprintf(f, "P6\n%ld %ld\n255\n", a.width, a.height);
	for (long y = 0; y < a.height; y++) {
		for (long x = 0; x < a.width; x++) {
			uint32_t p = image_pixel(a.seed, x, y);

			row[3 * x] = (unsigned char)(p >> 16);
			row[3 * x + 1] = (unsigned char)(p >> 8);
			row[3 * x + 2] = (unsigned char)p;
		}
		fwrite(row, 3, (size_t)a.width, f);
	}
	free(row);
	return atomic_file_commit(&af) ? 1 : 0;
}
