"""Tests of the kernel pipeline's failure paths: a wrong --source, a patch
that does not apply, a missing qemu, a guest that hangs (qemu is killed,
none is left behind); and, where a kernel is built, real boots."""
import os
import shutil
import subprocess
import tempfile
import time

import pytest

from harness.driver import paths

SPBENCH = os.path.join(paths.REPO, "harness", "spbench")
BUILT = os.path.join(paths.BUILD, "kernel", "test", "build.json")


def run(args, env, timeout=300):
    return subprocess.run([SPBENCH, *args], env=env, capture_output=True, text=True,
                          timeout=timeout)


@pytest.fixture
def env(tmp_path):
    return dict(os.environ, SPBENCH_KERNEL_DIR=str(tmp_path / "kernel"),
                SPBENCH_STATE_DIR=str(tmp_path / "state"))


def one_line(p, *words):
    """The error is one line, the last; progress lines may precede it."""
    assert p.returncode != 0
    lines = p.stderr.strip().splitlines()
    assert lines and all(not ln.startswith("Traceback") for ln in lines), p.stderr
    for w in words:
        assert w in lines[-1]


def test_wrong_source(env, tmp_path):
    one_line(run(["kernel", "build", "--source", str(tmp_path)], env),
             "is not a Linux source tree")


def test_patch_that_does_not_apply(env, tmp_path):
    tree = tmp_path / "tree"
    (tree / "mm").mkdir(parents=True)
    (tree / "Makefile").write_text("all:\n")
    (tree / "mm" / "a.c").write_text("int a;\n")
    patches = tmp_path / "patches"
    patches.mkdir()
    (patches / "0001-bad.patch").write_text(
        "--- a/mm/a.c\n+++ b/mm/a.c\n@@ -1 +1 @@\n-int b;\n+int c;\n")
    env["SPBENCH_KERNEL_PATCHES"] = str(patches)
    one_line(run(["kernel", "build", "--variant", "patched", "--source", str(tree)], env),
             "patch 0001-bad.patch does not apply")
    assert (tree / "mm" / "a.c").read_text() == "int a;\n"      # never modified in place


def fake_kernel(env, tmp_path, qemu_body):
    image = tmp_path / "kernel" / "stock" / "obj" / "arch" / "x86" / "boot"
    image.mkdir(parents=True)
    (image / "bzImage").write_text("not a kernel")
    bindir = tmp_path / "bin"
    bindir.mkdir()
    if qemu_body is not None:
        q = bindir / "qemu-system-x86_64"
        q.write_text("#!/bin/sh\n" + qemu_body)
        q.chmod(0o755)
    env["PATH"] = f"{bindir}:/usr/bin:/bin"


def test_missing_qemu(env, tmp_path):
    fake_kernel(env, tmp_path, None)
    env["PATH"] = str(tmp_path / "bin")
    p = subprocess.run(["/usr/bin/python3", SPBENCH, "kernel", "boot", "--accel", "tcg",
                        "--", "true"], env=env, capture_output=True, text=True, timeout=60)
    one_line(p, "qemu-system-x86_64 not found")


def test_hung_guest_is_killed(env, tmp_path):
    marker = tmp_path / "qemu-pid"
    fake_kernel(env, tmp_path, f"echo $$ > {marker}\nexec sleep 1000\n")
    t0 = time.time()
    p = run(["kernel", "boot", "--accel", "tcg", "--timeout", "3", "--", "true"], env)
    one_line(p, "did not finish within 3 s", "console log")
    assert p.returncode == 124 and time.time() - t0 < 30
    pid = int(marker.read_text())
    time.sleep(0.2)
    assert not os.path.exists(f"/proc/{pid}"), "qemu was left running"


def test_guest_without_status(env, tmp_path):
    fake_kernel(env, tmp_path, "echo 'Kernel panic - not syncing'\nexit 0\n")
    one_line(run(["kernel", "boot", "--accel", "tcg", "--", "true"], env),
             "without reporting an exit status")


needs_kernel = pytest.mark.skipif(not os.path.exists(BUILT) or os.geteuid() != 0,
                                  reason="the test kernel is not built (or not root)")


@needs_kernel
def test_real_boot_prints_release_and_passes_status(tmp_path):
    env = dict(os.environ, SPBENCH_STATE_DIR=str(tmp_path / "state"))
    p = run(["kernel", "boot", "--variant", "test", "--timeout", "300", "--", "uname", "-r"],
            env, timeout=400)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip().splitlines()[-1].startswith("6.12")
    p = run(["kernel", "boot", "--variant", "test", "--timeout", "300", "--",
             "sh", "-c", "exit 3"], env, timeout=400)
    assert p.returncode == 3


@needs_kernel
def test_share_new_to_the_guest_tmp_receives_the_files():
    # The guest mounts a fresh tmpfs on /tmp: a share there must still be
    # the host's folder, or a run's records vanish with the guest.
    from harness.driver.kernel import boot as kernel_boot
    share = tempfile.mkdtemp(prefix="spbench-share-", dir="/tmp")
    try:
        target = os.path.join(share, "out")
        r = kernel_boot.boot("test", ["sh", "-c", f"echo written > {target}/f"],
                             timeout=300, share=target, echo=False)
        assert r.status == 0
        with open(os.path.join(target, "f")) as f:
            assert f.read() == "written\n"
    finally:
        shutil.rmtree(share)


def test_tcg_runs_every_vcpu_on_one_thread():
    from harness.driver.kernel import boot as kernel_boot
    tcg = kernel_boot.qemu_command("bzImage", "tcg", "2G", 2, {}, None)
    kvm = kernel_boot.qemu_command("bzImage", "kvm", "2G", 2, {}, None)
    assert tcg[tcg.index("-accel") + 1] == "tcg,thread=single"
    assert kvm[kvm.index("-accel") + 1] == "kvm"


def test_numa_nodes_share_memory_and_cpus_out_in_order():
    from harness.driver.kernel import boot as kernel_boot
    cmd = kernel_boot.qemu_command("bzImage", "tcg", "2G", 4, {}, None, numa_nodes=2)
    nodes = [cmd[i + 1] for i, a in enumerate(cmd) if a == "-numa"]
    assert nodes == ["node,nodeid=0,cpus=0-1,memdev=m0", "node,nodeid=1,cpus=2-3,memdev=m1"]
    assert "memory-backend-ram,id=m1,size=1024M" in cmd
    assert cmd[cmd.index("-smp") + 1] == "4,sockets=2"
    one = kernel_boot.qemu_command("bzImage", "tcg", "2G", 1, {}, None, numa_nodes=2)
    assert [one[i + 1] for i, a in enumerate(one) if a == "-numa"] == [
        "node,nodeid=0,memdev=m0", "node,nodeid=1,cpus=0-0,memdev=m1"]
