"""spbench state: free-memory contiguity now (the paper's metric), free memory, free 2 MB
blocks, by migratetype."""
import json
import subprocess

from harness.driver import paths
from harness.driver.errors import UserError


NAME = "state"


def add_parser(sub):
    s = sub.add_parser(NAME, help="free-memory contiguity now (the paper's "
                       "metric), free memory, free 2 MB blocks, by migratetype")
    s.add_argument("--json", action="store_true", help="print spfrag's JSON as is")


def measure():
    try:
        p = subprocess.run([paths.SPFRAG, "measure"], capture_output=True, text=True)
    except OSError as e:
        raise UserError(f"cannot run {paths.SPFRAG}: {e.strerror} (run make)")
    if p.returncode != 0:
        lines = p.stderr.strip().splitlines()
        raise UserError("spfrag measure failed: "
                        + (lines[-1] if lines else f"exit {p.returncode}"))
    return json.loads(p.stdout)


def render_state(m):
    c = m["contiguity"]
    sizes = ", ".join(f"{_size(int(k))} {v:.3f}" for k, v in c["per_size"].items())
    out = [f"contiguity        {c['contiguity']:.3f}  ({sizes}; the paper's metric: "
           "1 = all memory free and contiguous)",
           f"free memory       {c['free_kb'] / 1024:.0f} MB of {c['total_kb'] / 1024:.0f} MB "
           f"the page allocator manages (MemAvailable {m['mem_available_kb'] / 1024:.0f} MB)",
           f"free 2 MB blocks  {c['free_2m_blocks']}"]
    if "pcp_kb" in m:
        out.append(f"per-CPU lists     {m['pcp_kb'] / 1024:.0f} MB free but cached per CPU, not "
                   "in buddyinfo (the clean state drains them)")
    types = m.get("by_migratetype")
    if types:
        out.append("by migratetype    " + "; ".join(
            f"{name} {t['free_kb'] / 1024:.0f} MB free, {t['free_2m_blocks']} x 2 MB"
            for name, t in types.items() if isinstance(t, dict) and t["free_kb"]))
        if types.get("saturated"):
            out[-1] += " (a list past 100000 blocks: lower bounds)"
    else:
        out.append("by migratetype    n/a: " + m.get("by_migratetype_error", "?"))
    return "\n".join(out)


def _size(kb):
    return f"{kb // 1024}M" if kb % 1024 == 0 else f"{kb}K"


def run(args):
    m = measure()
    print(json.dumps(m) if args.json else render_state(m))
    return 0
