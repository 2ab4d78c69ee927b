"""Checks that two runs of `duel arena` (or `python -m duel.ray`) played the same games: their
summaries (JSON) equal and their records (JSONL) equal once sorted by game index.
    python scripts/lib/same-run.py SUMMARY_A RECORDS_A SUMMARY_B RECORDS_B"""
import json
import sys

sa, ra, sb, rb = sys.argv[1:5]


def records(path):
    with open(path) as f:
        return sorted(map(json.loads, f), key=lambda r: r["game_index"])


with open(sa) as f, open(sb) as g:
    a, b = json.load(f), json.load(g)
assert a == b, f"the summaries differ:\n{a}\n{b}"
assert records(ra) == records(rb), "the records differ"
print(f"the summaries and the {len(records(ra))} records of both runs are equal")
