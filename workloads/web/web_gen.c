/* web_gen.c - sp-web-gen: writes the web workload's input into a folder:
 * docs/, a department-like site of heavy-tailed (lognormal) file sizes
 * that fills --mb MiB once each file is rounded up to whole 4 KiB pages
 * (what a server mapping every file holds); trace.wlog, the request trace in httperf's --wlog form
 * (NUL-terminated paths): every file once plus Zipf-popular repeats,
 * shuffled; files.txt, each file's path and size in bytes (its content
 * follows from them, web_content.h); and expect.txt, what httperf must
 * report when all is served. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "cli_size.h"
#include "rng.h"
#include "web_content.h"

#define MAX_REQUESTS 100000000L
#define FILES_PER_DIR 64
#define MEDIAN_BYTES 4096.0	/* lognormal file sizes: median and sigma */
#define SIGMA 1.6
#define MIN_BYTES 32
#define MAX_BYTES (32L << 20)
#define ZIPF_ALPHA 0.8		/* popularity of the repeated requests */
/* A server maps every file it serves, and Linux allows 65,530 mappings a
 * process (vm.max_map_count): a larger tree has larger files, not more.
 * At scale 1 the mean file takes about 16 KiB of pages. */
#define MAX_FILES_AIMED 40000
#define MEAN_PAGED_KIB 16

struct file {
	long bytes;
	char path[WEB_PATH_MAX];
};

static const char *prog = "sp-web-gen";

static void die(const char *what, const char *path)
{
	fprintf(stderr, "%s: %s %s: %s\n", prog, what, path, strerror(errno));
	exit(1);
}

static uint64_t rng;

static long file_size(double scale)
{
	/* Box-Muller: one standard normal from two uniforms. */
	double u = 1.0 - rng_uniform(&rng), v = rng_uniform(&rng);
	double z = sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * v);
	double b = scale * MEDIAN_BYTES * exp(SIGMA * z);

	return b < MIN_BYTES ? MIN_BYTES : b > MAX_BYTES ? MAX_BYTES : (long)b;
}

static const char *suffix(long bytes)
{
	return bytes < 16384 ? "html" : bytes < 262144 ? "gif" : "pdf";
}

/* A file's content: web_content.h's, which the check holds served bytes
 * to. */
static void write_file(const char *root, const struct file *fl, char *buf)
{
	char full[4200];
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", root, fl->path);
	web_content(fl->path, fl->bytes, buf);
	f = fopen(full, "w");
	if (!f)
		die("cannot create", full);
	if (fwrite(buf, 1, (size_t)fl->bytes, f) != (size_t)fl->bytes ||
	    fclose(f))
		die("cannot write", full);
}

static void make_dir(const char *path)
{
	if (mkdir(path, 0755) && errno != EEXIST)
		die("cannot create", path);
}

int main(int argc, char **argv)
{
	unsigned long long r = 0;
	struct cli_size s = {
		.usage = "--mb M [-r REQUESTS] [-s SEED]",
		.output = "-o DIR",
		.seed_max = 1ULL << 62,
		.more = { { 'r', NULL, "request count", 1, MAX_REQUESTS,
			    &r } },
	};
	long mb, requests, nfiles = 0, cap = 1024;
	double scale;
	const char *dir;
	char root[4096], path[4200];
	struct file *files;
	double *cdf, total_w = 0;
	long *trace, *rank;
	long long tree = 0, mapped = 0, served = 0;
	struct atomic_file af;
	char *buf;
	FILE *f;

	cli_size_parse(&s, argc, argv, 1);
	if (!s.mb)
		cli_fail(&s.cli, "give --mb");
	mb = (long)s.mb;
	requests = (long)r;
	rng = s.seed;
	dir = s.path;

	/* Files until their pages hold mb MiB. */
	scale = (double)mb * 1024 / (MAX_FILES_AIMED * MEAN_PAGED_KIB);
	if (scale < 1.0)
		scale = 1.0;
	files = malloc(sizeof(*files) * (size_t)cap);
	while (files && mapped < (long long)mb << 20) {
		if (nfiles == cap)
			files = realloc(files, sizeof(*files) * (size_t)(cap *= 2));
		if (!files)
			break;
		files[nfiles].bytes = file_size(scale);
		tree += files[nfiles].bytes;
		mapped += (files[nfiles].bytes + 4095) & ~4095L;
		snprintf(files[nfiles].path, sizeof(files[nfiles].path),
			 "/d%ld/f%ld.%s", nfiles / FILES_PER_DIR, nfiles,
			 suffix(files[nfiles].bytes));
		nfiles++;
	}
	if (!requests)
		requests = 2 * nfiles;
	if (requests < nfiles) {
		fprintf(stderr, "%s: -r %ld is below the %ld files of a %ld MB "
			"tree; every file is requested at least once\n", prog,
			requests, nfiles, mb);
		return 2;
	}
	cdf = malloc(sizeof(*cdf) * (size_t)nfiles);
	rank = malloc(sizeof(*rank) * (size_t)nfiles);
	trace = malloc(sizeof(*trace) * (size_t)requests);
	buf = malloc(MAX_BYTES + WEB_LINE_MAX);
	if (!files || !cdf || !rank || !trace || !buf) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 1;
	}

	/* Popularity: rank k (0-based) has weight 1 / (k + 1)^alpha, ranks
	 * given to files in a seeded random order. */
	for (long i = 0; i < nfiles; i++) {
		long j = (long)(rng_uniform(&rng) * (double)(i + 1));

		if (j != i)
			rank[i] = rank[j];
		rank[j] = i;
		total_w += pow((double)(i + 1), -ZIPF_ALPHA);
		cdf[i] = total_w;
	}
	for (long i = 0; i < requests; i++) {
		if (i < nfiles) {
			trace[i] = i;
		} else {
			double u = rng_uniform(&rng) * total_w;
			long lo = 0, hi = nfiles - 1;

			while (lo < hi) {
				long mid = (lo + hi) / 2;

				if (cdf[mid] < u)
					lo = mid + 1;
				else
					hi = mid;
			}
			trace[i] = rank[lo];
		}
	}
	for (long i = requests - 1; i > 0; i--) {
		long j = (long)(rng_uniform(&rng) * (double)(i + 1));
		long t = trace[i];

		trace[i] = trace[j];
		trace[j] = t;
	}

	snprintf(path, sizeof(path), "%s/expect.txt", dir);
	unlink(path);
	snprintf(root, sizeof(root), "%s/docs", dir);
	make_dir(root);
	for (long i = 0; i < nfiles; i++) {
		if (i % FILES_PER_DIR == 0) {
			snprintf(path, sizeof(path), "%s/d%ld", root,
				 i / FILES_PER_DIR);
			make_dir(path);
		}
		write_file(root, &files[i], buf);
	}

	snprintf(path, sizeof(path), "%s/trace.wlog", dir);
	f = fopen(path, "w");
	if (!f)
		die("cannot create", path);
	for (long i = 0; i < requests; i++) {
		fputs(files[trace[i]].path, f);
		fputc('\0', f);
		served += files[trace[i]].bytes;
	}
	if (fclose(f))
		die("cannot write", path);

	/* What the check's content pass holds the served files to. */
	snprintf(path, sizeof(path), "%s/files.txt", dir);
	f = fopen(path, "w");
	if (!f)
		die("cannot create", path);
	for (long i = 0; i < nfiles; i++)
		fprintf(f, "%s %ld\n", files[i].path, files[i].bytes);
	if (fclose(f))
		die("cannot write", path);

	/* Last, and atomically: its presence says the input is complete. */
	snprintf(path, sizeof(path), "%s/expect.txt", dir);
	f = atomic_file_open(&af, prog, path);
	if (!f)
		return 1;
	fprintf(f, "files %ld\ntree_bytes %lld\nrequests %ld\nbytes %lld\n",
		nfiles, tree, requests, served);
	return atomic_file_commit(&af) ? 1 : 0;
}
