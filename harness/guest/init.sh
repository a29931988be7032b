#!/bin/sh
# init.sh - PID 1 of every spbench guest: mounts what a measurement needs,
# runs the command the host passed through fw_cfg, prints its exit status on
# the console for the host to read, and powers the guest off.
# No set -eu: as PID 1 an exit panics the kernel before the status line
# reaches the host, so each step copes with its own failure instead.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root TERM=dumb
# guest jobs check the kernel's options against what they need only here
export SPBENCH_IN_GUEST=1
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev 2>/dev/null
ln -sf /proc/self/fd /dev/fd
# the loopback device starts down: a server on 127.0.0.1 (web) needs it
ip link set lo up 2>/dev/null || ifconfig lo up 2>/dev/null ||
	echo "spbench-guest: cannot bring up the loopback device"
mount -t tmpfs run /run
mount -t debugfs debugfs /sys/kernel/debug
fw=/sys/firmware/qemu_fw_cfg/by_name/opt/spbench
# A writable /tmp would hide a checkout that lives under the host's /tmp:
# keep the host's /tmp reachable and bind the checkout back in place.
repo=$(cat "$fw/repo/raw" 2>/dev/null)
mkdir -p /run/host-tmp
mount --bind /tmp /run/host-tmp
mount -t tmpfs tmp /tmp
case "$repo" in
/tmp/*)
	mkdir -p "$repo"
	mount --bind "/run/host-tmp/${repo#/tmp/}" "$repo" ;;
esac
# The share's folder may be new to this /tmp; without the share the command's
# output would land in the guest's memory and be lost: run nothing then.
share=$(cat "$fw/share/raw" 2>/dev/null)
status=
if [ -n "$share" ]; then
	mkdir -p "$share" 2>/dev/null
	if ! mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 \
	     spbench-share "$share"; then
		echo "spbench-guest: cannot mount the share at $share"
		status=125
	fi
fi
if [ -z "$status" ]; then
	cd "$(cat "$fw/cwd/raw")" || cd /
	echo "spbench-guest: start"
	sh -c "$(cat "$fw/command/raw")" </dev/console
	status=$?
fi
echo "spbench-guest: exit status $status"
sync
# let the console drain: a power-off right away can cut the line above
sleep 1
echo o >/proc/sysrq-trigger
sleep 30
