/* counters.c - perf_event_open counting for a child from exec to exit:
 * events grouped per PMU, read one by one with enabled/running times (inherit
 * rules out PERF_FORMAT_GROUP reads), scaled when multiplexed; hardware
 * events are opened a second time with exclude_kernel for the user/kernel
 * split. Where counting the kernel is denied (perf_event_paranoid 2 without
 * CAP_PERFMON), every event is counted in user space only, as perf stat
 * falls back, and says so. */
#include "counters.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

bool pmu_present(void)
{
	return access("/sys/bus/event_source/devices/cpu", F_OK) == 0 ||
	       access("/sys/bus/event_source/devices/cpu_core", F_OK) == 0 ||
	       access("/sys/bus/event_source/devices/cpu_atom", F_OK) == 0;
}

int perf_event_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "re");
	int v = -100;

	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = -100;
		fclose(f);
	}
	return v;
}

int counters_init(struct counter_set *s, const struct event_desc *ev, int n,
		  bool hypervisor)
{
	memset(s, 0, sizeof(*s));
	s->c = calloc(n > 0 ? n : 1, sizeof(*s->c));
	if (!s->c)
		return -1;
	s->n = n;
	for (int i = 0; i < n; i++) {
		s->c[i].ev = ev[i];
		s->c[i].fd = -1;
		s->c[i].fd_user = -1;
	}
	s->pmu_present = pmu_present();
	s->hypervisor = hypervisor;
	s->paranoid = perf_event_paranoid();
	return 0;
}

static int sys_perf_event_open(struct perf_event_attr *attr, pid_t pid,
			       int group_fd)
{
	return (int)syscall(SYS_perf_event_open, attr, pid, -1, group_fd,
			    PERF_FLAG_FD_CLOEXEC);
}

static void make_attr(const struct counter *c, bool user_only, bool leader,
		      struct perf_event_attr *a)
{
	*a = c->ev.attr;
	a->size = sizeof(*a);
	a->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			 PERF_FORMAT_TOTAL_TIME_RUNNING;
	a->inherit = 1;
	a->disabled = leader;
	a->enable_on_exec = leader;
	if (user_only) {
		a->exclude_user = 0;
		a->exclude_kernel = 1;
		a->exclude_hv = 1;
	}
}

static int *fd_of(struct counter *c, bool user_only)
{
	return user_only ? &c->fd_user : &c->fd;
}

/* Opens counters idx[0..m-1] as one group; on any failure, singly.
 * user_only: the exclude_kernel twins of hardware events. */
static void open_group(struct counter_set *s, const int *idx, int m,
		       bool user_only, pid_t pid)
{
	bool exclude_kernel = user_only || s->kernel_excluded;
	struct perf_event_attr a;
	int leader = -1, i;

	for (i = 0; m > 1 && i < m; i++) {
		struct counter *c = &s->c[idx[i]];

		make_attr(c, exclude_kernel, i == 0, &a);
		*fd_of(c, user_only) = sys_perf_event_open(&a, pid, leader);
		if (*fd_of(c, user_only) < 0)
			break;
		if (i == 0)
			leader = *fd_of(c, user_only);
	}
	if (m > 1 && i == m)
		return;
	for (i = 0; i < m; i++) {
		int *fd = fd_of(&s->c[idx[i]], user_only);

		if (*fd >= 0)
			close(*fd);
		*fd = -1;
	}
	for (i = 0; i < m; i++) {
		struct counter *c = &s->c[idx[i]];
		int *fd = fd_of(c, user_only);

		make_attr(c, exclude_kernel, true, &a);
		*fd = sys_perf_event_open(&a, pid, -1);
		if (*fd < 0 && !user_only)
			c->err = errno;
	}
}

/* Events sharing a key share a group: the CPU's PMU, software, or any
 * other PMU by its type number. */
static long group_key(const struct event_desc *ev)
{
	if (ev->hw)
		return -1;
	return ev->attr.type;
}

static bool is_denial(int err)
{
	return err == EACCES || err == EPERM;
}

#define KERNEL_ONLY_REASON \
	"counted in the kernel only: in user space, all this user may count, it would always read 0"

/* Counted in the scheduler, on kernel registers: with exclude_kernel they
 * always read 0. */
static bool kernel_only(const struct event_desc *ev)
{
	return ev->attr.type == PERF_TYPE_SOFTWARE &&
	       (ev->attr.config == PERF_COUNT_SW_CONTEXT_SWITCHES ||
		ev->attr.config == PERF_COUNT_SW_CPU_MIGRATIONS);
}

static void open_pass(struct counter_set *s, bool user_only, pid_t pid)
{
	int *idx = calloc(s->n, sizeof(*idx));
	bool *done = calloc(s->n, sizeof(*done));

	if (!idx || !done) {
		for (int i = 0; i < s->n; i++)
			if (!user_only)
				s->c[i].err = ENOMEM;
		free(idx);
		free(done);
		return;
	}
	for (int i = 0; i < s->n; i++) {
		int m = 0;

		for (int k = i; k < s->n; k++) {
			struct counter *c = &s->c[k];
			bool wanted = user_only ? c->ev.hw && c->fd >= 0
						: c->ev.ok &&
						  !(s->kernel_excluded &&
						    kernel_only(&c->ev));

			if (done[k] || !wanted ||
			    group_key(&c->ev) != group_key(&s->c[i].ev))
				continue;
			done[k] = true;
			idx[m++] = k;
		}
		if (m)
			open_group(s, idx, m, user_only, pid);
	}
	free(idx);
	free(done);
}

/* The errno to report for an event denied with the kernel (kernel_err)
 * and then opened in user space only (user_err, 0 when it opened). */
static int user_retry_errno(int kernel_err, int user_err, bool *user_denied)
{
	*user_denied = is_denial(user_err);
	/* a PMU may refuse exclude_kernel itself: then the denial says more
	 * than the refusal */
	if (user_err == EINVAL || user_err == EOPNOTSUPP)
		return kernel_err;
	return user_err;
}

/* Denied for counting the kernel: what paranoid 2 does to an unprivileged
 * user (a denial at a lower setting has another cause, and stays). */
static bool kernel_denied(const struct counter_set *s)
{
	if (s->paranoid < 2)
		return false;
	for (int i = 0; i < s->n; i++)
		if (is_denial(s->c[i].err))
			return true;
	return false;
}

void counters_open(struct counter_set *s, pid_t pid)
{
	int *kernel_err;

	open_pass(s, false, pid);
	if (!kernel_denied(s)) {
		open_pass(s, true, pid);
		return;
	}
	kernel_err = calloc(s->n, sizeof(*kernel_err));
	if (!kernel_err)
		return;
	counters_close(s);
	for (int i = 0; i < s->n; i++) {
		kernel_err[i] = s->c[i].err;
		s->c[i].err = 0;
	}
	s->kernel_excluded = true;
	open_pass(s, false, pid);
	for (int i = 0; i < s->n; i++) {
		struct counter *c = &s->c[i];

		if (c->err && is_denial(kernel_err[i]))
			c->err = user_retry_errno(kernel_err[i], c->err,
						  &c->user_denied);
	}
	free(kernel_err);
}

static void read_one(int fd, struct count *c)
{
	uint64_t v[3];

	memset(c, 0, sizeof(*c));
	if (fd < 0 || read(fd, v, sizeof(v)) != (ssize_t)sizeof(v))
		return;
	c->raw = v[0];
	c->enabled_ns = v[1];
	c->running_ns = v[2];
	c->ok = true;
}

void counters_read(struct counter_set *s)
{
	for (int i = 0; i < s->n; i++) {
		read_one(s->c[i].fd, &s->c[i].total);
		read_one(s->c[i].fd_user, &s->c[i].user);
	}
}

void counters_close(struct counter_set *s)
{
	for (int i = 0; i < s->n; i++) {
		if (s->c[i].fd >= 0)
			close(s->c[i].fd);
		if (s->c[i].fd_user >= 0)
			close(s->c[i].fd_user);
		s->c[i].fd = s->c[i].fd_user = -1;
	}
}

void counters_free(struct counter_set *s)
{
	counters_close(s);
	free(s->c);
	s->c = NULL;
	s->n = 0;
}

uint64_t count_scaled(const struct count *c)
{
	if (c->running_ns == 0 || c->running_ns >= c->enabled_ns)
		return c->raw;
	return (uint64_t)((long double)c->raw * c->enabled_ns / c->running_ns
			  + 0.5L);
}

static const char *errno_reason(const struct counter_set *s,
				const struct event_desc *ev, int err,
				bool user_denied, char *buf, size_t len)
{
	if (ev->hw && !s->pmu_present) {
		snprintf(buf, len,
			 "no hardware PMU: /sys/bus/event_source/devices/cpu is missing%s",
			 s->hypervisor ? " (CPUID hypervisor bit set: the hypervisor gives this guest no PMU)" : "");
		return buf;
	}
	switch (err) {
	case EACCES:
	case EPERM:
		if (user_denied) {
			snprintf(buf, len,
				 "permission denied (%s) even in user space only: perf_event_paranoid is %d (needs <= 2, or CAP_PERFMON), or a seccomp filter forbids perf_event_open",
				 err == EACCES ? "EACCES" : "EPERM", s->paranoid);
			break;
		}
		snprintf(buf, len,
			 "permission denied (%s): perf_event_paranoid is %d; counting user and kernel needs <= 1, or CAP_PERFMON",
			 err == EACCES ? "EACCES" : "EPERM", s->paranoid);
		break;
	case ENOENT:
		snprintf(buf, len,
			 "unknown event: the kernel has no such event on this PMU (ENOENT)");
		break;
	case EOPNOTSUPP:
		snprintf(buf, len, "not supported by this PMU (EOPNOTSUPP)");
		break;
	case EINVAL:
		snprintf(buf, len, "rejected by the kernel as invalid for this PMU (EINVAL)");
		break;
	case ENODEV:
		snprintf(buf, len, "no such PMU (ENODEV)");
		break;
	case EMFILE:
	case ENFILE:
		snprintf(buf, len, "too many open files (%s)",
			 err == EMFILE ? "EMFILE" : "ENFILE");
		break;
	default:
		snprintf(buf, len, "perf_event_open failed: %s", strerror(err));
	}
	return buf;
}

const char *counter_reason(const struct counter_set *s, int i, char *buf,
			   size_t len)
{
	const struct counter *c = &s->c[i];

	if (!c->ev.ok) {
		snprintf(buf, len, "%s", c->ev.reason);
		return buf;
	}
	if (s->kernel_excluded && kernel_only(&c->ev)) {
		snprintf(buf, len, "%s", KERNEL_ONLY_REASON);
		return buf;
	}
	if (c->err)
		return errno_reason(s, &c->ev, c->err, c->user_denied,
				    buf, len);
	if (!c->total.ok) {
		snprintf(buf, len, "not counted: reading the counter failed");
		return buf;
	}
	if (c->total.enabled_ns == 0) {
		snprintf(buf, len,
			 "not counted: never enabled (the command did not start)");
		return buf;
	}
	if (c->total.running_ns == 0) {
		snprintf(buf, len,
			 "not counted: running_ns is 0 (enabled %llu ns, never given a hardware counter)",
			 (unsigned long long)c->total.enabled_ns);
		return buf;
	}
	return NULL;
}

void counters_json(struct json *j, const char *key,
		   const struct counter_set *s)
{
	char buf[256];

	json_object_begin(j, key);
	for (int i = 0; i < s->n; i++) {
		const struct counter *c = &s->c[i];
		const char *why = counter_reason(s, i, buf, sizeof(buf));

		json_object_begin(j, c->ev.name);
		json_bool(j, "supported", why == NULL);
		if (why) {
			json_string(j, "reason", why);
		} else {
			uint64_t total = count_scaled(&c->total);

			json_uint(j, "value", total);
			json_uint(j, "raw", c->total.raw);
			json_uint(j, "enabled_ns", c->total.enabled_ns);
			json_uint(j, "running_ns", c->total.running_ns);
			json_bool(j, "scaled",
				  c->total.running_ns < c->total.enabled_ns);
			if (s->kernel_excluded)
				json_string(j, "scope", "user");
			if (c->user.ok && c->user.running_ns > 0) {
				uint64_t user = count_scaled(&c->user);

				json_uint(j, "user", user);
				json_uint(j, "kernel",
					  total > user ? total - user : 0);
			}
		}
		if (c->ev.pfm[0] && strcmp(c->ev.pfm, c->ev.name))
			json_string(j, "event", c->ev.pfm);
		json_object_end(j);
	}
	json_object_end(j);
}

const char *counters_probe(const struct counter_set *s,
			   const struct event_desc *ev, bool *user_only,
			   char *buf, size_t len)
{
	struct perf_event_attr a = ev->attr;
	bool user_denied = false;
	int fd, err;

	*user_only = false;
	if (!ev->ok) {
		snprintf(buf, len, "%s", ev->reason);
		return buf;
	}
	a.size = sizeof(a);
	a.disabled = 1;
	fd = sys_perf_event_open(&a, 0, -1);
	err = errno;
	if (fd < 0 && is_denial(err) && s->paranoid >= 2) {
		a.exclude_kernel = 1;
		a.exclude_hv = 1;
		fd = sys_perf_event_open(&a, 0, -1);
		if (fd >= 0 && kernel_only(ev)) {
			close(fd);
			snprintf(buf, len, "%s", KERNEL_ONLY_REASON);
			return buf;
		}
		if (fd >= 0)
			*user_only = true;
		else
			err = user_retry_errno(err, errno, &user_denied);
	}
	if (fd >= 0) {
		close(fd);
		return NULL;
	}
	return errno_reason(s, ev, err, user_denied, buf, len);
}
