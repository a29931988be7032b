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


def row(level, type_, page_kb, entries, ways):
    return {"level": level, "type": type_, "page_kb": page_kb,
            "entries": entries, "ways": ways}


# What spstat prints from leaf 0x18 for Golden Cove, the TLBs of
# x86-modern.model plus the ones a model leaves out (store DTLB, 4 MB, 1 GB).
GOLDEN_COVE = {
    "cpu": {"vendor": "GenuineIntel", "family": 6, "model": 0x97,
            "stepping": 2, "model_name": "12th Gen Intel(R) Core(TM) i9-12900K",
            "hypervisor": False},
    "tlb": [
        row("L1", "instruction", 4, 256, 8),
        row("L1", "instruction", 2048, 32, 8),
        row("L1", "instruction", 4096, 32, 8),
        row("L1", "load", 4, 96, 6),
        row("L1", "load", 2048, 32, 4),
        row("L1", "load", 4096, 32, 4),
        row("L1", "load", 1048576, 8, 0),
        row("L1", "store", 4, 16, 0),
        row("L1", "store", 2048, 16, 0),
        row("L1", "store", 4096, 16, 0),
        row("L1", "store", 1048576, 16, 0),
        row("L2", "unified", 4, 2048, 16),
        row("L2", "unified", 2048, 2048, 16),
        row("L2", "unified", 1048576, 1024, 8),
    ],
    "tlb_source": "cpuid 0x18",
    "tlb_reason": None,
}


@pytest.fixture(scope="module")
def built():
    assert os.path.exists(SPTLB) and os.path.exists(SPSTAT), "run make first"


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


def levels(tlbs):
    """Each TLB's level as the model's chain gives it."""
    above = {t[4]: name for name, t in tlbs.items() if t[4]}

    def level(name):
        return 1 if name not in above else 1 + level(above[name])
    return {name: level(name) for name in tlbs}


def run_model(tmp_path, text):
    path = tmp_path / "host.model"
    path.write_text(text)
    proc = subprocess.run([SPTLB, "--model", str(path), "--", "/bin/true"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_golden_cove_is_the_x86_modern_geometry(built, tmp_path):
    text = host_model.model_text(GOLDEN_COVE)
    tlbs = tlb_lines(text)
    assert {name: t[:4] for name, t in tlbs.items()} == {
        "dtlb-4k": ("data", 96, 6, ("4K",)),
        "dtlb-2m": ("data", 32, 4, ("2M",)),
        "itlb-4k": ("instr", 256, 8, ("4K",)),
        "itlb-2m": ("instr", 32, 8, ("2M",)),
        "l2-tlb-4k-2m": ("any", 2048, 16, ("4K", "2M")),
    }
    assert {t[4] for name, t in tlbs.items() if name.startswith(("d", "i"))} \
        == {"l2-tlb-4k-2m"}
    geometry = sorted(t[:4] for t in tlbs.values())
    assert geometry == sorted(t[:4] for t in tlb_lines(open(X86_MODERN).read()).values())

    report = run_model(tmp_path, text)
    model = report["models"]["host"]
    assert model["core"] == "12th Gen Intel(R) Core(TM) i9-12900K"
    base = model["policies"]["base"]["tlbs"]
    assert set(base) == set(tlbs)
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
    reported = {(int(r["level"][1:]), STREAM_OF_TYPE[r["type"]],
                 SIZE_OF_KB[r["page_kb"]], r["entries"], r["ways"] or r["entries"])
                for r in host["tlb"]
                if r["page_kb"] in SIZE_OF_KB and r["type"] in STREAM_OF_TYPE}
    text = host_model.model_text(host)
    tlbs = tlb_lines(text)
    level = levels(tlbs)
    modelled = {(level[name], stream, size, entries, ways)
                for name, (stream, entries, ways, sizes, _) in tlbs.items()
                for size in sizes}
    assert modelled == reported

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
