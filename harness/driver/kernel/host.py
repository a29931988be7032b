"""spbench kernel build --for-host: a kernel for the machine itself, configured from the
running kernel's own configuration (its drivers included) with the series applied, built
as Debian packages (bindeb-pkg) that dpkg installs beside the distribution's kernel."""
import glob
import gzip
import lzma
import os
import sys

from harness.records import lines as atomic
from harness.driver import config
from harness.driver.errors import UserError
from harness.driver.kernel import build

HOST_FRAGMENT = os.path.join(build.CONFIGS, "host.config")
# what the reservation patch is built under (mm/Makefile: thp_resv.o)
RESERVATION_OPTION = "CONFIG_TRANSPARENT_HUGEPAGE"


def running_configs():
    return ["/proc/config.gz", f"/boot/config-{os.uname().release}"]


def read_config(path):
    """A kernel configuration's text, plain, gzip- or xz-compressed."""
    opener = gzip.open if path.endswith(".gz") else lzma.open if path.endswith(".xz") else open
    try:
        with opener(path, "rt") as f:
            return f.read()
    except (OSError, EOFError, lzma.LZMAError) as e:
        raise UserError(f"cannot read the kernel configuration {path}: {e}")


def base_config(path=None):
    """(text, path) of the configuration to start from: path, else the running kernel's."""
    for candidate in [path] if path else running_configs():
        if os.path.exists(candidate):
            return read_config(candidate), candidate
    raise UserError(("no such file: " + path) if path else
                    "the running kernel's configuration is in neither " +
                    " nor ".join(running_configs()) + ": give --host-config FILE")


def configure(src, obj, base_text, log, fragments=()):
    """obj/.config: base_text with host.config and fragments over it, through
    olddefconfig (options new to this tree take their defaults)."""
    os.makedirs(obj, exist_ok=True)
    extra = "".join(open(f).read() + "\n" for f in [HOST_FRAGMENT, *fragments])
    atomic.write_text(os.path.join(obj, ".config"), base_text + "\n" + extra)
    build._run(["make", "-s", "-C", src, f"O={obj}", "olddefconfig"], log,
               what="make olddefconfig")
    with open(os.path.join(obj, ".config")) as f:
        text = f.read()
    if f"{RESERVATION_OPTION}=y" not in text.splitlines():
        raise UserError(f"the configuration has no {RESERVATION_OPTION}=y, which the "
                        "reservation patch is built under", status=1)
    return text


def build_packages(variant, source=None, host_config=None, fragments=(), jobs=None):
    """Builds variant (stock or patched) for this machine; the .deb files made."""
    if variant not in ("stock", "patched"):
        raise UserError(f"--for-host builds stock or patched, not '{variant}'")
    base, base_path = base_config(host_config)
    vdir = os.path.join(config.kernel_dir(), f"{variant}-host")
    obj = os.path.join(vdir, "obj")
    os.makedirs(vdir, exist_ok=True)
    log = os.path.join(vdir, "build.log")
    open(log, "w").close()
    src = build.pristine_source(source)
    if build.VARIANTS[variant][0]:
        src = build.patched_source(src, log)
    print(f"spbench: configuring from {base_path}", file=sys.stderr)
    configure(src, obj, base, log, [os.path.abspath(f) for f in fragments])
    for old in glob.glob(os.path.join(vdir, "*.deb")):
        os.unlink(old)
    print(f"spbench: building Debian packages of the {variant} kernel in {vdir} "
          f"(log: {log})", file=sys.stderr)
    build._run(["make", "-C", src, f"O={obj}", f"-j{jobs or os.cpu_count()}",
                f"LOCALVERSION=-spbench-{variant}", "bindeb-pkg"], log, what="make bindeb-pkg")
    debs = sorted(glob.glob(os.path.join(vdir, "*.deb")))
    if not debs:
        raise UserError(f"bindeb-pkg made no package in {vdir}; log: {log}", status=1)
    return debs
