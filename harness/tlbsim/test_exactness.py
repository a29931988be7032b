"""The simulation is exact: its same-page shortcut (an access to its
stream's previous page only counted) gives the counts of looking every
access up, for every shipped model and the models of published CPUs'
CPUID; a model where it would not (a first-level TLB both streams reach) is
refused.  And the Alpha's replacement rules, end to end through the tool,
give the misses worked out by hand, which other rules would not."""
import json
import os
import subprocess

import pytest

from harness.tlbsim import host_model

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPTLB = os.path.join(REPO, "build", "bin", "sptlb")
DIFF = os.path.join(REPO, "build", "tlbsim", "shortcut-diff")
REPLAY = os.path.join(REPO, "build", "tlbsim", "cpuid-replay")
REPL = os.path.join(REPO, "build", "tlbsim", "repl")
MODELS = os.path.join(REPO, "harness", "tlbsim", "models")
CPUID_DUMPS = os.path.join(REPO, "harness", "tlbsim", "tests", "cpuid")
ALPHA = os.path.join(MODELS, "alpha21264.model")
# A first level shared by both streams: the shortcut's counts would differ.
SHARED = ("name shared\npages 4K 2M\ntlb l1 any 4 4 lru 4K 2M -> l2\n"
          "tlb l2 any 64 4 lru 4K 2M\npolicies base 2M thp-always\n")
ACCESSES = "1000000"


@pytest.fixture(scope="module")
def built():
    assert all(os.path.exists(p) for p in (SPTLB, DIFF, REPLAY, REPL)), \
        "run make first"


def differential(*args):
    return subprocess.run([DIFF] + list(args), capture_output=True,
                          text=True, timeout=300)


def host_models(tmp_path):
    paths = []
    for dump in sorted(os.listdir(CPUID_DUMPS)):
        proc = subprocess.run([REPLAY, os.path.join(CPUID_DUMPS, dump)],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        path = tmp_path / (dump + ".model")
        path.write_text(host_model.model_text(json.loads(proc.stdout)))
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("seed", ["1", "2"])
def test_shortcut_is_exact_for_every_model(built, tmp_path, seed):
    shipped = sorted(os.path.join(MODELS, m) for m in os.listdir(MODELS))
    models = shipped + host_models(tmp_path)
    proc = differential(seed, ACCESSES, *models)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count(": identical\n") == len(models) >= 6


def test_the_differential_sees_a_shared_first_level(built, tmp_path):
    path = tmp_path / "shared.model"
    path.write_text(SHARED)
    proc = differential("--unchecked", "1", ACCESSES, str(path))
    assert proc.returncode == 1 and ": differ\n" in proc.stdout
    refused = differential("1", ACCESSES, str(path))
    assert refused.returncode == 2
    assert "would be inexact): l1" in refused.stderr
    tool = subprocess.run([SPTLB, "--model", str(path), "--", "/bin/true"],
                          capture_output=True, text=True, timeout=60)
    assert tool.returncode != 0 and "would be inexact" in tool.stderr


def variant(tmp_path, name, repl):
    text = open(ALPHA).read()
    assert "\ntlb dtb data 128 128 nlu " in text
    path = tmp_path / (name + ".model")
    path.write_text(text.replace("name alpha21264", "name " + name).replace(
        "tlb dtb data 128 128 nlu ", "tlb dtb data 128 128 %s " % repl))
    return str(path)


def base_misses(models, *args):
    cmd = [SPTLB, "--policies", "base"]
    for m in models:
        cmd += ["--model", m]
    proc = subprocess.run(cmd + ["--", REPL] + list(args),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    return {name: m["policies"]["base"]["data_misses"]
            for name, m in report["models"].items()}


def test_alpha_replacement_end_to_end(built, tmp_path):
    """`repl HOT ROUNDS` reads, each round, HOT hot pages then 128 - HOT
    new ones (a 512-page scan: each misses under any rule).  Rounds 5-8
    (8 rounds less 4), 128-entry fully associative DTB:

    HOT 1 (H, then 127 scan pages).  LRU: H is the least recently used of
    128 when read again, still there: 127 misses a round.  NLU (the Alpha
    DTB): when H's round-robin pointer comes round to H's entry, H was the
    entry used last (the scan starts right after H), so it is skipped: H
    always hits, 127.  Round-robin: with H in way w, the 127 scan fills of
    a round take w+1..w+127, H hits, the next round's fills take w..w+126,
    evicting H, which misses and fills w+127: H misses every other round,
    127.5.

    HOT 2 (H1 H2, then 126).  LRU: 127 other pages between two reads of
    either: 126 a round.  NLU: H1 in a, H2 in a+1, the scan fills a+2..
    a+127; next round both hit, the pointer stands at a, not the last used
    (a+1): the scan evicts H1, then H2 (a, just filled, is now the last
    used); they miss the round after, filled at a+126, a+127, where the
    pointer stands when they next hit: both miss every other round, 127.
    Round-robin: the same fills, 127.

    So over 4 rounds: NLU 508, 508; LRU 508, 504; round-robin 510, 508.
    """
    models = ["alpha21264", variant(tmp_path, "alpha-lru", "lru"),
              variant(tmp_path, "alpha-rr", "round-robin")]
    want = {("1", "alpha21264"): 508, ("1", "alpha-lru"): 508,
            ("1", "alpha-rr"): 510, ("2", "alpha21264"): 508,
            ("2", "alpha-lru"): 504, ("2", "alpha-rr"): 508}
    for hot in ("1", "2"):
        four, eight = base_misses(models, hot, "4"), base_misses(models, hot, "8")
        for name in four:
            assert eight[name] - four[name] == want[hot, name], (hot, name)
