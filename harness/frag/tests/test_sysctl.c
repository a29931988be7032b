/* test_sysctl.c - checks what spfrag makes of the sysctls a fragmented
 * state depends on, on a folder standing in for /proc/sys: the values it
 * reads, how its ready line shows them, and which of them it warns about. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "frag.h"
#include "tap.h"

static char dir[] = "/tmp/spfrag-sysctl-XXXXXX";

static const char *path_of(const char *name)
{
	static char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void put(const char *name, const char *text)
{
	FILE *f = fopen(path_of(name), "w");

	fputs(text, f);
	fclose(f);
}

static void test_read(void)
{
	struct frag_sysctls s;

	put("vm/percpu_pagelist_high_fraction", "0\n");
	put("vm/compaction_proactiveness", "20\n");
	put("fs/pipe-max-size", "1048576\n");
	frag_sysctls_read(dir, &s);
	TAP_CHECK(s.pcp_fraction == 0 && s.proactiveness == 20 &&
		  s.pipe_max == 1048576, "reads each value (%lld %lld %lld)",
		  s.pcp_fraction, s.proactiveness, s.pipe_max);
	unlink(path_of("vm/percpu_pagelist_high_fraction"));
	put("vm/compaction_proactiveness", "none\n");
	frag_sysctls_read(dir, &s);
	TAP_CHECK(s.pcp_fraction == -1 && s.proactiveness == -1 &&
		  s.pipe_max == 1048576,
		  "a missing or unreadable knob reads as -1");
}

static void test_json(void)
{
	struct frag_sysctls s = { .pcp_fraction = -1, .proactiveness = 0,
				  .pipe_max = 4194304 };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct json j;

	json_init(&j, f, false);
	json_object_begin(&j, NULL);
	frag_sysctls_json(&j, "settings_seen", &s);
	json_object_end(&j);
	json_finish(&j);
	fclose(f);
	TAP_CHECK(!strcmp(text, "{\"settings_seen\":{"
			  "\"vm.percpu_pagelist_high_fraction\":null,"
			  "\"vm.compaction_proactiveness\":0,"
			  "\"fs.pipe-max-size\":4194304}}\n"),
		  "named as sysctl(8) names them, null when missing: %s", text);
	free(text);
}

static void test_problems(void)
{
	struct frag_sysctls held = { .pcp_fraction = FRAG_PCP_FRACTION,
				     .proactiveness = 0,
				     .pipe_max = FRAG_PIPE_BYTES };
	struct frag_sysctls s = held;
	char buf[512], tiny[24];

	frag_sysctls_problems(&s, true, buf, sizeof(buf));
	TAP_CHECK(!buf[0], "held as spbench holds them: nothing to say");
	s.pcp_fraction = -1;
	s.proactiveness = -1;
	frag_sysctls_problems(&s, true, buf, sizeof(buf));
	TAP_CHECK(!buf[0], "a kernel without the knobs: nothing to say");

	s = held;
	s.proactiveness = 20;
	frag_sysctls_problems(&s, true, buf, sizeof(buf));
	TAP_CHECK(!strcmp(buf, "vm.compaction_proactiveness is 20 (kcompactd "
			  "may undo the fragmentation as it is made)"),
		  "proactive compaction on: '%s'", buf);

	s = held;
	s.pcp_fraction = 0;
	frag_sysctls_problems(&s, true, buf, sizeof(buf));
	TAP_CHECK(strstr(buf, "vm.percpu_pagelist_high_fraction is 0") == buf &&
		  !strchr(buf, ';'), "per-CPU lists free to grow: '%s'", buf);

	s = held;
	frag_sysctls_problems(&s, false, buf, sizeof(buf));
	TAP_CHECK(strstr(buf, "fs.pipe-max-size is 4194304") == buf,
		  "pipes that cannot be sized in full: '%s'", buf);

	s.proactiveness = 1;
	s.pcp_fraction = 8;
	frag_sysctls_problems(&s, false, buf, sizeof(buf));
	TAP_CHECK(strstr(buf, "vm.compaction_proactiveness is 1 (") == buf &&
		  strstr(buf, "; vm.percpu_pagelist_high_fraction is 8 (") &&
		  strstr(buf, "; fs.pipe-max-size is ") && !strchr(buf, '\n'),
		  "every problem, on one line: '%s'", buf);

	memset(tiny, 'x', sizeof(tiny));
	frag_sysctls_problems(&s, false, tiny, sizeof(tiny));
	TAP_CHECK(memchr(tiny, '\0', sizeof(tiny)) &&
		  !strncmp(tiny, "vm.compaction_proactive", 23),
		  "a short buffer is cut, still a string");
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	mkdir(path_of("vm"), 0755);
	mkdir(path_of("fs"), 0755);
	test_read();
	test_json();
	test_problems();
	unlink(path_of("vm/percpu_pagelist_high_fraction"));
	unlink(path_of("vm/compaction_proactiveness"));
	unlink(path_of("fs/pipe-max-size"));
	rmdir(path_of("vm"));
	rmdir(path_of("fs"));
	rmdir(dir);
	return tap_done();
}
