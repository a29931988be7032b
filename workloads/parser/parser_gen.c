/* parser_gen.c - sp-parser-gen: the parser workload's input, DIR/text.txt,
 * the seeded sentences of parser_text.c one a line, which link-parser
 * reads on its standard input. */
#include <stdio.h>

#include "atomic_file.h"
#include "parser_spec.h"

int main(int argc, char **argv)
{
	static char sentence[PARSER_SENTENCE_MAX];
	struct parser_args a;
	struct atomic_file af;
	FILE *f;

	parser_parse_args(argc, argv, 1, &a);
	f = atomic_file_open_in(&af, "sp-parser-gen", a.path, "text.txt");
	if (!f)
		return 1;
	for (long i = 0; i < a.sentences; i++) {
		parser_sentence(a.seed, i, sentence);
		fprintf(f, "%s\n", sentence);
	}
	return atomic_file_commit(&af) ? 1 : 0;
}
