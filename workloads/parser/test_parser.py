"""Tests of the parser workload: Debian's link-parser on the generated
text passes sp-parser-check; a changed word, tree, linkage line, a
missing parse or another seed fail it; the manifest runs link-parser with
the options the check's second parse gives it. (test_contract.py holds
what every workload's tests share.)"""
import functools
import re

import pytest

from testkit import (TINY_ARGS, assert_check_fails, manifest, read_text, run,
                     run_on_text)

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["parser"]
LINK_PARSER = "/usr/bin/link-parser"


@pytest.fixture(scope="module")
def parsed(tiny):
    """The manifest's prepare and run commands on TINY (shared); the parse
    file."""
    return read_text(tiny.folders(MANIFEST)["out"], "parses.txt")


def check(tmp_path, text, args=TINY, seed="7"):
    return run_on_text("sp-parser-check", tmp_path / "parses.txt", text, *args,
                       "-s", seed)


assert_fails = functools.partial(assert_check_fails, "sp-parser-check")


def test_real_output_in_detail(parsed, tiny):
    assert tiny.check(MANIFEST).stdout == "ok 12 sentences, 6 parsed again\n"
    assert parsed.count("\nFound ") == 12


def test_text_is_seeded_english(tmp_path):
    run("sp-parser-gen", "-n", "50", "-s", "3", "-o", str(tmp_path / "a"))
    run("sp-parser-gen", "-n", "50", "-s", "4", "-o", str(tmp_path / "b"))
    a = (tmp_path / "a" / "text.txt").read_text().splitlines()
    b = (tmp_path / "b" / "text.txt").read_text().splitlines()
    assert len(a) == 50 and a != b
    assert all(re.fullmatch(r"[A-Z][a-z]*( [a-z]+| [A-Z][a-z]+|,)*\.", s)
               for s in a), a


def test_changed_word_in_tree_fails(parsed, tmp_path):
    tree = re.search(r"\(NP [a-z]+\.?[a-z-]* ([a-z]+)", parsed)
    changed = parsed[:tree.start(1)] + "xyz" + parsed[tree.start(1) + 3:]
    assert_fails(check(tmp_path, changed), "tree has")


def test_unbalanced_tree_fails(parsed, tmp_path):
    pos = parsed.index(".)\n")
    assert_fails(check(tmp_path, parsed[:pos + 1] + parsed[pos + 2:]),
                 "unbalanced")


def test_changed_linkage_count_fails_second_run(parsed, tmp_path):
    # Structure intact, but the last sentence's parse is not what a second
    # link-parser finds for it.
    pos = parsed.rindex("Found ")
    end = parsed.index(" linkages", pos)
    count = int(parsed[pos + 6:end])
    changed = parsed[:pos + 6] + str(count + 1) + parsed[end:]
    assert_fails(check(tmp_path, changed), "parsed again")


def test_no_linkage_fails(parsed, tmp_path):
    pos = parsed.index("Found ")
    end = parsed.index(" linkages", pos)
    assert_fails(check(tmp_path, parsed[:pos + 6] + "0" + parsed[end:]),
                 "no linkage")


def test_missing_tree_fails(parsed, tmp_path):
    pos = parsed.index("\tLinkage 1,")
    end = parsed.index("\n\n", pos)
    assert_fails(check(tmp_path, parsed[:pos] + parsed[end + 1:]),
                 "no constituent tree")


def test_tree_of_another_label_passes(parsed, tmp_path):
    # link-parser heads some trees with a phrase other than S
    pos = parsed.index("\n(S ") + 1
    proc = check(tmp_path, parsed[:pos] + "(ADJP" + parsed[pos + 2:])
    assert proc.returncode == 0, proc.stderr


def test_truncated_output_fails(parsed, tmp_path):
    assert_fails(check(tmp_path, parsed[:len(parsed) // 2]), "output ends")
    assert_fails(check(tmp_path, parsed[:-len("Bye.\n")]), "output ends")


def test_missing_sentence_fails(parsed, tmp_path):
    echoes = [m.start() for m in re.finditer(r"\n[A-Z][^\n]*\.\nFound", parsed)]
    assert len(echoes) == 12
    cut = parsed[:echoes[3]] + parsed[echoes[4]:]
    assert_fails(check(tmp_path, cut))


def test_other_seed_or_count_fails(parsed, tmp_path):
    assert_fails(check(tmp_path, parsed, seed="8"), "not echoed")
    assert_fails(check(tmp_path, parsed, args=["-n", "13"]), "output ends")
    assert_fails(check(tmp_path, parsed, args=["-n", "11"]))


def test_missing_file_fails(tmp_path):
    assert_fails(run("sp-parser-check", *TINY, str(tmp_path / "none")),
                 "cannot open")


def test_mb_sets_sentence_count(tmp_path):
    assert run("sp-parser-gen", "--mb", "2", "-o",
               str(tmp_path)).returncode == 0
    assert len((tmp_path / "text.txt").read_text().splitlines()) == 160


def test_manifest_options():
    cmd = MANIFEST["run"]["command"]
    assert cmd[:2] == ["/bin/sh", "-c"] and cmd[2].startswith(
        "exec " + LINK_PARSER + " en ")
    spec = open(__file__.replace("test_parser.py", "parser_spec.h")).read()
    options = re.search(r"#define PARSER_OPTIONS (.*?)\n\n", spec, re.S)
    wanted = re.findall(r'"(-[a-z]+=\d+)"', options.group(1))
    assert len(wanted) == 5
    assert cmd[2].split()[3:3 + len(wanted)] == wanted
