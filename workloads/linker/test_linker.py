"""Tests of sp-linker-gen, sp-linker-run and sp-linker-check: ld.bfd links
the generated objects into a program the check accepts; a damaged program,
objects of another seed or a wrong size fail it, as a missing object fails
the link; sp-linker-run links -r times in one process (ld.bfd exec'd again
after each link that succeeds, never after one that fails), one link's
memory at a time. (test_contract.py holds what every workload's tests
share.)"""
import functools
import os
import re
import subprocess

import pytest

from testkit import (BIN, TINY_ARGS, assert_check_fails, manifest, read_bytes,
                     read_text, run)

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["linker"]


@pytest.fixture(scope="module")
def linked(tiny):
    """Inputs for TINY with seed 7 made by the manifest's prepare, and the
    program its run command links (shared)."""
    return tiny.folders(MANIFEST)


def check(prog, args=TINY, seed="7"):
    return run("sp-linker-check", *args, "-s", seed, str(prog))


assert_fails = functools.partial(assert_check_fails, "sp-linker-check")


def test_linked_program_in_detail(linked):
    values = linked
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
    assert_fails(check(prog, seed="8"), "checksum")
    assert_fails(check(prog, ["-n", "3"]), "functions")


def test_missing_object_breaks_link(linked, tmp_path):
    rsp = read_text(linked["input"], "link.rsp")
    rsp = "\n".join(w for w in rsp.splitlines() if not w.endswith("u00001.o"))
    (tmp_path / "link.rsp").write_text(rsp + "\n")
    proc = subprocess.run(["/usr/bin/ld.bfd", "@" + str(tmp_path / "link.rsp"),
                           "-o", str(tmp_path / "a.out")],
                          capture_output=True, text=True)
    assert proc.returncode != 0 and "undefined reference" in proc.stderr


def test_mb_picks_units(tmp_path):
    # 2 MiB / (500 functions x 1900 B) = 2 units
    assert run("sp-linker-gen", "--mb", "2", "-o",
               str(tmp_path)).returncode == 0
    assert sorted(p for p in os.listdir(tmp_path) if p.endswith(".o")) == \
        ["main.o", "u00000.o", "u00001.o"]


def test_manifest_linker_and_sizes():
    assert MANIFEST["run"]["command"][0] == "{bin}/sp-linker-run"
    sizes = MANIFEST["sizes"]
    assert sizes["paper"]["args"] == ["-n", "88", "-r", "5"]
    assert sizes["ref"]["args"] == ["--mb", "{ref_mb}", "-r", "10"]
    assert "-r" not in sizes["test"]["args"]          # one link
    assert 92 < sizes["ref"]["ref_ratio"] < 93


def link(values, *extra, env=None, out=None):
    """sp-linker-run on the inputs in values, ld.so telling each program
    it starts (LD_DEBUG=files); the process, its output's wait4 usage and
    the pids that started ld.bfd, one for each link."""
    env = dict(env or os.environ, LD_DEBUG="files")
    proc = subprocess.Popen([os.path.join(BIN, "sp-linker-run"), *TINY, *extra,
                             "-i", values["input"], "-o", str(out)],
                            stderr=subprocess.PIPE, text=True, env=env)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    pids = re.findall(r"^ *(\d+):\s+transferring control: /usr/bin/ld.bfd$", err,
                      re.M)
    return proc, err, usage, [int(p) for p in pids]


def test_links_repeat_in_one_process(linked, tmp_path):
    proc, err, many, pids = link(linked, "-r", "3", out=tmp_path / "a.out")
    assert proc.returncode == 0, err
    assert pids == [proc.pid] * 3       # three links, one process
    assert check(tmp_path / "a.out").returncode == 0
    assert (tmp_path / "a.out").read_bytes() == read_bytes(linked["out"], "a.out")
    _, _, one, pids = link(linked, out=tmp_path / "b.out")
    assert len(pids) == 1
    # one link's memory at a time (each link a fresh image)
    assert many.ru_maxrss < one.ru_maxrss + 4096, (one.ru_maxrss, many.ru_maxrss)


def test_failed_link_is_not_repeated(linked, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    rsp = read_text(linked["input"], "link.rsp")
    gone = [w for w in rsp.splitlines() if w.endswith("u00001.o")][0]
    (folder / "link.rsp").write_text(rsp.replace(gone, str(tmp_path / "u00001.o")))
    proc, err, _, pids = link({"input": str(folder)}, "-r", "3",
                              out=tmp_path / "a.out")
    assert proc.returncode == 1 and "u00001.o" in err
    assert pids == [proc.pid]


def test_run_refuses_input_of_another_size(linked, tmp_path):
    proc = run("sp-linker-run", "-n", "3", "-i", linked["input"], "-o",
               str(tmp_path / "a.out"))
    assert proc.returncode == 1
    assert proc.stderr.endswith("it was made for other arguments\n")
    assert not (tmp_path / "a.out").exists()
