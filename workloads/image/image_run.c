/* image_run.c - sp-image-run: the measured command of the image workload.
 * One turn of an image of the paper's size takes milliseconds, less than
 * convert's start-up and spstat's first sample; so the run has Debian's
 * convert turn the same image a quarter turn -r TURNS times in one
 * process, one -rotate 90 after the other on the command line (convert
 * applies them in order, each to the last one's result).  It checks that
 * DIR/image.ppm is of these arguments' size, then execs /usr/bin/convert
 * (so convert is spstat's child, as env made it before): one thread, no
 * disk cache, the ImageMagick policy of DIR/magick, and malloc's mmap
 * threshold fixed at glibc's initial 128 KiB.  Fixed, every turn's pixel
 * cache is a fresh anonymous mapping, as the first turn's is, and convert
 * holds two caches at a time as a single turn does; glibc's own threshold
 * would rise at the first free and move the later caches onto the brk
 * heap, which grows a little at a time (no huge page at fault time under
 * THP: docs/workloads.md) and keeps about two caches more resident (peak
 * RSS 17 MB to 25 MB at the paper's 800x600).
 * Usage: sp-image-run {-w W -h H | --mb M} [-r TURNS] -i DIR -o FILE */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "image_spec.h"

#define CONVERT "/usr/bin/convert"
#define PROG "sp-image-run"
#define TUNABLE "glibc.malloc.mmap_threshold=131072"

static _Noreturn void die(const char *fmt, const char *what)
{
	fprintf(stderr, PROG ": ");
	fprintf(stderr, fmt, what);
	fputc('\n', stderr);
	exit(1);
}

int main(int argc, char **argv)
{
	static char image[PATH_MAX + 16], magick[PATH_MAX + 16];
	static char tunables[4096];
	const char *old = getenv("GLIBC_TUNABLES");
	struct image_args a;
	long w = 0, h = 0, maxval = 0;
	char **args;
	int n = 0;
	FILE *f;

	image_parse_args(argc, argv, IMAGE_RUN, &a);
	snprintf(image, sizeof(image), "%s/image.ppm", a.input);
	snprintf(magick, sizeof(magick), "%s/magick", a.input);
	f = fopen(image, "rb");
	if (!f)
		die("%s: cannot open (run the prepare step first)", image);
	if (fscanf(f, "P6 %ld %ld %ld", &w, &h, &maxval) != 3 ||
	    w != a.width || h != a.height) {
		fprintf(stderr, PROG ": %s is %ldx%ld, the arguments say "
			"%ldx%ld: it was made for other arguments\n", image, w,
			h, a.width, a.height);
		return 1;
	}
	fclose(f);
	snprintf(tunables, sizeof(tunables), "%s%s" TUNABLE,
		 old && *old ? old : "", old && *old ? ":" : "");
	if (setenv("MAGICK_CONFIGURE_PATH", magick, 1) ||
	    setenv("GLIBC_TUNABLES", tunables, 1))
		die("cannot set the environment: %s", strerror(errno));
	args = malloc(sizeof(*args) * (size_t)(2 * a.turns + 10));
	if (!args)
		die("%s", "out of memory");
	args[n++] = CONVERT;
	args[n++] = "-limit";
	args[n++] = "thread";
	args[n++] = "1";
	args[n++] = "-limit";
	args[n++] = "disk";
	args[n++] = "0";
	args[n++] = image;
	for (long i = 0; i < a.turns; i++) {
		args[n++] = "-rotate";
		args[n++] = "90";
	}
	args[n++] = (char *)a.path;
	args[n] = NULL;
	execv(CONVERT, args);
	die("cannot run " CONVERT ": %s", strerror(errno));
}
