"""A new reproduce stage is one new module: a stage registered from here is planned (the
plan line and its expected time), run, and reported (its folder in what ran where, its
section, claims and CSV in report.md), by the same code the paper's stages go through."""
import os

import pytest

from harness.driver import cli
from harness.reproduce import registry
from harness.reproduce.stage import Expected, Outcome, Stage


class Probe(Stage):
    name = "probe"
    folders = ("probe",)

    def __init__(self):
        self.ran = []

    def expected(self, ctx):
        return Expected({"probe": 61.0})

    def run(self, ctx):
        ctx.progress.begin("probe")
        self.ran.append(ctx.settings.workloads)
        os.makedirs(ctx.folder("probe"), exist_ok=True)
        return Outcome()

    def section(self, rep):
        return "## The probe stage\n\nIt ran.\n"

    def claims(self, rep):
        return [("the probe claims", "-", "measured", "agrees")]

    def csvs(self, rep):
        return [("probe.csv", "the probe's table", lambda: "a,b\n1,2\n")]


@pytest.fixture
def probe(monkeypatch, tmp_path):
    monkeypatch.setenv("SPBENCH_STATE_DIR", str(tmp_path / "state"))
    stage = registry.register(Probe())
    yield stage
    registry.unregister("probe")


def test_a_registered_stage_is_planned_run_and_reported(probe, tmp_path, capsys):
    out = tmp_path / "rep"
    status = cli.main(["reproduce", "--quick", "--stages", "probe", "--out", str(out)])
    assert status == 0
    assert probe.ran and "tree" in probe.ran[0]
    err = capsys.readouterr().err
    assert "stages probe; expected 1m01s (probe 1m01s)" in err
    text = (out / "report.md").read_text()
    assert "| probe | `probe/` | not run |" in text
    assert "## The probe stage\n\nIt ran." in text
    assert "| the probe claims | - | measured | agrees |" in text
    assert "- [probe.csv](probe.csv): the probe's table" in text
    assert (out / "probe.csv").read_text() == "a,b\n1,2\n"
    # the paper's stages still come first, in their order, and the probe after them
    assert registry.names()[-1] == "probe"


def test_a_stage_needs_a_name():
    class Nameless(Stage):
        pass
    with pytest.raises(ValueError, match="needs a name"):
        registry.register(Nameless())
