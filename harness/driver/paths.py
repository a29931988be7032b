"""Where things live in the tree: the repository, build outputs, results.
Places the environment can move are in config.py."""
import os

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
BUILD = os.path.join(REPO, "build")
BIN = os.path.join(BUILD, "bin")
INPUTS = os.path.join(BUILD, "inputs")
RESULTS = os.path.join(REPO, "results")
SPSTAT = os.path.join(BIN, "spstat")
SPFRAG = os.path.join(BIN, "spfrag")
