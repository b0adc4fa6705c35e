#!/usr/bin/env python3
"""SASS of CuTe's SIMT tutorials (nvcc) beside the SASS of our PTX (ptxas).

Run by kernels/sass-compare.sh, which installs the tools and builds the PTX.
Compiles each unit of pairs.json with nvcc for sm_80 (a unit's "arch": that
one, e.g. sm_90a for the Hopper tutorial; cached by a hash of its inputs),
assembles our PTX with ptxas for sm_80 (the --ptx-sm90a module for sm_90a), reads every function's
resources (cuobjdump -res-usage) and SASS (cuobjdump -sass), and prints, per
pair, CuTe's figures beside ours with the targets of pairs.json, then each of
our other entries alone. Exits 1 when a pair that is present misses a target
(or, with --require-all, when one of our entries is missing), 2 on a broken
set-up (a tool fails, a CuTe function is not found).
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

ARCH = "sm_80"
NVCC_FLAGS = ["-arch=" + ARCH, "-cubin", "-std=c++17", "-O3", "--expt-relaxed-constexpr"]
PTXAS_FLAGS = ["-arch=" + ARCH, "-O3"]


def with_arch(flags, arch):
    """The flags with -arch=ARCH replaced by -arch=arch."""
    return ["-arch=" + arch if f == "-arch=" + ARCH else f for f in flags]
TUTORIAL = "examples/cute/tutorial"
# Opcodes whose memory width is printed (LDG.128, STS.64, ...): the rest are
# counted by opcode alone.
WIDTH_OPS = {"LDG", "STG", "LDS", "STS", "LD", "ST", "LDL", "STL"}
WIDTHS = {"8": "8", "U8": "8", "S8": "8", "16": "16", "U16": "16", "S16": "16", "64": "64", "128": "128"}
# The mix the table prints, in this order (a row when either side has it).
MIX = ["FFMA", "FMUL", "FADD", "HMMA", "HGMMA", "LDGSTS", "LDSM", "LDG", "STG", "LDS", "STS", "LD", "ST", "LDL", "STL", "BAR"]


class SetupError(Exception):
    """A tool failed or the data file does not match the code."""


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        raise SetupError(f"{cmd[0]}: {e}") from e
    if p.returncode != 0:
        raise SetupError(f"{' '.join(cmd)} exited {p.returncode}:\n{p.stdout}{p.stderr}")
    return p.stdout


def sha(parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else p.encode())
        h.update(b"\0")
    return h.hexdigest()[:20]


def cached(cache, key, out_name, build):
    """The cached file `key-out_name`, made by build(path) when absent."""
    os.makedirs(cache, exist_ok=True)
    path = os.path.join(cache, f"{key}-{out_name}")
    if os.path.exists(path):
        print(f"   cached: {path}")
        return path
    tmp = path + ".tmp"
    build(tmp)
    os.replace(tmp, path)
    return path


def read(path):
    with open(path, "rb") as f:
        return f.read()


def compile_units(units, args, root):
    """unit name -> cubin path. The cache key: nvcc's version, the flags, the
    CUTLASS release, and the contents of the unit's source and of the
    tutorial files it includes (the headers are those of the pinned wheel)."""
    tutorial = os.path.join(args.cutlass, TUTORIAL)
    version = run(["nvcc", "--version"])
    release = " ".join(sorted(n for n in os.listdir(os.path.join(args.cutlass, "..", ".."))
                              if n.endswith(".dist-info")))
    incs = ["-I" + os.path.join(args.cutlass, "include"),
            "-I" + os.path.join(args.cutlass, "tools/util/include"),
            "-I" + os.path.join(args.cuda, "include"),
            "-I" + tutorial]
    cubins = {}
    for name, unit in units.items():
        # A path of the tutorial directory (hopper/wgmma_sm90.cu), else of
        # this repository (kernels/sass/copy_kernel.cu).
        in_tutorial = os.path.exists(os.path.join(tutorial, unit["source"]))
        shown = f"{TUTORIAL}/{unit['source']}" if in_tutorial else unit["source"]
        src = os.path.join(tutorial, unit["source"]) if in_tutorial else os.path.join(root, unit["source"])
        inputs = [read(src)] + [read(os.path.join(tutorial, i)) for i in unit.get("includes", [])]
        flags = with_arch(NVCC_FLAGS, unit.get("arch", ARCH))
        key = sha([version, " ".join(flags), release] + inputs)
        cmd = ["nvcc", *flags, *incs, src]
        print(f"== nvcc {' '.join(flags)} -I… {shown}")
        cubins[name] = cached(args.cache, key, name + ".cubin", lambda out, cmd=cmd: run(cmd + ["-o", out]))
    return cubins


def assemble(ptx, args, label, arch=ARCH):
    flags = with_arch(PTXAS_FLAGS, arch)
    key = sha([run(["ptxas", "--version"]), " ".join(flags), read(ptx)])
    print(f"== ptxas {' '.join(flags)} {ptx}")
    return cached(args.cache, key, label + ".cubin", lambda out: run(["ptxas", *flags, "-o", out, ptx]))


def demangle(names):
    if not names:
        return {}
    out = subprocess.run(["c++filt"], input="\n".join(names) + "\n", capture_output=True, text=True, check=True).stdout
    return dict(zip(names, out.splitlines()))


def opcode_key(ins):
    """'LDG.E.128.CONSTANT' -> 'LDG.128', 'LDS.U' -> 'LDS.32', 'BAR.SYNC' -> 'BAR'."""
    parts = ins.split(".")
    op = parts[0]
    if op in WIDTH_OPS:
        width = next((WIDTHS[m] for m in parts[1:] if m in WIDTHS), "32")
        return f"{op}.{width}"
    return op


def functions(cubin):
    """name -> {'reg', 'stack', 'local', 'shared', 'total', 'ops': {key: n}}"""
    return parse(run(["cuobjdump", "-res-usage", cubin]), run(["cuobjdump", "-sass", cubin]))


def parse(res_usage, sass):
    """functions() on the texts of cuobjdump -res-usage and -sass."""
    res = {}
    cur = None
    for line in res_usage.splitlines():
        m = re.match(r"\s*Function (\S+):\s*$", line)
        if m:
            cur = m.group(1)
            continue
        if cur and "REG:" in line:
            kv = dict(re.findall(r"(\w+(?:\[\d+\])?):(\d+)", line))
            res[cur] = {"reg": int(kv["REG"]), "stack": int(kv["STACK"]), "local": int(kv["LOCAL"]),
                        "shared": int(kv["SHARED"]), "total": 0, "ops": {}}
            cur = None
    cur = None
    for line in sass.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            if m.group(1) not in res:
                raise SetupError(f"{m.group(1)}: in the SASS, not in the resource usage")
            cur = res[m.group(1)]
            continue
        m = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", line)
        if m and cur is not None:
            op = m.group(1)
            if op == "NOP":  # alignment padding after the last EXIT
                continue
            cur["total"] += 1
            k = opcode_key(op)
            cur["ops"][k] = cur["ops"].get(k, 0) + 1
    return res


def family(f, op):
    """Instructions of one mix column: the sum over widths for LDG etc."""
    return sum(n for k, n in f["ops"].items() if k == op or k.startswith(op + "."))


def widths(f, op):
    ks = sorted((k for k in f["ops"] if k.startswith(op + ".")), key=lambda k: int(k.split(".")[1]))
    return " ".join(f"{k}:{f['ops'][k]}" for k in ks)


def mix_text(f):
    out = []
    for op in MIX:
        n = family(f, op)
        if n:
            out.append(widths(f, op) if op in WIDTH_OPS else f"{op}:{n}")
    return " ".join(out) or "-"


def target(pair, targets, name, reasons):
    v = pair.get(name, targets[name])
    if isinstance(v, dict):
        if not v.get("reason"):
            raise SetupError(f"pairs.json: {pair['ours']}: relaxed target {name} without a reason")
        reasons.append(f"{pair['ours']}: {name} = {v['value']}: {v['reason']}")
        return v["value"]
    if name in pair:
        raise SetupError(f"pairs.json: {pair['ours']}: target {name} changed without a reason (write {{\"value\": ..., \"reason\": ...}})")
    return v


def check(pair, targets, cute, ours, reasons):
    """[(metric, cute, ours, target, ok)] for one pair; ours None: the entry is
    missing (its column empty, every row ok)."""
    if ours is None:
        ours = {"reg": "-", "stack": "-", "local": "-", "total": "-", "ops": {}}
        missing = True
    else:
        missing = False
    rows = []
    no_local = target(pair, targets, "no_local", reasons)
    no_generic = target(pair, targets, "no_generic", reasons)
    total_ratio = target(pair, targets, "total_ratio", reasons)
    reg_ratio = target(pair, targets, "reg_ratio", reasons)
    math = target(pair, targets, "math", reasons)
    rows.append(("registers", cute["reg"], ours["reg"], f"<= {reg_ratio}x = {int(cute['reg'] * reg_ratio)}",
                 missing or ours["reg"] <= cute["reg"] * reg_ratio))
    for k in ("stack", "local"):
        rows.append((f"{k} bytes", cute[k], ours[k], "0" if no_local else "-", missing or not no_local or ours[k] == 0))
    rows.append(("SASS instructions", cute["total"], ours["total"],
                 f"<= {total_ratio}x = {int(cute['total'] * total_ratio)}",
                 missing or ours["total"] <= cute["total"] * total_ratio))
    for op in MIX:
        c, o = family(cute, op), family(ours, op)
        if op in math:
            tgt, ok = f"= {c}", c == o
        elif op in ("LD", "ST"):
            tgt, ok = ("0", o == 0) if no_generic else ("-", True)
        elif op in ("LDL", "STL"):
            tgt, ok = ("0", o == 0) if no_local else ("-", True)
        else:
            tgt, ok = "", True
        if c or o or tgt not in ("", "-"):
            cw = widths(cute, op) if op in WIDTH_OPS else str(c)
            ow = "-" if missing else (widths(ours, op) if op in WIDTH_OPS else str(o)) or "0"
            rows.append((op, cw or "0", ow, tgt, missing or ok))
    return rows


def table(rows, head):
    w = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    line = lambda r: "| " + " | ".join(str(x).ljust(w[i]) for i, x in enumerate(r)) + " |"
    print(line(head))
    print("|" + "|".join("-" * (n + 2) for n in w) + "|")
    for r in rows:
        print(line(r))


def find_cute(pair, cute_fns, unit):
    want = pair["function"]
    hits = []
    for mangled, f in cute_fns[unit].items():
        d = f["demangled"]
        name = re.sub(r"^(?:\S+ )*?(\w+)<.*$", r"\1", d)
        if name != want:
            continue
        if "arg" in pair:
            i, text = pair["arg"]
            args = template_args(d)
            if i >= len(args) or args[i] != text:
                continue
        hits.append(f)
    if len(hits) != 1:
        raise SetupError(f"pairs.json: {pair['ours']}: {len(hits)} functions {want} {pair.get('arg', '')} in unit {unit} "
                         f"(it has: {', '.join(f['demangled'][:120] for f in cute_fns[unit].values())})")
    return hits[0]


def template_args(d):
    """The top-level template arguments of a demangled function name."""
    start = d.index("<")
    depth, cur, out = 0, "", []
    for ch in d[start:]:
        if ch == "<":
            depth += 1
            if depth == 1:
                continue
        elif ch == ">":
            depth -= 1
            if depth == 0:
                out.append(cur.strip())
                break
        elif ch == "," and depth == 1:
            out.append(cur.strip())
            cur = ""
            continue
        cur += ch
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ptx", required=True, help="our PTX module")
    ap.add_argument("--ptx-sm80", help="our PTX module built with --features sm80 (the pairs with \"ptx\": \"sm80\")")
    ap.add_argument("--ptx-sm90a", help="our PTX module built with --features sm90a (the pairs with \"ptx\": \"sm90a\", assembled for sm_90a)")
    ap.add_argument("--cutlass", required=True, help="CUTLASS's source directory (include/, examples/)")
    ap.add_argument("--cuda", required=True, help="the CUDA directory with include/ (cuda_runtime.h)")
    ap.add_argument("--cache", required=True, help="where cubins are cached by a hash of their inputs")
    ap.add_argument("--pairs", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "pairs.json"))
    ap.add_argument("--require-all", action="store_true", help="a pair whose entry is not in our PTX fails")
    args = ap.parse_args()
    root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    for tool in ("nvcc", "ptxas", "cuobjdump", "nvdisasm", "c++filt"):
        if not shutil.which(tool):
            raise SetupError(f"{tool} is not on PATH")
    with open(args.pairs) as f:
        data = json.load(f)
    targets = data["targets"]

    cubins = compile_units(data["units"], args, root)
    ours = functions(assemble(args.ptx, args, "ours"))
    ours_sm80 = functions(assemble(args.ptx_sm80, args, "ours-sm80")) if args.ptx_sm80 else {}
    ours_sm90a = functions(assemble(args.ptx_sm90a, args, "ours-sm90a", "sm_90a")) if args.ptx_sm90a else {}
    modules = {None: ours, "sm80": ours_sm80, "sm90a": ours_sm90a}
    cute_fns = {}
    for unit, cubin in cubins.items():
        fns = functions(cubin)
        names = demangle(list(fns))
        for k, f in fns.items():
            f["demangled"] = names[k]
        cute_fns[unit] = fns

    failures, missing, reasons = [], [], []
    print()
    print(f"SASS for {ARCH} (a unit's \"arch\" for its pairs: sm_90a for the Hopper tutorial): CuTe = nvcc {' '.join(NVCC_FLAGS)} on CUTLASS's {TUTORIAL}; "
          f"ours = ptxas {' '.join(PTXAS_FLAGS)} on {os.path.relpath(args.ptx, root)}")
    print("instructions: all of cuobjdump -sass but NOP padding; widths in bits (LDG.128: 128-bit global loads)")
    summary = []
    for pair in data["pairs"]:
        cute = find_cute(pair, cute_fns, pair["unit"])
        name = pair["ours"]
        gate = target(pair, targets, "gate", reasons)
        print()
        print(f"## {name}  (CuTe: {pair['unit']}: {cute['demangled'][:100]}…)")
        mine = modules[pair.get("ptx")].get(name)
        rows = check(pair, targets, cute, mine, reasons)
        verdict = lambda ok: ("MISSING" if mine is None else "ok" if ok else "FAIL" if gate else "miss")
        table([(m, c, o, t, verdict(ok)) for m, c, o, t, ok in rows], ("", "CuTe", "ours", "target", ""))
        bad = [m for m, _, _, _, ok in rows if not ok]
        if mine is None:
            print(f"MISSING: no entry {name} in our PTX")
            missing.append(name)
            summary.append((name, cute["total"], "MISSING", cute["reg"], "-", "MISSING"))
            continue
        if not gate:
            print(f"not gated: {pair['gate']['reason']}")
        elif bad:
            failures.append(f"{name}: {', '.join(bad)}")
        word = "FAIL" if gate else "not gated, misses"
        summary.append((name, cute["total"], mine["total"], cute["reg"], mine["reg"],
                        f"{word}: " + ", ".join(bad) if bad else "ok"))

    paired = {p["ours"] for p in data["pairs"] if p.get("gate", True) is True and p.get("ptx") is None}
    others = sorted(n for n in ours if n not in paired)
    if others:
        print()
        print("## our other entries (no gated CuTe counterpart), alone")
        table([(n, ours[n]["reg"], ours[n]["stack"], ours[n]["local"], ours[n]["total"], mix_text(ours[n])) for n in others],
              ("entry", "registers", "stack", "local", "SASS", "mix"))
    print()
    print("## summary")
    table(summary, ("pair", "CuTe SASS", "ours SASS", "CuTe regs", "ours regs", "verdict"))
    for r in reasons:
        print(f"relaxed: {r}")
    status = 0
    if missing:
        word = "FAIL" if args.require_all else "note"
        print(f"{word}: {len(missing)} of {len(data['pairs'])} pairs MISSING from our PTX: {', '.join(missing)}"
              + ("" if args.require_all else " (fails only with --require-all)"))
        if args.require_all:
            status = 1
    for f in failures:
        print(f"FAIL: {f}")
    if failures:
        status = 1
    print("sass-compare: " + ("FAILED" if status else "passed"))
    return status


if __name__ == "__main__":
    try:
        sys.exit(main())
    except SetupError as e:
        print(f"sass-compare: {e}", file=sys.stderr)
        sys.exit(2)
