"""Tests of workload.toml loading: every shipped manifest is valid, and bad
ones are refused with a line that names the problem."""
import os

import pytest

from harness.driver import manifest, paths
from harness.driver.errors import UserError

GOOD = '''
name = "demo"
group = "other"
paper_row = "matrix"
description = "a demo"
binaries = ["sp-demo"]
[sizes.test]
args = ["-n", "4"]
footprint_mb = 1
[sizes.paper]
args = ["-n", "8"]
footprint_mb = 2
[sizes.ref]
ref_ratio = 16
args = ["--mb", "{ref_mb}"]
[run]
command = ["{bin}/sp-demo", "{args}", "-o", "{out}/r"]
[check]
command = ["{bin}/sp-demo-check", "{args}", "{out}/r"]
'''


def write(tmp_path, text, name="demo"):
    d = tmp_path / name
    d.mkdir()
    (d / "workload.toml").write_text(text)
    return str(d)


def test_shipped_manifests_load():
    names = manifest.available()
    assert {"matrix", "tree", "fftw"} <= set(names)
    for n in names:
        w = manifest.find(n)
        assert w.name == n
        for b in w.binaries:
            assert os.path.basename(b) == b


def test_expand_fills_placeholders_and_args(tmp_path):
    w = manifest.load(write(tmp_path, GOOD))
    cmd = w.expand(w.run, "ref", out="/o", input="/i", seed="1", ref_mb="96")
    assert cmd == [os.path.join(paths.BIN, "sp-demo"), "--mb", "96", "-o", "/o/r"]
    assert w.ref_mb(8192) == 128
    assert w.ref_mb(1000) == 16


@pytest.mark.parametrize("change,message", [
    (lambda t: t.replace('group = "other"', 'group = "games"'), "group must be one of"),
    (lambda t: t.replace('name = "demo"', 'name = "other"'), "differs from its folder"),
    (lambda t: t.replace("footprint_mb = 1\n", ""),
     r"\[sizes.test\] needs a positive footprint_mb"),
    (lambda t: t.replace("[sizes.ref]\nref_ratio = 16", "[sizes.ref]"), "ref_ratio"),
    (lambda t: "colour = 1\n" + t, "unknown key 'colour'"),
    (lambda t: t + "\ncolour = 1\n", r"\[check\]: unknown key 'colour'"),
    (lambda t: t.replace("[check]", "[verify]"), "unknown key 'verify'"),
    (lambda t: t.replace('description = "a demo"', 'description = "a demo'), "not valid TOML"),
    (lambda t: t.replace("footprint_mb = 1\n", "footprint_mb = 1\nseconds = -2\n"),
     r"\[sizes.test\] seconds must be a positive number, not -2$"),
    (lambda t: t.replace("footprint_mb = 2\n", "footprint_mb = 2\nseconds = 0\n"),
     r"\[sizes.paper\] seconds must be a positive number, not 0$"),
    (lambda t: t.replace("footprint_mb = 1\n", 'footprint_mb = 1\nseconds = "3"\n'),
     r"\[sizes.test\] seconds must be a positive number, not '3'$"),
    (lambda t: t.replace("footprint_mb = 1\n", "footprint_mb = 1\nseconds = true\n"),
     r"\[sizes.test\] seconds must be a positive number, not True$"),
    (lambda t: t.replace("footprint_mb = 1\n", "footprint_mb = 1\nseconds = nan\n"),
     r"\[sizes.test\] seconds must be a positive number, not nan$"),
    (lambda t: t.replace("[check]", 'helpers = "*/httperf"\n[check]'),
     r"\[run\] helpers must be a list of program patterns without commas$"),
    (lambda t: t.replace("[check]", 'helpers = ["*/a,*/b"]\n[check]'),
     r"\[run\] helpers must be a list of program patterns without commas$"),
    (lambda t: t + 'helpers = ["*/x"]\n', r"\[check\]: unknown key 'helpers'"),
])
def test_bad_manifest_is_refused(tmp_path, change, message):
    with pytest.raises(UserError, match=message):
        manifest.load(write(tmp_path, change(GOOD)))


def test_seconds_per_size(tmp_path):
    w = manifest.load(write(tmp_path, GOOD.replace("footprint_mb = 1\n",
                                                   "footprint_mb = 1\nseconds = 0.46\n")
                            .replace("ref_ratio = 16\n", "ref_ratio = 16\nseconds = 12\n")))
    assert w.seconds("test") == 0.46
    assert w.seconds("paper") is None
    assert w.seconds("ref") == 12


def test_run_helpers(tmp_path):
    assert manifest.load(write(tmp_path, GOOD, "demo")).helpers == []
    (tmp_path / "b").mkdir()
    w = manifest.load(write(tmp_path / "b",
                            GOOD.replace("[check]", 'helpers = ["*/httperf"]\n[check]'),
                            "demo"))
    assert w.helpers == ["*/httperf"]


def test_unknown_workload(tmp_path):
    write(tmp_path, GOOD)
    with pytest.raises(UserError, match="unknown workload 'nope'; known: demo"):
        manifest.find("nope", root=str(tmp_path))


def test_unknown_placeholder(tmp_path):
    w = manifest.load(write(tmp_path, GOOD.replace("{out}/r\"]\n[check]", "{outt}/r\"]\n[check]")))
    with pytest.raises(UserError, match="unknown placeholder {outt}"):
        w.expand(w.run, "test", out="/o", input="/i", seed="1")


VARIANT = GOOD + '''
[variants.malloc]
description = "from malloc"
args = ["--alloc", "malloc"]
'''


def test_variant_appends_its_args_to_every_size(tmp_path):
    write(tmp_path, VARIANT)
    w = manifest.find("demo:malloc", root=str(tmp_path))
    assert w.name == "demo:malloc"
    assert w.description == "from malloc"
    assert w.paper_row == "matrix"
    cmd = w.expand(w.run, "test", out="/o", input="/i", seed="1")
    assert cmd == [os.path.join(paths.BIN, "sp-demo"), "-n", "4", "--alloc", "malloc", "-o", "/o/r"]
    assert w.expand(w.check, "ref", out="/o", input="/i", seed="1", ref_mb="9")[1:] == \
        ["--mb", "9", "--alloc", "malloc", "/o/r"]
    base = manifest.find("demo", root=str(tmp_path))
    assert base.expand(base.run, "test", out="/o", input="/i", seed="1")[1:3] == ["-n", "4"]
    assert len(base.sizes["test"]["args"]) == 2
    assert manifest.available(str(tmp_path)) == ["demo"]


@pytest.mark.parametrize("name,message", [
    ("demo:pool", "unknown variant 'pool' of workload 'demo'; known: malloc"),
    ("demo:", "unknown variant '' of workload 'demo'"),
    ("nodemo:malloc", "unknown workload 'nodemo'"),
])
def test_unknown_variant_is_refused(tmp_path, name, message):
    write(tmp_path, VARIANT)
    with pytest.raises(UserError, match=message):
        manifest.find(name, root=str(tmp_path))


@pytest.mark.parametrize("change,message", [
    (lambda t: t.replace('args = ["--alloc", "malloc"]', 'args = []'),
     "args must be a non-empty list"),
    (lambda t: t.replace('description = "from malloc"\n', ''),
     r"\[variants.malloc\] needs description"),
    (lambda t: t.replace('[variants.malloc]', '[variants.Malloc]'), "variant name 'Malloc'"),
    (lambda t: t + 'extra = 1\n', r"\[variants.malloc\]: unknown key 'extra'"),
])
def test_bad_variant_is_refused(tmp_path, change, message):
    with pytest.raises(UserError, match=message):
        manifest.load(write(tmp_path, change(VARIANT)))


def test_tree_malloc_variant_is_shipped():
    w = manifest.find("tree:malloc")
    assert w.expand(w.run, "test", out="/o", input="/i", seed="1")[-4:] == \
        ["-s", "1", "-o", "/o/result.txt"]
    assert "--alloc" in w.expand(w.run, "test", out="/o", input="/i", seed="1")
