"""The output check of a SPEC CPU2000 benchmark run by `spbench run --spec2000`: each output
file against SPEC's expected one, with the tolerances SPEC's compare.cmd gives its specdiff for
that file. Our own reading of specdiff's rules, so that the check needs no specperl:

- files compare line by line and must have as many lines; --ignorecase and --cw (collapse
  whitespace) normalise both sides first;
- a line that differs is split into whitespace-separated fields, which must be as many;
- a field that differs passes when both are numbers and |ours - expected| <= --abstol, or
  <= --reltol x |expected| (either tolerance that is given), or, with --obiwan, when both are
  integers one apart;
- --skiptol N lets N fields fail anyway.

Usage: specdiff.py GROUP [; GROUP]..., GROUP = [specdiff options] EXPECTED ACTUAL.
Exit 0 when every file matches; otherwise one line on stderr naming the first difference."""
import sys

# option -> number of values it takes; -m and -l only shape specdiff's report
OPTIONS = {"-m": 0, "-l": 1, "--abstol": 1, "--reltol": 1, "--obiwan": 0, "--skiptol": 1,
           "--ignorecase": 0, "--cw": 0, "--floatcompare": 0}


class Usage(Exception):
    """A compare line this check cannot read; str() is one line."""


def parse_group(tokens):
    """(tolerances dict, expected, actual) from one group's tokens."""
    tol, i = {}, 0
    while i < len(tokens) - 2:
        opt = tokens[i]
        if opt not in OPTIONS:
            raise Usage(f"unknown specdiff option {opt!r}")
        if OPTIONS[opt]:
            try:
                tol[opt] = float(tokens[i + 1])
            except (IndexError, ValueError):
                raise Usage(f"specdiff option {opt} needs a number") from None
        else:
            tol[opt] = True
        i += 1 + OPTIONS[opt]
    if len(tokens) - i != 2:
        raise Usage("a specdiff line must end in EXPECTED ACTUAL")
    return tol, tokens[i], tokens[i + 1]


def _number(s):
    try:
        return float(s.replace("D", "E").replace("d", "e"))
    except ValueError:
        return None


def _field_ok(ours, expected, tol):
    a, b = _number(ours), _number(expected)
    if a is None or b is None:
        return False
    diff = abs(a - b)
    if "--abstol" in tol and diff <= tol["--abstol"]:
        return True
    if "--reltol" in tol and diff <= tol["--reltol"] * abs(b):
        return True
    if "--obiwan" in tol and a == int(a) and b == int(b) and diff <= 1:
        return True
    return False


def _normal(line, tol):
    if "--ignorecase" in tol:
        line = line.lower()
    if "--cw" in tol:
        line = " ".join(line.split())
    return line


def compare(expected_lines, actual_lines, tol):
    """None when the outputs match under tol, else what differs first."""
    if len(expected_lines) != len(actual_lines):
        return f"{len(actual_lines)} lines, expected {len(expected_lines)}"
    skips = int(tol.get("--skiptol", 0))
    for n, (exp, ours) in enumerate(zip(expected_lines, actual_lines), 1):
        exp, ours = _normal(exp, tol), _normal(ours, tol)
        if exp == ours:
            continue
        ef, of = exp.split(), ours.split()
        if len(ef) != len(of):
            return f"line {n}: {len(of)} fields, expected {len(ef)}"
        for e, o in zip(ef, of):
            if e != o and not _field_ok(o, e, tol):
                if skips:
                    skips -= 1
                    continue
                return f"line {n}: {o!r}, expected {e!r}"
    return None


def _lines(path):
    with open(path, encoding="latin-1") as f:
        return f.read().splitlines()


def check(groups):
    """None when every group's files match, else one line saying what differs."""
    for tokens in groups:
        tol, expected, actual = parse_group(tokens)
        try:
            exp_lines = _lines(expected)
        except OSError as e:
            return f"{expected}: cannot read SPEC's expected output: {e.strerror}"
        try:
            act_lines = _lines(actual)
        except OSError as e:
            return f"{actual}: no output: {e.strerror}"
        what = compare(exp_lines, act_lines, tol)
        if what:
            return f"{actual}: {what}"
    return None


def split_groups(args):
    groups, cur = [], []
    for a in args:
        if a == ";":
            groups.append(cur)
            cur = []
        else:
            cur.append(a)
    groups.append(cur)
    return [g for g in groups if g]


def main(argv):
    groups = split_groups(argv)
    if not groups:
        print("specdiff.py: usage: specdiff.py [OPTIONS] EXPECTED ACTUAL [; ...]",
              file=sys.stderr)
        return 2
    try:
        what = check(groups)
    except Usage as e:
        print(f"specdiff.py: {e}", file=sys.stderr)
        return 2
    if what:
        print(f"specdiff: {what}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
