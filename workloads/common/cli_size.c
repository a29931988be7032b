/* cli_size.c - the size, seed and file options every workload's programs
 * share (cli_size.h). */
#include "cli_size.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

/* getopt_long's code for --mb, outside every option letter. */
#define OPT_MB 0x100

static void add_short(char *opts, int opt)
{
	size_t n = strlen(opts);

	opts[n] = (char)opt;
	opts[n + 1] = ':';
	opts[n + 2] = '\0';
}

static const struct cli_opt *find(const struct cli_size *s, int opt)
{
	for (int i = 0; i < CLI_SIZE_MORE && s->more[i].opt; i++)
		if (s->more[i].opt == opt)
			return &s->more[i];
	return NULL;
}

void cli_size_parse(struct cli_size *s, int argc, char **argv,
		    int with_output)
{
	struct option longopts[CLI_SIZE_MORE + 2] = {
		{ "mb", required_argument, NULL, OPT_MB },
	};
	char opts[4 + 2 * (CLI_SIZE_MORE + 3)] = ":";
	const char *out = NULL;
	const struct cli_opt *o;
	int nlong = 1, c;

	s->cli.prog = argv[0];
	s->cli.usage = s->usage;
	if (with_output)
		s->cli.file = s->output ? s->output : "-o FILE";
	else
		s->cli.file = s->operand ? s->operand : "FILE";
	if (s->count.opt)
		add_short(opts, s->count.opt);
	if (s->seed_max)
		add_short(opts, 's');
	for (int i = 0; i < CLI_SIZE_MORE && s->more[i].opt; i++) {
		o = &s->more[i];
		if (o->longname)
			longopts[nlong++] = (struct option){ o->longname,
				required_argument, NULL, o->opt };
		else
			add_short(opts, o->opt);
	}
	if (with_output)
		add_short(opts, 'o');
	s->n = s->mb = 0;
	s->seed = CLI_SIZE_SEED;
	opterr = 0;
	while ((c = getopt_long(argc, argv, opts, longopts, NULL)) != -1) {
		if (c == ':' || c == '?')
			cli_bad_option(&s->cli, c);
		else if (c == OPT_MB)
			s->mb = cli_number(&s->cli, optarg,
					   s->mb_min ? s->mb_min : 1,
					   s->mb_max ? s->mb_max :
					   CLI_SIZE_MAX_MB, "MB");
		else if (c == 'o' && with_output)
			out = optarg;
		else if (c == s->count.opt)
			s->n = cli_number(&s->cli, optarg, s->count.min,
					  s->count.max, s->count.name);
		else if (c == 's' && s->seed_max)
			s->seed = cli_number(&s->cli, optarg, 0, s->seed_max,
					     "seed");
		else if ((o = find(s, c)) && o->to)
			*o->to = cli_number(&s->cli, optarg, o->min, o->max,
					    o->name);
		else
			s->option(&s->cli, c, optarg, s->ctx);
	}
	s->path = cli_file(&s->cli, argc, argv, with_output, out,
			   s->what ? s->what : "result file");
}

void cli_size_one(const struct cli_size *s)
{
	char msg[64];

	if (!!s->n != !!s->mb)
		return;
	snprintf(msg, sizeof(msg), "give exactly one of -%c and --mb",
		 s->count.opt);
	cli_fail(&s->cli, msg);
}

unsigned long long cli_size_count(const struct cli_size *s, long long by_mb)
{
	char msg[96];

	cli_size_one(s);
	if (!s->mb)
		return s->n;
	if (by_mb < 0 || (unsigned long long)by_mb < s->count.min ||
	    (unsigned long long)by_mb > s->count.max) {
		snprintf(msg, sizeof(msg), "--mb gives no usable %s",
			 s->count.name);
		cli_fail(&s->cli, msg);
	}
	return (unsigned long long)by_mb;
}
