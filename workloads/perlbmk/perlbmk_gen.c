/* perlbmk_gen.c - sp-perlbmk-gen: the perlbmk workload's input,
 * DIR/mail.mbox, the seeded messages of perlbmk_mail.c in mbox form: a
 * "From " line, From, To, Subject and Message-Id headers, a blank line,
 * the body, and a blank line after it. */
#include <stdio.h>

#include "atomic_file.h"
#include "perlbmk_spec.h"

int main(int argc, char **argv)
{
	static struct perlbmk_msg m;
	struct perlbmk_args a;
	struct atomic_file af;
	FILE *f;

	perlbmk_parse_args(argc, argv, 1, &a);
	f = atomic_file_open_in(&af, "sp-perlbmk-gen", a.path, "mail.mbox");
	if (!f)
		return 1;
	for (long i = 0; i < a.messages; i++) {
		perlbmk_message(a.seed, i, &m);
		fprintf(f, "From user%d@example.org Mon Jan  1 00:00:00 2001\n"
			"From: user%d@example.org\nTo: list@example.org\n"
			"Subject: %s\nMessage-Id: <%ld@example.org>\n\n",
			m.sender, m.sender, m.subject, i);
		for (int k = 0; k < m.nlines; k++)
			fprintf(f, "%s\n", m.line[k]);
		fputc('\n', f);
	}
	return atomic_file_commit(&af) ? 1 : 0;
}
