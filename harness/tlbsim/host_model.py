"""host_model: makes the `host` TLB model (sptlb --model host), the running
machine's own TLBs as CPUID reports them through `spstat --host`, so that
simulated misses can be set beside the geometry of the machine measured."""
import json
import os
import subprocess

# spstat's page sizes (kB) the model holds, as a model file writes them.
# 1 GB pages are left out: the model format takes no page over 4096 base
# pages (16 MB over 4 KB).  Intel's 4 MB rows are left out too: x86-64
# Linux maps no 4 MB pages.
PAGES = {4: "4K", 2048: "2M"}
# spstat's TLB types as model streams.  The store DTLB (Intel "store") is
# left out: the simulator does not tell stores from loads, so every data
# access goes through the load DTLB.
STREAMS = {"data": "data", "load": "data", "instruction": "instr",
           "unified": "any"}
STREAM_ORDER = ("data", "instr", "any")
KIND = {"data": "dtlb", "instr": "itlb", "any": "tlb"}
WORDS = {"data": "data", "instr": "instruction", "any": "unified"}
# Bounds of model.c / model.h.
MAX_ENTRIES = 65534  # a TLB slot is 16 bits, one value meaning "none"
MAX_TLBS = 8
MAX_WORDS = 24


class NoHostModel(Exception):
    """CPUID gave no TLB geometry that a model file can hold."""


class Tlb:
    def __init__(self, level, stream, entries, ways):
        self.level, self.stream = level, stream
        self.entries, self.ways = entries, ways
        self.sizes = []
        self.size_ways = {}  # a size only some arrays hold: its ways
        self.next = None

    def holds(self, level, stream, size):
        return (self.level, self.stream) == (level, stream) and size in self.sizes

    def name(self):
        prefix = "" if self.level == 1 else "l%d-" % self.level
        return prefix + KIND[self.stream] + "-" + "-".join(
            s.lower() for s in self.sizes)

    def described(self):
        return "L%d %s TLB for %s pages" % (self.level, WORDS[self.stream],
                                            " ".join(self.sizes))

    def size_words(self):
        return " ".join(s + ("/%d" % self.size_ways[s] if s in self.size_ways
                             else "") for s in self.sizes)


def ways_of(row, what):
    """The ways of one spstat row; 0 there means fully associative."""
    entries, ways = row["entries"], row["ways"]
    if ways is None:
        raise NoHostModel("CPUID does not report the ways of the %s" % what)
    if ways == 0:
        ways = entries
    if entries > MAX_ENTRIES:
        raise NoHostModel("the %s has %d entries; a model TLB holds at most "
                          "%d" % (what, entries, MAX_ENTRIES))
    if entries % ways:
        # Refused, not rounded: any other entry or way count would be a
        # geometry CPUID did not report.
        raise NoHostModel("the %s has %d entries in %d ways: not whole sets"
                          % (what, entries, ways))
    return ways


def geometry_rows(host):
    """(level, stream, size, entries, ways) of each row a model can hold."""
    rows = host.get("tlb") or []
    if host.get("tlb_reason") or not rows:
        raise NoHostModel("CPUID gives no TLB geometry: %s"
                          % (host.get("tlb_reason") or "spstat lists no TLB"))
    out = []
    for row in rows:
        if row["page_kb"] not in PAGES or row["type"] not in STREAMS:
            continue
        level, stream = int(row["level"].lstrip("L")), STREAMS[row["type"]]
        size = PAGES[row["page_kb"]]
        what = "L%d %s TLB for %s pages" % (level, WORDS[stream], size)
        out.append((level, stream, size, row["entries"], ways_of(row, what)))
    return out


def arrays_tlb(level, stream, entries, ways, sizes):
    """One TLB of the rows of one geometry past the first level.  spstat
    writes a row per page size, and leaf 0x18 lists a shared STLB once with
    all its sizes; a size listed k times means k arrays of that geometry
    (Golden Cove: 4K/2M/4M and 4K/1G), one TLB of k times the ways in which
    a size fewer arrays hold fills only that many arrays' ways."""
    arrays = max(sizes.count(s) for s in sizes)
    tlb = Tlb(level, stream, entries * arrays, ways * arrays)
    for size in PAGES.values():
        if size in sizes:
            tlb.sizes.append(size)
            if sizes.count(size) < arrays:
                tlb.size_ways[size] = ways * sizes.count(size)
    return tlb


def tlbs_of(host):
    """The TLBs spstat reports that a model can hold, first level first."""
    groups = {}
    for level, stream, size, entries, ways in geometry_rows(host):
        # The first level is one TLB per size, each going on to the level
        # below that holds its size.
        key = (level, stream, entries, ways) + ((size,) if level == 1 else ())
        groups.setdefault(key, []).append(size)
    tlbs = []
    for (level, stream, entries, ways, *_), sizes in groups.items():
        if level == 1 and len(sizes) > 1:
            raise NoHostModel("CPUID lists two L1 %s TLBs for %s pages"
                              % (WORDS[stream], sizes[0]))
        tlbs.append(arrays_tlb(level, stream, entries, ways, sizes))
    for tlb in tlbs:
        for size in tlb.sizes:
            if sum(t.holds(tlb.level, tlb.stream, size) for t in tlbs) > 1:
                raise NoHostModel(
                    "CPUID lists L%d %s TLBs of different geometries for %s "
                    "pages" % (tlb.level, WORDS[tlb.stream], size))
    tlbs.sort(key=lambda t: (t.level, STREAM_ORDER.index(t.stream),
                             list(PAGES.values()).index(t.sizes[0])))
    return tlbs


def link_levels(tlbs):
    """Points each TLB at the level below holding its sizes, its own stream
    first, else a unified one."""
    for tlb in tlbs:
        below = set()
        for size in tlb.sizes:
            for stream in (tlb.stream, "any"):
                found = [t for t in tlbs if t.holds(tlb.level + 1, stream, size)]
                if found:
                    below.add(found[0])
                    break
        if len(below) > 1:
            raise NoHostModel("the %s goes on to a different TLB for each "
                              "size; a model TLB has one next level"
                              % tlb.described())
        tlb.next = below.pop() if below else None


def check_covered(tlbs):
    """model.c wants a TLB for every stream and page size; say which is
    missing in CPUID's words."""
    if not any(t.level == 1 and t.stream in ("data", "any") and "4K" in t.sizes
               for t in tlbs):
        raise NoHostModel("CPUID reports no L1 data TLB for 4K pages")
    for stream in ("data", "instr"):
        for size in PAGES.values():
            if not any(t.stream in (stream, "any") and size in t.sizes
                       for t in tlbs):
                raise NoHostModel("CPUID reports no %s TLB for %s pages"
                                  % (WORDS[stream], size))
    if any(t.level == 1 and t.stream == "any" for t in tlbs):
        # model.c refuses it: its same-page shortcut would be inexact.
        raise NoHostModel("CPUID reports an L1 unified TLB; a model's first "
                          "level serves one stream")
    if len(tlbs) > MAX_TLBS:
        raise NoHostModel("CPUID reports %d TLBs; a model holds at most %d"
                          % (len(tlbs), MAX_TLBS))


def one_line(text):
    # '#' would start a comment in the model file, and model.c reads at
    # most 24 words a line.
    return " ".join(str(text).replace("#", " ").split()[:MAX_WORDS - 1])


def model_text(host):
    """The text of the `host` model file for a parsed `spstat --host`."""
    tlbs = tlbs_of(host)
    check_covered(tlbs)
    link_levels(tlbs)
    cpu = host.get("cpu") or {}
    core = one_line(cpu.get("model_name") or "") or one_line(
        "%s family 0x%x model 0x%x" % (cpu.get("vendor") or "unknown CPU",
                                       cpu.get("family", 0), cpu.get("model", 0)))
    lines = [
        "# This machine's TLBs as CPUID reports them (spstat --host).",
        "name host",
        "core " + core,
        "source " + one_line(host.get("tlb_source") or "cpuid"),
        "# Left out: 1 GB pages (a model's largest page holds at most 4096",
        "# base pages), 4 MB pages and the store DTLB (stores go through the",
        "# data TLB).",
        "pages " + " ".join(PAGES.values()),
        "# CPUID does not report replacement: LRU is assumed.  A fully",
        "# associative TLB has as many ways as entries.",
    ]
    if cpu.get("hypervisor"):
        lines.append("# CPUID was answered under a hypervisor: this is the "
                     "geometry it presents.")
    for t in tlbs:
        line = "tlb %s %s %d %d lru %s" % (t.name(), t.stream, t.entries,
                                           t.ways, t.size_words())
        if t.next:
            line += " -> " + t.next.name()
        lines.append(line)
    lines.append("policies base 2M thp-always")
    return "\n".join(lines) + "\n"


def host_model_file(spstat_path, dest_dir):
    """Runs `spstat --host`, writes dest_dir/host.model, returns its path."""
    try:
        proc = subprocess.run([spstat_path, "--host"], capture_output=True,
                              text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        raise NoHostModel("cannot run %s --host: %s" % (spstat_path, e))
    if proc.returncode != 0:
        said = proc.stderr.strip().splitlines()
        raise NoHostModel("%s --host failed (exit status %d)%s"
                          % (spstat_path, proc.returncode,
                             ": " + said[-1] if said else ""))
    try:
        host = json.loads(proc.stdout)
    except ValueError:
        raise NoHostModel("%s --host printed no JSON" % spstat_path)
    path = os.path.join(dest_dir, "host.model")
    with open(path, "w") as f:
        f.write(model_text(host))
    return path
