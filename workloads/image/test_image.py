"""Tests of the image workload: Debian's convert turning a generated image
passes sp-image-check, a damaged or unturned image fails it, and the
manifest runs convert as the paper did; sp-image-run has one convert turn
the image -r times, each turn's cache a fresh mapping and the footprint
one turn's, and the check holds the output to that many turns.
(test_contract.py holds what every workload's tests share.)"""
import functools
import os
import subprocess

import pytest

from testkit import BIN, TINY_ARGS, assert_check_fails, manifest, read_bytes, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["image"]
CONVERT = "/usr/bin/convert"


@pytest.fixture
def rotated(tiny, tmp_path):
    """The manifest's prepare and run commands' image on TINY (shared),
    copied here for a test to change."""
    path = tmp_path / "rotated.ppm"
    path.write_bytes(read_bytes(tiny.folders(MANIFEST)["out"], "rotated.ppm"))
    return path


def check(path, args=TINY, seed="7"):
    return run("sp-image-check", *args, "-s", seed, str(path))


assert_fails = functools.partial(assert_check_fails, "sp-image-check")


def test_real_output_in_detail(tiny):
    assert tiny.check(MANIFEST).stdout.startswith("ok 23x37 ")
    assert os.listdir(tiny.folders(MANIFEST)["out"]) == ["rotated.ppm"]


def test_changed_pixel_fails(rotated):
    data = bytearray(rotated.read_bytes())
    data[-5] ^= 0x01
    rotated.write_bytes(bytes(data))
    assert_fails(check(rotated), "pixel (")


def test_other_seed_fails(rotated):
    assert_fails(check(rotated, seed="8"), "pixel (0,0)")


def test_unturned_image_fails(tmp_path):
    run("sp-image-gen", *TINY, "-s", "7", "-o", str(tmp_path))
    assert_fails(check(tmp_path / "image.ppm"), "size is 37x23")


def test_turned_the_other_way_fails(tmp_path):
    run("sp-image-gen", *TINY, "-s", "7", "-o", str(tmp_path))
    subprocess.run([CONVERT, str(tmp_path / "image.ppm"), "-rotate", "-90",
                    str(tmp_path / "ccw.ppm")], check=True)
    assert_fails(check(tmp_path / "ccw.ppm"), "pixel (")


def test_truncated_fails(rotated):
    rotated.write_bytes(rotated.read_bytes()[:-3])
    assert_fails(check(rotated), "truncated")


def test_trailing_data_fails(rotated):
    rotated.write_bytes(rotated.read_bytes() + b"\0")
    assert_fails(check(rotated), "after the last pixel")


def test_not_ppm_fails(tmp_path):
    (tmp_path / "x.ppm").write_bytes(b"P5\n23 37\n255\n" + bytes(23 * 37))
    assert_fails(check(tmp_path / "x.ppm"), "not a binary PPM")


def test_missing_file_fails(tmp_path):
    assert_fails(check(tmp_path / "absent.ppm"), "cannot open")


def test_mb_picks_a_4_by_3_image(tmp_path):
    assert run("sp-image-gen", "--mb", "20", "-o", str(tmp_path)).returncode == 0
    head = (tmp_path / "image.ppm").read_bytes()[:20].split(b"\n")
    w, h = map(int, head[1].split())
    assert 3 * w == 4 * h and 16 * w * h <= 10 * 2**20
    assert 16 * w * h > 9.9 * 2**20


def test_policy_keeps_cache_in_memory_one_thread(tmp_path):
    run("sp-image-gen", *TINY, "-o", str(tmp_path))
    env = dict(os.environ, MAGICK_CONFIGURE_PATH=str(tmp_path / "magick"))
    text = subprocess.run([CONVERT, "-list", "resource"], env=env,
                          capture_output=True, text=True, check=True).stdout
    assert "Disk: 0B" in text and "Thread: 1" in text
    memory = [ln for ln in text.splitlines() if "Memory:" in ln][0]
    assert memory.endswith("GiB")      # Debian's cap is 256MiB


def test_manifest_sizes_and_turns():
    sizes = MANIFEST["sizes"]
    assert sizes["paper"]["args"] == ["-w", "800", "-h", "600", "-r", "901"]
    assert sizes["ref"]["args"] == ["--mb", "{ref_mb}", "-r", "901"]
    assert "-r" not in sizes["test"]["args"]          # one turn
    # many turns, and the output still the input turned once
    for size in ("paper", "ref"):
        turns = int(sizes[size]["args"][-1])
        assert turns > 100 and turns % 4 == 1, size


def run_image(tmp_path, turns, args=TINY):
    """sp-image-run with args and -r turns on an input made for args in
    tmp_path/in (made once); the finished process and its output's path."""
    folder = tmp_path / "in"
    if not folder.exists():
        folder.mkdir()
        assert run("sp-image-gen", *args, "-s", "7", "-o", str(folder)).returncode == 0
    out = tmp_path / f"turned{turns}.ppm"
    return run("sp-image-run", *args, "-r", turns, "-i", str(folder),
               "-o", str(out)), out


def test_five_turns_are_one(tmp_path):
    proc, out = run_image(tmp_path, "5")
    assert proc.returncode == 0, proc.stderr
    assert check(out, TINY + ["-r", "5"]).returncode == 0
    assert out.read_bytes() == run_image(tmp_path, "1")[1].read_bytes()


@pytest.mark.parametrize("turns", ["2", "3", "4"])
def test_check_holds_the_output_to_its_turns(tmp_path, turns):
    proc, out = run_image(tmp_path, turns)
    assert proc.returncode == 0, proc.stderr
    assert check(out, TINY + ["-r", turns]).stdout.startswith("ok ")
    # a turn lost or added, or two, fails
    for other in (int(turns) - 1, int(turns) + 1, int(turns) + 2):
        assert_fails(check(out, TINY + ["-r", str(other)]))


def test_run_refuses_input_of_another_size(tmp_path):
    run_image(tmp_path, "1")
    proc = run("sp-image-run", "-w", "38", "-h", "23", "-i", str(tmp_path / "in"),
               "-o", str(tmp_path / "x.ppm"))
    assert proc.returncode == 1
    assert proc.stderr.endswith("it was made for other arguments\n")
    assert not (tmp_path / "x.ppm").exists()


PAPER = ["-w", "800", "-h", "600"]


def test_run_becomes_one_convert_with_every_turn(tmp_path):
    """The process the run becomes (what spstat measures): Debian's
    convert, one thread, no disk, one -rotate 90 a turn on one command
    line, the input's policy and malloc's fixed mmap threshold."""
    run_image(tmp_path, "1", PAPER)
    proc = subprocess.Popen([os.path.join(BIN, "sp-image-run"), *PAPER, "-r", "41",
                             "-i", str(tmp_path / "in"), "-o", str(tmp_path / "o.ppm")])
    cmdline = environ = b""
    try:
        for _ in range(100000):
            with open(f"/proc/{proc.pid}/cmdline", "rb") as f:
                cmdline = f.read()
            if cmdline.startswith(CONVERT.encode()):
                with open(f"/proc/{proc.pid}/environ", "rb") as f:
                    environ = f.read()
                break
    finally:
        assert proc.wait(timeout=60) == 0
    args = cmdline.decode().split("\0")[:-1]
    assert args[:8] == [CONVERT, "-limit", "thread", "1", "-limit", "disk", "0",
                        str(tmp_path / "in" / "image.ppm")]
    assert args[8:-1] == ["-rotate", "90"] * 41
    assert args[-1] == str(tmp_path / "o.ppm")
    env = environ.decode().split("\0")
    assert f"MAGICK_CONFIGURE_PATH={tmp_path / 'in' / 'magick'}" in env
    assert "GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072" in env
    assert check(tmp_path / "o.ppm", PAPER + ["-r", "41"]).returncode == 0


def rss_kb(tmp_path, turns):
    """The run's peak RSS (its own, by wait4) at PAPER with -r turns."""
    proc = subprocess.Popen([os.path.join(BIN, "sp-image-run"), *PAPER, "-r", turns,
                             "-i", str(tmp_path / "in"), "-o", str(tmp_path / "o.ppm")])
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0     # reaped here
    assert status == 0
    return usage.ru_maxrss


def test_many_turns_keep_one_turns_footprint(tmp_path):
    # two caches of 3.84 MB at 800x600; glibc's own mmap threshold would
    # move the later caches onto the heap and keep about 7.5 MB more
    run_image(tmp_path, "1", PAPER)
    one, many = rss_kb(tmp_path, "1"), rss_kb(tmp_path, "41")
    assert many < one + 2048, (one, many)


def test_manifest_runs_the_run():
    assert MANIFEST["run"]["command"][0] == "{bin}/sp-image-run"
    assert "{args}" in MANIFEST["run"]["command"]
