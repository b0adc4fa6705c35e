#!/usr/bin/env python3
"""Counts the trait pages of cute-static's rustdoc that show an example.

A trait page has an example when its own documentation (the top doc
block, not an impl's or a method's) holds a code block. The pages are
those each module's `sidebar-items.js` lists (a page left in the folder
by an earlier build of a trait that has moved is not one). Run after
`cargo doc -p cute-static --no-deps` (or the workspace's); prints the
count and the pages without one, and exits with 1 when there are any.
"""
import json
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "target/doc/cute_static"
pages, missing = 0, []
for d, _, files in os.walk(root):
    if "sidebar-items.js" not in files:
        continue
    text = open(os.path.join(d, "sidebar-items.js"), encoding="utf-8").read()
    items = json.loads(text[text.index("{"): text.rindex("}") + 1])
    for name in items.get("trait", []):
        path = os.path.join(d, f"trait.{name}.html")
        html = open(path, encoding="utf-8").read()
        pages += 1
        top = re.search(r'<details class="toggle top-doc" open>(.*?)</details>', html, re.S)
        if not (top and "example-wrap" in top.group(1)):
            missing.append(os.path.relpath(path, root))
if pages == 0:
    sys.exit(f"no trait pages under {root}: run cargo doc first")
print(f"{pages - len(missing)} of {pages} trait pages have an example")
for m in sorted(missing):
    print("  missing:", m)
sys.exit(1 if missing else 0)
