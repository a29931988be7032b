/* web_check.c - sp-web-check: verifies a web run against the trace's
 * expectation: httperf's report (OUT_DIR/httperf.txt: every request
 * answered 2xx, no error) and the server's log (OUT_DIR/server.log: the
 * exact content bytes sent).  Usage: sp-web-check INPUT_DIR OUT_DIR. */
#include <stdio.h>

#include "cli.h"
#include "web_report.h"

int main(int argc, char **argv)
{
	const struct cli cli = { argv[0], "INPUT_DIR", "OUT_DIR" };
	struct web_expect e;
	char err[600], path[4200];

	if (argc != 3)
		cli_fail(&cli, "need two arguments");
	if (web_read_expect(argv[1], &e, err, sizeof(err)))
		goto fail;
	snprintf(path, sizeof(path), "%s/httperf.txt", argv[2]);
	if (web_check_report(path, &e, err, sizeof(err)))
		goto fail;
	snprintf(path, sizeof(path), "%s/server.log", argv[2]);
	if (web_check_server_log(path, &e, err, sizeof(err)))
		goto fail;
	printf("ok %ld requests, %lld bytes, all 2xx\n", e.requests, e.bytes);
	return 0;
fail:
	fprintf(stderr, "sp-web-check: %s\n", err);
	return 1;
}
