#!/bin/bash
# build.sh SRC OBJ OUT - builds, from the patched tree's own sources, the
# upstream mm selftests that exercise anonymous THP, and cow-populated (cow
# with each THP populated whole first), into OUT (the tree is only read).
# Debian's 6.12 khugepaged.c uses KSFT_SKIP without including kselftest.h,
# so that header is force-included.
set -euo pipefail
src=$1 obj=$2 out=$3
tests="cow khugepaged split_huge_page_test migration mremap_test transhuge-stress"
make -s -C "$src" O="$obj" headers_install >/dev/null
mkdir -p "$out"
targets=""
for t in $tests; do targets="$targets $out/$t"; done
make -s -C "$src/tools/testing/selftests/mm" OUTPUT="$out" \
	KHDR_INCLUDES="-isystem $obj/usr/include" \
	EXTRA_CFLAGS="-include $src/tools/testing/selftests/kselftest.h" \
	$targets >"$out/build.log" 2>&1 || {
	echo "upstream mm selftests failed to build; see $out/build.log" >&2
	exit 1
}
# cow-populated: cow with each THP area populated whole before cow checks
# for a THP (stock cow writes or reads one subpage and expects the rest to
# come with it), so that at the default promote_threshold its COW and
# GUP-pin checks run on promoted reservations too.
mm=$src/tools/testing/selftests/mm
sed -e 's/^\tmem\[0\] = 1;$/\tmemset(mem, 1, thpsize);/' \
	-e '/^static void run_with_huge_zeropage/,/^}/s/^\ttmp = \*mem + \*smem;$/&\n\tfor (size_t i = pagesize; i < pmdsize; i += pagesize)\n\t\ttmp = ((volatile char *)mem)[i] + ((volatile char *)smem)[i];/' \
	"$mm/cow.c" >"$out/cow-populated.c"
for want in 'memset(mem, 1, thpsize);' 'tmp = ((volatile char *)mem)[i]'; do
	[ "$(grep -cF "$want" "$out/cow-populated.c")" -gt "$(grep -cF "$want" "$mm/cow.c")" ] || {
		echo "cow.c changed: cannot make cow-populated ($want)" >&2
		exit 1
	}
done
# Builds OUT/NAME from OUT/NAME.c as the selftests' Makefile would.
build_variant() {
	gcc -Wall -O2 -D_GNU_SOURCE= -U_FORTIFY_SOURCE -I "$src" -I "$mm" -isystem "$obj/usr/include" \
		-isystem "$src/tools/include/uapi" -include "$src/tools/testing/selftests/kselftest.h" \
		-o "$out/$1" "$out/$1.c" "$mm/vm_util.c" "$mm/thp_settings.c" \
		-lrt -lpthread -lm $(sed -n 's/^IOURING_EXTRA_LIBS = *//p' "$mm/local_config.mk") \
		>>"$out/build.log" 2>&1 || {
		echo "$1 failed to build; see $out/build.log" >&2
		exit 1
	}
}
build_variant cow-populated
# split_huge_page_test fills the 4 MB test file of each of its nine
# pagecache cases with one write() per byte: under TCG with the test
# variant's lockdep a run took 520 s that way and takes 3 s with the same
# bytes written in one call, as its build here does; every check is
# unchanged (and reservations never see those files).
perl -0pe 's/\tfor \(i = 0; i < fd_size; i\+\+\) \{\n\t\tunsigned char byte = \(unsigned char\)i;\n\n\t\twrite\(\*fd, &byte, sizeof\(byte\)\);\n\t\}\n/\t{\n\t\tunsigned char *buf = malloc(fd_size);\n\n\t\tif (!buf)\n\t\t\tksft_exit_fail_msg("cannot allocate the file contents\\n");\n\t\tfor (i = 0; i < fd_size; i++)\n\t\t\tbuf[i] = (unsigned char)i;\n\t\tif (write(*fd, buf, fd_size) != (ssize_t)fd_size)\n\t\t\tksft_exit_fail_msg("cannot write the test file\\n");\n\t\tfree(buf);\n\t}\n/' \
	"$mm/split_huge_page_test.c" >"$out/split_huge_page_test.c"
grep -qF 'write(*fd, buf, fd_size)' "$out/split_huge_page_test.c" || {
	echo "split_huge_page_test.c changed: cannot write its test file in one call" >&2
	exit 1
}
build_variant split_huge_page_test
echo "$tests" >"$out/tests"
