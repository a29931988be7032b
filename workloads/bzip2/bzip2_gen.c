/* bzip2_gen.c - sp-bzip2-gen: writes the bzip2 workload's input, the seeded
 * corpus (workloads/common/corpus.h) of the size its arguments give. */
#include "corpus.h"
#include "bzip2_spec.h"

int main(int argc, char **argv)
{
	struct corpus_args a;

	bzip2_parse_args(argc, argv, CORPUS_GEN, &a);
	return corpus_write("sp-bzip2-gen", a.path, a.bytes, a.seed) ? 1 : 0;
}
