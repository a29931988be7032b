/* bzip2.c - sp-bzip2: SPEC 256.bzip2's harness with Debian's libbz2.  The
 * input is read once into a heap buffer, compressed at block size 9 into a
 * second buffer, decompressed into a third and compared with the input in
 * memory, as SPEC's harness does; the compressed buffer is written out as
 * a .bz2 file. */
#include <bzlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "bzip2_spec.h"
#include "corpus.h"

#define PROG "sp-bzip2"

int main(int argc, char **argv)
{
	unsigned char *in, *comp, *back;
	unsigned int clen, blen, cap;
	struct atomic_file af;
	struct corpus_args a;
	int rc;
	FILE *f;

	bzip2_parse_args(argc, argv, CORPUS_RUN, &a);
	in = corpus_read(PROG, a.input, a.bytes);
	if (!in)
		return 1;
	/* bzip2's documented bound: 1% more than the input plus 600 bytes. */
	cap = (unsigned int)(a.bytes + a.bytes / 100 + 600);
	comp = malloc(cap);
	back = malloc(a.bytes);
	if (!comp || !back) {
		fprintf(stderr, PROG ": cannot allocate the buffers\n");
		return 1;
	}
	clen = cap;
	rc = BZ2_bzBuffToBuffCompress((char *)comp, &clen, (char *)in,
				      (unsigned int)a.bytes, BZIP2_BLOCK_SIZE,
				      0, 0);
	if (rc != BZ_OK) {
		fprintf(stderr, PROG ": compression failed (libbz2 error %d)\n",
			rc);
		return 1;
	}
	blen = (unsigned int)a.bytes;
	rc = BZ2_bzBuffToBuffDecompress((char *)back, &blen, (char *)comp,
					clen, 0, 0);
	if (rc != BZ_OK || blen != a.bytes || memcmp(back, in, a.bytes)) {
		fprintf(stderr, PROG ": decompressed data differ from the "
			"input (libbz2 status %d)\n", rc);
		return 1;
	}
	printf("block size %d: %llu -> %u bytes\n", BZIP2_BLOCK_SIZE,
	       (unsigned long long)a.bytes, clen);
	f = atomic_file_open(&af, PROG, a.path);
	if (!f)
		return 1;
	fwrite(comp, 1, clen, f);
	if (atomic_file_commit(&af))
		return 1;
	free(in);
	free(comp);
	free(back);
	return 0;
}
