/* cli_size.h - the command line the workloads' programs have in common,
 * on top of cli.h: a size given as a count or as --mb M ({-n N | --mb M}),
 * -s SEED, -o (or a check's operand) and bounded numeric options, so that
 * each *_args.c gives only its bounds and how --mb turns into its count. */
#ifndef SP_WORKLOAD_CLI_SIZE_H
#define SP_WORKLOAD_CLI_SIZE_H

#include <stddef.h>

#include "cli.h"

#define CLI_SIZE_SEED 42		/* the seed when -s is not given */
#define CLI_SIZE_MAX_MB (1ULL << 20)	/* --mb's bound unless set */
#define CLI_SIZE_MORE 4			/* a program's own options, at most */

/* The count, as -OPT N: a decimal number from min to max, which errors
 * call name. */
struct cli_count {
	int opt;
	const char *name;
	unsigned long long min, max;
};

/*
 * One option besides the size, -s and -o: -OPT, or --LONGNAME alone when
 * longname is set (opt is then only its code).  With `to`, its value is a
 * decimal number from min to max (errors call it `name`) stored in *to;
 * without, the value is handed to the cli_size's option().
 */
struct cli_opt {
	int opt;
	const char *longname;
	const char *name;
	unsigned long long min, max;
	unsigned long long *to;
};

struct cli_size {
	/* Set by the program; a 0 or NULL field takes the default named. */
	const char *usage;		/* as cli.h's, the file left out */
	const char *output;		/* the program's file: "-o FILE" */
	const char *operand;		/* the check's file: "FILE" */
	const char *what;		/* errors' name for it: "result file" */
	struct cli_count count;		/* as -n N; opt 0: none */
	unsigned long long mb_min;	/* --mb's bounds: 1 */
	unsigned long long mb_max;	/* CLI_SIZE_MAX_MB */
	unsigned long long seed_max;	/* -s's bound; 0: no -s */
	struct cli_opt more[CLI_SIZE_MORE];	/* the program's own options */
	void (*option)(const struct cli *c, int opt, const char *arg,
		       void *ctx);
	void *ctx;

	/* Set by cli_size_parse. */
	struct cli cli;			/* for the program's own cli_fail */
	unsigned long long n;		/* the count given, or 0 */
	unsigned long long mb;		/* --mb, or 0 */
	unsigned long long seed;
	const char *path;		/* -o's value, or the check's operand */
};

/* Parses argv with getopt_long (each option in turn, and the file last)
 * into s; a usage error is a cli_fail.  with_output: the program's form
 * (-o), otherwise the check's (one operand). */
void cli_size_parse(struct cli_size *s, int argc, char **argv,
		    int with_output);

/* cli_fail unless exactly one of the count and --mb was given. */
void cli_size_one(const struct cli_size *s);

/* cli_size_one, then the count: as given, or by_mb (what --mb makes of
 * s->mb) when --mb was given and by_mb is within the count's bounds. */
unsigned long long cli_size_count(const struct cli_size *s, long long by_mb);

#endif
