"""`spbench doctor`'s noise lines: each setting --tune would write is named with what it
would set or why it cannot, and a host without cpufreq (a VM) says so."""
import os

from harness.driver.commands import doctor
from harness.driver.system import noise


def test_every_tune_setting_is_named_with_its_outcome(capsys):
    doctor._noise()
    out = capsys.readouterr().out
    lines = {line.split()[1]: line for line in out.splitlines() if line.startswith("  --tune")}
    for name in ("governor", "boost", "aslr", "pinning"):
        assert any(k.startswith(name) for k in lines), f"no --tune {name} line:\n{out}"
    for k, line in lines.items():
        if k != "pinning":
            assert "sets " in line or "cannot set: " in line, line
    has_cpufreq = any(os.path.exists(os.path.join(noise.CPU_ROOT, f"cpu{c}", "cpufreq"))
                      for c in noise.online_cpus())
    if not has_cpufreq:
        assert "no cpufreq driver" in lines["governor"]
    if os.geteuid() != 0:
        assert "needs root" in lines["aslr"]
