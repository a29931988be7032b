"""spbench kernel check-series: that every patch of kernel-patch/linux-6.12 applies
in order to the pristine tree, that the tree builds after each one (mm/ and every
other C file the patch touches, so a header change is compiled by its mm/ users),
and that scripts/checkpatch.pl --strict finds no error or warning in it. A series
whose last patch builds can still hide a step that does not; bisection needs each."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from harness.records import lines as atomic
from harness.driver import config
from harness.driver.errors import UserError
from harness.driver.kernel.build import (CONFIGS, VARIANTS, _apply, _run, _touched, configure,
                                         pristine_source, series)

SUMMARY = re.compile(r"total: (\d+) errors, (\d+) warnings, (?:(\d+) checks, )?")


def checkpatch(tree, patch, whole_tree=True):
    """(errors, warnings, checks, the lines it printed) of checkpatch.pl --strict; without
    whole_tree, tree need only hold scripts/ (--no-tree)."""
    p = subprocess.run(["perl", os.path.join(tree, "scripts", "checkpatch.pl"), "--strict",
                        "--show-types"] + ([] if whole_tree else ["--no-tree"]) + [patch],
                       cwd=tree, capture_output=True, text=True)
    m = SUMMARY.search(p.stdout)
    if not m:
        said = (p.stdout + p.stderr).strip().splitlines() or ["no output"]
        raise UserError(f"checkpatch.pl printed no summary for {os.path.basename(patch)}: "
                        + said[-1], status=1)
    found = [ln for ln in p.stdout.splitlines()
             if ln.startswith(("ERROR:", "WARNING:", "CHECK:"))]
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0), found


def build_targets(patch):
    """mm/ as a whole, and the object of every other C file the patch touches."""
    targets = ["mm/"]
    for f in sorted(_touched(patch)):
        if f.endswith(".c") and not f.startswith("mm/"):
            targets.append(f[:-2] + ".o")
    return targets


def preflight(pristine, patches):
    """Apply the whole series to copies of the files it touches: a patch that does not
    apply is named in seconds, before a copy of the tree and a build."""
    with tempfile.TemporaryDirectory(prefix="series-preflight-") as scratch:
        for f in set().union(*(_touched(p) for p in patches)):
            if os.path.isfile(os.path.join(pristine, f)):
                os.makedirs(os.path.dirname(os.path.join(scratch, f)), exist_ok=True)
                shutil.copy2(os.path.join(pristine, f), os.path.join(scratch, f))
        log = os.path.join(scratch, "patch.log")
        for p in patches:
            _apply(scratch, p, log)


def check(variant="test", source=None, jobs=None, out=sys.stdout):
    if variant not in VARIANTS or not VARIANTS[variant][0]:
        raise UserError(f"check-series needs a patched variant (patched or test), "
                        f"not '{variant}'")
    patches = series()
    if not patches:
        raise UserError(f"no *.patch in {config.kernel_patches()}")
    pristine = pristine_source(source)
    preflight(pristine, patches)
    work = os.path.join(config.kernel_dir(), "series-check")
    tree, obj = os.path.join(work, "src"), os.path.join(work, "obj")
    log = os.path.join(work, "check.log")
    os.makedirs(work, exist_ok=True)
    open(log, "w").close()
    # a fresh copy each time: the patches go onto the pristine files, in order
    shutil.rmtree(tree, ignore_errors=True)
    print(f"spbench: copying {pristine} to {tree}", file=sys.stderr)
    subprocess.run(["cp", "-a", "--reflink=auto", pristine, tree], check=True)
    configure(tree, obj, [os.path.join(CONFIGS, f) for f in VARIANTS[variant][1]], log)
    jobs = jobs or os.cpu_count()
    make = ["make", "-C", tree, f"O={obj}", f"-j{jobs}"]
    t0 = time.monotonic()
    _run(make + ["mm/"], log, what="building mm/ of the pristine tree")
    print(f"pristine tree: mm/ built in {time.monotonic() - t0:.0f} s", file=out)
    rows, failed = [], 0
    for p in patches:
        name = os.path.basename(p)
        _apply(tree, p, log)
        targets = build_targets(p)
        t0 = time.monotonic()
        with open(log, "a") as f:
            built = subprocess.run(make + targets, stdout=f,
                                   stderr=subprocess.STDOUT).returncode == 0
        secs = time.monotonic() - t0
        errors, warnings, checks, found = checkpatch(tree, p)
        ok = built and errors == 0 and warnings == 0
        failed += not ok
        rows.append({"patch": name, "builds": built, "build_s": round(secs, 1),
                     "targets": targets, "errors": errors, "warnings": warnings,
                     "checks": checks, "checkpatch": found})
        print(f"{'ok' if ok else 'FAIL'}  {name}: applies, "
              f"{'builds' if built else 'does NOT build'} ({' '.join(targets)}, {secs:.0f} s), "
              f"checkpatch --strict {errors} errors, {warnings} warnings, {checks} checks",
              file=out)
        for ln in found:
            print(f"      {ln}", file=out)
        out.flush()
        if not built:
            print(f"spbench: the build after {name} failed; log: {log}", file=sys.stderr)
            break
    atomic.write_text(os.path.join(work, "report.json"),
                      json.dumps({"variant": variant, "source": pristine, "patches": rows},
                                 indent=1) + "\n")
    print(f"{len(rows) - failed} of {len(patches)} patches checked clean "
          f"({variant} config); report: {os.path.join(work, 'report.json')}", file=out)
    return 1 if failed or len(rows) < len(patches) else 0
