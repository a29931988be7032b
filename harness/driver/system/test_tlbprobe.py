"""The measured reach and its choice over CPUID's, from synthetic probe
results; the probe's result remembered per host and CPU model."""
import json
import os
import stat

from harness.driver.system import tlbprobe


def _result(entries):
    tlb = ({"status": "found", "largest_level_entries": entries} if entries else
           {"status": "not found", "reason": "no clear knee where the 4 kB curve parts "
            "from the 2 MB one", "largest_level_entries": "not found"})
    return {"probe": "sptlbprobe", "tlb": tlb}


def test_the_measured_reach_sizes_ref_when_found():
    r = tlbprobe.choose_reach(512, _result(2048))
    assert (r["source"], r["reach_kb"], r["measured_kb"], r["cpuid_kb"]) == \
        ("probe", 8192, 8192, 512)


def test_cpuid_sizes_ref_when_no_knee_and_says_why():
    r = tlbprobe.choose_reach(512, _result(None))
    assert (r["source"], r["reach_kb"], r["measured_kb"]) == ("cpuid", 512, None)
    assert "no clear knee" in r["why"]
    r = tlbprobe.choose_reach(512, None, "sptlbprobe is not built")
    assert r["source"] == "cpuid" and "not built" in r["why"]


def _fake_probe(tmp_path, monkeypatch, entries):
    count = tmp_path / "count"
    script = tmp_path / "probe"
    script.write_text(f"#!/bin/sh\necho x >> {count}\n"
                      f"echo '{json.dumps(_result(entries))}'\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setattr(tlbprobe, "PROBE", str(script))
    monkeypatch.setattr(tlbprobe, "_cache_file", lambda: str(tmp_path / "c" / "tlb.json"))
    return lambda: len(count.read_text().split()) if count.exists() else 0


def test_the_result_is_remembered_per_host_and_cpu(tmp_path, monkeypatch):
    runs = _fake_probe(tmp_path, monkeypatch, 1536)
    first, how = tlbprobe.measured()
    assert tlbprobe.measured_entries(first) == 1536 and how == "probed now" and runs() == 1
    again, how = tlbprobe.measured()
    assert again == first and how.startswith("remembered") and runs() == 1
    monkeypatch.setattr(tlbprobe, "cpu_model", lambda: "another CPU")
    tlbprobe.measured()
    assert runs() == 2
    tlbprobe.measured(refresh=True)
    assert runs() == 3


def test_a_result_without_a_knee_is_probed_again(tmp_path, monkeypatch):
    runs = _fake_probe(tmp_path, monkeypatch, None)
    result, how = tlbprobe.measured()
    assert tlbprobe.measured_entries(result) is None
    assert runs() == tlbprobe.TRIES and how == f"probed now ({tlbprobe.TRIES} tries)"
    tlbprobe.measured()
    assert runs() == 2 * tlbprobe.TRIES


def test_a_missing_probe_is_a_reason_not_a_result(tmp_path, monkeypatch):
    monkeypatch.setattr(tlbprobe, "PROBE", str(tmp_path / "absent"))
    monkeypatch.setattr(tlbprobe, "_cache_file", lambda: str(tmp_path / "tlb.json"))
    result, why = tlbprobe.measured()
    assert result is None and "not built" in why
    assert not os.path.exists(tmp_path / "tlb.json")


def _full(entries):
    r = _result(entries)
    r["curves"] = {"pages": [8, 16384], "4k": {"best_ns": [1.2, 20.0]},
                   "2m": {"best_ns": [1.2, 13.0]}}
    if entries:
        r["tlb"]["levels"] = [{"entries": entries}]
        r["tlb"]["walk"] = {"status": "found", "ns": 10.0, "cycles": 40.0}
        r["tlb"]["l1_miss_l2_hit"] = {"status": "not found", "reason": "shared"}
    return r


CPUID_L2_128 = [{"level": "L1", "type": "data", "page_kb": 4, "entries": 96},
                {"level": "L2", "type": "unified", "page_kb": 4, "entries": 128},
                {"level": "L1", "type": "instruction", "page_kb": 4, "entries": 4000},
                {"level": "L1", "type": "data", "page_kb": 2048, "entries": 32}]


def test_doctor_warns_when_cpuid_is_far_smaller_than_measured():
    lines, warnings = tlbprobe.geometry_lines(CPUID_L2_128, None, _full(2048), "probed now")
    assert dict(lines)["TLB (CPUID, 4 kB data)"] == "L1 96 entries; L2 128 entries"
    assert warnings == ["CPUID's largest level (L2) (128 entries) is 16.0x smaller than "
                        "measured (2048 entries)"]
    assert "walk" in " ".join(label for label, _ in lines)


def test_doctor_says_when_cpuid_lists_no_tlb():
    lines, warnings = tlbprobe.geometry_lines([], "CPUID leaf 0x18 lists no translation "
                                              "caches", _full(1448), "probed now")
    assert dict(lines)["TLB (CPUID, 4 kB data)"] == ("none: CPUID lists no TLB at all (CPUID "
                                                     "leaf 0x18 lists no translation caches)")
    assert warnings == ["CPUID lists no data TLB at all; measured: walks begin beyond 1448 "
                        "pages of 4 kB"]


def test_doctor_is_quiet_within_a_factor_of_two_and_without_a_knee():
    cpuid = [{"level": "L2", "type": "unified", "page_kb": 4, "entries": 2048}]
    assert tlbprobe.geometry_lines(cpuid, None, _full(1100), "")[1] == []
    lines, warnings = tlbprobe.geometry_lines(cpuid, None, _full(None), "")
    assert warnings == [] and dict(lines)["TLB (measured)"].startswith("not found: no clear")
    lines, warnings = tlbprobe.geometry_lines(cpuid, None, None, "sptlbprobe is not built")
    assert warnings == [] and "not built" in dict(lines)["TLB (measured)"]
