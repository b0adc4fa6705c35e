#!/usr/bin/env python3
"""Counts the trait pages of cute-static's rustdoc that show an example.

A trait page has an example when its own documentation (the top doc
block, not an impl's or a method's) holds a code block. Run after
`cargo doc -p cute-static --no-deps`; prints the count and the pages
without one.
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "target/doc/cute_static"
pages, missing = 0, []
for d, _, files in os.walk(root):
    for f in files:
        if not (f.startswith("trait.") and f.endswith(".html")):
            continue
        path = os.path.join(d, f)
        html = open(path, encoding="utf-8").read()
        if 'http-equiv="refresh"' in html:
            continue  # a redirect, not a page
        pages += 1
        top = re.search(r'<details class="toggle top-doc" open>(.*?)</details>', html, re.S)
        if not (top and "example-wrap" in top.group(1)):
            missing.append(os.path.relpath(path, root))
print(f"{pages - len(missing)} of {pages} trait pages have an example")
for m in sorted(missing):
    print("  missing:", m)
sys.exit(1 if missing else 0)
