"""What the guests need of their kernel, found in the text of the programs they run (each
kernel interface one uses names the options it needs), and the boot self-check that holds
the running kernel's /proc/config.gz to it before a guest job runs anything."""
import glob
import gzip
import os
import re

from harness.driver import paths
from harness.driver.errors import UserError

CONFIG_GZ = "/proc/config.gz"
FRAGMENT = "kernel-patch/config/*.config"

# An interface a program may use (a pattern of its text), the options it needs, what it is.
INTERFACES = (
    (r"/proc/sys\b", ("CONFIG_PROC_SYSCTL",), "sysctl files"),
    (r"smaps|pagemap|kpageflags", ("CONFIG_PROC_PAGE_MONITOR",), "smaps, pagemap, kpageflags"),
    (r"clear_refs", ("CONFIG_MEM_SOFT_DIRTY",), "soft-dirty write protection"),
    (r"/proc/vmstat", ("CONFIG_VM_EVENT_COUNTERS",), "the event counters of /proc/vmstat"),
    (r"transparent_hugepage|MADV_HUGEPAGE|MADV_COLLAPSE|AnonHugePages",
     ("CONFIG_TRANSPARENT_HUGEPAGE",), "transparent huge pages"),
    (r"compact_memory|compaction_proactiveness|extfrag_threshold", ("CONFIG_COMPACTION",),
     "compaction"),
    (r"move_pages|mbind|/sys/devices/system/node", ("CONFIG_NUMA", "CONFIG_MIGRATION"),
     "NUMA nodes and page migration"),
    (r"/sys/kernel/mm/ksm|MADV_MERGEABLE", ("CONFIG_KSM",), "KSM"),
    (r"MADV_HWPOISON", ("CONFIG_MEMORY_FAILURE",), "memory failure handling"),
    (r"hwpoison/corrupt-pfn", ("CONFIG_HWPOISON_INJECT",), "hwpoison injection"),
    (r"/sys/kernel/debug|-t debugfs", ("CONFIG_DEBUG_FS",), "debugfs"),
    (r"debug/tracing", ("CONFIG_FTRACE", "CONFIG_EVENT_TRACING"), "trace events"),
    (r"zram", ("CONFIG_ZRAM", "CONFIG_SWAP"), "a zram swap device"),
    (r"swapon|MADV_PAGEOUT", ("CONFIG_SWAP",), "swap"),
    (r"cgroup2|/sys/fs/cgroup", ("CONFIG_CGROUPS", "CONFIG_MEMCG"), "memory cgroups (v2)"),
    (r"userfaultfd|UFFDIO_", ("CONFIG_USERFAULTFD",), "userfaultfd"),
    (r"perf_event_open|/sys/bus/event_source", ("CONFIG_PERF_EVENTS",), "perf events"),
    (r"qemu_fw_cfg", ("CONFIG_FW_CFG_SYSFS",), "fw_cfg files in sysfs"),
    (r"sysrq-trigger", ("CONFIG_MAGIC_SYSRQ",), "the power-off through sysrq"),
    (r"-t 9p", ("CONFIG_9P_FS", "CONFIG_NET_9P_VIRTIO"), "9p over virtio"),
    (r"-t devtmpfs", ("CONFIG_DEVTMPFS",), "devtmpfs"),
    (r"-t tmpfs", ("CONFIG_TMPFS",), "tmpfs"),
    (r"127\.0\.0\.1|INADDR_LOOPBACK", ("CONFIG_NET", "CONFIG_INET"), "TCP over loopback"),
    (r"pthread_create|\bthreading\b", ("CONFIG_FUTEX",), "threads"),
    (r"\bmadvise\(", ("CONFIG_ADVISE_SYSCALLS",), "madvise"),
    (r"\bmlock2?\(", ("CONFIG_MMU",), "mlock"),
    (r"^#!", ("CONFIG_BINFMT_SCRIPT",), "#! scripts"),
)
# Paths that any kernel with /proc, /sys and devtmpfs has: needing nothing more.
GENERAL_PATHS = re.compile(
    r"/proc/(meminfo|cpuinfo|cmdline|buddyinfo|zoneinfo|pagetypeinfo"
    r"|(self|%d|\{pid\}|PID)/(maps|status|exe|fd|stat))"
    r"|/dev/(null|console|fd)|/sys/devices/system/cpu|/sys/kernel/mm")
PATH_LITERAL = re.compile(r"/(?:sys|proc|dev)/[A-Za-z0-9_%.{}/-]*[A-Za-z0-9_}]")

# Who uses the kernel, group by group: "guest" is every guest job, "kernel-tests" the
# patch's in-guest suite (the test variant) on top.
CONSUMERS = {
    "guest": ("harness/guest/init.sh", "harness/core/*.c", "harness/driver/system/*.py",
              "workloads/*/*.c", "kernel-patch/bench/*.c"),
    "kernel-tests": ("kernel-patch/tests/*.c", "kernel-patch/tests/guest_*.py",
                     "kernel-patch/tests/run-in-guest.sh",
                     "kernel-patch/tests/upstream/run-in-guest.sh"),
}
# Needs no program text shows, with who has them.
DECLARED = {
    "guest": {
        "CONFIG_BINFMT_ELF": "every program",
        "CONFIG_SERIAL_8250_CONSOLE": "boot.py's console=ttyS0",
        "CONFIG_VIRTIO_PCI": "boot.py's virtio-9p-pci devices",
        "CONFIG_IKCONFIG_PROC": "this self-check's /proc/config.gz",
        "CONFIG_MEMCG": "the fault path measured: pages and THPs charged to a memory cgroup, "
                        "as on a distribution kernel",
    },
    "kernel-tests": {
        "CONFIG_DEBUG_VM": "the suite's page table and folio consistency checks",
        "CONFIG_PROVE_LOCKING": "thp_resv.c's lockdep_assert_held() contracts",
        "CONFIG_HUGETLBFS": "the upstream cow selftest's hugetlb cases",
        "CONFIG_X86_64_ACPI_NUMA": "the upstream migration selftest's two nodes",
    },
}


def consumer_files(group, repo=paths.REPO):
    return sorted(f for pattern in CONSUMERS[group]
                  for f in glob.glob(os.path.join(repo, pattern))
                  if not os.path.basename(f).startswith("test_"))


def _scan(path, needs, repo):
    with open(path, errors="replace") as f:
        text = f.read()
    where = os.path.relpath(path, repo)
    for pattern, options, what in INTERFACES:
        if re.search(pattern, text, re.MULTILINE):
            for option in options:
                needs.setdefault(option, f"{where}: {what}")


def needs(groups, repo=paths.REPO):
    """{option: who needs it} for the consumers of groups."""
    out = {}
    for group in groups:
        for path in consumer_files(group, repo):
            _scan(path, out, repo)
        for option, who in DECLARED[group].items():
            out.setdefault(option, who)
    return out


def enabled(config_text):
    """The options a .config (or /proc/config.gz) sets to y."""
    return {line.split("=", 1)[0] for line in config_text.splitlines()
            if re.match(r"CONFIG_\w+=y$", line.strip())}


def missing(config_text, wanted):
    """The options of wanted (needs()) that config_text does not set, with who needs each."""
    have = enabled(config_text)
    return [(option, who) for option, who in sorted(wanted.items())
            if option != "CONFIG_MMU" and option not in have]


def unaccounted_paths(group, repo=paths.REPO):
    """/sys, /proc and /dev paths in the consumers' text that neither an interface nor
    GENERAL_PATHS accounts for: a kernel need nobody has written down."""
    out = set()
    for path in consumer_files(group, repo):
        with open(path, errors="replace") as f:
            for literal in PATH_LITERAL.findall(f.read()):
                if not (GENERAL_PATHS.fullmatch(literal)
                        or any(re.search(p, literal) for p, _, _ in INTERFACES)):
                    out.add(f"{os.path.relpath(path, repo)}: {literal}")
    return sorted(out)


def check_running(groups, config_gz=CONFIG_GZ):
    """Raises UserError, one line naming each missing option, unless the running kernel
    has every option groups need."""
    try:
        with gzip.open(config_gz, "rt") as f:
            text = f.read()
    except OSError:
        raise UserError(f"the guest kernel has no {config_gz}, so its options cannot be "
                        f"checked: it lacks CONFIG_IKCONFIG_PROC ({FRAGMENT})", status=1)
    lacking = missing(text, needs(groups))
    if lacking:
        raise UserError("the guest kernel lacks " + "; ".join(
            f"{option} (needed by {who})" for option, who in lacking)
            + f"; see {FRAGMENT}", status=1)
