"""Tests of the adversary table on a synthetic adversary folder: ratios and counters
against hand-computed values, partial folders, and what it says of TCG."""

import json
import math

from analysis import adversary


def _write(folder, kernel, setting, mode, secs, vmstat=None, pages=16384):
    raw = folder / "raw"
    raw.mkdir(exist_ok=True)
    lines = [{"mode": mode, "rep": i + 1, "mb": 64, "pages_touched": pages, "seconds": s,
              "vmstat": vmstat or {}} for i, s in enumerate(secs)]
    lines.append({"mode": mode, "summary": True, "reps": len(secs)})
    (raw / f"{kernel}-{setting}-{mode}.jsonl").write_text(
        "".join(json.dumps(x) + "\n" for x in lines))


def _full(folder, accel="tcg"):
    for mode in adversary.MODES:
        _write(folder, "stock", "base", mode, [1.0, 1.1, 0.9])
        _write(folder, "stock", "thp", mode, [0.5, 0.5, 0.5])
        _write(folder, "patched", "resv", mode, [1.2, 1.3, 1.1],
               {"thp_resv_alloc": 32, "thp_resv_promote": 30, "thp_resv_preempt": 2})
    (folder / "adversary.json").write_text(json.dumps(
        {"reps": 3, "guest_mem": "4G", "accel": {"stock": accel, "patched": accel}}))


def test_ratios_are_the_ratio_of_means_with_an_interval_around_them(tmp_path):
    _full(tmp_path)
    s = adversary.summarize(tmp_path)["incremental"]
    assert math.isclose(s["resv_over_base"].value, 1.2 / 1.0)
    assert s["resv_over_base"].lo < 1.2 < s["resv_over_base"].hi
    assert math.isclose(s["thp_over_base"].value, 0.5)
    # the two samples' 95% CIs: 1.0 +- 0.248 and 1.2 +- 0.248 overlap
    assert s["significant"] is False
    assert s["counters"]["thp_resv_alloc"] == 32
    assert s["counters"]["thp_fault_alloc"] is None


def test_counters_are_means_per_rep(tmp_path):
    _write(tmp_path, "patched", "resv", "preempt", [1.0, 1.0],
           {"thp_resv_preempt": 10})
    raw = tmp_path / "raw" / "patched-resv-preempt.jsonl"
    lines = [json.loads(x) for x in raw.read_text().splitlines()]
    lines[1]["vmstat"]["thp_resv_preempt"] = 30
    raw.write_text("".join(json.dumps(x) + "\n" for x in lines))
    assert adversary.summarize(tmp_path)["preempt"]["counters"]["thp_resv_preempt"] == 20


def test_table_names_every_mode_and_the_papers_figure(tmp_path):
    _full(tmp_path)
    out = adversary.render(tmp_path)
    for mode in adversary.MODES:
        assert any(line.startswith(mode) for line in out.splitlines())
    line = next(x for x in out.splitlines() if x.startswith("incremental"))
    assert "1.200" in line and "1.089" in line and "0.500" in line
    assert "under TCG every guest instruction" in out


def test_kvm_runs_carry_no_emulator_note(tmp_path):
    _full(tmp_path, accel="kvm")
    assert "TCG" not in adversary.render(tmp_path)


def test_a_missing_side_gives_no_ratio(tmp_path):
    _write(tmp_path, "stock", "base", "incremental", [1.0, 1.0])
    s = adversary.summarize(tmp_path)["incremental"]
    assert s["resv_over_base"].value is None and s["resv_over_base"].reason == "no data"
    assert "n/a: no data" in adversary.render(tmp_path)


def test_an_empty_folder_renders_nothing(tmp_path):
    assert adversary.render(tmp_path) == ""
