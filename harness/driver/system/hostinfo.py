"""The context every result carries: kernel, CPU and TLB (from spstat
--host), THP/mTHP/compaction settings, virtualisation, tool versions."""
import json
import os
import platform
import shutil
import subprocess

from harness.driver import paths
from harness.driver.system import policies
from harness.driver.errors import UserError
from harness.driver.system.settings import read_setting


def spstat_json(*args):
    if not os.access(paths.SPSTAT, os.X_OK):
        raise UserError(f"{paths.SPSTAT} is not built; run 'make'")
    p = subprocess.run([paths.SPSTAT, *args], capture_output=True, text=True)
    if p.returncode != 0:
        raise UserError(f"spstat {' '.join(args)} failed: {p.stderr.strip()}")
    return json.loads(p.stdout)


def host():
    return spstat_json("--host")


def _read(path):
    try:
        return read_setting(path)
    except OSError:
        return None


def thp_settings():
    root = policies.thp_root()
    s = {"thp_enabled": _read(os.path.join(root, "enabled")),
         "thp_defrag": _read(os.path.join(root, "defrag")),
         "khugepaged_defrag": _read(os.path.join(root, "khugepaged", "defrag")),
         "mthp": {f"{kb}kB": _read(os.path.join(root, f"hugepages-{kb}kB", "enabled"))
                  for kb in policies.mthp_sizes_kb(root)},
         "compaction_proactiveness": _read("/proc/sys/vm/compaction_proactiveness"),
         "extfrag_threshold": _read("/proc/sys/vm/extfrag_threshold")}
    resv = os.path.join(root, "reservation", "enabled")
    if os.path.exists(resv):
        s["reservation_enabled"] = _read(resv)
    return s


def virtualisation():
    tool = shutil.which("systemd-detect-virt")
    if tool:
        p = subprocess.run([tool], capture_output=True, text=True)
        return p.stdout.strip() or "none"
    try:
        with open("/proc/cpuinfo") as f:
            return "vm" if " hypervisor" in f.read() else "none"
    except OSError:
        return "unknown"


def _version(cmd):
    exe = shutil.which(cmd[0])
    if not exe:
        return None
    p = subprocess.run(cmd, capture_output=True, text=True)
    return (p.stdout or p.stderr).strip().splitlines()[0] if (p.stdout or p.stderr) else None


def revision():
    p = subprocess.run(["git", "-C", paths.REPO, "describe", "--always", "--dirty"],
                       capture_output=True, text=True)
    return p.stdout.strip() or None


def kernel(variant="host", virt=None, build=None):
    """virt: how a guest kernel is run (kvm or tcg), which it cannot see itself;
    build: the variant's build record as the host that booted it read it (a
    guest may not see the host's kernel folder)."""
    try:
        with open("/proc/cmdline") as f:
            cmdline = f.read().strip()
    except OSError:
        cmdline = None
    k = {"release": platform.release(), "cmdline": cmdline, "variant": variant,
         "virt": virt or virtualisation()}
    if variant != "host":
        k.update(_build(variant, k["release"], build))
    if k["virt"] == "tcg":
        k["virt_note"] = ("guest under TCG software emulation: times are not evidence "
                          "about TLBs (the emulator has its own TLB)")
    return k


def _build(variant, release, info=None):
    """The patch series (its hash and files) and config hash of a built variant, from the
    build.json its build wrote, when that build made the kernel running here."""
    from harness.driver.kernel import build as kernel_build
    where = os.path.join(kernel_build.variant_dir(variant), "build.json")
    info = info or kernel_build.recorded_build(variant)
    if info is None:
        return {"series_sha": None, "build_note": f"{where} not found"}
    if info.get("release") != release:
        return {"series_sha": None, "build_note": f"{where} is of release "
                f"{info.get('release')}, not the running {release}"}
    return {"series_sha": info.get("series_sha"), "series": info.get("series") or [],
            "config_sha": info.get("config_sha")}


def tools():
    return {"python": platform.python_version(),
            "perf": _version(["perf", "--version"]),
            "gcc": _version(["gcc", "--version"])}
