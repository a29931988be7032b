"""The profiles as the run's output and the report show them: each row's top symbols, the
TLB events' where they were sampled, and the reason where they were not, said once."""
import types

from harness.records import ProfileRecord, ResultFolder

from analysis import profiles
from analysis.sections import profiles as section

WHY = "cpu-clock only, no TLB event: dTLB-load-misses: no hardware PMU: no cpu PMU"


def _rec(policy, tlb):
    top = {"cpu-clock": [{"symbol": "rb_next", "pct": 54.0, "samples": 540, "where": "[.]"},
                         {"symbol": "main", "pct": 22.5, "samples": 225, "where": "[.]"}]}
    if tlb:
        top["dTLB-load-misses"] = [{"symbol": "rb_next", "pct": 91.0, "samples": 91,
                                    "where": "[.]"}]
    return ProfileRecord("tree", "test", policy, "clean", events=["cpu-clock"],
                         tlb_events=["dTLB-load-misses"] if tlb else [],
                         tlb_reason=None if tlb else WHY,
                         perf_data=f"profiles/tree-clean-{policy}.data",
                         samples={"cpu-clock": 1000}, top=top, check={"passed": True})


def test_rows_name_their_top_symbols_and_the_fallback_once(tmp_path):
    f = ResultFolder(tmp_path)
    f.append_profile(_rec("base", False))
    f.append_profile(_rec("thp", True))
    f.append_profile(ProfileRecord("fftw", "test", "base", "clean", error="perf record "
                                   "wrote no profile (exit status 1)"))
    text = profiles.render(str(tmp_path))
    assert "tree clean base: 1000 cpu-clock samples" in text
    assert "    time: rb_next 54.0%, main 22.5%" in text
    assert "    dTLB-load-misses: rb_next 91.0%" in text
    assert text.count("TLB misses: not sampled (see notes)") == 1
    assert text.count(f"profile events: {WHY}") == 1
    assert "fftw clean base: no profile: perf record wrote no profile" in text


def test_the_report_section(tmp_path):
    part = tmp_path / "table1"
    part.mkdir()
    ResultFolder(part).append_profile(_rec("base", False))
    rep = types.SimpleNamespace(part_path=lambda p: str(tmp_path / p))
    text = section.section(rep, ["table1", "fragmented"])
    assert text.startswith("## Profiles") and "### table1" in text and WHY in text
    assert "### fragmented" not in text
    assert section.section(rep, ["fragmented"]) == ""
    assert profiles.render(str(tmp_path / "none")) == ""
