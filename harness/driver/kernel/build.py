"""spbench kernel build: Debian's linux-source-6.12 (or a tree the user
names) extracted once, never modified in place; the patched variant is a
copy with kernel-patch/linux-6.12/*.patch applied; allnoconfig +
kernel-patch/config fragments (only what a guest uses); out-of-tree builds."""
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys

from harness.records import lines as atomic
from harness.driver import config, paths
from harness.driver.errors import UserError

TARBALL = "/usr/src/linux-source-6.12.tar.xz"
CONFIGS = os.path.join(paths.REPO, "kernel-patch", "config")
# variant -> (patched?, config fragments on top of allnoconfig)
VARIANTS = {"stock": (False, ["guest.config"]),
            "patched": (True, ["guest.config"]),
            "test": (True, ["guest.config", "debug.config"])}
SERIES_DIR = ".spbench-series"


def guest_patched(kernel):
    """For a plan's kernel: None for the host's own, else whether the built variant carries
    the reservation patch (policies are then resolved by name, for that guest)."""
    if kernel == "host":
        return None
    if kernel not in VARIANTS:
        raise UserError(f"unknown kernel '{kernel}'; known: host, " + ", ".join(VARIANTS))
    return VARIANTS[kernel][0]


def variant_dir(variant):
    return os.path.join(config.kernel_dir(), variant)


def bzimage(variant):
    return os.path.join(variant_dir(variant), "obj", "arch", "x86", "boot", "bzImage")


def recorded_build(variant):
    """What the last build of variant recorded in its build.json, or None."""
    try:
        with open(os.path.join(variant_dir(variant), "build.json")) as f:
            info = json.load(f)
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) else None


def _sha(paths_):
    h = hashlib.sha256()
    for p in paths_:
        h.update(os.path.basename(p).encode() + b"\0")
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def series():
    return sorted(glob.glob(os.path.join(config.kernel_patches(), "*.patch")))


def _is_kernel_tree(d):
    return os.path.isfile(os.path.join(d, "Makefile")) and os.path.isdir(os.path.join(d, "mm"))


def pristine_source(source):
    """The unmodified tree: the user's, or the Debian tarball extracted once."""
    if source:
        source = os.path.abspath(source)
        if not _is_kernel_tree(source):
            raise UserError(f"--source {source} is not a Linux source tree "
                            "(no Makefile and mm/ there)")
        return source
    dest = os.path.join(config.kernel_dir(), "src")
    tree = os.path.join(dest, "linux-source-6.12")
    if _is_kernel_tree(tree) and os.path.exists(os.path.join(dest, ".extracted")):
        return tree
    if not os.path.exists(TARBALL):
        raise UserError(f"{TARBALL} is missing: run 'make deps' (package linux-source-6.12) "
                        "or give --source DIR")
    print(f"spbench: extracting {TARBALL}", file=sys.stderr)
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    _run(["tar", "-xf", TARBALL, "-C", dest], os.path.join(config.kernel_dir(), "extract.log"),
         what="extracting " + TARBALL)
    atomic.write_text(os.path.join(dest, ".extracted"), TARBALL + "\n")
    return tree


def _run(cmd, log, cwd=None, what=None):
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        p = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        raise UserError(f"{what or cmd[0]} failed (exit {p.returncode}); log: {log}", status=1)


def _touched(patch):
    """Paths a patch creates or changes (its '+++ b/...' and '--- a/...' lines)."""
    out = set()
    with open(patch, errors="replace") as f:
        for line in f:
            if line.startswith("+++ b/") or line.startswith("--- a/"):
                out.add(line[6:].split("\t")[0].strip())
    return out


def _apply(tree, patch, log):
    cmd = ["patch", "-p1", "--forward", "--batch", "-s", "-d", tree, "-i", patch]
    dry = subprocess.run(cmd + ["--dry-run"], capture_output=True, text=True)
    if dry.returncode != 0:
        why = (dry.stdout or dry.stderr).strip().splitlines()
        raise UserError(f"patch {os.path.basename(patch)} does not apply "
                        f"({why[0] if why else 'see patch -p1'})", status=1)
    _run(cmd, log, what=f"patch {os.path.basename(patch)}")


def _same(a, b):
    if os.path.exists(a) != os.path.exists(b):
        return False
    if not os.path.exists(a):
        return True
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def patched_source(pristine, log):
    """A copy of the pristine tree with the series applied. When the series
    changes, the new series is applied to pristine copies of the files
    either series touches, in a scratch folder, and only the files whose
    contents differ are replaced: unchanged files keep their times, so a
    rebuild compiles only what the change reaches."""
    tree = os.path.join(config.kernel_dir(), "patched-src")
    applied_dir = os.path.join(tree, SERIES_DIR)
    origin_file = os.path.join(tree, ".spbench-origin")
    if os.path.isdir(tree):
        try:
            origin = open(origin_file).read().strip()
        except OSError:
            origin = None
        if origin != pristine:
            shutil.rmtree(tree)
    if not os.path.isdir(tree):
        print(f"spbench: copying {pristine} for the patched variant", file=sys.stderr)
        shutil.rmtree(tree + ".tmp", ignore_errors=True)
        subprocess.run(["cp", "-a", "--reflink=auto", pristine, tree + ".tmp"], check=True)
        os.rename(tree + ".tmp", tree)
        atomic.write_text(origin_file, pristine + "\n")
        os.makedirs(applied_dir)
    old = sorted(glob.glob(os.path.join(applied_dir, "*.patch")))
    new = series()
    if _sha(old) == _sha(new):
        return tree
    files = set()
    for p in old + new:
        files |= _touched(p)
    scratch = os.path.join(config.kernel_dir(), "series-scratch")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    for f in files:
        if os.path.exists(os.path.join(pristine, f)):
            os.makedirs(os.path.dirname(os.path.join(scratch, f)), exist_ok=True)
            shutil.copy2(os.path.join(pristine, f), os.path.join(scratch, f))
    for p in new:
        _apply(scratch, p, log)
    for f in sorted(files):
        want, have = os.path.join(scratch, f), os.path.join(tree, f)
        if _same(want, have):
            continue
        if os.path.exists(want):
            os.makedirs(os.path.dirname(have), exist_ok=True)
            shutil.copyfile(want, have)
        else:
            os.unlink(have)
    shutil.rmtree(scratch)
    for p in old:
        os.unlink(p)
    for p in new:
        shutil.copy(p, applied_dir)
    return tree


def configure(src, obj, fragments, log):
    """allnoconfig with the fragments' options set (KCONFIG_ALLCONFIG, a later
    fragment overriding an earlier one): every option no fragment asks for,
    and none that one asked for needs, stays off."""
    config = os.path.join(obj, ".config")
    stamp = os.path.join(obj, ".spbench-config-inputs")
    key = _sha(fragments)
    if os.path.exists(config) and os.path.exists(stamp) and open(stamp).read() == key:
        return
    os.makedirs(obj, exist_ok=True)
    wanted = os.path.join(obj, ".spbench-allconfig")
    atomic.write_text(wanted, "".join(open(f).read() + "\n" for f in fragments))
    _run(["make", "-s", "-C", src, f"O={obj}", f"KCONFIG_ALLCONFIG={wanted}", "allnoconfig"],
         log, what="make allnoconfig")
    missing = _unmet(config, fragments)
    if missing:
        raise UserError(f"kernel config lacks {missing[0]} after allnoconfig "
                        "(a dependency is off); log: " + log, status=1)
    atomic.write_text(stamp, key)


def _unmet(config, fragments):
    have = set(open(config).read().splitlines())
    out = []
    for frag in fragments:
        for line in open(frag):
            line = line.strip()
            if line.startswith("CONFIG_"):
                name, value = line.split("=", 1)
                if value == "n":
                    if f"{name}=y" in have:
                        out.append(line)
                elif line not in have:
                    out.append(line)
    return out


def build(variant, source=None, fragments=(), jobs=None):
    if variant not in VARIANTS:
        raise UserError(f"unknown variant '{variant}'; known: {', '.join(VARIANTS)}")
    for f in fragments:
        if not os.path.isfile(f):
            raise UserError(f"--config {f}: no such file")
    patched, own = VARIANTS[variant]
    vdir = variant_dir(variant)
    os.makedirs(vdir, exist_ok=True)
    log = os.path.join(vdir, "build.log")
    open(log, "w").close()
    src = pristine_source(source)
    if patched:
        src = patched_source(src, log)
    obj = os.path.join(vdir, "obj")
    frags = [os.path.join(CONFIGS, f) for f in own] + [os.path.abspath(f) for f in fragments]
    configure(src, obj, frags, log)
    jobs = jobs or os.cpu_count()
    print(f"spbench: building {variant} kernel in {obj} (log: {log})", file=sys.stderr)
    _run(["make", "-C", src, f"O={obj}", f"-j{jobs}", "bzImage"], log, what="kernel build")
    release = subprocess.run(["make", "-s", "-C", src, f"O={obj}", "kernelrelease"],
                             capture_output=True, text=True).stdout.strip()
    info = {"variant": variant, "release": release, "source": src,
            "config_sha": _sha([os.path.join(obj, ".config")]),
            "series_sha": _sha(series()) if patched else None,
            "series": [os.path.basename(p) for p in series()] if patched else [],
            "bzImage": bzimage(variant)}
    atomic.write_text(os.path.join(vdir, "build.json"), json.dumps(info, indent=1) + "\n")
    return info
