/* gzip.c - sp-gzip: SPEC 164.gzip's harness with Debian's zlib.  The
 * input is read once into a heap buffer; at each of SPEC's levels it is
 * deflated into a second buffer (gzip format), inflated into a third and
 * compared with the input in memory, as SPEC's harness does; each level's
 * compressed buffer is written out as one member of a gzip file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "atomic_file.h"
#include "corpus.h"
#include "gzip_spec.h"

#define PROG "sp-gzip"

/* zlib's gzip wrapper: window bits 15, plus 16. */
#define GZIP_WBITS (15 + 16)

static size_t compress_level(const unsigned char *in, size_t n,
			     unsigned char *out, size_t cap, int level)
{
	z_stream z;
	int rc;

	memset(&z, 0, sizeof(z));
	if (deflateInit2(&z, level, Z_DEFLATED, GZIP_WBITS, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return 0;
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	rc = deflate(&z, Z_FINISH);
	deflateEnd(&z);
	return rc == Z_STREAM_END ? cap - z.avail_out : 0;
}

static size_t decompress(const unsigned char *in, size_t n,
			 unsigned char *out, size_t cap)
{
	z_stream z;
	int rc;

	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, GZIP_WBITS) != Z_OK)
		return 0;
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	rc = inflate(&z, Z_FINISH);
	inflateEnd(&z);
	return rc == Z_STREAM_END ? cap - z.avail_out : 0;
}

int main(int argc, char **argv)
{
	unsigned char *in, *comp, *back;
	struct atomic_file af;
	struct corpus_args a;
	size_t cap;
	FILE *f;

	gzip_parse_args(argc, argv, CORPUS_RUN, &a);
	in = corpus_read(PROG, a.input, a.bytes);
	if (!in)
		return 1;
	cap = deflateBound(NULL, (uLong)a.bytes) + 64;
	comp = malloc(cap);
	back = malloc(a.bytes);
	if (!comp || !back) {
		fprintf(stderr, PROG ": cannot allocate the buffers\n");
		return 1;
	}
	f = atomic_file_open(&af, PROG, a.path);
	if (!f)
		return 1;
	for (int i = 0; i < GZIP_NLEVELS; i++) {
		size_t clen = compress_level(in, a.bytes, comp, cap,
					     gzip_levels[i]);
		size_t blen;

		if (!clen) {
			fprintf(stderr, PROG ": deflate failed at level %d\n",
				gzip_levels[i]);
			return 1;
		}
		blen = decompress(comp, clen, back, a.bytes);
		if (blen != a.bytes || memcmp(back, in, a.bytes)) {
			fprintf(stderr, PROG ": level %d: inflated data differ "
				"from the input\n", gzip_levels[i]);
			return 1;
		}
		fwrite(comp, 1, clen, f);
		printf("level %d: %zu -> %zu bytes\n", gzip_levels[i],
		       (size_t)a.bytes, clen);
	}
	if (atomic_file_commit(&af))
		return 1;
	free(in);
	free(comp);
	free(back);
	return 0;
}
