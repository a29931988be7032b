"""Tests of run planning: interleaving, warm-ups, resuming, output folder."""
import json
import os

import pytest

from harness.driver import runner
from harness.driver.errors import UserError


class W:
    def __init__(self, name):
        self.name = name


class P:
    def __init__(self, name):
        self.name = name


def test_steps_interleave_policies_after_warmup():
    plan = runner.Plan([W("a")], [P("base"), P("thp")], ["clean"], "test", 2, 1, 42, 100)
    steps = [(w.name, s, rep, warm, p.name) for w, s, rep, warm, p in plan.steps()]
    assert steps == [("a", "clean", 0, True, "base"), ("a", "clean", 0, True, "thp"),
                     ("a", "clean", 0, False, "base"), ("a", "clean", 0, False, "thp"),
                     ("a", "clean", 1, False, "base"), ("a", "clean", 1, False, "thp")]


def test_done_keys_ignore_warmups_and_torn_lines(tmp_path):
    path = tmp_path / "runs.jsonl"
    rec = {"workload": "a", "size": "test", "state": "clean", "policy": "thp",
           "kernel": "host", "rep": 1, "warmup": False}
    path.write_text(json.dumps(rec) + "\n" + json.dumps(dict(rec, rep=0, warmup=True))
                    + "\n{\"workload\": \"a\", \"si")
    assert runner.done_keys(str(path)) == {("a", "test", "clean", "thp", "host", 1)}


def test_unwritable_out(tmp_path):
    f = tmp_path / "file"
    f.write_text("")
    with pytest.raises(UserError, match="cannot write results to"):
        runner.prepare_out(str(f / "sub"))


def test_rerun_with_other_size_is_refused(tmp_path):
    (tmp_path / "meta.json").write_text(json.dumps({"plan": {"size": "paper", "kernel": "host",
                                                             "seed": 42}}))
    plan = runner.Plan([W("a")], [P("base")], ["clean"], "test", 1, 0, 42, 100)
    with pytest.raises(UserError, match="size=paper"):
        runner.check_plan_against_folder(str(tmp_path), plan)
