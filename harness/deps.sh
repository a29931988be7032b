#!/bin/sh
# deps.sh - the single place that checks and installs spbench's Debian
# packages (listed in harness/debian-packages.txt).
#   deps.sh check    exit 1 with the install command when any is missing
#   deps.sh install  apt-get install the missing ones (root), else print how
set -eu     # POSIX sh (dash) has no pipefail
here=$(dirname "$0")
wanted=$(grep -v '^[[:space:]]*#' "$here/debian-packages.txt" | tr -s ' \n' ' ')
missing=""
for p in $wanted; do
	if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y$missing"
case "${1:-check}" in
check)
	echo "spbench: missing Debian packages:$missing; run 'make deps' (as root: $cmd)" >&2
	exit 1 ;;
install)
	if [ "$(id -u)" -ne 0 ]; then
		echo "spbench: missing Debian packages:$missing; as root run: $cmd" >&2
		exit 1
	fi
	echo "spbench: installing$missing" >&2
	apt-get update -q
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
	;;
*)
	echo "usage: $0 check|install" >&2; exit 2 ;;
esac
