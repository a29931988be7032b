/* web_server.c - starting merecat for sp-web-run and sp-web-check
 * (web_server.h). */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "web_server.h"

int web_pick_port(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t len = sizeof(sa);
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), port = -1;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd >= 0 && !bind(fd, (struct sockaddr *)&sa, sizeof(sa)) &&
	    !getsockname(fd, (struct sockaddr *)&sa, &len))
		port = ntohs(sa.sin_port);
	if (fd >= 0)
		close(fd);
	return port;
}

int web_answers(int port)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), ok;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sa.sin_port = htons((uint16_t)port);
	ok = fd >= 0 && !connect(fd, (struct sockaddr *)&sa, sizeof(sa));
	if (fd >= 0)
		close(fd);
	return ok;
}

int web_write_config(const char *path, int port, char *err, size_t len)
{
	struct passwd *pw = getpwuid(geteuid());
	FILE *f = fopen(path, "w");

	if (!f || !pw) {
		snprintf(err, len, "cannot write %s: %s", path,
			 strerror(errno));
		if (f)
			fclose(f);
		return -1;
	}
	fprintf(f, "hostname = 127.0.0.1\nport = %d\nusername = \"%s\"\n"
		"compression-level = 0\n", port, pw->pw_name);
	if (fclose(f)) {
		snprintf(err, len, "cannot write %s", path);
		return -1;
	}
	return 0;
}

void web_exec_server(const char *merecat, const char *conf,
		     const char *pidf, const char *docs)
{
	execl(merecat, merecat, "-n", "-f", conf, "-l", "info", "-P", pidf,
	      docs, (char *)NULL);
}
