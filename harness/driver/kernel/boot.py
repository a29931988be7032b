"""spbench kernel boot: runs one command inside a built kernel under qemu,
with the host's / read-only over 9p as the guest's root and one writable
share; KVM only when a probe boot shows it works here, else TCG."""
import dataclasses
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time

from harness.records import lines as atomic
from harness.driver import config, paths
from harness.driver.kernel import build as kernel_build
from harness.driver.system import stops
from harness.driver.errors import UserError

QEMU = "qemu-system-x86_64"
INIT = os.path.join(paths.REPO, "harness", "guest", "init.sh")
EXIT_RE = re.compile(r"spbench-guest: exit status (\d+)")
START = "spbench-guest: start"
SHARE_FAILED = "spbench-guest: cannot mount the share"
PROBE_TIMEOUT = 30


@dataclasses.dataclass
class BootResult:
    status: int
    log: str
    accel: str
    seconds: float
    output: list


def _die_with_parent(parent):
    """A child setup: qemu must never outlive the driver, even after a SIGKILL."""
    on_death = stops.parent_death_signal(signal.SIGKILL, parent)

    def setup():
        on_death()
        os.setsid()
    return setup


def _probe_file():
    return os.path.join(config.kernel_dir(), "accel-probe.json")


def _qemu():
    exe = shutil.which(QEMU)
    if not exe:
        raise UserError(f"{QEMU} not found: run 'make deps' (package qemu-system-x86)")
    return exe


def _mem_mb(mem):
    units = {"M": 1, "G": 1024}
    try:
        return int(mem[:-1]) * units[mem[-1].upper()] if mem[-1].upper() in units else int(mem)
    except (ValueError, IndexError):
        raise UserError(f"--mem {mem}: give a size such as 2G or 512M")


def qemu_command(image, accel, mem, cpus, fw, share, extra_append="", numa_nodes=1):
    cpu = "host" if accel == "kvm" else "max"
    append = ("console=ttyS0 root=/dev/root rootfstype=9p "
              "rootflags=trans=virtio,version=9p2000.L,msize=512000,cache=loose ro "
              f"init={INIT} panic=-1 quiet loglevel=4 {extra_append}").strip()
    # One TCG thread for all vCPUs: with one thread per vCPU, a vCPU can run
    # a stale translation of kernel text that another has just patched
    # (text_poke_bp's int3), which panicked a boot here about once in 15.
    accel_opt = "tcg,thread=single" if accel == "tcg" else accel
    cmd = [_qemu(), "-accel", accel_opt, "-cpu", cpu, "-m", mem, "-smp", str(cpus),
           "-kernel", image, "-append", append,
           "-nodefaults", "-display", "none", "-serial", "stdio", "-no-reboot",
           "-fsdev", "local,id=root,path=/,security_model=none,readonly=on,multidevs=remap",
           "-device", "virtio-9p-pci,fsdev=root,mount_tag=/dev/root"]
    if share:
        cmd += ["-fsdev", f"local,id=share,path={share},security_model=none,multidevs=remap",
                "-device", "virtio-9p-pci,fsdev=share,mount_tag=spbench-share"]
    for name, path in fw.items():
        cmd += ["-fw_cfg", f"name=opt/spbench/{name},file={path}"]
    if numa_nodes > 1:
        # equal nodes, so that tests can migrate pages between them, and the
        # CPUs shared out in order (QEMU's implicit placement is deprecated)
        per = _mem_mb(mem) // numa_nodes
        for n in range(numa_nodes):
            first, last = n * cpus // numa_nodes, (n + 1) * cpus // numa_nodes - 1
            node = f"node,nodeid={n},memdev=m{n}"
            if last >= first:
                node = f"node,nodeid={n},cpus={first}-{last},memdev=m{n}"
            cmd += ["-object", f"memory-backend-ram,id=m{n},size={per}M", "-numa", node]
        cmd[cmd.index("-m") + 1] = f"{per * numa_nodes}M"
        if cpus % numa_nodes == 0:
            # a socket per node: CPUs that share a cache across nodes make
            # the guest's topology check warn at boot
            cmd[cmd.index("-smp") + 1] = f"{cpus},sockets={numa_nodes}"
    return cmd


@dataclasses.dataclass
class Launch:
    status: int             # the guest command's exit status; None if none was printed
    output: list            # the command's own lines from the console
    seconds: float
    timed_out: bool
    share_failed: bool      # the guest could not mount its share and ran nothing


def _launch(cmd, log_path, timeout, echo):
    """Runs qemu, copies the console to log_path, echoes the command's own
    output when echo (a function: what it makes of each line)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, preexec_fn=_die_with_parent(os.getpid()))
    found = {"status": None, "started": False, "share_failed": False}
    output = []

    def reader():
        with open(log_path, "wb") as log:
            for raw in p.stdout:
                log.write(raw)
                log.flush()
                line = raw.decode(errors="replace").rstrip("\r\n")
                m = EXIT_RE.search(line)
                if SHARE_FAILED in line:
                    found["share_failed"] = True
                if m:
                    found["status"] = int(m.group(1))
                    found["started"] = False
                elif START in line:
                    found["started"] = True
                elif found["started"]:
                    output.append(line)
                    if echo:
                        print(echo(line) if callable(echo) else line, flush=True)

    th = threading.Thread(target=reader, daemon=True)
    th.start()
    try:
        p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        return Launch(None, output, time.monotonic() - t0, True, False)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        th.join(timeout=5)
    return Launch(found["status"], output, time.monotonic() - t0, False, found["share_failed"])


def _fw_files(workdir, command, cwd, share):
    files = {"command": shlex.join(command), "cwd": cwd, "repo": paths.REPO}
    if share:
        files["share"] = share
    fw = {}
    for name, text in files.items():
        path = os.path.join(workdir, f"fw-{name}")
        with open(path, "w") as f:
            f.write(text)
        fw[name] = path
    return fw


def probe_accel(image):
    """KVM if a guest boots and runs 'true' under it within PROBE_TIMEOUT
    seconds (nested KVM can hang), else TCG. Remembered per host kernel and
    qemu version."""
    key = {"host": os.uname().release,
           "qemu": subprocess.run([_qemu(), "--version"], capture_output=True,
                                  text=True).stdout.splitlines()[0]}
    try:
        with open(_probe_file()) as f:
            saved = json.load(f)
        if saved.get("key") == key:
            return saved["accel"], saved["reason"]
    except (OSError, ValueError, KeyError):
        pass
    if not os.access("/dev/kvm", os.R_OK | os.W_OK):
        accel, reason = "tcg", "/dev/kvm absent or not accessible"
    else:
        print(f"spbench: probing KVM (a boot under it, {PROBE_TIMEOUT} s at most)",
              file=sys.stderr)
        workdir = _workdir("probe")
        fw = _fw_files(workdir, ["true"], "/", None)
        run = _launch(qemu_command(image, "kvm", "512M", 1, fw, None),
                      os.path.join(workdir, "console.log"), PROBE_TIMEOUT, False)
        if run.status == 0:
            accel, reason = "kvm", f"a KVM boot ran its command in {run.seconds:.1f} s"
        else:
            accel, reason = "tcg", (f"a KVM boot did not finish within {PROBE_TIMEOUT} s"
                                    if run.status is None else "a KVM boot failed")
    atomic.write_text(_probe_file(), json.dumps({"key": key, "accel": accel, "reason": reason})
                      + "\n")
    return accel, reason


def _workdir(variant):
    d = os.path.join(config.kernel_dir(), variant, f"boot-{os.getpid()}")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def boot(variant, command, mem="2G", cpus=2, timeout=600, accel="auto", share=None,
         echo=True, extra_append="", numa_nodes=1):
    if variant not in kernel_build.VARIANTS:
        raise UserError(f"unknown variant '{variant}'; known: {', '.join(kernel_build.VARIANTS)}")
    _qemu()
    image = kernel_build.bzimage(variant)
    if not os.path.exists(image):
        raise UserError(f"no {variant} kernel built: run 'spbench kernel build --variant "
                        f"{variant}'")
    if accel == "auto":
        accel, reason = probe_accel(image)
        print(f"spbench: booting the {variant} kernel under {accel.upper()} ({reason})",
              file=sys.stderr)
    share = os.path.abspath(share or paths.RESULTS)
    os.makedirs(share, exist_ok=True)
    workdir = _workdir(variant)
    log = os.path.join(kernel_build.variant_dir(variant), "console.log")
    fw = _fw_files(workdir, command, os.getcwd(), share)
    run = _launch(qemu_command(image, accel, mem, cpus, fw, share, extra_append, numa_nodes),
                  log, timeout, echo)
    shutil.rmtree(workdir, ignore_errors=True)
    if run.timed_out:
        raise UserError(f"the guest did not finish within {timeout:g} s and was stopped; "
                        f"console log: {log}", status=124)
    if run.status is None:
        raise UserError("the guest stopped without reporting an exit status (kernel "
                        f"panic?); console log: {log}", status=1)
    if run.share_failed:
        raise UserError(f"the guest could not mount {share} (9p), so nothing was run; "
                        f"console log: {log}", status=1)
    return BootResult(run.status, log, accel, run.seconds, run.output)
