"""The contract every workload keeps, tested once for all of them (each
workloads/*/workload.toml, and its variants): the manifest's keys,
binaries and commands; bad arguments and left-out files refused with
status 2; the real output at the tests' tiny size passing its check; and
a truncated or changed one failing it. Each workload's own tests hold
what is particular to it."""
import csv
import functools
import os
import re
import shutil
import subprocess

import pytest

from testkit import (BIN, REPO, TINY_ARGS, WORKLOADS, assert_check_fails,
                     assert_manifest_basics, assert_section_passes, expand,
                     load, prepare_and_run, run_section, workload_names)

NAMES = workload_names()
MANIFESTS = {name: load(name) for name in NAMES}
SECTIONS = ("prepare", "run", "check")

# Size arguments each workload's programs refuse beyond the generic ones
# bad_arguments() derives from the manifest: its own bounds, and options
# it needs (gathered from the tests each workload had).
BAD_ARGS = {
    "ammp": [["-n", "999", "-t", "5"], ["-n", "1000"], ["-n", "1000", "-t", "0"]],
    "applu": [["-n", "5"], ["-n", "257"], ["-n", "16", "-t", "0"]],
    "apsi": [["-n", "16"], ["-t", "25"], ["-n", "7", "-t", "25"], ["-n", "16", "-t", "0"]],
    "art": [["-n", "20"], ["-n", "8", "-r", "1"], ["-n", "20", "-r", "0"]],
    "bzip2": [["-n", "0"], ["-n", "4000001"]],
    "c4": [["-t", "3"], ["-p", "48", "-t", "10"], ["-p", "4444444", "-t", "10"],
           ["-p", "1212121", "-t", "10"]],
    "crafty": [["-m", "2", "-p", "3"], ["-m", "0", "-p", "3", "-d", "6"],
               ["-m", "2", "-p", "3", "-d", "99"]],
    "eon": [["-r", "8", "-p", "2"], ["-n", "0", "-r", "8", "-p", "2"], ["-n", "5", "-p", "2"],
            ["-n", "5", "-r", "8"], ["-n", "5", "-r", "0", "-p", "2"]],
    "equake": [["-n", "600"], ["-t", "60"], ["-n", "5", "-t", "60"], ["-n", "600", "-t", "0"]],
    "facerec": [["-n", "63", "-g", "8", "-p", "8"], ["-n", "64", "-p", "8"],
                ["-n", "64", "-g", "8"], ["-n", "64", "-g", "1", "-p", "8"],
                ["-n", "64", "-g", "8", "-p", "0"]],
    "fftw": [["-n", "0"], ["-n", "3000"], ["-n", "4", "-r", "0"]],
    "fma3d": [["-n", "40"], ["-t", "60"], ["-n", "39", "-t", "60"], ["-n", "40", "-t", "0"],
              ["--mb", "1", "-t", "60"], ["-n", "40", "-t", "60", "-s", "9223372036854775808"]],
    "galgel": [["-n", "6"], ["-t", "4"], ["-n", "3", "-t", "4"], ["-n", "33", "-t", "4"],
               ["-n", "6", "-t", "1"], ["--mb", "0", "-t", "4"]],
    "gap": [["-m", "192"], ["-n", "2"], ["-m", "16", "-n", "2"], ["--mb", "40", "-n", "2"],
            ["-m", "192", "-n", "0"]],
    "gcc": [["-n", "0"]],
    "gzip": [["-n", "0"], ["-n", "4000001"]],
    "image": [["-w", "0", "-h", "4"], ["-w", "4"], ["--mb", "5"]],
    "linker": [["-n", "0"]],
    "lucas": [["-n", "4096", "-r", "2"], ["-n", "4096", "-k", "2"],
              ["-n", "512", "-r", "2", "-k", "1"], ["-n", "4100", "-r", "2", "-k", "1"],
              ["-n", "4096", "-r", "2", "-k", "3"],
              ["-n", "4096", "-r", "2", "-k", "1", "-f", "20001"]],
    "matrix": [["-n", "0"], ["-n", "4", "-r", "-1"]],
    "mcf": [["-n", "1"]],
    "mesa": [["-n", "160"], ["-f", "8"], ["-n", "10", "-f", "8"], ["-n", "160", "-f", "0"],
             ["--mb", "0", "-f", "8"]],
    "mgrid": [["-n", "5"], ["-n", "2"], ["-n", "2048"], ["-n", "16", "-c", "0"]],
    "parser": [["-n", "0"]],
    "perlbmk": [["-n", "0"]],
    "povray": [["-n", "16"], ["-n", "15", "-w", "32", "-h", "24"],
               ["--mb", "1", "-w", "32", "-h", "24"]],
    "sixtrack": [["-n", "2"], ["-t", "40"], ["-n", "0", "-t", "40"], ["-n", "2", "-t", "0"],
                 ["-n", "2", "-t", "40", "-p", "1"], ["-n", "2", "-t", "40", "-p", "5000"],
                 ["-n", "2", "-t", "40", "-l", "thin"], ["--mb", "2", "-t", "40"],
                 ["-n", "2", "-t", "40", "-s", "9223372036854775808"]],
    "sp": [["-n", "5"], ["-n", "8", "-i", "0"]],
    "swim": [["-n", "24"], ["-t", "40"], ["-n", "7", "-t", "40"], ["-n", "24", "-t", "0"],
             ["-n", "24", "-t", "40", "-s", "9223372036854775808"]],
    "tree": [["-n", "0"], ["-n", "4", "--ops", "-3"], ["-n", "4", "--alloc", "slab"],
             ["-n", "4", "--alloc"]],
    "twolf": [["-t", "1"], ["-n", "9"], ["-n", "60", "-t", "0"], ["--mb", "3"]],
    "vortex": [["-n", "0"]],
    "vpr": [["-n", "1"], ["-n", "201"], ["-n", "4", "-s", "2147483648"], ["--mb", "0"]],
    "web": [["--mb", "0"], ["--mb", "1", "-r", "5"]],
    "wupwise": [["-n", "0"], ["-n", "5"], ["-n", "4", "-t", "7"], ["-n", "4", "-t", "2"],
                ["--mb", "9", "-t", "8"], ["-n", "258"]],
}

# A refused command exits at once; one that runs instead is a failure,
# and no test should wait for it to end.
REFUSAL_SECONDS = 10


def reference_groups():
    """The paper's rows (results/reference/table1-best-case.csv): {row:
    group}."""
    path = os.path.join(REPO, "results", "reference", "table1-best-case.csv")
    with open(path, newline="") as f:
        return {row["workload"]: row["group"] for row in csv.DictReader(f)}


def commands(m):
    """{section: command} of the manifest m's commands."""
    return {s: m[s]["command"] for s in SECTIONS if s in m}


def program(cmd):
    """The path of the program a manifest command runs."""
    return cmd[0].replace("{bin}", BIN)


@pytest.mark.parametrize("name", NAMES)
def test_manifest(name):
    m = MANIFESTS[name]
    assert_manifest_basics(m, os.path.join(WORKLOADS, name, "workload.toml"))
    assert m["paper_row"] == name
    assert reference_groups()[name] == m["group"]
    assert m["description"].strip() and "\n" not in m["description"]
    for size in ("test", "paper"):
        assert m["sizes"][size]["footprint_mb"] > 0, size
    ref = m["sizes"]["ref"]
    assert ref["ref_ratio"] > 0
    at = ref["args"].index("{ref_mb}")
    assert ref["args"][at - 1] == "--mb"
    for size in m["sizes"].values():
        assert all(isinstance(a, str) for a in size["args"])


@pytest.mark.parametrize("name", NAMES)
def test_manifest_commands(name):
    m = MANIFESTS[name]
    cmds = commands(m)
    assert {"run", "check"} <= set(cmds)
    for section, cmd in cmds.items():
        assert os.path.isabs(program(cmd)), section
        assert os.access(program(cmd), os.X_OK), program(cmd)
    # the measured program is neither the one making the inputs nor the check
    assert len({cmd[0] for cmd in cmds.values()}) == len(cmds)
    used = {w[len("{bin}/"):] for cmd in cmds.values() for w in cmd
            if w.startswith("{bin}/")}
    assert used == set(m["binaries"])
    words = [w for cmd in cmds.values() for w in cmd]
    if "prepare" in cmds:
        assert "{seed}" in cmds["prepare"]
    if "{seed}" in words:
        # the check knows the seed, or reads the inputs made from it
        assert "{seed}" in cmds["check"] or any("{input}" in w for w in cmds["check"])
    for cmd in sized_commands(m):
        # the seed goes to every program that takes one
        if "[-s SEED]" in usage(cmd):
            assert "{seed}" in cmd, cmd[0]
    for helper in m["run"].get("helpers", []):
        assert isinstance(helper, str) and "," not in helper


def bad_arguments(m):
    """Size arguments no program of m takes: none, an unknown option, an
    extra operand, a seed that is not a number, --mb beside another size,
    each value of the test size in turn not a number; then BAD_ARGS's."""
    args = m["sizes"]["test"]["args"]
    cases = [[], args + ["--bogus"], args + ["extra"], args + ["-s", "x"]]
    if "--mb" not in args:
        cases.append(args + ["--mb", "1"])
    cases += [args[:i] + ["x"] + args[i + 1:] for i in range(1, len(args), 2)]
    return cases + BAD_ARGS.get(m["name"], [])


def sized_commands(m):
    """The manifest m's commands that give a program of its own {args}."""
    return [cmd for cmd in commands(m).values()
            if cmd[0].startswith("{bin}/") and "{args}" in cmd]


def usage(cmd):
    """The line cmd's program prints on stderr given no size arguments."""
    return subprocess.run(expand(cmd, [], input="", out=""), capture_output=True,
                          text=True, stdin=subprocess.DEVNULL,
                          timeout=REFUSAL_SECONDS).stderr


def without_each_file(cmd):
    """cmd less each file the manifest names in it, in turn: (the words
    left out, an option with its value or an operand; the command)."""
    for i, word in enumerate(cmd):
        if "{input}" in word or "{out}" in word:
            if re.fullmatch(r"-[a-z]", cmd[i - 1]):
                yield cmd[i - 1:i + 1], cmd[:i - 1] + cmd[i + 1:]
            else:
                yield [word], cmd[:i] + cmd[i + 1:]


def not_refused(cmd, args, tmp_path, says=""):
    """None where cmd, filled with args and empty folders, was refused as a
    bad argument is: status 2, one line on stderr that says `says`, nothing
    written; otherwise what it did."""
    values = {"input": str(tmp_path / "in"), "out": str(tmp_path / "out")}
    for folder in values.values():
        shutil.rmtree(folder, ignore_errors=True)
        os.mkdir(folder)
    proc = subprocess.run(expand(cmd, args, **values), capture_output=True,
                          text=True, stdin=subprocess.DEVNULL,
                          timeout=REFUSAL_SECONDS)
    written = [f for folder in values.values() for f in os.listdir(folder)]
    if (proc.returncode == 2 and proc.stderr.count("\n") == 1 and
            says in proc.stderr and not written):
        return None
    return (os.path.basename(program(cmd)), args, proc.returncode,
            proc.stderr, written)


@pytest.mark.parametrize("name", NAMES)
def test_bad_arguments_exit_2(tmp_path, name):
    m = MANIFESTS[name]
    wrong = [not_refused(cmd, args, tmp_path) for cmd in sized_commands(m)
             for args in bad_arguments(m)]
    assert not any(wrong), [w for w in wrong if w]


@pytest.mark.parametrize("name", NAMES)
def test_left_out_files_exit_2(tmp_path, name):
    # an option left out is named in the usage line the refusal prints
    m = MANIFESTS[name]
    wrong = [not_refused(rest, m["sizes"]["test"]["args"], tmp_path,
                         left_out[0] + " " if len(left_out) == 2 else "")
             for cmd in commands(m).values() if cmd[0].startswith("{bin}/")
             for left_out, rest in without_each_file(cmd)]
    assert not any(wrong), [w for w in wrong if w]


@pytest.mark.parametrize("name", NAMES)
def test_real_output_passes(tiny, name):
    proc = tiny.check(MANIFESTS[name])
    assert proc.returncode == 0, proc.stderr


VARIANTS = [(name, v) for name in NAMES for v in MANIFESTS[name].get("variants", {})]


@pytest.mark.parametrize("name,variant", VARIANTS)
def test_variant(tmp_path, name, variant):
    m = MANIFESTS[name]
    v = m["variants"][variant]
    assert set(v) == {"description", "args"} and v["description"].strip()
    assert v["args"] and all(isinstance(a, str) for a in v["args"])
    # the check gets the same arguments as the run, the variant's added
    args = TINY_ARGS[name] + v["args"]
    assert_section_passes(m, "check", args, **prepare_and_run(m, args, str(tmp_path)))


NUMBER = re.compile(rb"(?<![\w.])[-+]?\d+(\.\d+)?([eE][-+]?\d+)?(?![\w.])")
NONZERO = re.compile(rb"[1-9]")


def is_text(data):
    """data holds text: UTF-8, and no NUL."""
    if b"\0" in data:
        return False
    try:
        data.decode()
    except UnicodeDecodeError:
        return False
    return True


def nearest_middle(data, positions):
    """Of positions in data, the one nearest its middle; None for none."""
    return min(positions, key=lambda i: abs(i - len(data) // 2), default=None)


def other_digit(data, at):
    """data with the digit at `at` (1 to 9) made another (1 to 9)."""
    return data[:at] + bytes([ord("1") + (data[at] - ord("0")) % 9]) + data[at + 1:]


def truncated(data):
    return data[:len(data) // 2]


def changed(data):
    """data with a value changed: in text, the leading digit of the
    number nearest the middle; otherwise the 8 bytes at the middle made
    0xff (a NaN, or a huge or negative number, whatever number they held
    part of)."""
    if not is_text(data):
        at = len(data) // 16 * 8
        return data[:at] + b"\xff" * 8 + data[at + 8:]
    at = nearest_middle(data, [m.start() + NONZERO.search(m.group()).start()
                               for m in NUMBER.finditer(data)
                               if NONZERO.search(m.group())])
    return data if at is None else other_digit(data, at)


def digit_after(marker, data):
    """data with the first digit after the marker's first place made
    another: a value the check holds the output to."""
    at = data.find(marker)
    return data if at < 0 else other_digit(data, NONZERO.search(data, at).start())


def word_replaced(old, new, data):
    """data with the old nearest its middle made new."""
    at = nearest_middle(data, [m.start() for m in re.finditer(re.escape(old), data)])
    return data if at is None else data[:at] + new + data[at + len(old):]


# The change made instead where the check rightly leaves the number
# nearest the middle as it is (a timing, a diagnostic it bounds only, a
# branch its one run of the program does not take), or where the output
# has no number the check holds every part of to; a file the check reads
# that lacks the marker is left as it was.
CHANGES = {
    # a search's time ('time 1') at the middle; the total counts nodes
    "crafty": functools.partial(digit_after, b"Nodes searched  : "),
    # a compare ('cmpq $2') in a branch the program's one run does not
    # take at the middle; its first constant is one it uses
    "gcc": functools.partial(digit_after, b"movabsq\t$"),
    # the rounding error the run measured ('maxerr'), checked against a
    # bound only, at the middle; each run's residue is exact
    "lucas": functools.partial(digit_after, b"res64 "),
    # parsing costs at the middle of a sentence the check does not parse
    # again (it parses a sample); it holds every tree to its words
    "parser": functools.partial(word_replaced, b"(NP the ", b"(NP a "),
    # timings, the server's port and its connection count at the middle
    "web": functools.partial(digit_after, b"2xx="),
}
CORRUPTIONS = {"truncated": lambda name, data: truncated(data),
               "changed": lambda name, data: CHANGES.get(name, changed)(data)}


def checked_files(m, out):
    """The files in the folder out of a run that the check of the manifest
    m reads: those its command names, or all where it names the folder."""
    names = []
    for word in m["check"]["command"]:
        if word == "{out}":
            names += sorted(os.listdir(out))
        elif word.startswith("{out}/"):
            names.append(word[len("{out}/"):])
    return [os.path.join(out, n) for n in names]


def corruption_cases():
    for name in NAMES:
        for how in CORRUPTIONS:
            yield pytest.param(name, how, id=f"{name}-{how}")


@pytest.mark.parametrize("name,how", corruption_cases())
def test_corrupted_output_fails(tiny, tmp_path, name, how):
    m = MANIFESTS[name]
    values = tiny.folders(m)
    out = str(tmp_path / "out")
    shutil.copytree(values["out"], out)
    changes = 0
    for path in checked_files(m, out):
        with open(path, "rb") as f:
            data = f.read()
        bad = CORRUPTIONS[how](name, data)
        changes += bad != data
        with open(path, "wb") as f:
            f.write(bad)
    assert changes
    proc = run_section(m, "check", TINY_ARGS[name], input=values["input"], out=out)
    assert_check_fails(os.path.basename(program(m["check"]["command"])), proc)
