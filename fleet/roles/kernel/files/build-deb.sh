#!/bin/sh
# build-deb.sh REPO VARIANT DIR JOBS < host.config
# The kernel role's one controller-side step: Linux 6.12 from Debian's
# linux-source-6.12 with spbench's series (patched) or without (stock),
# configured from the config on stdin (the group's first host's) plus THP and
# the reservation knob, built with the kernel's own bindeb-pkg target.  Prints
# "<release> <path of the linux-image package>" as its last line.  A package
# already built for the same config and series is reused.
set -eu
repo=$1 variant=$2 dir=$3 jobs=$4
tarball=/usr/src/linux-source-6.12.tar.xz
[ -f "$tarball" ] || { echo "no $tarball: apt-get install linux-source-6.12" >&2; exit 1; }
case "$variant" in patched|stock) ;; *) echo "unknown variant $variant (patched, stock)" >&2; exit 1 ;; esac
mkdir -p "$dir"
cat > "$dir/host.config.new"
stamp=$(cat "$dir/host.config.new" "$repo"/kernel-patch/linux-6.12/*.patch | sha256sum | cut -c1-16)
[ "$variant" = stock ] && stamp=$(sha256sum < "$dir/host.config.new" | cut -c1-16)
if [ -f "$dir/built-$stamp" ]; then
	tail -n 1 "$dir/built-$stamp"
	exit 0
fi
rm -rf "$dir/src" && mkdir -p "$dir/src"
tar -xf "$tarball" -C "$dir/src" --strip-components=1
if [ "$variant" = patched ]; then
	for p in "$repo"/kernel-patch/linux-6.12/*.patch; do
		patch -d "$dir/src" -p1 --quiet --forward < "$p"
	done
fi
cp "$dir/host.config.new" "$dir/src/.config"
cd "$dir/src"
# Debian's config names its signing certificates, which this tree lacks; no
# debug info keeps the package small.
scripts/config --set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
	--enable TRANSPARENT_HUGEPAGE --disable DEBUG_INFO_DWARF5 \
	--disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT --enable DEBUG_INFO_NONE \
	--set-str LOCALVERSION "-spbench-$variant"
make olddefconfig >/dev/null
make -j"$jobs" bindeb-pkg >"$dir/build.log" 2>&1 || { tail -n 20 "$dir/build.log" >&2; exit 1; }
release=$(make -s kernelrelease)
deb=$(ls -t "$dir"/linux-image-"$release"_*.deb | grep -v dbg | head -n 1)
echo "$release $deb" | tee "$dir/built-$stamp"
