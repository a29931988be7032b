"""sptlb's heap is the kernel's: a program that grows a 40 MB heap with small mallocs
(tests/heap.c) gets, under the tool, the promotions that a replay of its own log gives.
The replay is this file's, written from the paper's rule as sptlb's README states it,
not from sim.c: at the first touch of a base page not yet reserved, reserve the largest
aligned page of the policy's sizes that fits the object and overlaps no touched or
reserved page (a growing object, as the brk heap is, may reserve past its end, no larger
than the object is); promote to each size up to the reserved one once every base page
of it has been touched, smaller sizes first. Valgrind's 8 MB brk cap would leave 32 MB
of that heap in separate mappings; the tool lifts the cap, and merges mappings that
continue the one below them where the cap still bites. The probe's log follows glibc's
chunk layout (tests/heap.c says how)."""
import json
import os
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SPTLB = os.path.join(REPO, "build", "bin", "sptlb")
PROBE = os.path.join(REPO, "build", "tlbsim", "heap")
ALPHA = os.path.join(HERE, "models", "alpha21264.model")
MB = 1 << 20


def parse_size(word):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(word[:-1]) * units[word[-1]] if word[-1] in units else int(word)


def alpha_rule():
    """The Alpha model's page sizes and its policies' sizes (as indexes), from its file."""
    sizes, policies = [], []
    with open(ALPHA) as f:
        for line in f:
            words = line.split("#")[0].split()
            if words[:1] == ["pages"]:
                sizes = [parse_size(w) for w in words[1:]]
            elif words[:1] == ["policies"]:
                policies = words[1:]
    by_name = {}
    for name in policies:
        if name == "base":
            by_name[name] = []
        elif name == "all":
            by_name[name] = list(range(1, len(sizes)))
        else:
            by_name[name] = [sizes.index(parse_size(name))]
    return sizes, by_name


def read_log(path):
    base, runs = None, []
    with open(path) as f:
        for line in f:
            words = line.split()
            if words[:1] == ["base"]:
                base = int(words[1], 16)
            elif words[:1] == ["run"]:
                runs.append(tuple(int(w, 16) for w in words[1:4]))
    return base, runs


def replay(base, runs, sizes, policies):
    """{policy: {size: promotions}} of one growing heap that starts at base and is
    written as runs say ((lo, hi, break then)), under the paper's rule."""
    page, big = sizes[0], sizes[-1]
    origin = base - base % big
    top = max(hi for _, hi, _ in runs)
    npages = (top - origin + big - 1) // big * big // page
    first = bytearray(npages)
    touches = []                    # (page index, the heap's end then), in order
    for lo, hi, brk in runs:
        assert base <= lo < hi <= brk, "the log's heap is not one brk heap"
        for i in range((lo - origin) // page, (hi - 1 - origin) // page + 1):
            if not first[i]:
                first[i] = 1
                touches.append((i, brk))
    out = {}
    for name, allowed in policies.items():
        touched, resv, mapped = bytearray(npages), bytearray(npages), bytearray(npages)
        promoted = {size: 0 for size in sizes[1:]}
        for i, brk in touches:
            if not resv[i]:
                for level in sorted(allowed, reverse=True):
                    n = sizes[level] // page
                    c0 = i - i % n
                    fits = origin + c0 * page >= base and sizes[level] <= brk - base
                    if (fits and touched[c0:c0 + n] == bytes(n)
                            and resv[c0:c0 + n] == bytes(n)):
                        resv[c0:c0 + n] = bytes([level + 1]) * n
                        break
            touched[i] = 1
            for level in sorted(allowed):
                if level >= resv[i]:
                    break
                n = sizes[level] // page
                c0 = i - i % n
                if mapped[i] < level and touched[c0:c0 + n] == b"\x01" * n:
                    mapped[c0:c0 + n] = bytes([level]) * n
                    promoted[sizes[level]] += 1
        out[name] = promoted
    return out


def size_name(v):
    for unit, shift in (("G", 30), ("M", 20), ("K", 10)):
        if v >= 1 << shift and v % (1 << shift) == 0:
            return "%d%s" % (v >> shift, unit)
    return str(v)


def under_sptlb(mb, log, *opts):
    proc = subprocess.run([SPTLB, "--model", "alpha21264", *opts, "--", PROBE, mb, log],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def promotions(data):
    return {name: p["promotions"]
            for name, p in data["models"]["alpha21264"]["policies"].items()}


def minus(a, b):
    return {name: {size: a[name][size] - b[name][size] for size in a[name]} for name in a}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The probe under sptlb growing 40 MB, and growing 1 MB: the same program,
    the same code paths and the same environment, so that everything but the
    heap promotes the same in both. Each with its own log."""
    assert os.path.exists(SPTLB) and os.path.exists(PROBE), "run make first"
    tmp = tmp_path_factory.mktemp("heap")
    out = {}
    for mb in ("40", "01"):
        log = str(tmp / ("log-" + mb))
        out[mb] = (under_sptlb(mb, log), read_log(log))
    return out


def test_the_heap_grows_past_valgrinds_cap_as_one_brk_heap(runs):
    data, (base, blocks) = runs["40"]
    heap = data["heap"]
    assert heap["valgrind_brk_cap"] == 8 * MB
    assert heap["brk_cap"] >= 64 * MB
    assert heap["brk_refused"] == 0
    assert heap["brk_top"] >= 40 * MB
    # every block inside the brk heap (replay() checks each run's bounds)
    assert blocks[0][0] == base and max(hi for _, hi, _ in blocks) - base >= 40 * MB


def test_promotions_equal_an_independent_replay_of_the_same_heap(runs):
    sizes, policies = alpha_rule()
    (big, big_log), (small, small_log) = runs["40"], runs["01"]
    sim = minus(promotions(big), promotions(small))
    model = minus(*(replay(*log, sizes, policies) for log in (big_log, small_log)))
    model = {name: {size_name(s): v for s, v in p.items()} for name, p in model.items()}
    assert sim == model
    # a 40 MB heap: most of its 4M, 512K and 64K pages form (10, 80, 640 at most)
    assert model["all"]["4M"] >= 8 and model["all"]["512K"] >= 76
    assert model["all"]["64K"] >= 630


def test_under_valgrinds_cap_the_mmaps_that_continue_the_heap_merge(tmp_path):
    """--brk-max 0 keeps the 8 MB cap: brk is refused and glibc grows the heap by
    adjacent anonymous mmaps, which grow one object; it promotes nearly as the one
    brk heap does (each mmap alone would allow nothing above 64K)."""
    capped = under_sptlb("40", str(tmp_path / "log"), "--brk-max", "0")
    heap = capped["heap"]
    assert heap["brk_cap"] == heap["valgrind_brk_cap"] == 8 * MB
    assert heap["brk_refused"] > 0 and heap["brk_top"] <= 8 * MB
    assert heap["merged_mappings"] >= 100
    got = promotions(capped)["all"]
    assert got["4M"] >= 6 and got["512K"] >= 70, got
