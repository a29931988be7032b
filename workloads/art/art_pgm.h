/* art_pgm.h - the art workload's images as binary PGM files (P5, 8 bits
 * a pixel, rows top to bottom): written by sp-art-gen, read by sp-art and
 * sp-art-check, and viewable with any image viewer. */
#ifndef SP_ART_PGM_H
#define SP_ART_PGM_H

#include <stddef.h>
#include <stdio.h>

/* Writes a w x h image to f; fwrite's errors show when f is closed. */
void art_pgm_write(FILE *f, long w, long h, const unsigned char *pix);

/* Reads path: its pixels, malloc'd, row after row, and its size in *w and
 * *h; or NULL with what is wrong in err. */
unsigned char *art_pgm_read(const char *path, long *w, long *h, char *err,
			    size_t errlen);

#endif
