/* art_pgm.c - binary PGM images for the art workload (art_pgm.h). */
#include "art_pgm.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define PGM_SIDE_MAX 100000L

void art_pgm_write(FILE *f, long w, long h, const unsigned char *pix)
{
	fprintf(f, "P5\n%ld %ld\n255\n", w, h);
	fwrite(pix, 1, (size_t)(w * h), f);
}

/* The next decimal number of the header, after blanks and comments; -1
 * when there is none. */
static long header_number(FILE *f)
{
	long v = 0;
	int c, digits = 0;

	while ((c = getc(f)) != EOF) {
		if (c == '#') {
			while ((c = getc(f)) != EOF && c != '\n')
				;
		} else if (!isspace(c)) {
			break;
		}
	}
	while (c != EOF && isdigit(c) && v <= PGM_SIDE_MAX) {
		v = v * 10 + (c - '0');
		digits++;
		c = getc(f);
	}
	/* one blank ends the number (the last one ends the header) */
	if (!digits || (c != EOF && !isspace(c)))
		return -1;
	return v;
}

unsigned char *art_pgm_read(const char *path, long *w, long *h, char *err,
			    size_t errlen)
{
	FILE *f = fopen(path, "rb");
	unsigned char *pix = NULL;
	char magic[3] = "";
	long maxval;

	if (!f) {
		snprintf(err, errlen, "cannot open %s: %s", path,
			 strerror(errno));
		return NULL;
	}
	if (fread(magic, 1, 2, f) != 2 || strcmp(magic, "P5")) {
		snprintf(err, errlen, "%s is not a binary PGM image", path);
		goto out;
	}
	*w = header_number(f);
	*h = header_number(f);
	maxval = header_number(f);
	if (*w < 1 || *h < 1 || *w > PGM_SIDE_MAX || *h > PGM_SIDE_MAX ||
	    maxval != 255) {
		snprintf(err, errlen, "%s: bad PGM header", path);
		goto out;
	}
	pix = malloc((size_t)(*w * *h));
	if (!pix) {
		snprintf(err, errlen, "out of memory for %s", path);
		goto out;
	}
	if (fread(pix, 1, (size_t)(*w * *h), f) != (size_t)(*w * *h) ||
	    getc(f) != EOF) {
		snprintf(err, errlen, "%s: the pixels are not %ld x %ld", path,
			 *w, *h);
		free(pix);
		pix = NULL;
	}
out:
	fclose(f);
	return pix;
}
