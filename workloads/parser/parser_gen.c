/* parser_gen.c - sp-parser-gen: the parser workload's input, DIR/text.txt,
 * the seeded sentences of parser_text.c one a line, which link-parser
 * reads on its standard input. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "parser_spec.h"

int main(int argc, char **argv)
{
	static char sentence[PARSER_SENTENCE_MAX], path[PATH_MAX];
	struct parser_args a;
	struct atomic_file af;
	FILE *f;

	parser_parse_args(argc, argv, 1, &a);
	if (mkdir(a.path, 0777) && errno != EEXIST) {
		fprintf(stderr, "sp-parser-gen: cannot create %s: %s\n", a.path,
			strerror(errno));
		return 1;
	}
	snprintf(path, sizeof(path), "%s/text.txt", a.path);
	f = atomic_file_open(&af, "sp-parser-gen", path);
	if (!f)
		return 1;
	for (long i = 0; i < a.sentences; i++) {
		parser_sentence(a.seed, i, sentence);
		fprintf(f, "%s\n", sentence);
	}
	return atomic_file_commit(&af) ? 1 : 0;
}
