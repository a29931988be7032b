/* povray_check.c - sp-povray-check: verifies the povray workload's image.
 * For a scene whose render is recorded below, the pixels' checksum must
 * match the one povray 3.7.0.10 produced; otherwise (another seed, or a
 * ref size fitted to this host) only what the scene guarantees is checked:
 * the size, a top row of pure sky and a bottom row that is not sky.
 * The checksum is FNV-1a over the pixel bytes (the header holds a date). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "povray_spec.h"

#define RECORDED_VERSION "POV-Ray 3.7.0.10.unofficial"

static const struct recorded {
	long spheres, width, height;
	uint64_t seed, fnv;
} recorded[] = {
	{ 16, 32, 24, 7, 0xdfb93bed7ceac54eULL },	/* the tests' scene */
	{ 20000, 320, 240, 42, 0x79119c6c4f0684efULL },	/* test size */
	{ 45000, 640, 480, 42, 0x4ba56bfe07077ffcULL },	/* paper size */
};

/* One PPM header number, after blanks and # comments; a "# Software:"
 * comment is copied to software[]. */
static long header_num(FILE *f, char *software, size_t len)
{
	char line[256];
	long v = 0;
	int c, digits = 0;

	while ((c = getc(f)) != EOF) {
		if (c == '#') {
			if (!fgets(line, sizeof(line), f))
				break;
			line[strcspn(line, "\n")] = '\0';
			if (!strncmp(line, " Software: ", 11))
				snprintf(software, len, "%.*s", (int)len - 1,
					 line + 11);
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

static int is_sky(const unsigned char *p)
{
	return p[0] == POVRAY_SKY_R && p[1] == POVRAY_SKY_G &&
	       p[2] == POVRAY_SKY_B;
}

int main(int argc, char **argv)
{
	char software[128] = "an unnamed program";
	const struct recorded *rec = NULL;
	struct povray_args a;
	uint64_t fnv = 0xcbf29ce484222325ULL;
	unsigned char *row;
	long w, h, maxval, sky_bottom = 0;
	FILE *f;

	povray_parse_args(argc, argv, 0, &a);
	check_begin("sp-povray-check", a.path);
	f = fopen(a.path, "rb");
	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	if (getc(f) != 'P' || getc(f) != '6')
		check_fail("not a binary PPM (P6)");
	w = header_num(f, software, sizeof(software));
	h = header_num(f, software, sizeof(software));
	maxval = header_num(f, software, sizeof(software));
	if (w != a.width || h != a.height)
		check_fail("size is %ldx%ld, expected %ldx%ld", w, h, a.width,
			   a.height);
	if (maxval != 255)
		check_fail("maxval is %ld, expected 255", maxval);
	row = malloc((size_t)w * 3);
	if (!row)
		check_fail("out of memory");
	for (long y = 0; y < h; y++) {
		if (fread(row, 3, (size_t)w, f) != (size_t)w)
			check_fail("truncated at row %ld of %ld", y, h);
		for (long i = 0; i < 3 * w; i++)
			fnv = (fnv ^ row[i]) * 0x100000001b3ULL;
		for (long x = 0; x < w; x++) {
			if (y == 0 && !is_sky(row + 3 * x))
				check_fail("top row pixel %ld is not the sky "
					   "colour", x);
			if (y == h - 1)
				sky_bottom += is_sky(row + 3 * x);
		}
	}
	if (getc(f) != EOF)
		check_fail("data after the last pixel");
	fclose(f);
	free(row);
	if (sky_bottom == w)
		check_fail("the bottom row is all sky: no ground was rendered");
	for (size_t i = 0; i < sizeof(recorded) / sizeof(recorded[0]); i++)
		if (recorded[i].spheres == a.spheres &&
		    recorded[i].width == w && recorded[i].height == h &&
		    recorded[i].seed == a.seed)
			rec = &recorded[i];
	if (!rec) {
		printf("ok %ldx%ld, %ld spheres, seed %" PRIu64 ": no recorded "
		       "checksum, size and sky checked; fnv %016" PRIx64 "\n",
		       w, h, a.spheres, a.seed, fnv);
		return 0;
	}
	if (strcmp(software, RECORDED_VERSION))
		check_fail("rendered by %s, but the checksum is recorded "
			   "for %s", software, RECORDED_VERSION);
	if (fnv != rec->fnv)
		check_fail("pixel checksum %016" PRIx64 ", expected %016" PRIx64
			   " (%s)", fnv, rec->fnv, RECORDED_VERSION);
	printf("ok %ldx%ld, %ld spheres, seed %" PRIu64 ": checksum %016"
	       PRIx64 " as recorded for %s\n", w, h, a.spheres, a.seed, fnv,
	       RECORDED_VERSION);
	return 0;
}
