"""Every workload's run at paper size lasts long enough to measure: its
manifest's [sizes.paper] gives `seconds` (workloads/FORMAT.md: the
measured median of a base-policy run) and it is at least 1 s, ten of
spstat's 100 ms samples of coverage, so that process start-up is a small
part of the run. A `seconds` that [sizes.ref] gives is held to the same.
A manifest without paper `seconds` fails: the estimator and this test
would have nothing to go on."""
import pytest

from testkit import load, workload_names

MIN_SECONDS = 1.0


@pytest.mark.parametrize("name", workload_names())
def test_paper_run_lasts_a_second(name):
    paper = load(name)["sizes"]["paper"]
    assert "seconds" in paper, f"{name}: [sizes.paper] gives no seconds"
    assert isinstance(paper["seconds"], (int, float)), name
    assert paper["seconds"] >= MIN_SECONDS, \
        f"{name}: a paper-size run takes {paper['seconds']} s, under {MIN_SECONDS} s"


@pytest.mark.parametrize("name", workload_names())
def test_ref_run_lasts_a_second_where_measured(name):
    ref = load(name)["sizes"]["ref"]
    assert ref.get("seconds", MIN_SECONDS) >= MIN_SECONDS, \
        f"{name}: a ref-size run takes {ref['seconds']} s, under {MIN_SECONDS} s"
