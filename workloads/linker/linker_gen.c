/* linker_gen.c - sp-linker-gen: the linker workload's input.  Writes UNITS
 * C files of LINKER_FUNCS functions each (every function calls a helper
 * and reads a data table of other files, and each file has a table of
 * pointers to its functions) plus a main that calls them all and prints a
 * checksum; compiles them with gcc -c, one job per CPU; and writes
 * link.rsp, the arguments with which ld.bfd links them into a dynamically
 * linked executable the way gcc would. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "linker_spec.h"

static const char *dir;

static void die(const char *what, const char *name)
{
	fprintf(stderr, "sp-linker-gen: %s %s: %s\n", what, name,
		errno ? strerror(errno) : "failed");
	exit(1);
}

static FILE *create(const char *name)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		die("cannot write", path);
	return f;
}

static void finish(FILE *f, const char *name)
{
	int bad = ferror(f);

	if (fclose(f) || bad)
		die("cannot write", name);
}

static void write_unit(const struct linker_args *a, long u)
{
	char name[32];
	FILE *f;

	snprintf(name, sizeof(name), "u%05ld.c", u);
	f = create(name);
	fprintf(f, "#include <stdint.h>\n\nconst uint64_t d_%ld[8] = {", u);
	for (int t = 0; t < 8; t++)
		fprintf(f, "%s%" PRIu64 "ULL", t ? ", " : "",
			linker_data(a, u, t));
	fprintf(f, "};\n\nuint64_t h_%ld(uint64_t x)\n{\n\treturn (x ^ %"
		PRIu64 "ULL) * %" PRIu64 "ULL;\n}\n", u, linker_helper(a, u),
		(uint64_t)LINKER_GOLDEN);
	for (long i = 0; i < LINKER_FUNCS; i++) {
		struct linker_func fn = linker_func(a, u, i);

		fprintf(f, "\nextern uint64_t h_%ld(uint64_t);\n"
			"extern const uint64_t d_%ld[8];\n"
			"uint64_t f_%ld_%ld(uint64_t x)\n{\n"
			"\tuint64_t y = h_%ld(x ^ %" PRIu64 "ULL) + d_%ld[x & 7];\n"
			"\n\treturn y ^ (y >> %d);\n}\n",
			fn.a, fn.b, u, i, fn.a, fn.c, fn.b, fn.r);
	}
	fprintf(f, "\nuint64_t (*const t_%ld[%d])(uint64_t) = {\n", u,
		LINKER_FUNCS);
	for (long i = 0; i < LINKER_FUNCS; i++)
		fprintf(f, "\tf_%ld_%ld,\n", u, i);
	fprintf(f, "};\n");
	finish(f, name);
}

static void write_main(const struct linker_args *a)
{
	FILE *f = create("main.c");

	fprintf(f, "#include <stdint.h>\n#include <stdio.h>\n\n");
	for (long u = 0; u < a->units; u++)
		fprintf(f, "extern uint64_t (*const t_%ld[%d])(uint64_t);\n",
			u, LINKER_FUNCS);
	fprintf(f, "\nstatic uint64_t (*const *const all[%ld])(uint64_t) = {\n",
		a->units);
	for (long u = 0; u < a->units; u++)
		fprintf(f, "\tt_%ld,\n", u);
	fprintf(f, "};\n\nint main(void)\n{\n\tuint64_t s = 0;\n\n"
		"\tfor (long u = 0; u < %ld; u++)\n"
		"\t\tfor (int i = 0; i < %d; i++)\n"
		"\t\t\ts += all[u][i](s);\n"
		"\tprintf(\"functions %%ld checksum %%llu\\n\", %ldL,\n"
		"\t       (unsigned long long)s);\n\treturn 0;\n}\n",
		a->units, LINKER_FUNCS, a->units * LINKER_FUNCS);
	finish(f, "main.c");
}

static pid_t compile(const char *src)
{
	char obj[64];
	pid_t pid;

	snprintf(obj, sizeof(obj), "%.*s.o", (int)strlen(src) - 2, src);
	pid = fork();
	if (pid < 0)
		die("cannot fork for", src);
	if (pid == 0) {
		execlp("gcc", "gcc", "-c", "-O0", "-fno-pie",
		       "-ffunction-sections", "-fdata-sections", "-o", obj,
		       src, (char *)NULL);
		_exit(127);
	}
	return pid;
}

static void wait_one(void)
{
	int status;

	if (wait(&status) < 0)
		die("cannot wait for", "gcc");
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		errno = 0;
		die("compiling with", "gcc");
	}
}

static void compile_all(const struct linker_args *a)
{
	long jobs = sysconf(_SC_NPROCESSORS_ONLN), running = 0;

	if (chdir(dir))
		die("cannot enter", dir);
	for (long u = -1; u < a->units; u++) {
		char src[32];

		if (u < 0)
			snprintf(src, sizeof(src), "main.c");
		else
			snprintf(src, sizeof(src), "u%05ld.c", u);
		if (running == (jobs > 0 ? jobs : 1)) {
			wait_one();
			running--;
		}
		compile(src);
		running++;
	}
	while (running--)
		wait_one();
}

/* The output of `gcc -print-file-name=NAME`. */
static void gcc_file(const char *name, char *out, size_t len)
{
	char cmd[128], raw[PATH_MAX];
	FILE *p;

	snprintf(cmd, sizeof(cmd), "gcc -print-file-name=%s", name);
	p = popen(cmd, "r");
	if (!p || !fgets(raw, sizeof(raw), p) || pclose(p))
		die("cannot ask gcc for", name);
	raw[strcspn(raw, "\n")] = 0;
	if (len < PATH_MAX || !strchr(raw, '/') || !realpath(raw, out))
		die("gcc does not know", name);
}

/* An argument for ld's @file, every unusual character escaped. */
static void rsp_arg(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789/._-+=,", *s))
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('\n', f);
}

static void rsp_dir_of(FILE *f, const char *flag, const char *path)
{
	char buf[PATH_MAX + 8];

	snprintf(buf, sizeof(buf), "%s%.*s", flag,
		 (int)(strrchr(path, '/') - path), path);
	rsp_arg(f, buf);
}

static void write_rsp(const struct linker_args *a)
{
	static const char *crt[] = { "crt1.o", "crti.o", "crtbegin.o",
				     "crtend.o", "crtn.o", "libgcc.a" };
	static const char *libs = "-lgcc\n--push-state\n--as-needed\n-lgcc_s\n"
				  "--pop-state\n-lc\n-lgcc\n--push-state\n"
				  "--as-needed\n-lgcc_s\n--pop-state\n";
	char path[6][PATH_MAX], obj[PATH_MAX + 16];
	FILE *f = create("link.rsp");

	for (int i = 0; i < 6; i++)
		gcc_file(crt[i], path[i], sizeof(path[i]));
	fputs("--build-id\n--eh-frame-hdr\n-m\nelf_x86_64\n--hash-style=gnu\n"
	      "--gc-sections\n-dynamic-linker\n/lib64/ld-linux-x86-64.so.2\n",
	      f);
	for (int i = 0; i < 3; i++)
		rsp_arg(f, path[i]);
	rsp_dir_of(f, "-L", path[5]);
	rsp_dir_of(f, "-L", path[0]);
	snprintf(obj, sizeof(obj), "%s/main.o", dir);
	rsp_arg(f, obj);
	for (long u = 0; u < a->units; u++) {
		snprintf(obj, sizeof(obj), "%s/u%05ld.o", dir, u);
		rsp_arg(f, obj);
	}
	fputs(libs, f);
	rsp_arg(f, path[3]);
	rsp_arg(f, path[4]);
	finish(f, "link.rsp");
}

int main(int argc, char **argv)
{
	static char real[PATH_MAX];
	struct linker_args a;

	linker_parse_args(argc, argv, LINKER_GEN, &a);
	if (mkdir(a.path, 0777) && errno != EEXIST)
		die("cannot create", a.path);
	if (!realpath(a.path, real))
		die("cannot resolve", a.path);
	dir = real;
	for (long u = 0; u < a.units; u++)
		write_unit(&a, u);
	write_main(&a);
	compile_all(&a);
	write_rsp(&a);
	return 0;
}
