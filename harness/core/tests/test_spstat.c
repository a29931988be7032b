/* test_spstat.c - end to end: runs build/bin/spstat (tests run from the
 * repository root) and checks exit statuses and the JSON it prints. */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"

#define SPSTAT "build/bin/spstat"

extern char **environ;

static char dir[] = "/tmp/spstat-test-XXXXXX";
static char out[8192 * 8], err[4096];

static void slurp(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, size - 1, f) : 0;

	buf[n] = '\0';
	if (f)
		fclose(f);
}

/* Starts spstat with args; stdout and stderr go to files in dir. */
static pid_t start(char *const args[])
{
	char o[128], e[128];
	posix_spawn_file_actions_t fa;
	pid_t pid;

	snprintf(o, sizeof(o), "%s/out", dir);
	snprintf(e, sizeof(e), "%s/err", dir);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, o, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_addopen(&fa, 2, e, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (posix_spawn(&pid, SPSTAT, &fa, NULL, args, environ) != 0)
		pid = -1;
	posix_spawn_file_actions_destroy(&fa);
	return pid;
}

/* Whether pid has a child, from /proc/N/stat's ppid field (the children
 * file needs CONFIG_PROC_CHILDREN). */
static bool has_child(pid_t pid)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	bool found = false;

	while (d && !found && (e = readdir(d))) {
		char path[300], stat[512], *end;
		FILE *f;
		size_t n;
		int ppid;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		n = fread(stat, 1, sizeof(stat) - 1, f);
		fclose(f);
		stat[n] = '\0';
		end = strrchr(stat, ')');
		found = end && sscanf(end + 1, " %*c %d", &ppid) == 1 &&
			ppid == pid;
	}
	if (d)
		closedir(d);
	return found;
}

/* Until pid has a child: spstat forwards signals from its fork on. */
static bool wait_for_child(pid_t pid)
{
	struct timespec tick = { 0, 10000000 };

	for (int i = 0; i < 1000; i++) {
		if (has_child(pid))
			return true;
		nanosleep(&tick, NULL);
	}
	return false;
}

static int finish(pid_t pid)
{
	char path[128];
	int status;

	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	snprintf(path, sizeof(path), "%s/out", dir);
	slurp(path, out, sizeof(out));
	snprintf(path, sizeof(path), "%s/err", dir);
	slurp(path, err, sizeof(err));
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
}

static int run(char *const args[])
{
	return finish(start(args));
}

/* The measured process for the sampling check: 64 MB touched, held 1 s,
 * long enough for a sample also when the machine is busy (the sampling
 * budget stretches the interval when reads get slow). */
static int hold(void)
{
	size_t size = 64u << 20;
	/* volatile: the compiler must not drop the allocation. */
	volatile char *p = malloc(size);
	struct timespec ts = { 1, 0 };

	if (!p)
		return 1;
	for (size_t i = 0; i < size; i += 4096)
		p[i] = 1;
	nanosleep(&ts, NULL);
	return p[size / 2] == 1 ? 0 : 1;
}

int main(int argc, char **argv)
{
	char self[4096];
	ssize_t n;
	char file[160], tmp[170], marker[160], bad[200];
	struct stat st;
	int rc;

	if (argc > 1 && !strcmp(argv[1], "--hold"))
		return hold();
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = '\0';
	if (access(SPSTAT, X_OK) != 0 || !mkdtemp(dir)) {
		TAP_CHECK(0, "%s exists (run from the repository root after make)",
			  SPSTAT);
		return tap_done();
	}

	rc = run((char *[]){ SPSTAT, "--", "/bin/true", NULL });
	TAP_CHECK(rc == 0, "spstat -- /bin/true exits 0 (got %d)", rc);
	TAP_CHECK(strstr(out, "\"schema\": \"spstat/1\""), "schema spstat/1");
	TAP_CHECK(strstr(out, "\"code\": 0,"), "exit code 0 in the record");
	TAP_CHECK(strstr(out, "\"task-clock\": {\n      \"supported\": true"),
		  "task-clock counted");
	TAP_CHECK(strstr(out, "\"contiguity_before\": {") &&
		  strstr(out, "\"vmstat_delta\": {") &&
		  strstr(out, "\"coverage\": {") && strstr(out, "\"host\": {"),
		  "every part of the record is there");
	TAP_CHECK(out[strlen(out) - 2] == '}', "one object, newline-terminated");
	TAP_CHECK(strstr(out, "\"spstat_cpu\": {\n    \"user_s\": "),
		  "spstat's own CPU time in the record");

	rc = run((char *[]){ SPSTAT, "--", "/nonexistent", NULL });
	TAP_CHECK(rc == 127, "nonexistent command exits 127 (got %d)", rc);
	TAP_CHECK(!strcmp(err, "spstat: cannot run '/nonexistent': No such file or directory\n"),
		  "one line on stderr: %.*s", (int)strcspn(err, "\n"), err);
	TAP_CHECK(strstr(out, "\"exec_error\": \"No such file or directory\""),
		  "exec_error in the record");

	rc = run((char *[]){ SPSTAT, "--", "/bin/sh", "-c", "exit 3", NULL });
	TAP_CHECK(rc == 3, "child exit status 3 passed through (got %d)", rc);

	rc = run((char *[]){ SPSTAT, "--", "/bin/sh", "-c", "kill -KILL $$", NULL });
	TAP_CHECK(rc == 128 + SIGKILL, "killed child: 128+9 (got %d)", rc);
	TAP_CHECK(strstr(out, "\"code\": null,\n    \"signal\": 9,"),
		  "signal 9 in the record");

	/* SIGTERM to spstat reaches the child; the record is still written. */
	{
		pid_t pid = start((char *[]){ SPSTAT, "--", "sleep", "10", NULL });

		TAP_CHECK(wait_for_child(pid), "spstat started its child");
		kill(pid, SIGTERM);
		rc = finish(pid);
		TAP_CHECK(rc == 128 + SIGTERM, "SIGTERM forwarded: 143 (got %d)", rc);
		TAP_CHECK(strstr(out, "\"signal\": 15,"), "signal 15 in the record");
	}

	/* -o: written atomically; an unwritable -o fails before running. */
	snprintf(file, sizeof(file), "%s/rec.json", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp", file);
	snprintf(marker, sizeof(marker), "%s/ran", dir);
	rc = run((char *[]){ SPSTAT, "-o", file, "--thp-disable", "--", "/bin/sh",
			     "-c", "grep THP_enabled /proc/self/status", NULL });
	slurp(file, err, sizeof(err));
	TAP_CHECK(rc == 0 && strstr(err, "\"thp_disabled\": true") &&
		  stat(tmp, &st) != 0, "-o FILE written, no .tmp left");
	TAP_CHECK(strstr(out, "THP_enabled:\t0"),
		  "--thp-disable reaches the child");
	rc = run((char *[]){ SPSTAT, "-o", file, "--", "/bin/ls", "-l",
			     "/proc/self/fd/", NULL });
	TAP_CHECK(rc == 0 && strstr(out, " -> ") && !strstr(out, tmp),
		  "the command does not inherit the record's file: %s", out);
	snprintf(file, sizeof(file), "%s/fifo", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp", file);
	if (mkfifo(file, 0600) == 0) {
		int fd = open(file, O_RDWR | O_NONBLOCK);
		ssize_t got;

		rc = run((char *[]){ SPSTAT, "-o", file, "--", "/bin/true", NULL });
		got = fd >= 0 ? read(fd, err, sizeof(err) - 1) : -1;
		err[got > 0 ? got : 0] = '\0';
		TAP_CHECK(rc == 0 && got > 0 && err[0] == '{' &&
			  stat(file, &st) == 0 && S_ISFIFO(st.st_mode) &&
			  stat(tmp, &st) != 0,
			  "-o FIFO: written through, not replaced by a file");
		if (fd >= 0)
			close(fd);
		unlink(file);
	} else {
		TAP_CHECK(0, "mkfifo %s", file);
	}
	snprintf(bad, sizeof(bad), "%s/no/such/dir/rec.json", dir);
	rc = run((char *[]){ SPSTAT, "-o", bad, "--", "/bin/sh", "-c",
			     "echo > \"$0\"", marker, NULL });
	TAP_CHECK(rc == 125 && stat(marker, &st) != 0,
		  "unwritable -o: exit 125 and the command never ran (got %d)", rc);
	TAP_CHECK(strstr(err, "cannot write") && strchr(err, '\n') == err + strlen(err) - 1,
		  "one line: %.*s", (int)strcspn(err, "\n"), err);

	rc = run((char *[]){ SPSTAT, "-e", "task-clock,bogus-event", "--", "/bin/true", NULL });
	TAP_CHECK(rc == 0 && strstr(out, "\"bogus-event\": {\n      \"supported\": false,\n      \"reason\": \"unknown event"),
		  "-e with an unknown event");
	rc = run((char *[]){ SPSTAT, "-e", "task-clock,,cycles", "--", "/bin/true", NULL });
	TAP_CHECK(rc == 125 && strstr(err, "empty event name"), "empty -e item rejected");
	rc = run((char *[]){ SPSTAT, "--sample-ms", "x", "--", "/bin/true", NULL });
	TAP_CHECK(rc == 125 && strstr(err, "--sample-ms"), "bad --sample-ms rejected");
	rc = run((char *[]){ SPSTAT, NULL });
	TAP_CHECK(rc == 125 && strstr(err, "no command"), "no command rejected");
	rc = run((char *[]){ SPSTAT, "--", "/bin/true", NULL });
	TAP_CHECK(rc == 0 && strstr(out, "\"monitors\": null"),
		  "monitors off by default: null");
	rc = run((char *[]){ SPSTAT, "--monitor-ms", "50", "--", "/bin/sleep",
			     "0.3", NULL });
	TAP_CHECK(rc == 0 && strstr(out, "\"monitors\": {\n    \"interval_ms\": 50") &&
		  strstr(out, "\"buddyinfo\": {\n      \"available\": true") &&
		  strstr(out, "\"vmstat\": {\n      \"available\": true"),
		  "--monitor-ms 50: vmstat and buddyinfo sampled");
	rc = run((char *[]){ SPSTAT, "--monitor-ms", "-1", "--", "/bin/true", NULL });
	TAP_CHECK(rc == 125, "bad --monitor-ms rejected");

	rc = run((char *[]){ SPSTAT, "--host", NULL });
	TAP_CHECK(rc == 0 && strstr(out, "\"tlb_reach_4k_kb\": ") &&
		  strstr(out, "\"perf_event_paranoid\": "), "--host");
	rc = run((char *[]){ SPSTAT, "--contiguity", "--sizes", "64,2048", NULL });
	TAP_CHECK(rc == 0 && strstr(out, "\"sizes_kb\": [\n    64,\n    2048\n  ]"),
		  "--contiguity --sizes");
	rc = run((char *[]){ SPSTAT, "--list-events", NULL });
	TAP_CHECK(rc == 0 && strstr(out, "\"name\": \"dTLB-load-misses\""),
		  "--list-events");

	/* Sampling sees a process holding 64 MB. */
	rc = run((char *[]){ SPSTAT, "--sample-ms", "20", "--", self, "--hold",
			     NULL });
	{
		const char *s = strstr(out, "\"samples\": ");
		const char *r = strstr(out, "\"rss_kb\": ");

		/* every 20 ms, or less often when a read costs more than
		 * 1% of that (the sampling budget) */
		TAP_CHECK(rc == 0 && s && atoi(s + 11) >= 2,
			  "samples taken (%d)", s ? atoi(s + 11) : -1);
		TAP_CHECK(r && atol(r + 10) >= 65536, "peak rss >= 64 MB (%ld kB)",
			  r ? atol(r + 10) : -1L);
	}

	/* A shell that runs the holder as its child: sampled alone, the
	 * shell's peak is small; with --sample-leaf the holder's 64 MB. */
	{
		char *sh[] = { "/bin/sh", "-c", "\"$0\" --hold; true", self, NULL };
		char *leaf[] = { SPSTAT, "--sample-ms", "20", "--sample-leaf", "--",
				 sh[0], sh[1], sh[2], sh[3], NULL };
		char *plain[] = { SPSTAT, "--sample-ms", "20", "--",
				  sh[0], sh[1], sh[2], sh[3], NULL };
		const char *r;

		rc = run(plain);
		r = strstr(out, "\"rss_kb\": ");
		TAP_CHECK(rc == 0 && strstr(out, "\"sampled\": \"process\"") &&
			  r && atol(r + 10) < 32768,
			  "a launcher sampled alone: its own peak (%ld kB)",
			  r ? atol(r + 10) : -1L);
		rc = run(leaf);
		r = strstr(out, "\"rss_kb\": ");
		TAP_CHECK(rc == 0 && strstr(out, "\"sampled\": \"leaf\"") &&
			  r && atol(r + 10) >= 65536,
			  "--sample-leaf: the child's peak >= 64 MB (%ld kB)",
			  r ? atol(r + 10) : -1L);
	}

	snprintf(tmp, sizeof(tmp), "rm -rf '%s'", dir);
	if (system(tmp) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	return tap_done();
}
