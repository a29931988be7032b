"""The cross-host report on synthetic fleet folders: what each host's status and folder make
of it (complete, incomplete, failed, unreachable, no status), speedups and geometric means
against hand-computed values, each host on its own, and the plot."""
import json
import math

import pytest

from analysis import fleet
from harness.records import FolderError, Meta
from analysis.conftest import table_row


def _status(folder, **st):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / fleet.HOST_STATUS).write_text(json.dumps(st))


def _host(build, name, reach, base, thp, finished=True, cpu="AMD EPYC"):
    m = build.meta(host={"cpu": {"model_name": cpu},
                         "tlb": [{"level": "L1", "type": "data", "page_kb": 4, "entries": 64,
                                  "ways": 4},
                                 {"level": "L2", "type": "unified", "page_kb": 2048,
                                  "entries": 1024, "ways": 8}],
                         "tlb_reach_4k_kb": reach})
    if not finished:
        m["finished"] = None
    recs = []
    for w, (b, t) in {"matrix": (base[0], thp[0]), "mcf": (base[1], thp[1])}.items():
        recs += build.series(w, "base", b) + build.series(w, "thp", t)
    folder = build.folder(f"fleet/{name}", recs, m)
    _status(folder, status="fetched", host=name)
    return folder


def test_two_hosts_side_by_side_each_on_its_own(build, tmp_path):
    # host a: matrix 2.0/1.0 = 2, mcf 4.0/1.0 = 4; host b: 3.0/2.0 = 1.5, 3.0/1.5 = 2
    _host(build, "a", 256, ([2.0, 2.1, 1.9], [4.0, 4.2, 3.8]),
          ([1.0, 1.1, 0.9], [1.0, 1.1, 0.9]))
    _host(build, "b", 12288, ([3.0, 3.1, 2.9], [3.0, 3.1, 2.9]),
          ([2.0, 2.1, 1.9], [1.5, 1.6, 1.4]), cpu="Intel Xeon")
    out, outs, plot = fleet.render(str(tmp_path / "fleet"), str(tmp_path / "p.png"))
    assert [(o.name, o.status) for o in outs] == [("a", "complete"), ("b", "complete")]
    assert table_row(out, "matrix", "clean", "thp").split()[3::3] == ["2.000*", "1.500*"]
    assert table_row(out, "mcf", "clean", "thp").split()[3::3] == ["4.000*", "2.000*"]
    geo = table_row(out, "geomean").split()
    assert [geo[1], geo[4]] == [f"{math.sqrt(8):.3f}", f"{math.sqrt(3):.3f}"]
    assert "L1d 64x4K L2u 1024x2M" in table_row(out, "a", "complete")
    assert "12288 kB" in table_row(out, "b", "complete")
    with open(plot, "rb") as f:
        assert f.read(4) == b"\x89PNG"


def test_failed_unreachable_incomplete_and_silent_hosts_are_named(build, tmp_path):
    _host(build, "ok", 256, ([2.0, 2.1, 1.9], [4.0, 4.2, 3.8]),
          ([1.0, 1.1, 0.9], [1.0, 1.1, 0.9]))
    _host(build, "unfinished", 256, ([2.0, 2.1, 1.9], [4.0, 4.2, 3.8]),
          ([1.0, 1.1, 0.9], [1.0, 1.1, 0.9]), finished=False)
    short = _host(build, "short", 256, ([2.0, 2.1], [4.0, 4.2, 3.8]),
                  ([1.0, 1.1, 0.9], [1.0, 1.1, 0.9]))
    _status(tmp_path / "fleet" / "down", status="unreachable", stage="connect",
            reason="ssh: connect to host 10.0.0.2 port 22: Connection refused")
    _status(tmp_path / "fleet" / "nodeps", status="failed", stage="install",
            reason="E: Unable to locate package gcc")
    (tmp_path / "fleet" / fleet.FLEET_RECORD).write_text(json.dumps(
        {"hosts": ["ok", "down", "nodeps", "unfinished", "short", "never"]}))
    out, outs, _ = fleet.render(str(tmp_path / "fleet"))
    got = {o.name: o.status for o in outs}
    assert got == {"ok": "complete", "down": "unreachable", "nodeps": "failed",
                   "unfinished": "incomplete", "short": "incomplete", "never": "unknown"}
    assert ("down: unreachable at connect: ssh: connect to host 10.0.0.2 port 22: "
            "Connection refused") in out
    assert "nodeps: failed at install: E: Unable to locate package gcc" in out
    assert "the run did not finish" in out
    assert f"{short}: 11 of the 12 planned measured runs recorded" in out
    assert "never: unknown: no status" in out
    assert table_row(out, "matrix", "clean", "thp").split()[3] == "2.000*"


def test_planned_runs_are_the_plans_product(build):
    m = build.meta()
    m["plan"].update(workloads=["a", "b", "c"], policies=["base", "thp"], states=["clean"],
                     runs=4)
    assert len(fleet.planned_keys(Meta.from_json(m))) == 3 * 2 * 1 * 4


def test_a_folder_with_no_hosts_is_refused(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(FolderError, match="no host folders"):
        fleet.render(str(tmp_path / "empty"))
