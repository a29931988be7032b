"""What every workload's tests share: the manifests, running a workload's
programs and its manifest commands with the placeholders filled in, each
workload's tiny size and its prepare and run at that size made once a
session, and the steps several workloads' tests take alike.
(workloads/conftest.py builds the programs.)"""
import glob
import os
import pathlib
import subprocess
import tomllib

from harness.driver.manifest import fill_command

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKLOADS = os.path.join(REPO, "workloads")
BIN = os.path.join(REPO, "build", "bin")

# What each workload's tests run at, seed 7: a fraction of a second where
# the manifest's test size takes seconds (and vpr's routing at test size
# and seed 7 ran 15 minutes without finishing). The tests' expected
# outputs follow from these; povray's checksum is recorded for its size.
TINY_ARGS = {
    "ammp": ["-n", "1000", "-t", "40"],
    "applu": ["-n", "10", "-t", "20"],
    "apsi": ["-n", "16", "-t", "25"],
    "art": ["-n", "20", "-r", "2"],
    "bzip2": ["-n", "300"],
    "c4": ["-p", "444333555222", "-t", "22"],
    "crafty": ["-m", "2", "-p", "3", "-d", "6"],
    "eon": ["-n", "50", "-r", "24", "-p", "4"],
    "equake": ["-n", "600", "-t", "60"],
    "facerec": ["-n", "64", "-g", "8", "-p", "8"],
    "fftw": ["-n", "24", "-r", "2"],
    "fma3d": ["-n", "40", "-t", "60"],
    "galgel": ["-n", "6", "-t", "4"],
    "gap": ["-m", "192", "-n", "2"],
    "gcc": ["-n", "6"],
    "gzip": ["-n", "200"],
    "image": ["-w", "37", "-h", "23"],
    "linker": ["-n", "2"],
    "lucas": ["-n", "4096", "-r", "120", "-k", "100", "-f", "600"],
    "matrix": ["-n", "37", "-r", "3"],
    "mcf": ["-n", "300"],
    "mesa": ["-n", "160", "-f", "8"],
    "mgrid": ["-n", "16", "-c", "12"],
    "parser": ["-n", "12"],
    "perlbmk": ["-n", "120"],
    "povray": ["-n", "16", "-w", "32", "-h", "24"],
    "sixtrack": ["-n", "2", "-t", "400", "-p", "20"],
    "sp": ["-n", "12", "-i", "120"],
    "swim": ["-n", "24", "-t", "40"],
    "tree": ["-n", "300", "--ops", "2000"],
    "twolf": ["-n", "60", "-t", "1"],
    "vortex": ["-n", "300"],
    "vpr": ["-n", "4"],
    "web": ["--mb", "1", "-r", "300"],
    "wupwise": ["-n", "4", "-t", "6"],
}


def manifest(test_file):
    """The workload.toml beside test_file, parsed."""
    with open(os.path.join(os.path.dirname(test_file), "workload.toml"), "rb") as f:
        return tomllib.load(f)


def workload_names():
    """The name of every workload: each folder of workloads/ with a
    workload.toml, sorted."""
    return sorted(os.path.basename(os.path.dirname(p)) for p in
                  glob.glob(os.path.join(WORKLOADS, "*", "workload.toml")))


def load(name):
    """The workload.toml of the workload name, parsed."""
    return manifest(os.path.join(WORKLOADS, name, "workload.toml"))


def run(name, *args):
    return subprocess.run([os.path.join(BIN, name)] + list(args),
                          capture_output=True, text=True)


def expand(cmd, args, **values):
    """A manifest command as the driver fills it, with args for {args},
    {bin}, {seed} (7 unless given) and the placeholders named in values."""
    return fill_command(cmd, args, {"bin": BIN, "seed": "7", **values})


def run_section(m, section, args, **values):
    """Runs the manifest m's command for section ("prepare", "run" or
    "check"), filled as expand() fills it, with no input on stdin; the
    finished process, its output captured as text."""
    return subprocess.run(expand(m[section]["command"], args, **values),
                          capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)


def assert_section_passes(m, section, args, **values):
    """run_section() exited 0; the process, for a look at its output."""
    proc = run_section(m, section, args, **values)
    assert proc.returncode == 0, (section, proc.stderr)
    return proc


def prepare_and_run(m, args, base, **values):
    """Runs the manifest m's prepare (where it has one) and run commands
    with args, the inputs in base/in and the output in base/out (both
    made here), and asserts that each exits 0. The placeholder values as
    strings: input, out and whatever values adds (a seed other than 7,
    say)."""
    values = {"input": os.path.join(base, "in"),
              "out": os.path.join(base, "out"), **values}
    os.mkdir(values["input"])
    os.mkdir(values["out"])
    for section in ("prepare", "run"):
        if section in m:
            assert_section_passes(m, section, args, **values)
    return values


class Tiny:
    """Each workload's prepare and run at its TINY_ARGS size, seed 7, made
    once a session for all the tests that ask (workloads/conftest.py's
    `tiny` fixture), and its manifest's check of them: the files are
    shared, so a test copies one before changing it."""

    def __init__(self, factory):
        self._factory = factory
        self._made = {}
        self._checked = {}

    def folders(self, m):
        """The placeholder values input and out of m's run, as strings."""
        name = m["name"]
        if name not in self._made:
            base = str(self._factory.mktemp(name))
            self._made[name] = prepare_and_run(m, TINY_ARGS[name], base)
        return dict(self._made[name])

    def base(self, m):
        """The folder that holds folders(m): in and out."""
        return pathlib.Path(self.folders(m)["out"]).parent

    def check(self, m):
        """The manifest m's check of folders(m), run once: the process."""
        name = m["name"]
        if name not in self._checked:
            self._checked[name] = run_section(m, "check", TINY_ARGS[name],
                                              **self.folders(m))
        return self._checked[name]


def run_on_text(name, path, text, *args):
    """Writes text to path and runs the program name on it: args, then
    path."""
    path.write_text(text)
    return run(name, *args, str(path))


def check_with_input(name, base, input_name, result, args, seed="7"):
    """Runs the check name with args and seed on the result file, its
    input base/in/input_name (-i)."""
    return run(name, *args, "-s", seed, "-i", str(base / "in" / input_name),
               str(result))


def changed_input(base, input_name, tmp_path, old, new):
    """base's input files copied to tmp_path/in, with old replaced by new
    (once; bytes or text alike) in input_name's; tmp_path, a base for
    check_with_input()."""
    folder = tmp_path / "in"
    folder.mkdir(exist_ok=True)
    for path in (base / "in").iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    data = (base / "in" / input_name).read_bytes()
    if isinstance(old, str):
        old, new = old.encode(), new.encode()
    assert old in data, old
    (folder / input_name).write_bytes(data.replace(old, new, 1))
    return tmp_path


def run_on_input(name, args, base, input_name, tmp_path):
    """Runs the program name with args and seed 7 on base/in/input_name
    (-i), its output in tmp_path, and asserts that it exits 0; the
    output's text."""
    out = tmp_path / "changed.out"
    proc = run(name, *args, "-s", "7", "-i", str(base / "in" / input_name),
               "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    return out.read_text()


def other_arguments(args):
    """args with seed 7 and each value, in turn, one more; then args with
    seed 8: argument lists an input made for args at seed 7 is not of."""
    bumped = [args[:i] + [str(int(args[i]) + 1)] + args[i + 1:]
              for i in range(1, len(args), 2)]
    return [b + ["-s", "7"] for b in bumped] + [args + ["-s", "8"]]


def assert_run_refuses_inputs(name, args, good, bad, tmp_path, more=()):
    """The run name refuses, with status 1 and no output written, its
    input file good given other_arguments(args) and the argument lists in
    more, an input that is not one (bad: its text, and what the refusal
    says) and an input that is not there."""
    out = tmp_path / "r.out"
    for other in other_arguments(args) + list(more):
        proc = run(name, *other, "-i", str(good), "-o", str(out))
        assert proc.returncode == 1, (other, proc.stderr)
        assert proc.stderr.endswith("was made for other arguments\n")
    (tmp_path / "bad.in").write_text(bad[0])
    for path, what in ((tmp_path / "bad.in", bad[1]),
                       (tmp_path / "none.in", "cannot open")):
        proc = run(name, *args, "-i", str(path), "-o", str(out))
        assert proc.returncode == 1 and what in proc.stderr, proc.stderr
    assert not list(tmp_path.glob("r.out*"))


def read_bytes(folder, name):
    """The bytes of the file name in folder."""
    with open(os.path.join(folder, name), "rb") as f:
        return f.read()


def read_text(folder, name):
    """The text of the file name in folder."""
    with open(os.path.join(folder, name)) as f:
        return f.read()


def assert_check_fails(prog, proc, what=None):
    """prog (an output check) refused its input: exit 1 and one line that
    starts with its name and, when what is given, says what."""
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.startswith(prog + ": ")
    assert proc.stderr.count("\n") == 1
    if what:
        assert what in proc.stderr, proc.stderr


def assert_manifest_basics(m, test_file):
    """What every workload.toml holds: known keys only, the name of its
    folder, the three sizes, built binaries, and a program of its own at
    the head of every {bin}/ command."""
    assert set(m) <= {"name", "group", "paper_row", "description",
                      "binaries", "sizes", "prepare", "run", "check", "variants"}
    assert m["name"] == os.path.basename(os.path.dirname(os.path.abspath(test_file)))
    assert set(m["sizes"]) == {"test", "paper", "ref"}
    for b in m["binaries"]:
        assert os.access(os.path.join(BIN, b), os.X_OK), b
    for section in ("prepare", "run", "check"):
        cmd = m.get(section, {}).get("command", [""])
        if cmd[0].startswith("{bin}/"):
            assert cmd[0][len("{bin}/"):] in m["binaries"], cmd[0]
