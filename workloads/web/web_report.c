/* web_report.c - reads sp-web-gen's expect.txt and checks httperf's report
 * against it, for sp-web-run (to fail the run) and sp-web-check. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "web_report.h"

int web_read_expect(const char *dir, struct web_expect *e, char *err,
		    size_t len)
{
	char path[4200], extra[2];
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "%s/expect.txt", dir);
	f = fopen(path, "r");
	if (!f) {
		snprintf(err, len, "%s: %s (run the prepare step first)", path,
			 strerror(errno));
		return -1;
	}
	n = fscanf(f, "files %ld tree_bytes %lld requests %ld bytes %lld %1s",
		   &e->files, &e->tree_bytes, &e->requests, &e->bytes, extra);
	fclose(f);
	if (n != 4 || e->files < 1 || e->requests < e->files ||
	    e->bytes < e->tree_bytes) {
		snprintf(err, len, "%s: malformed", path);
		return -1;
	}
	return 0;
}

struct report {
	long conns, requests, replies;
	double content;
	long status[5];		/* 1xx .. 5xx */
	long errors;
	int seen;		/* bit per line found */
};

static void parse_line(const char *line, struct report *r)
{
	double header, footer, total, duration;

	if (sscanf(line, "Total: connections %ld requests %ld replies %ld "
		   "test-duration %lf s", &r->conns, &r->requests, &r->replies,
		   &duration) == 4)
		r->seen |= 1;
	else if (sscanf(line, "Reply size [B]: header %lf content %lf footer "
			"%lf (total %lf)", &header, &r->content, &footer,
			&total) == 4)
		r->seen |= 2;
	else if (sscanf(line, "Reply status: 1xx=%ld 2xx=%ld 3xx=%ld 4xx=%ld "
			"5xx=%ld", &r->status[0], &r->status[1], &r->status[2],
			&r->status[3], &r->status[4]) == 5)
		r->seen |= 4;
	else if (sscanf(line, "Errors: total %ld", &r->errors) == 1)
		r->seen |= 8;
}

int web_check_report(const char *path, const struct web_expect *e,
		     char *err, size_t len)
{
	static const char *const lines[4] = {
		"Total:", "Reply size", "Reply status", "Errors: total"
	};
	char line[512], want[64], got[64];
	struct report r = { 0 };
	FILE *f = fopen(path, "r");

	if (!f) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f))
		parse_line(line, &r);
	fclose(f);
	for (int i = 0; i < 4; i++) {
		if (!(r.seen & 1 << i)) {
			snprintf(err, len, "%s: no '%s' line in httperf's "
				 "report", path, lines[i]);
			return -1;
		}
	}
	if (r.requests != e->requests || r.replies != e->requests) {
		snprintf(err, len, "%s: %ld requests and %ld replies, expected "
			 "%ld of each", path, r.requests, r.replies,
			 e->requests);
		return -1;
	}
	if (r.status[1] != e->requests) {
		snprintf(err, len, "%s: %ld replies of %ld were 2xx (1xx %ld, "
			 "3xx %ld, 4xx %ld, 5xx %ld)", path, r.status[1],
			 e->requests, r.status[0], r.status[2], r.status[3],
			 r.status[4]);
		return -1;
	}
	if (r.errors) {
		snprintf(err, len, "%s: httperf counted %ld errors", path,
			 r.errors);
		return -1;
	}
	/* httperf prints the mean, an integer quotient, with one decimal. */
	snprintf(want, sizeof(want), "%.1f",
		 (double)(e->bytes / e->requests));
	snprintf(got, sizeof(got), "%.1f", r.content);
	if (strcmp(want, got)) {
		snprintf(err, len, "%s: mean content %s bytes a reply, expected "
			 "%s (%lld bytes in %ld replies)", path, got, want,
			 e->bytes, e->requests);
		return -1;
	}
	return 0;
}

int web_check_server_log(const char *path, const struct web_expect *e,
			 char *err, size_t len)
{
	char line[512];
	long long bytes = 0, b;
	long conns, max;
	int stats = 0;
	FILE *f = fopen(path, "r");
	char *p;

	if (!f) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	/* One statistics line at exit, and one an hour before that. */
	while (fgets(line, sizeof(line), f)) {
		p = strstr(line, "Merecat httpd - ");
		if (p && sscanf(p, "Merecat httpd - %ld connections (%*[^)]), "
				"%ld max simultaneous, %lld bytes", &conns,
				&max, &b) == 3) {
			bytes += b;
			stats++;
		}
	}
	fclose(f);
	if (!stats) {
		snprintf(err, len, "%s: no statistics line: the server did not "
			 "exit normally", path);
		return -1;
	}
	if (bytes != e->bytes) {
		snprintf(err, len, "%s: the server sent %lld bytes of content, "
			 "expected %lld", path, bytes, e->bytes);
		return -1;
	}
	return 0;
}
