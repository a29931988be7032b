"""sptlb --align-anon: a 5 MB anonymous mapping simulated at a 4 MB-aligned
address forms the superpages counted by hand for an aligned 5 MB object,
where the program's own layout forms those of the address it got; nothing
else changes (accesses, and base pages when the move keeps them)."""
import json
import os
import subprocess

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPTLB = os.path.join(REPO, "build", "bin", "sptlb")
ANON = os.path.join(REPO, "build", "tlbsim", "anon")
MB = 1 << 20
SIZES = {"64K": 64 << 10, "512K": 512 << 10, "4M": 4 * MB}


def inside(start, length, size):
    """Aligned pages of size wholly inside [start, start + length)."""
    first = -(-start // size) * size
    return max(0, (start + length - first) // size)


def run(*options):
    proc = subprocess.run([SPTLB, "--models", "alpha21264", *options, "--", ANON, "5"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    return int(lines[0]), json.loads(lines[-1])


@pytest.fixture(scope="module")
def both():
    assert os.path.exists(SPTLB) and os.path.exists(ANON), "run make first"
    return run(), run("--align-anon", "128K")


def test_aligned_layout_forms_the_aligned_objects_superpages(both):
    (at, own), (at_again, aligned) = both
    assert at == at_again and at % (4 * MB)   # where the program got it: not aligned
    assert aligned["layout"] == {"align_anon": 128 << 10, "aligned_to": 4 * MB, "moved": 1}
    assert "layout" not in own
    a = aligned["models"]["alpha21264"]["policies"]
    o = own["models"]["alpha21264"]["policies"]
    for name, size in SIZES.items():
        # the rest of the process promotes alike in both runs
        want = inside(0, 5 * MB, size) - inside(at, 5 * MB, size)
        assert a[name]["promotions"][name] - o[name]["promotions"][name] == want, name
        assert a["all"]["promotions"][name] - o["all"]["promotions"][name] == want, name
    assert inside(0, 5 * MB, SIZES["4M"]) == 1 and inside(0, 5 * MB, SIZES["64K"]) == 80


def test_aligned_layout_changes_nothing_else(both):
    (at, own), (_, aligned) = both
    assert aligned["accesses"] == own["accesses"]
    # moved from an 8 KB boundary to a 4 MB one: the same 8 KB pages
    assert at % (8 << 10) == 0, "the mapping is not on an 8 KB boundary"
    assert aligned["models"]["alpha21264"]["policies"]["base"] == \
        own["models"]["alpha21264"]["policies"]["base"]
