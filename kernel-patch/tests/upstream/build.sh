#!/bin/bash
# build.sh SRC OBJ OUT - builds, from the patched tree's own sources, the
# upstream mm selftests that exercise anonymous THP, and cow-populated (cow
# with each THP populated whole first), into OUT (the tree is only read). Debian's 6.12 khugepaged.c uses KSFT_SKIP without including
# kselftest.h, so that header is force-included.
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
gcc -Wall -O2 -D_GNU_SOURCE= -U_FORTIFY_SOURCE -I "$src" -I "$mm" -isystem "$obj/usr/include" \
	-isystem "$src/tools/include/uapi" -include "$src/tools/testing/selftests/kselftest.h" \
	-o "$out/cow-populated" "$out/cow-populated.c" "$mm/vm_util.c" "$mm/thp_settings.c" \
	-lrt -lpthread -lm $(sed -n 's/^IOURING_EXTRA_LIBS = *//p' "$mm/local_config.mk") \
	>>"$out/build.log" 2>&1 || {
	echo "cow-populated failed to build; see $out/build.log" >&2
	exit 1
}
echo "$tests" >"$out/tests"
