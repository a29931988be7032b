"""spbench list: the workloads, their groups, sizes and footprints."""
from harness.driver import manifest
from harness.driver.engine import refsize
from harness.driver.errors import UserError
from harness.driver.system import hostinfo

NAME = "list"


def add_parser(sub):
    sub.add_parser(NAME, help="the workloads, their groups, sizes and footprints")


def _ref_reach():
    """The reach ref is sized from (measured or CPUID, refsize.choose), or None."""
    try:
        return refsize.choose(hostinfo.host())
    except UserError:
        return None


def run(args):
    choice = _ref_reach()
    reach = choice["reach_kb"] if choice else None
    cap = refsize.memory_cap_mb()
    loaded = [manifest.find(n) for n in manifest.available()]
    # by group, in the paper's order (CINT2000, CFP2000, other), then by name
    loaded.sort(key=lambda w: (manifest.GROUPS.index(w.group), w.name))
    rows = [("workload", "group", "test MB", "paper MB", "ref MB", "description")]
    for w in [v for w in loaded for v in [w] + [w.variant(n) for n in sorted(w.variants)]]:
        ref = str(refsize.ref_mb(w, reach, cap)) if reach else "?"
        rows.append((w.name, w.group, str(w.footprint_mb("test")), str(w.footprint_mb("paper")),
                     ref, w.description))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for r in rows:
        print("  ".join(c.ljust(widths[i]) if i in (0, 1) else c.rjust(widths[i])
                        for i, c in enumerate(r[:5])) + "  " + r[5])
    if any(":" in r[0] for r in rows):
        print("\nWORKLOAD:VARIANT runs only when named, not in a group or make reproduce")
    if reach:
        print(f"\nref: footprint = paper footprint / 1 MB (its TLB reach) x this host's "
              f"base-page TLB reach ({reach} kB, {choice['why']}), at most {cap} MB "
              f"(a quarter of the memory) and what one base run does in about "
              f"{refsize.RUN_BUDGET_S:.0f} s (its manifest's ref seconds, in proportion)")
    return 0
