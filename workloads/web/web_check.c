/* web_check.c - sp-web-check: verifies a web run against the trace's
 * expectation: httperf's report (OUT_DIR/httperf.txt: every request
 * answered 2xx, no error) and the server's log (OUT_DIR/server.log: the
 * exact content bytes sent); then, in a content pass of its own, the bytes
 * served.  The measured server is gone by then (its exit ends what spstat
 * times), so the check starts merecat again, as sp-web-run does, on the
 * same document tree and a free port, fetches the files the trace
 * requests most often and a seeded sample of the others, and holds each
 * reply to what sp-web-gen wrote (web_content.h, from files.txt: not the
 * files in the tree, which the server reads).  The first reply that
 * differs fails the check with one line naming its URL.
 * Usage: sp-web-check [-s SEED] [--merecat PATH] INPUT_DIR OUT_DIR */
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "rng.h"
#include "web_content.h"
#include "web_report.h"
#include "web_server.h"

/* The content pass: the most requested files, and a seeded sample. */
#define TOP_FILES 10
#define SAMPLE_FILES 50
/* A reply must come within this, and the server stop within STOP_MS. */
#define REPLY_MS 60000
#define STOP_MS 10000

struct file {
	char path[WEB_PATH_MAX];
	long bytes;
	long requests;		/* in the trace */
};

static const char *prog = "sp-web-check";
static char scratch[4096];	/* the content pass's server's folder */
static pid_t server;		/* that server, while it runs */

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Stops the content pass's server, if it runs, and removes its folder. */
static void stop_server(void)
{
	static const char *const names[] = {
		"merecat.conf", "merecat.pid", "server.log"
	};
	char path[4200];

	if (server > 0) {
		long start = now_ms();
		int status;

		kill(server, SIGTERM);
		while (waitpid(server, &status, WNOHANG) == 0) {
			if (now_ms() - start > STOP_MS) {
				kill(server, SIGKILL);
				waitpid(server, &status, 0);
				break;
			}
			usleep(10000);
		}
		server = 0;
	}
	if (scratch[0]) {
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			snprintf(path, sizeof(path), "%s/%s", scratch,
				 names[i]);
			unlink(path);
		}
		rmdir(scratch);
		scratch[0] = '\0';
	}
}

/* One line on stderr, the server stopped, exit 1. */
__attribute__((format(printf, 1, 2)))
static _Noreturn void fail(const char *fmt, ...)
{
	va_list ap;

	stop_server();
	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* The whole of dir/name, NUL-terminated; its length in *len. */
static char *slurp(const char *dir, const char *name, long *len)
{
	char path[4200];
	struct stat st;
	char *buf;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f || fstat(fileno(f), &st))
		fail("%s: %s (run the prepare step again)", path,
		     strerror(errno));
	buf = malloc((size_t)st.st_size + 1);
	if (!buf)
		fail("out of memory");
	if (fread(buf, 1, (size_t)st.st_size, f) != (size_t)st.st_size)
		fail("%s: cannot read", path);
	fclose(f);
	buf[st.st_size] = '\0';
	*len = (long)st.st_size;
	return buf;
}

/* files.txt: each file's path and size, in the generator's order, which
 * must add up to expect.txt's. */
static struct file *read_files(const char *dir, const struct web_expect *e)
{
	struct file *files = calloc((size_t)e->files, sizeof(*files));
	long len, n = 0;
	long long total = 0;
	char *text = slurp(dir, "files.txt", &len), *line, *save;

	if (!files)
		fail("out of memory");
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), n++) {
		char extra[2];

		if (n == e->files ||
		    sscanf(line, "%47s %ld %1s", files[n].path, &files[n].bytes,
			   extra) != 2 || files[n].path[0] != '/' ||
		    files[n].bytes < 1)
			fail("%s/files.txt: malformed at line %ld", dir, n + 1);
		total += files[n].bytes;
	}
	if (n != e->files || total != e->tree_bytes)
		fail("%s/files.txt: %ld files of %lld bytes, expect.txt says "
		     "%ld of %lld", dir, n, total, e->files, e->tree_bytes);
	free(text);
	return files;
}

/* Counts each file's requests in trace.wlog. */
static void count_requests(const char *dir, struct file *files,
			   const struct web_expect *e)
{
	long len, n = 0;
	char *text = slurp(dir, "trace.wlog", &len);

	for (char *p = text; p < text + len; p += strlen(p) + 1, n++) {
		long d, i;

		if (sscanf(p, "/d%ld/f%ld.", &d, &i) != 2 || i < 0 ||
		    i >= e->files || strcmp(p, files[i].path))
			fail("%s/trace.wlog: request %ld, '%.60s', is no file "
			     "of files.txt", dir, n + 1, p);
		files[i].requests++;
	}
	if (n != e->requests)
		fail("%s/trace.wlog: %ld requests, expect.txt says %ld", dir, n,
		     e->requests);
	free(text);
}

/* The files of the content pass, as indexes into files: the TOP_FILES the
 * trace requests most often (the earlier file first among equals), then
 * SAMPLE_FILES others drawn with the seed; *n of them. */
static long *pick(const struct file *files, long nfiles, uint64_t seed,
		  long *n)
{
	long *order = malloc(sizeof(*order) * (size_t)nfiles);
	long *chosen = malloc(sizeof(*chosen) * (TOP_FILES + SAMPLE_FILES));
	uint64_t state = seed ^ 0x7765622d636f6e74ULL;	/* "web-cont" */
	long k = 0;

	if (!order || !chosen)
		fail("out of memory");
	for (long i = 0; i < nfiles; i++)
		order[i] = i;
	/* The top by selection: TOP_FILES passes over the files. */
	for (; k < TOP_FILES && k < nfiles; k++) {
		long best = k, t;

		for (long i = k + 1; i < nfiles; i++)
			if (files[order[i]].requests >
			    files[order[best]].requests ||
			    (files[order[i]].requests ==
			     files[order[best]].requests &&
			     order[i] < order[best]))
				best = i;
		t = order[k];
		order[k] = order[best];
		order[best] = t;
		chosen[k] = order[k];
	}
	/* The sample: a partial Fisher-Yates shuffle of the rest. */
	for (long j = k; j < nfiles && j < k + SAMPLE_FILES; j++) {
		long r = j + (long)rng_below(&state, (uint64_t)(nfiles - j));
		long t = order[j];

		order[j] = order[r];
		order[r] = t;
		chosen[j] = order[j];
	}
	*n = nfiles < TOP_FILES + SAMPLE_FILES ? nfiles :
	     TOP_FILES + SAMPLE_FILES;
	free(order);
	return chosen;
}

/* Starts merecat on dir/docs as sp-web-run does, in a folder of its own;
 * its port. */
static int start_server(const char *merecat, const char *dir)
{
	char conf[4200], pidf[4200], log[4200], docs[4200], err[600];
	const char *tmp = getenv("TMPDIR");
	pid_t parent = getpid();
	int port = web_pick_port(), status;
	long start;

	if (port < 0)
		fail("content pass: no free port on 127.0.0.1: %s",
		     strerror(errno));
	snprintf(scratch, sizeof(scratch), "%s/sp-web-check.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(scratch)) {
		scratch[0] = '\0';
		fail("content pass: cannot make a folder: %s",
		     strerror(errno));
	}
	snprintf(conf, sizeof(conf), "%s/merecat.conf", scratch);
	snprintf(pidf, sizeof(pidf), "%s/merecat.pid", scratch);
	snprintf(log, sizeof(log), "%s/server.log", scratch);
	snprintf(docs, sizeof(docs), "%s/docs", dir);
	if (web_write_config(conf, port, err, sizeof(err)))
		fail("content pass: %s", err);
	fflush(NULL);
	server = fork();
	if (server < 0)
		fail("content pass: fork: %s", strerror(errno));
	if (server == 0) {
		/* Dies with the check, whatever kills it. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent || !freopen(log, "w", stdout) ||
		    dup2(STDOUT_FILENO, STDERR_FILENO) < 0)
			_exit(127);
		web_exec_server(merecat, conf, pidf, docs);
		_exit(127);
	}
	start = now_ms();
	while (!web_answers(port)) {
		if (waitpid(server, &status, WNOHANG) == server) {
			server = 0;
			if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
				fail("content pass: cannot run %s", merecat);
			fail("content pass: %s exited at start (status 0x%x)",
			     merecat, status);
		}
		if (now_ms() - start > WEB_READY_MS)
			fail("content pass: the server did not answer on port "
			     "%d within %d s", port, WEB_READY_MS / 1000);
		usleep(10000);
	}
	return port;
}

/* GET path from the server: the reply's status and body (malloc'd, its
 * length in *len); the status is 0 for a reply that is no HTTP reply. */
static int get(int port, const char *path, char **body, long *len)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), status = 0;
	long cap = 1 << 16, n = 0, deadline = now_ms() + REPLY_MS;
	char *buf = malloc((size_t)cap + 1), req[256], *end;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sa.sin_port = htons((uint16_t)port);
	if (!buf)
		fail("out of memory");
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
		fail("content pass: GET %s: cannot connect: %s", path,
		     strerror(errno));
	snprintf(req, sizeof(req), "GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n"
		 "\r\n", path);
	if (send(fd, req, strlen(req), MSG_NOSIGNAL) != (ssize_t)strlen(req))
		fail("content pass: GET %s: cannot send: %s", path,
		     strerror(errno));
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		long left = deadline - now_ms();
		ssize_t r;
		int ready = left > 0 ? poll(&p, 1, (int)left) : 0;

		if (ready < 0 && errno == EINTR)
			continue;
		if (ready == 0)
			fail("content pass: GET %s: no whole reply within %d s",
			     path, REPLY_MS / 1000);
		if (n == cap) {
			buf = realloc(buf, (size_t)(cap *= 2) + 1);
			if (!buf)
				fail("out of memory");
		}
		r = read(fd, buf + n, (size_t)(cap - n));
		if (r < 0 && errno != EINTR)
			fail("content pass: GET %s: %s", path,
			     strerror(errno));
		if (r == 0)
			break;
		if (r > 0)
			n += r;
	}
	close(fd);
	buf[n] = '\0';
	end = strstr(buf, "\r\n\r\n");
	if (!end || sscanf(buf, "HTTP/1.%*d %d ", &status) != 1) {
		*body = buf;
		*len = 0;
		return 0;
	}
	*len = n - (end + 4 - buf);
	memmove(buf, end + 4, (size_t)*len);
	*body = buf;
	return status;
}

/* Fetches the file and holds it to what the generator wrote. */
static void check_file(int port, const struct file *fl, char *want)
{
	char *got;
	long len;
	int status = get(port, fl->path, &got, &len);

	if (status != 200)
		fail("content pass: GET %s: status %d, expected 200", fl->path,
		     status);
	web_content(fl->path, fl->bytes, want);
	if (len != fl->bytes)
		fail("content pass: GET %s: %ld bytes served, the generator "
		     "wrote %ld", fl->path, len, fl->bytes);
	for (long i = 0; i < len; i++)
		if (got[i] != want[i])
			fail("content pass: GET %s: byte %ld of %ld served "
			     "differs from what the generator wrote", fl->path,
			     i, len);
	free(got);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "merecat", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli cli = { argv[0], "[-s SEED] [--merecat PATH]",
				 "INPUT_DIR OUT_DIR" };
	const char *merecat = "/usr/sbin/merecat";
	uint64_t seed = 42;
	struct web_expect e;
	struct file *files;
	char err[600], path[4200], *want;
	long *chosen, n, most = 0;
	int c, port;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":s:", longopts, NULL)) != -1) {
		if (c == 's')
			seed = cli_number(&cli, optarg, 0, UINT64_MAX, "seed");
		else if (c == 'm')
			merecat = optarg;
		else
			cli_bad_option(&cli, c);
	}
	if (argc - optind != 2)
		cli_fail(&cli, "need two folders");
	if (web_read_expect(argv[optind], &e, err, sizeof(err)))
		fail("%s", err);
	snprintf(path, sizeof(path), "%s/httperf.txt", argv[optind + 1]);
	if (web_check_report(path, &e, err, sizeof(err)))
		fail("%s", err);
	snprintf(path, sizeof(path), "%s/server.log", argv[optind + 1]);
	if (web_check_server_log(path, &e, err, sizeof(err)))
		fail("%s", err);

	files = read_files(argv[optind], &e);
	count_requests(argv[optind], files, &e);
	chosen = pick(files, e.files, seed, &n);
	for (long i = 0; i < n; i++)
		if (files[chosen[i]].bytes > most)
			most = files[chosen[i]].bytes;
	want = malloc((size_t)most + WEB_LINE_MAX);
	if (!want)
		fail("out of memory");
	port = start_server(merecat, argv[optind]);
	for (long i = 0; i < n; i++)
		check_file(port, &files[chosen[i]], want);
	stop_server();
	printf("ok %ld requests, %lld bytes, all 2xx; %ld files served as "
	       "generated (the %d most requested, %ld sampled)\n", e.requests,
	       e.bytes, n, n < TOP_FILES ? (int)n : TOP_FILES,
	       n < TOP_FILES ? 0 : n - TOP_FILES);
	return 0;
}
