"""Writes back dirty page cache once, before any test: a build that ran just
before (CI builds a kernel first) leaves gigabytes unwritten, and the first
test that drops caches would otherwise wait for all of it inside its own
deadline."""
import os


def pytest_sessionstart(session):
    os.sync()
