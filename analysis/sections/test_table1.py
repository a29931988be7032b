"""Table 1's memory column: a row's anonymous peak against the paper's footprint, which
table 1's page counts give (mesa: 246 x 8 KB + 13 x 64 KB + 8 x 512 KB + 1 x 4 MB =
10.73 MB), and a resident set that is mostly file-backed."""
from analysis import results, table
from analysis.paper import Paper
from analysis.sections import table1

PAPER = Paper()


def _row(build, name, size="paper", **kw):
    recs = [build.record(name, p, w, rep=i, size=size, **kw)
            for i in range(3) for p, w in (("base", 1.0), ("thp", 0.9))]
    return table.best(results.load(str(build.folder(name, recs))))[name]


def test_the_papers_footprint_is_table_1s_page_counts():
    assert abs(PAPER.footprint_mb("mesa") - 10992 / 1024) < 1e-9
    assert PAPER.footprint_mb("not-a-row") is None


def test_a_footprint_far_from_the_papers_is_named_with_both_sizes(build):
    note = table1.memory_note("mesa", _row(build, "mesa", anon_kb=126 * 1024), PAPER)
    assert "anonymous 126.0 MB against the paper's 10.7 MB (+1074%)" in note


def test_within_a_quarter_of_the_papers_footprint_is_not_named(build):
    # matrix: 16.8 MB in the paper; 20 MB is 19% above, 22 MB 31% above
    assert "as the paper's" in table1.memory_note(
        "matrix", _row(build, "matrix", anon_kb=20 * 1024), PAPER)
    assert "(+31%)" in table1.memory_note(
        "matrix", _row(build, "matrix", anon_kb=22 * 1024), PAPER)


def test_a_mostly_file_backed_row_says_so(build):
    # vpr-like: 23 MB anonymous of 50 MB resident
    note = table1.memory_note("vpr", _row(build, "vpr", anon_kb=23 * 1024,
                                          rss_kb=50 * 1024), PAPER)
    assert "mostly not anonymous: 27.0 of 50.0 MB" in note
    assert "anonymous 23.0 MB against the paper's 53.3 MB (-57%)" in note


def test_other_sizes_are_not_compared_and_unsampled_runs_say_so(build):
    note = table1.memory_note("mesa", _row(build, "mesa", size="test", anon_kb=80 * 1024),
                              PAPER)
    assert "at size test (compared with the paper's at paper size only)" in note
    unsampled = table1.memory_note("mesa", _row(build, "mesa", rss_kb=0), PAPER)
    assert unsampled.startswith("no peak sample")
