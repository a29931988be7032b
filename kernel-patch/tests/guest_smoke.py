#!/usr/bin/python3
"""guest_smoke.py - the pipeline's own check, run inside the guest: the
kernel is the one we built, spstat measures a program there, /proc/vmstat
and the THP knobs are what the harness reads, and a server on 127.0.0.1 (the
web workload's) can be reached."""
import json
import os
import platform
import socket
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPSTAT = os.path.join(REPO, "build", "bin", "spstat")
THP = "/sys/kernel/mm/transparent_hugepage/enabled"
n = 0


def check(ok, what):
    global n
    n += 1
    print(f"{'ok' if ok else 'not ok'} {n} - {what}", flush=True)


check(platform.release().startswith("6.12"), f"guest kernel is 6.12 ({platform.release()})")
with open("/proc/vmstat") as f:
    vmstat = dict(line.split() for line in f)
check("thp_fault_alloc" in vmstat, "/proc/vmstat has thp_fault_alloc")


def loopback_answers():
    try:
        with socket.create_server(("127.0.0.1", 0)) as srv, \
                socket.create_connection(srv.getsockname(), timeout=5):
            return True
    except OSError:
        return False


check(loopback_answers(), "a connection to a server on 127.0.0.1 is accepted (loopback up)")

original = open(THP).read().split("[")[1].split("]")[0]
with open(THP, "w") as f:
    f.write("always")
try:
    # The toucher holds its memory for 3 s: spstat backs off to 100 times the
    # cost of a smaps_rollup read between samples (1 ms per read of this
    # process on the host, several under TCG), so a process that frees its
    # memory at once can end between two samples.
    toucher = [sys.executable, "-c", "import time\nb = bytearray(64 << 20)\n"
               "for i in range(0, len(b), 4096): b[i] = 1\ntime.sleep(3)"]
    p = subprocess.run([SPSTAT, "--sample-ms", "20", "--", *toucher], capture_output=True,
                       text=True)
finally:
    with open(THP, "w") as f:
        f.write(original)
check(p.returncode == 0, f"spstat ran a program in the guest (exit {p.returncode})")
try:
    r = json.loads(p.stdout)
except ValueError:
    r = {}
check(r.get("schema") == "spstat/1", "spstat printed its JSON")
faults = r.get("counters", {}).get("minor-faults", {})
check(faults.get("supported") and faults.get("value", 0) > 0,
      f"minor-faults counted ({faults.get('value')})")
delta = r.get("vmstat_delta", {}).get("thp_fault_alloc", 0)
check(delta > 0, f"a 64 MB touch under THP=always faulted huge pages (thp_fault_alloc +{delta})")
peak = r.get("coverage", {}).get("peak", {})
samples = r.get("coverage", {}).get("samples")
check(peak.get("anon_huge_kb", 0) > 0,
      f"coverage saw AnonHugePages ({peak.get('anon_huge_kb')} kB, {samples} samples)")
sys.exit(0)
