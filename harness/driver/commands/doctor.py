"""spbench doctor: what this host can measure and why not, the THP/mTHP and
compaction settings, KVM, root, and missing packages."""
import json
import os
import subprocess

from harness.driver.system import hostinfo, noise, policies, tlbprobe
from harness.driver import paths
from harness.driver.errors import UserError


NAME = "doctor"


def add_parser(sub):
    sub.add_parser(NAME, help="what this host can measure, and what is missing")


def run(args):
    return report()


def _line(label, value):
    print(f"  {label:<28} {value}")


def _noise():
    """The noise sources as they are, and what run --tune could set here or why not."""
    print("noise (run --tune sets these; docs/running.md)")
    now = noise.read()
    for name in ("governor", "boost", "aslr"):
        v = now[name]
        _line(name, v["unavailable"] if "unavailable" in v else
              ", ".join(f"{k}={x}" for k, x in v.items()))
    _line("SMT", f"{now['smt']['control']}, sibling groups "
          f"{now['smt']['sibling_groups'] or 'none'}")
    _line("CPUs allowed", ",".join(map(str, now["cpus"]["allowed"])))
    wanted, refused = noise.targets()
    for t in wanted:
        why = noise.writable_reason(t.path)
        _line(f"--tune {t.name}", f"cannot set: {why}" if why else f"sets {t.value}")
    for name, why in refused.items():
        _line(f"--tune {name}", f"cannot set: {why}")
    pin = noise.pinning_here()
    _line("--tune pinning", pin.get("unavailable") or
          f"spstat on CPU {pin['sampler']}, the measured process on "
          f"{','.join(map(str, pin['measured']))}")


def _tlb_measured(host):
    """CPUID's geometry beside sptlbprobe's, and which one sizes ref."""
    result, how = tlbprobe.measured()
    lines, warnings = tlbprobe.geometry_lines(host.get("tlb", []), host.get("tlb_reason"),
                                              result, how)
    for label, text in lines:
        _line(label, text)
    if result is not None:
        _line("sptlbprobe", f"{how} ({result.get('seconds')} s)")
    for w in warnings:
        _line("WARNING", w)
    reach = tlbprobe.choose_reach(host.get("tlb_reach_4k_kb"), result, how)
    _line("ref sized from", f"{reach['reach_kb']} kB: {reach['why']}")


def report():
    problems = 0
    print("spbench doctor")
    print("system")
    _line("root", "yes" if os.geteuid() == 0 else
          "no: thp/mthp policies and the clean state need root")
    p = subprocess.run([os.path.join(paths.REPO, "harness", "deps.sh"), "check"],
                       capture_output=True, text=True)
    _line("Debian packages", "all present" if p.returncode == 0 else p.stderr.strip())
    problems += p.returncode != 0
    try:
        host = hostinfo.host()
    except UserError as e:
        _line("spstat", str(e))
        return 1
    cpu = host.get("cpu", {})
    _line("cpu", f"{cpu.get('model_name')} (family {cpu.get('family')}, model "
          f"{cpu.get('model')}){', virtual machine' if cpu.get('hypervisor') else ''}")
    _line("kernel", hostinfo.kernel()["release"] + f", virt: {hostinfo.virtualisation()}")
    for t in host.get("tlb", []):
        ways = "fully assoc." if t.get("ways") == 0 else f"{t.get('ways')}-way"
        _line(f"TLB {t.get('level')} {t.get('type')} {t.get('page_kb')} kB",
              f"{t.get('entries')} entries, {ways}")
    _line("TLB reach (4 kB pages)", f"{host.get('tlb_reach_4k_kb')} kB (CPUID)")
    _tlb_measured(host)

    print("counters (spstat -- /bin/true)")
    p = subprocess.run([paths.SPSTAT, "--", "/bin/true"], capture_output=True, text=True)
    try:
        counters = json.loads(p.stdout)["counters"]
    except (ValueError, KeyError):
        counters = {}
        _line("spstat", f"failed: {p.stderr.strip()}")
        problems += 1
    for name, c in counters.items():
        if not c.get("supported"):
            _line(name, f"unsupported: {c.get('reason')}")
        else:
            _line(name, "supported" + (", user space only (the kernel may not be counted "
                                       "here)" if c.get("scope") == "user" else ""))
    _line("perf_event_paranoid", str(host.get("perf_event_paranoid")))
    _line("page-walk event", host.get("page_walk_event") or "none for this CPU")

    print("superpages")
    s = hostinfo.thp_settings()
    _line("THP enabled / defrag", f"{s['thp_enabled']} / {s['thp_defrag']}")
    _line("khugepaged defrag", str(s["khugepaged_defrag"]))
    sizes = policies.mthp_sizes_kb()
    _line("mTHP sizes", ", ".join(f"{k}kB={s['mthp'][f'{k}kB']}" for k in sizes) or "none")
    _line("policies available", ", ".join(
        ["base", "thp"] + (["mthp-all"] + [f"mthp-{policies.size_label(k)}" for k in sizes]
                           if sizes else [])))
    _line("compaction_proactiveness", str(s["compaction_proactiveness"]))
    _line("reservation knob", s.get("reservation_enabled", "absent (stock kernel)"))
    kpf = os.access("/proc/kpageflags", os.R_OK)
    _line("page-size histogram", "available (/proc/kpageflags readable)" if kpf else
          "unavailable: /proc/kpageflags needs root")

    print("simulated TLBs (sptlb)")
    from harness.tlbsim import sptlb
    try:
        _, data = sptlb.run(["/bin/true"], sptlb.DEFAULT_MODELS,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _line("sptlb -- /bin/true", "works: models " + ", ".join(data["models"]))
    except sptlb.Refused as e:
        _line("sptlb -- /bin/true", f"does not work: {e}")
        problems += 1

    _noise()
    print("virtualisation")
    _line("/dev/kvm", "present" if os.path.exists("/dev/kvm") else "absent")
    probe = os.path.join(paths.BIN, "spkvmprobe")
    if os.access(probe, os.X_OK) and os.path.exists("/dev/kvm"):
        p = subprocess.run([probe, "--timeout", "5"], capture_output=True, text=True)
        _line("KVM runs a tiny guest", "yes (a full kernel boot is probed again by the "
              "kernel pipeline: nested KVM can still hang)" if p.returncode == 0 else
              f"no: {p.stderr.strip()} (kernels boot under TCG)")
    else:
        _line("KVM runs a tiny guest", "not probed (spkvmprobe not built or no /dev/kvm)")
    return 1 if problems else 0
