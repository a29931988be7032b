#!/bin/bash
# build.sh SRC OBJ OUT - builds, from the patched tree's own sources, the
# upstream mm selftests that exercise anonymous THP, into OUT (the tree is
# only read). Debian's 6.12 khugepaged.c uses KSFT_SKIP without including
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
echo "$tests" >"$out/tests"
