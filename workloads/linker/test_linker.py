"""Tests of sp-linker-gen and sp-linker-check: ld.bfd links the generated
objects into a program the check accepts; a damaged program, objects of
another seed or a wrong size fail it; bad arguments are refused; and the
manifest's prepare, run and check commands work end to end."""
import functools
import os
import re
import shutil
import subprocess

import pytest

from testkit import (assert_check_fails, assert_manifest_basics,
                     assert_section_passes, manifest, prepare_and_run,
                     read_bytes, read_text, run)

MANIFEST = manifest(__file__)
TINY = ["-n", "2"]


@pytest.fixture(scope="module")
def linked(tmp_path_factory):
    """Inputs for TINY with seed 42 made by the manifest's prepare, and the
    program its run command links."""
    return prepare_and_run(MANIFEST, TINY, tmp_path_factory.mktemp("linker"),
                           seed="42")


def check(prog, args=TINY, seed="42"):
    return run("sp-linker-check", *args, "-s", seed, str(prog))


assert_fails = functools.partial(assert_check_fails, "sp-linker-check")


def test_linked_program_passes(linked):
    values = linked
    assert_section_passes(MANIFEST, "check", TINY, **values)
    out = subprocess.run([values["out"] + "/a.out"], capture_output=True,
                         text=True).stdout
    assert out.startswith("functions 1000 checksum ")
    nm = subprocess.run(["nm", values["out"] + "/a.out"], capture_output=True,
                        text=True).stdout
    assert len(re.findall(r" T f_\d+_\d+\n", nm)) == 1000


def test_changed_data_fails(linked, tmp_path):
    src = read_text(linked["input"], "u00001.c")
    value = int(re.search(r"d_1\[8\] = \{(\d+)ULL", src).group(1))
    data = bytearray(read_bytes(linked["out"], "a.out"))
    pos = data.find(value.to_bytes(8, "little"))
    assert pos > 0
    data[pos] ^= 1
    prog = tmp_path / "a.out"
    prog.write_bytes(bytes(data))
    prog.chmod(0o755)
    assert_fails(check(prog), "checksum")


def test_truncated_program_fails(linked, tmp_path):
    prog = tmp_path / "a.out"
    prog.write_bytes(read_bytes(linked["out"], "a.out")[:3000])
    prog.chmod(0o755)
    assert_fails(check(prog))


def test_other_seed_or_size_fails(linked):
    prog = linked["out"] + "/a.out"
    assert_fails(check(prog, seed="43"), "checksum")
    assert_fails(check(prog, ["-n", "3"]), "functions")


def test_missing_object_breaks_link(linked, tmp_path):
    rsp = read_text(linked["input"], "link.rsp")
    rsp = "\n".join(w for w in rsp.splitlines() if not w.endswith("u00001.o"))
    (tmp_path / "link.rsp").write_text(rsp + "\n")
    proc = subprocess.run(["/usr/bin/ld.bfd", "@" + str(tmp_path / "link.rsp"),
                           "-o", str(tmp_path / "a.out")],
                          capture_output=True, text=True)
    assert proc.returncode != 0 and "undefined reference" in proc.stderr


@pytest.mark.parametrize("args", [
    [], ["-n", "0"], ["-n", "x"], ["-n", "2", "--mb", "1"],
    ["-n", "2", "-s"], ["-n", "2", "-q"], ["-n", "2", "extra"],
])
def test_bad_arguments_exit_2(tmp_path, args):
    proc = run("sp-linker-gen", *args, "-o", str(tmp_path / "in"))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1
    proc = run("sp-linker-check", *args, str(tmp_path / "a.out"))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1


def test_mb_picks_units(tmp_path):
    # 2 MiB / (500 functions x 1900 B) = 2 units
    assert run("sp-linker-gen", "--mb", "2", "-o",
               str(tmp_path)).returncode == 0
    assert sorted(p for p in os.listdir(tmp_path) if p.endswith(".o")) == \
        ["main.o", "u00000.o", "u00001.o"]


def test_manifest_keys():
    m = MANIFEST
    assert_manifest_basics(m, __file__)
    assert m["paper_row"] == m["name"]
    assert m["run"]["command"][0] == "/usr/bin/ld.bfd"
    assert shutil.which(m["run"]["command"][0])
    assert m["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]
    assert 92 < m["sizes"]["ref"]["ref_ratio"] < 93
    for cmd in (m["prepare"]["command"], m["check"]["command"]):
        assert "{seed}" in cmd
