"""The `host` model: CPUID's TLB geometry (spstat --host) made a model file
that the tool's own parser takes, with the entries CPUID reported, and a
one-line refusal where CPUID gives none."""
import json
import os
import subprocess

import pytest

from harness.tlbsim import host_model, sptlb

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPTLB = os.path.join(REPO, "build", "bin", "sptlb")
SPSTAT = os.path.join(REPO, "build", "bin", "spstat")
X86_MODERN = os.path.join(REPO, "harness", "tlbsim", "models", "x86-modern.model")
STREAM_OF_TYPE = {"data": "data", "load": "data", "instruction": "instr",
                  "unified": "any"}
SIZE_OF_KB = {4: "4K", 2048: "2M"}


CPUID_DUMPS = os.path.join(REPO, "harness", "tlbsim", "tests", "cpuid")
REPLAY = os.path.join(REPO, "build", "tlbsim", "cpuid-replay")


def row(level, type_, page_kb, entries, ways):
    return {"level": level, "type": type_, "page_kb": page_kb,
            "entries": entries, "ways": ways}


def replayed(dump):
    """`spstat --host`'s cpu and tlb for a recorded dump, through spstat's
    own decoder."""
    proc = subprocess.run([REPLAY, os.path.join(CPUID_DUMPS, dump)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


# Each dump's TLBs, decoded by hand from its registers (a model's
# {name: (stream, entries, ways, sizes, next)}; SIZE/N: a size N ways hold).
# Golden Cove, leaf 0x18 subleaves (EBX[31:16] ways, EBX[3:0] 4K/2M/4M/1G,
# ECX sets, EDX[4:0] type, [7:5] level, [8] fully associative):
#   1: 00080001 20 4022: L1 instruction 4K, 8 x 32 = 256
#   2: 00080006 04 4022: L1 instruction 2M 4M, 8 x 4 = 32
#   4: 00040001 10 4024: L1 load 4K, 4 x 16 = 64
#   5: 00040006 08 4024: L1 load 2M 4M, 4 x 8 = 32
#   7: 00080007 80 4043: L2 unified 4K 2M 4M, 8 x 128 = 1024
#   8: 00080009 80 4043: L2 unified 4K 1G, 8 x 128 = 1024
#   (3: the store DTLB; 6: 1G loads.)  4K fills the 16 ways of both L2
#   arrays, 2M the 8 of the first.
GOLDEN_COVE = {
    "dtlb-4k": ("data", 64, 4, ("4K",), "l2-tlb-4k-2m"),
    "dtlb-2m": ("data", 32, 4, ("2M",), "l2-tlb-4k-2m"),
    "itlb-4k": ("instr", 256, 8, ("4K",), "l2-tlb-4k-2m"),
    "itlb-2m": ("instr", 32, 8, ("2M",), "l2-tlb-4k-2m"),
    "l2-tlb-4k-2m": ("any", 2048, 16, ("4K", "2M/8"), None),
}
# AMD 0x80000005 EAX (2M) / EBX (4K): [31:24] data ways (FF fully
# associative), [23:16] data entries, [15:8] / [7:0] instruction.
# 0x80000006 EAX (2M) / EBX (4K): [31:28] data ways code, [27:16] entries,
# [15:12] / [11:0] instruction; codes 2, 4, 5, 6 are 2, 4, 6, 8 ways.
# Zen 3 (5900X): FF40FF40 FF40FF40; 48002200 68004200.
ZEN3 = {
    "dtlb-4k": ("data", 64, 64, ("4K",), "l2-dtlb-4k"),
    "dtlb-2m": ("data", 64, 64, ("2M",), "l2-dtlb-2m"),
    "itlb-4k": ("instr", 64, 64, ("4K",), "l2-itlb-4k"),
    "itlb-2m": ("instr", 64, 64, ("2M",), "l2-itlb-2m"),
    "l2-dtlb-4k": ("data", 2048, 8, ("4K",), None),
    "l2-dtlb-2m": ("data", 2048, 4, ("2M",), None),
    "l2-itlb-4k": ("instr", 512, 4, ("4K",), None),
    "l2-itlb-2m": ("instr", 512, 2, ("2M",), None),
}
# Zen 4 (7600X): FF48FF40 FF48FF40; 5C002200 6C004200.
ZEN4 = dict(ZEN3, **{
    "dtlb-4k": ("data", 72, 72, ("4K",), "l2-dtlb-4k"),
    "dtlb-2m": ("data", 72, 72, ("2M",), "l2-dtlb-2m"),
    "l2-dtlb-4k": ("data", 3072, 8, ("4K",), None),
    "l2-dtlb-2m": ("data", 3072, 6, ("2M",), None),
})
DUMPS = {
    "goldencove-i5-12400.txt": ("12th Gen Intel(R) Core(TM) i5-12400",
                                GOLDEN_COVE),
    "goldencove-w7-2475x.txt": ("Intel(R) Xeon(R) w7-2475X", GOLDEN_COVE),
    "zen3-ryzen9-5900x.txt": ("AMD Ryzen 9 5900X 12-Core Processor", ZEN3),
    "zen4-ryzen5-7600x.txt": ("AMD Ryzen 5 7600X 6-Core Processor", ZEN4),
}


@pytest.fixture(scope="module")
def built():
    assert all(os.path.exists(p) for p in (SPTLB, SPSTAT, REPLAY)), \
        "run make first"


def tlb_lines(text):
    """{name: (stream, entries, ways, sizes, next)} of a model's tlb lines."""
    tlbs = {}
    for line in text.splitlines():
        words = line.split("#")[0].split()
        if words[:1] != ["tlb"]:
            continue
        sizes, after = words[6:], None
        if "->" in sizes:
            sizes, after = sizes[:sizes.index("->")], sizes[-1]
        tlbs[words[1]] = (words[2], int(words[3]), int(words[4]),
                          tuple(sizes), after)
    return tlbs


def capacity(tlbs):
    """{(level, stream, size): (sets, ways)} of a model's tlb lines, the
    ways a size may fill."""
    above = {t[4]: name for name, t in tlbs.items() if t[4]}

    def level(name):
        return 1 if name not in above else 1 + level(above[name])
    out = {}
    for name, (stream, entries, ways, sizes, _) in tlbs.items():
        for size in sizes:
            size, _, limit = size.partition("/")
            out[level(name), stream, size] = (entries // ways,
                                              int(limit or ways))
    return out


def reported_capacity(host):
    """The same from spstat's rows: rows of one level, stream, size and
    set count are arrays of one TLB, their ways added."""
    out = {}
    for r in host["tlb"]:
        if r["page_kb"] not in SIZE_OF_KB or r["type"] not in STREAM_OF_TYPE:
            continue
        ways = r["ways"] or r["entries"]
        key = (int(r["level"][1:]), STREAM_OF_TYPE[r["type"]],
               SIZE_OF_KB[r["page_kb"]])
        sets, before = out.get(key, (r["entries"] // ways, 0))
        assert sets == r["entries"] // ways, "arrays of different sets"
        out[key] = (sets, before + ways)
    return out


def run_model(tmp_path, text):
    path = tmp_path / "host.model"
    path.write_text(text)
    proc = subprocess.run([SPTLB, "--model", str(path), "--", "/bin/true"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("dump", sorted(DUMPS))
def test_published_dumps_make_their_models(built, dump):
    core, want = DUMPS[dump]
    host = replayed(dump)
    text = host_model.model_text(host)
    assert tlb_lines(text) == want
    assert capacity(tlb_lines(text)) == reported_capacity(host)
    assert "\ncore %s\n" % core in text


def test_golden_cove_is_the_x86_modern_geometry():
    assert tlb_lines(open(X86_MODERN).read()) == {
        name.replace("l2-tlb-4k-2m", "stlb"): t[:4] + (t[4] and "stlb",)
        for name, t in GOLDEN_COVE.items()}


def test_golden_cove_model_runs(built, tmp_path):
    text = host_model.model_text(replayed("goldencove-i5-12400.txt"))
    report = run_model(tmp_path, text)
    model = report["models"]["host"]
    assert model["core"] == "12th Gen Intel(R) Core(TM) i5-12400"
    base = model["policies"]["base"]["tlbs"]
    assert set(base) == set(GOLDEN_COVE)
    # Base pages only: every data access starts at the 4K DTLB, and the
    # shared STLB sees exactly the first level's 4K misses.
    assert base["dtlb-4k"]["accesses"] == report["accesses"]["data"] > 0
    assert base["l2-tlb-4k-2m"]["accesses"] == \
        base["dtlb-4k"]["misses"] + base["itlb-4k"]["misses"]


def this_host():
    proc = subprocess.run([SPSTAT, "--host"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_this_machine_keeps_cpuid_entries(built, tmp_path):
    host = this_host()
    if not host["tlb"]:
        pytest.skip("CPUID gives no TLB geometry here: %s" % host["tlb_reason"])
    text = host_model.model_text(host)
    tlbs = tlb_lines(text)
    assert capacity(tlbs) == reported_capacity(host)

    report = run_model(tmp_path, text)
    assert set(report["models"]["host"]["policies"]["base"]["tlbs"]) == set(tlbs)


@pytest.mark.parametrize("host, why", [
    ({"tlb": [], "tlb_source": None,
      "tlb_reason": "CPUID leaf 0x18 lists no translation caches"},
     "CPUID gives no TLB geometry: CPUID leaf 0x18 lists no translation caches"),
    ({"tlb": []}, "CPUID gives no TLB geometry: spstat lists no TLB"),
    ({"tlb": [row("L1", "instruction", 4, 64, 0), row("L1", "load", 2048, 32, 4)],
      "tlb_source": "cpuid 0x18", "tlb_reason": None},
     "CPUID reports no L1 data TLB for 4K pages"),
    ({"tlb": [row("L1", "data", 4, 64, 0), row("L1", "instruction", 4, 64, 0)],
      "tlb_source": "cpuid 0x80000005", "tlb_reason": None},
     "CPUID reports no data TLB for 2M pages"),
    ({"tlb": [row("L1", "data", 4, 64, 0), row("L2", "data", 4, 1536, None)],
      "tlb_source": "cpuid 0x80000005, 0x80000006", "tlb_reason": None},
     "CPUID does not report the ways of the L2 data TLB for 4K pages"),
    ({"tlb": [row("L1", "load", 4, 64, 4), row("L1", "load", 2048, 32, 4),
              row("L2", "unified", 4, 1024, 8), row("L2", "unified", 2048, 1024, 8),
              row("L2", "unified", 4, 512, 4)],
      "tlb_source": "cpuid 0x18", "tlb_reason": None},
     "CPUID lists L2 unified TLBs of different geometries for 4K pages"),
    ({"tlb": [row("L1", "unified", 4, 64, 4), row("L1", "unified", 2048, 32, 4)],
      "tlb_source": "cpuid 0x18", "tlb_reason": None},
     "CPUID reports an L1 unified TLB; a model's first level serves one stream"),
    ({"tlb": [row("L1", "load", 4, 64, 4), row("L1", "load", 4, 64, 4)],
      "tlb_source": "cpuid 0x18", "tlb_reason": None},
     "CPUID lists two L1 data TLBs for 4K pages"),
    ({"tlb": [row("L1", "data", 4, 64, 0), row("L2", "data", 4, 100, 8)],
      "tlb_source": "cpuid 0x80000005, 0x80000006", "tlb_reason": None},
     "the L2 data TLB for 4K pages has 100 entries in 8 ways: not whole sets"),
])
def test_no_usable_geometry_is_one_line(host, why):
    with pytest.raises(host_model.NoHostModel) as refused:
        host_model.model_text(host)
    assert str(refused.value) == why


def test_refusal_is_sptlbs_one_line(built, tmp_path, monkeypatch, capsys):
    fake = tmp_path / "spstat"
    fake.write_text("#!/bin/sh\necho '%s'\n" % json.dumps(
        {"tlb": [], "tlb_reason": "CPUID unavailable"}))
    fake.chmod(0o755)
    monkeypatch.setattr(sptlb, "SPSTAT", str(fake))
    assert sptlb.main(["--model", "host", "--", "/bin/true"]) == 2
    assert capsys.readouterr().err == \
        "sptlb: no host model: CPUID gives no TLB geometry: CPUID unavailable\n"


def test_model_host_end_to_end(built):
    proc = subprocess.run([SPTLB, "--model", "host", "--", "/bin/true"],
                          capture_output=True, text=True, timeout=60)
    host = this_host()
    if not host["tlb"]:
        assert proc.returncode == 2
        assert proc.stderr.startswith("sptlb: no host model: CPUID gives no "
                                      "TLB geometry")
        assert proc.stderr.count("\n") == 1
        return
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    model = report["models"]["host"]
    assert list(report["models"]) == ["host"]
    assert set(model["policies"]) == {"base", "2M", "thp-always"}
    if host["cpu"]["model_name"]:
        assert model["core"] == " ".join(host["cpu"]["model_name"].split())
