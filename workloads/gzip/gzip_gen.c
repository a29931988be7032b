/* gzip_gen.c - sp-gzip-gen: writes the gzip workload's input, the seeded
 * corpus (workloads/common/corpus.h) of the size its arguments give. */
#include "corpus.h"
#include "gzip_spec.h"

int main(int argc, char **argv)
{
	struct corpus_args a;

	gzip_parse_args(argc, argv, CORPUS_GEN, &a);
	return corpus_write("sp-gzip-gen", a.path, a.bytes, a.seed) ? 1 : 0;
}
