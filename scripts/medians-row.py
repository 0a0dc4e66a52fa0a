#!/usr/bin/env python3
"""One Markdown table row from a hyperfine JSON export: the set's name, its
board count, then each command's median in ms and boards per second, in
the order hyperfine ran them.

usage: scripts/medians-row.py JSON SET BOARDS
"""
import json
import sys

results = json.load(open(sys.argv[1]))["results"]
boards = int(sys.argv[3])
cells = []
for r in results:
    cells += [f"{r['median'] * 1000:.1f}", f"{boards / r['median']:,.0f}"]
print(f"| {sys.argv[2]} | {boards:,} | " + " | ".join(cells) + " |")
