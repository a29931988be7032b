"""Tests of spbench kernel check-series: which objects a patch makes it compile, a patch
that does not apply named before any copy or build, and the checkpatch summary read from
the kernel's own checkpatch.pl (errors for a bad patch, none for the series' first)."""
import os
import subprocess
import sys

import pytest

from harness.driver import config, paths
from harness.driver.kernel import build as kernel_build, series as kernel_series
from harness.driver.errors import UserError

SPBENCH = os.path.join(paths.REPO, "harness", "spbench")
SERIES = os.path.join(paths.REPO, "kernel-patch", "linux-6.12")


def _patch(name):
    return next(p for p in kernel_build.series() if os.path.basename(p).startswith(name))


def test_targets_are_mm_and_the_other_c_files_touched():
    # 0007 changes mm_types.h, thp_resv.h, kernel/fork.c, mm/memory.c, mm/thp_resv.c
    assert kernel_series.build_targets(_patch("0007")) == ["mm/", "kernel/fork.o"]
    # 0011 changes two .rst files and mm/ only
    assert kernel_series.build_targets(_patch("0011")) == ["mm/"]


def _fake_tree(tmp_path):
    tree = tmp_path / "linux"
    (tree / "mm").mkdir(parents=True)
    (tree / "Makefile").write_text("all:\n")
    (tree / "mm" / "a.c").write_text("int a;\nint b;\n")
    return tree


def _write_patch(d, name, old, new):
    d.mkdir(exist_ok=True)
    (d / name).write_text("--- a/mm/a.c\n+++ b/mm/a.c\n@@ -1,2 +1,2 @@\n"
                          f"-{old}\n+{new}\n int b;\n")


def test_a_patch_that_does_not_apply_is_named_first(tmp_path, monkeypatch):
    tree = _fake_tree(tmp_path)
    patches = tmp_path / "series"
    _write_patch(patches, "0001-good.patch", "int a;", "int a1;")
    _write_patch(patches, "0002-stale.patch", "int a;", "int a2;")  # 0001 changed that line
    monkeypatch.setenv("SPBENCH_KERNEL_PATCHES", str(patches))
    monkeypatch.setenv("SPBENCH_KERNEL_DIR", str(tmp_path / "kernel"))
    p = subprocess.run([sys.executable, SPBENCH, "kernel", "check-series", "--source", str(tree)],
                       capture_output=True, text=True, env=os.environ.copy())
    assert p.returncode == 1
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "0002-stale.patch does not apply" in lines[0], p.stderr
    assert not (tmp_path / "kernel" / "series-check").exists()  # nothing copied or built
    assert (tree / "mm" / "a.c").read_text() == "int a;\nint b;\n"


def test_the_stock_variant_is_refused(monkeypatch):
    with pytest.raises(UserError, match="patched variant"):
        kernel_series.check("stock")


@pytest.fixture(scope="module")
def checkpatch_tree(tmp_path_factory):
    """(a tree holding the kernel's scripts/, whole?): the extracted source, else the
    tarball's scripts/ alone."""
    src = os.path.join(config.kernel_dir(), "src", "linux-source-6.12")
    if os.path.isfile(os.path.join(src, "scripts", "checkpatch.pl")):
        return src, True
    assert os.path.isfile(kernel_build.TARBALL), "run 'make deps' (linux-source-6.12)"
    d = tmp_path_factory.mktemp("ksrc")
    subprocess.run(["tar", "-xf", kernel_build.TARBALL, "-C", str(d),
                    "linux-source-6.12/scripts"], check=True)
    return str(d / "linux-source-6.12"), False


def test_checkpatch_counts_a_bad_patch(checkpatch_tree, tmp_path):
    bad = tmp_path / "bad.patch"
    bad.write_text("From: A <a@example.org>\nSubject: [PATCH] mm: x\n\nwhy\n\n---\n"
                   "--- a/mm/a.c\n+++ b/mm/a.c\n@@ -1,2 +1,2 @@\n"
                   "-int a;\n+int  a ;   \n int b;\n")
    tree, whole = checkpatch_tree
    errors, warnings, checks, found = kernel_series.checkpatch(tree, str(bad), whole)
    # no Signed-off-by and trailing whitespace are errors; the space before ';' a warning
    assert errors >= 2 and warnings >= 1
    assert any("MISSING_SIGN_OFF" in ln for ln in found)
    assert any("TRAILING_WHITESPACE" in ln for ln in found)


def test_checkpatch_passes_the_first_patch(checkpatch_tree):
    tree, whole = checkpatch_tree
    errors, warnings, _, found = kernel_series.checkpatch(tree, _patch("0001"), whole)
    assert (errors, warnings) == (0, 0), found
