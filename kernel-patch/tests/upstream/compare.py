#!/usr/bin/python3
"""compare.py - judges one upstream mm selftest run with reservations off
against the same run with them on: every subtest must end the same way,
except the differences listed in expected-differences, each of which is a
subtest that asserts the stock fault-time THP allocation reservations
replace.  Prints one TAP line (and '#' detail lines); exits 0 when ok.

usage: compare.py [--strict] N TEST OFF.log OFF-EXIT ON.log ON-EXIT
--strict: no difference is expected (cow's THP subtests on memory that
reservations promote at the first fault)"""
import os
import re
import sys

EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected-differences")
TAP = re.compile(r"^(not )?ok (\d+)\b\s*(.*)$")
# "ok 2 # SKIP reason" (cow) or "ok 3 fixture.name # SKIP reason" (the
# kselftest harness): the directive follows the description, if any.
DIRECTIVE = re.compile(r"(?:^|\s)#\s*(SKIP|XFAIL|TODO)\b\s*(.*)$", re.I)
# khugepaged's own format: "Run test: NAME (CTX:OPS)", then checks that end
# in a coloured word: green success, red failure, yellow skip.
RUN_HEADER = re.compile(r"^Run test: (.*)$")
CHECK = re.compile(r"^(.*?)\s*\x1b\[(3[123])m(.*?)\x1b\[0m\s*$")
COLOUR = {"32": "pass", "31": "fail", "33": "skip"}


class Subtest:
    def __init__(self, key, result, message):
        self.key, self.result, self.message = key, result, message

    def __repr__(self):
        return f"{self.key}: {self.result} ({self.message})"


def parse(text):
    """The subtests of one log, in order, keyed so that the same subtest
    has the same key in both runs: the TAP number, or for khugepaged's
    checks the test header, the check and its ordinal within the test."""
    subtests, header, seen = [], "", {}
    for raw in text.splitlines():
        line = raw.split("\r")[-1].rstrip()
        m = TAP.match(line)
        if m:
            result, rest = ("fail" if m.group(1) else "pass"), m.group(3)
            d = DIRECTIVE.search(rest)
            if d and not m.group(1):
                result = {"skip": "skip", "xfail": "xfail", "todo": "todo"}[d.group(1).lower()]
                desc = rest[:d.start()].strip().removeprefix("- ").strip()
                rest = f"{desc}: {d.group(2)}" if desc else d.group(2)
            subtests.append(Subtest(m.group(2), result, rest.strip()))
            continue
        m = RUN_HEADER.match(line)
        if m:
            header = m.group(1)
            continue
        m = CHECK.match(line)
        if m:
            check = m.group(1).rstrip(".").strip() or m.group(3)
            name = f"{header}: {check}" if header else check
            seen[name] = seen.get(name, 0) + 1
            key = name if seen[name] == 1 else f"{name} #{seen[name]}"
            subtests.append(Subtest(key, COLOUR[m.group(2)], m.group(3)))
    return subtests


class Rule:
    def __init__(self, test, off, on, pattern, lineno):
        self.test, self.off, self.on = test, off, on
        self.pattern, self.lineno = re.compile(pattern), lineno

    def matches(self, test, off, on):
        return (test == self.test and off.result == self.off and on.result == self.on
                and bool(self.pattern.search(f"{on.key}: {on.message}")))


def load_rules(path=EXPECTED):
    """One rule per line: TEST OFF-RESULT ON-RESULT REGEX; the regex is
    searched in 'KEY: MESSAGE' of the subtest in the run with reservations."""
    rules = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = line.split(None, 3)
            if len(fields) != 4:
                raise ValueError(f"{path}:{n}: want TEST OFF ON REGEX")
            rules.append(Rule(*[f.strip() for f in fields], n))
    return rules


def compare(test, off_text, off_exit, on_text, on_exit, rules):
    """Returns (ok, summary, expected differences, detail lines)."""
    off, on = parse(off_text), parse(on_text)
    off_by, on_by = {s.key: s for s in off}, {s.key: s for s in on}
    expected, unexpected = [], []
    missing = Subtest("-", "absent", "")
    for key in list(off_by) + [k for k in on_by if k not in off_by]:
        a, b = off_by.get(key, missing), on_by.get(key, missing)
        if a.result == b.result:
            continue
        if any(r.matches(test, a, b) for r in rules):
            expected.append((a, b))
        else:
            unexpected.append((a, b))
    # An exit status may change only through an expected new failure.
    exit_ok = off_exit == on_exit or (
        not unexpected and any(b.result == "fail" for _, b in expected))

    def count(subs, result):
        return sum(s.result == result for s in subs)

    summary = "; ".join(
        f"{side}: {count(s, 'pass')} pass, {count(s, 'skip')} skip, {count(s, 'fail')} fail, "
        f"exit {code}" for side, s, code in (("off", off, off_exit), ("on", on, on_exit)))
    details = [f"unexpected: {describe(a, b)}" for a, b in unexpected]
    if not exit_ok:
        details.append(f"unexpected: exit status {off_exit} with reservations off, "
                       f"{on_exit} with them on")
    groups = {}
    for a, b in expected:
        groups.setdefault((a.result, b.result, b.message), []).append(b.key)
    details += [f"expected ({len(keys)}): {was} -> {now} ({msg}): {', '.join(keys)}"
                for (was, now, msg), keys in groups.items()]
    return not unexpected and exit_ok, summary, expected, details


def describe(a, b):
    key = b.key if b.key != "-" else a.key
    return f"{key}: {a.result} -> {b.result} ({b.message or a.message})"


def main(argv):
    strict = argv[1:2] == ["--strict"]
    if strict:
        argv = argv[:1] + argv[2:]
    if len(argv) != 7:
        sys.exit(__doc__.split("\n\n")[-1])
    n, test, off_log, off_exit, on_log, on_exit = argv[1:]
    with open(off_log, errors="replace") as f:
        off_text = f.read()
    with open(on_log, errors="replace") as f:
        on_text = f.read()
    ok, summary, expected, details = compare(test, off_text, off_exit, on_text, on_exit,
                                             [] if strict else load_rules())
    how = (f"same results with reservations on and off, {len(expected)} expected "
           "difference(s)") if ok else "results differ with reservations on"
    print(f"{'ok' if ok else 'not ok'} {n} - upstream {test}: {how} ({summary})")
    for line in details[:40]:
        print(f"# {line}")
    if len(details) > 40:
        print(f"# ... {len(details) - 40} more")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
