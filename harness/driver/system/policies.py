"""Page-size policies: what sysfs values a policy needs, and which spstat
flags it adds. base uses prctl in the child, so it changes nothing global."""
import dataclasses
import os
import re

from harness.driver.config import thp_root
from harness.driver.errors import UserError


def mthp_sizes_kb(root=None):
    """The per-size THP knobs this kernel offers, as sizes in kB, ascending."""
    root = root or thp_root()
    sizes = []
    try:
        for name in os.listdir(root):
            m = re.fullmatch(r"hugepages-(\d+)kB", name)
            # a size without 'enabled' exists for shmem only (order 1)
            if m and os.path.exists(os.path.join(root, name, "enabled")):
                sizes.append(int(m.group(1)))
    except FileNotFoundError:
        pass
    return sorted(sizes)


def size_label(kb):
    return f"{kb // 1024}M" if kb % 1024 == 0 else f"{kb}K"


@dataclasses.dataclass(eq=False)
class Policy:
    name: str
    settings: list          # [(path, value)] applied before each run
    spstat_flags: list
    needs_root: bool
    describe: str


def _size_knob(root, kb):
    return os.path.join(root, f"hugepages-{kb}kB", "enabled")


def pmd_size_kb(root=None):
    try:
        with open(os.path.join(root or thp_root(), "hpage_pmd_size")) as f:
            return int(f.read()) // 1024
    except (OSError, ValueError):
        return 2048


def _resv_knob(root):
    return os.path.join(root, "reservation", "enabled")


def _pmd_only(root, sizes, reservations):
    """THP for all anonymous memory at the PMD size only (2 MB on x86): it
    follows 'enabled', the other sizes are off. On a patched kernel the
    reservation knob is set explicitly, so thp means stock THP there too."""
    pmd_kb = pmd_size_kb(root)
    settings = [(os.path.join(root, "enabled"), "always")]
    settings += [(_size_knob(root, kb), "inherit" if kb == pmd_kb else "never")
                 for kb in sizes]
    if os.path.exists(_resv_knob(root)):
        settings.append((_resv_knob(root), "1" if reservations else "0"))
    return settings


def _per_size(root, sizes, enabled_kb, others):
    return [(_size_knob(root, kb), "always" if kb in enabled_kb else others)
            for kb in sizes]


def resolve(name):
    """The Policy for a name, or UserError naming the valid ones."""
    root = thp_root()
    sizes = mthp_sizes_kb(root)
    if name == "base":
        return Policy(name, [], ["--thp-disable"], False,
                      "base pages only (prctl PR_SET_THP_DISABLE before exec)")
    if name == "thp":
        if not os.path.exists(os.path.join(root, "enabled")):
            raise UserError("policy 'thp': this kernel has no transparent huge pages "
                            f"({root}/enabled missing)")
        return Policy(name, _pmd_only(root, sizes, reservations=False), [], True,
                      "Linux THP, 2 MB, for all anonymous memory")
    if name == "resv":
        if not os.path.exists(_resv_knob(root)):
            raise UserError("policy 'resv' needs the patched kernel (no "
                            f"{_resv_knob(root)}); use --kernel patched")
        return Policy(name, _pmd_only(root, sizes, reservations=True), [], True,
                      "the paper's reservations: 2 MB reserved at first fault, "
                      "promoted in place")
    m = re.fullmatch(r"mthp-(\d+)([KM])", name)
    if name == "mthp-all" or m:
        if not sizes:
            raise UserError(f"policy '{name}': this kernel has no per-size (mTHP) knobs "
                            f"under {root}")
        if m:
            kb = int(m.group(1)) * (1024 if m.group(2) == "M" else 1)
            if kb not in sizes:
                raise UserError(f"policy '{name}': no {kb} kB size here; this kernel offers "
                                + ", ".join("mthp-" + size_label(s) for s in sizes))
            wanted = (kb,)
        else:
            wanted = tuple(sizes)
        settings = [(os.path.join(root, "enabled"), "always")]
        settings += _per_size(root, sizes, wanted, "never")
        if os.path.exists(_resv_knob(root)):
            settings.append((_resv_knob(root), "0"))
        return Policy(name, settings, [], True,
                      "only " + ", ".join(size_label(k) for k in wanted) + " THP")
    raise UserError(f"unknown policy '{name}'; known: base, thp, resv, mthp-all, "
                    + ", ".join("mthp-" + size_label(s) for s in sizes))


def for_guest(name, patched):
    """A policy to be resolved inside a guest kernel: the host checks only
    what it can know (the name, and for resv that the variant carries the
    patch); the guest resolves it against its own sysfs."""
    if name in ("base", "thp", "mthp-all") or re.fullmatch(r"mthp-\d+[KM]", name):
        return Policy(name, [], [], name != "base", "resolved in the guest")
    if name == "resv":
        if not patched:
            raise UserError("policy 'resv' needs the patched kernel; use --kernel patched "
                            "(or test)")
        return Policy(name, [], [], True, "resolved in the guest")
    raise UserError(f"unknown policy '{name}'; known: base, thp, resv, mthp-all, "
                    "mthp-<size> (e.g. mthp-64K)")


def parse_list(text, guest_patched=None):
    """Policies by name; guest_patched (True/False) when they are to run in a
    guest kernel, with or without the reservation patch."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise UserError("--policy needs at least one policy, e.g. base,thp")
    if len(set(names)) != len(names):
        raise UserError(f"--policy lists a policy twice: {text}")
    if guest_patched is not None:
        return [for_guest(n, guest_patched) for n in names]
    return [resolve(n) for n in names]
