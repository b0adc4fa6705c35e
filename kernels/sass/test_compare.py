#!/usr/bin/env python3
"""Tests of compare.py's parsing and gates (python3 kernels/sass/test_compare.py;
kernels/sass-compare.sh runs them first). No CUDA tools needed."""

import copy
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402

TARGETS = {"total_ratio": 1.05, "reg_ratio": 1.1, "math": ["FFMA", "FMUL", "FADD"],
           "no_generic": True, "no_local": True, "gate": True}
CUTE = {"reg": 126, "stack": 0, "local": 0, "shared": 8192, "total": 1000,
        "ops": {"FFMA": 576, "FMUL": 64, "LDG.32": 72, "STG.32": 64, "LDS.32": 128, "STS.32": 8, "BAR": 2}}


def failing(ours, pair=None):
    pair = pair or {"ours": "k"}
    return [m for m, _, _, _, ok in compare.check(pair, TARGETS, CUTE, ours, []) if not ok]


class Gates(unittest.TestCase):
    def test_equal_passes(self):
        self.assertEqual(failing(copy.deepcopy(CUTE)), [])

    def test_each_target_fails_alone(self):
        cases = {
            "registers": lambda f: f.update(reg=139),  # 126 * 1.1 = 138.6
            "stack bytes": lambda f: f.update(stack=8),
            "local bytes": lambda f: f.update(local=4),
            "SASS instructions": lambda f: f.update(total=1051),
            "FFMA": lambda f: f["ops"].update(FFMA=575),
            "FADD": lambda f: f["ops"].update(FADD=1),
            "LD": lambda f: f["ops"].update({"LD.32": 1}),
            "ST": lambda f: f["ops"].update({"ST.128": 1}),
            "LDL": lambda f: f["ops"].update({"LDL.32": 1}),
            "STL": lambda f: f["ops"].update({"STL.64": 1}),
        }
        for metric, plant in cases.items():
            ours = copy.deepcopy(CUTE)
            plant(ours)
            self.assertEqual(failing(ours), [metric], metric)

    def test_limits_inclusive(self):
        ours = copy.deepcopy(CUTE)
        ours.update(reg=138, total=1050)
        self.assertEqual(failing(ours), [])

    def test_other_widths_and_fewer_loads_pass(self):
        ours = copy.deepcopy(CUTE)
        ours["ops"] = {"FFMA": 576, "FMUL": 64, "LDG.128": 18, "STG.128": 16, "LDS.128": 32, "STS.32": 8, "BAR": 2}
        self.assertEqual(failing(ours), [])

    def test_missing_entry_is_not_a_failure_of_its_rows(self):
        self.assertEqual(failing(None), [])

    def test_relaxed_target_needs_reason(self):
        ours = copy.deepcopy(CUTE)
        ours["total"] = 1100
        reasons = []
        pair = {"ours": "k", "total_ratio": {"value": 1.1, "reason": "planted"}}
        rows = compare.check(pair, TARGETS, CUTE, ours, reasons)
        self.assertTrue(all(ok for *_, ok in rows))
        self.assertEqual(reasons, ["k: total_ratio = 1.1: planted"])
        for bad in ({"ours": "k", "total_ratio": 1.1}, {"ours": "k", "total_ratio": {"value": 1.1}}):
            with self.assertRaises(compare.SetupError):
                compare.check(bad, TARGETS, CUTE, ours, [])


class Parsing(unittest.TestCase):
    def test_opcode_key(self):
        for ins, key in [("LDG.E.128.CONSTANT", "LDG.128"), ("LDG.E", "LDG.32"), ("LDG.E.U8", "LDG.8"),
                         ("LDS.U.128", "LDS.128"), ("STS.64", "STS.64"), ("LD.E.64", "LD.64"),
                         ("BAR.SYNC.DEFER_BLOCKING", "BAR"), ("FFMA.FTZ", "FFMA"), ("STL", "STL.32")]:
            self.assertEqual(compare.opcode_key(ins), key, ins)

    def test_template_args(self):
        d = ("void gemm_device<cute::tuple<int, int, int>, float, cute::tuple<cute::C<1>, int>, "
             "cute::Layout<cute::tuple<cute::C<128>, cute::C<8> > > >(cute::tuple<int, int, int>)")
        self.assertEqual(compare.template_args(d), [
            "cute::tuple<int, int, int>", "float", "cute::tuple<cute::C<1>, int>",
            "cute::Layout<cute::tuple<cute::C<128>, cute::C<8> > >"])

    def test_parse(self):
        res = """
Resource usage:
 Common:
  GLOBAL:0
 Function k:
  REG:40 STACK:16 SHARED:0 LOCAL:8 CONSTANT[0]:401 TEXTURE:0 SURFACE:0 SAMPLER:0
"""
        sass = """
\t\tFunction : k
\t.headerflags\t@"EF_CUDA_SM80 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM80)"
        /*0000*/                   MOV R1, c[0x0][0x28] ;                /* 0x00000a0000017a02 */
                                                                         /* 0x000fe40000000f00 */
        /*0010*/              @!P0 LDG.E.128 R4, [R2.64] ;               /* 0x0000000802047981 */
        /*0020*/               @P1 STG.E [R2.64], R4 ;                   /* 0x0000000802047981 */
        /*0030*/                   FFMA R0, R1, R2, R3 ;                 /* 0x0000000802047981 */
        /*0040*/                   EXIT ;                                /* 0x0000000802047981 */
        /*0050*/                   BRA 0x50;                             /* 0x0000000802047981 */
        /*0060*/                   NOP;                                  /* 0x0000000802047981 */
"""
        f = compare.parse(res, sass)["k"]
        self.assertEqual((f["reg"], f["stack"], f["local"], f["total"]), (40, 16, 8, 6))
        self.assertEqual(f["ops"], {"MOV": 1, "LDG.128": 1, "STG.32": 1, "FFMA": 1, "EXIT": 1, "BRA": 1})

    def test_mix_text(self):
        f = {"ops": {"FFMA": 3, "LDG.128": 2, "LDG.32": 1, "BAR": 1, "IMAD": 9}}
        self.assertEqual(compare.mix_text(f), "FFMA:3 LDG.32:1 LDG.128:2 BAR:1")


if __name__ == "__main__":
    unittest.main()
