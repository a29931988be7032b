"""`run --spec2000 DIR` (or SPEC2000 in the environment): the paper's SPEC CPU2000 rows
(CINT2000 and CFP2000) run from a licensed SPEC CPU2000 tree instead of our stand-ins. DIR
is a SPEC CPU2000 installation in which SPEC's own tools prepared the reference runs
(`runspec --size=ref --action=setup int fp`): each benchmark's newest run folder
benchspec/SUITE/NNN.name/run/NNNNNNNN holds its binary, its inputs, speccmds.cmd (the
invocations, in specinvoke's form) and compare.cmd (the specdiff lines with SPEC's
tolerances). A run links that folder into its own output folder and runs
the invocations there under sp-specinvoke; its check is harness/spec2000/specdiff.py on the
files compare.cmd names. Records carry a "spec2000" object saying what ran."""
from __future__ import annotations

import os
import shlex
from typing import Iterable, Iterator, Optional, Sequence

from harness.driver import config, paths
from harness.driver.errors import UserError
from harness.driver.manifest import Workload
from harness.spec2000 import specdiff

CINT2000 = ("164.gzip", "175.vpr", "176.gcc", "181.mcf", "186.crafty", "197.parser",
            "252.eon", "253.perlbmk", "254.gap", "255.vortex", "256.bzip2", "300.twolf")
CFP2000 = ("168.wupwise", "171.swim", "172.mgrid", "173.applu", "177.mesa", "178.galgel",
           "179.art", "183.equake", "187.facerec", "188.ammp", "189.lucas", "191.fma3d",
           "200.sixtrack", "301.apsi")
# our row name -> (suite, SPEC's benchmark folder)
BENCHMARKS = {b.split(".")[1]: (suite, b) for suite, names in
              (("CINT2000", CINT2000), ("CFP2000", CFP2000)) for b in names}
CMD_FILES = ("speccmds.cmd", "compare.cmd")
SPECDIFF = os.path.join(paths.REPO, "harness", "spec2000", "specdiff.py")
INVOKE = os.path.join(paths.BIN, "sp-specinvoke")


def root(given: Optional[str] = None) -> Optional[str]:
    """The SPEC tree from --spec2000 or the environment, checked; None when neither names
    one."""
    d = given or config.spec2000()
    if not d:
        return None
    d = os.path.abspath(d)
    if not any(os.path.isdir(os.path.join(d, "benchspec", s)) for s in ("CINT2000", "CFP2000")):
        raise UserError(f"--spec2000 {d}: not a SPEC CPU2000 tree (no benchspec/CINT2000 "
                        "or benchspec/CFP2000)")
    return d


def run_folder(tree: str, suite: str, bench: str) -> str:
    """The newest run folder of bench that has both command files."""
    runs = os.path.join(tree, "benchspec", suite, bench, "run")
    try:
        names = sorted(n for n in os.listdir(runs) if n.isdigit())
    except OSError:
        names = []
    for n in reversed(names):
        d = os.path.join(runs, n)
        if all(os.path.isfile(os.path.join(d, f)) for f in CMD_FILES):
            return d
    raise UserError(f"{bench}: no prepared reference run under {runs}: run SPEC's "
                    f"'runspec --size=ref --action=setup {bench}' first")


def _lines(path: str) -> Iterator[tuple[int, list[str]]]:
    """(line number, tokens) of each command line of a specinvoke file."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise UserError(f"{path}: {e.strerror}")
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            yield n, shlex.split(line)
        except ValueError as e:
            raise UserError(f"{path} line {n}: {e}")


def invocations(path: str) -> list[list[str]]:
    """speccmds.cmd as sp-specinvoke's invocations: [[-i F] [-o F] [-e F] PROG ARGS...]."""
    out = []
    for n, tokens in _lines(path):
        inv, i = [], 0
        while i < len(tokens) and tokens[i].startswith("-"):
            opt = tokens[i]
            if opt in ("-i", "-o", "-e") and i + 1 < len(tokens):
                inv += [opt, os.path.basename(tokens[i + 1])]
            elif opt != "-C" or i + 1 >= len(tokens):
                raise UserError(f"{path} line {n}: specinvoke option {opt} is not supported")
            i += 2
        if i < len(tokens):
            out.append(inv + tokens[i:])
    if not out:
        raise UserError(f"{path}: no invocation")
    return out


def comparisons(path: str, run_dir: str) -> list[list[str]]:
    """compare.cmd's specdiff lines as specdiff.py groups, the expected file made absolute and
    the actual one left relative (it is produced in the run's own folder)."""
    groups = []
    for n, tokens in _lines(path):
        at = [i for i, t in enumerate(tokens)
              if os.path.basename(t) in ("specdiff", "specdiff.pl")]
        if not at:
            continue
        rest = tokens[at[0] + 1:]
        try:
            tol, expected, actual = specdiff.parse_group(rest)
        except specdiff.Usage as e:
            raise UserError(f"{path} line {n}: {e}")
        expected = os.path.normpath(os.path.join(run_dir, expected))
        groups.append(rest[:-2] + [expected, os.path.basename(actual)])
    if not groups:
        raise UserError(f"{path}: no specdiff line")
    return groups


def _joined(lists: Sequence[list[str]]) -> list[str]:
    out = []
    for i, item in enumerate(lists):
        out += ([";"] if i else []) + item
    return out


def workload(stand_in: Workload, tree: str, size: str) -> Workload:
    """The Workload that runs stand_in's SPEC benchmark from tree."""
    if size != "paper":
        raise UserError(f"--spec2000 runs SPEC's reference inputs only, which are the "
                        f"paper's: use --size paper (not {size})")
    suite, bench = BENCHMARKS[stand_in.name]
    rd = run_folder(tree, suite, bench)
    invs = invocations(os.path.join(rd, "speccmds.cmd"))
    groups = comparisons(os.path.join(rd, "compare.cmd"), rd)
    produced = {g[-1] for g in groups} | {inv[inv.index(o) + 1] for inv in invs
                                          for o in ("-o", "-e") if o in inv}
    exclude = [a for name in sorted(produced | set(CMD_FILES)) for a in ("-x", name)]
    checks = [g[:-1] + ["{out}/" + g[-1]] for g in groups]
    data = {"name": stand_in.name, "group": stand_in.group, "paper_row": stand_in.paper_row,
            "description": f"SPEC CPU2000 {bench}, the reference run prepared in {rd}",
            "binaries": [], "sizes": {"paper": {"args": [], "footprint_mb": None}},
            "run": {"command": [INVOKE, *exclude, rd, "{out}", "--", *_joined(invs)]},
            "check": {"command": ["/usr/bin/python3", SPECDIFF, *_joined(checks)]}}
    w = Workload(stand_in.folder, data)
    w.spstat_flags = ["--sample-leaf"]
    w.record_extra = {"spec2000": {"benchmark": bench, "run_folder": rd,
                                   "invocations": len(invs)}}
    return w


def substitute(workloads: Iterable[Workload], tree: Optional[str], size: str) -> list[Workload]:
    """workloads with every SPEC row taken from the SPEC tree (when one is given)."""
    if tree is None:
        return list(workloads)
    return [workload(w, tree, size) if w.name in BENCHMARKS else w for w in workloads]
