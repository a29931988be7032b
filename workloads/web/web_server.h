/* web_server.h - how sp-web-run and sp-web-check start merecat, so that
 * the check's content pass asks the same server, configured alike, for
 * the same document tree: a free port, the configuration file, the
 * command line, and whether the port answers yet. */
#ifndef SP_WEB_SERVER_H
#define SP_WEB_SERVER_H

#include <stddef.h>

/* The server must answer within this: a TCG guest on a busy host took
 * over 10 s. */
#define WEB_READY_MS 60000

/* A port free on 127.0.0.1 now (the server binds it a moment later), or
 * -1 with errno set. */
int web_pick_port(void);

/* Whether something accepts connections on 127.0.0.1:port. */
int web_answers(int port);

/* Writes merecat's configuration for port to path: 0, or -1 with one
 * line of reason in err. */
int web_write_config(const char *path, int port, char *err, size_t len);

/* Execs merecat (at path merecat) in the foreground on the configuration
 * conf, with its pid file pidf, serving the folder docs; returns only
 * when the exec failed. */
void web_exec_server(const char *merecat, const char *conf,
		     const char *pidf, const char *docs);

#endif
