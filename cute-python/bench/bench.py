"""Per-call time of the algebra, pycute beside cute_algebra, in one process.

    python bench/bench.py [--check]

prints a Markdown table (µs per call: the best of 7 timeit rounds, pycute's
and ours alternating). With
``--check`` it exits 1 when an operation is less than 20x faster than pycute.
"""

import sys
import timeit

import pycute as P

import cute_algebra.pycute as Q

CASES = [
    ("composition", "composition(A, B)",
     lambda m: dict(A=m.Layout((4, 6, 8, 10), (2, 3, 5, 7)), B=m.Layout((6, 4), (12, 1)))),
    ("complement", "complement(A, 1024)",
     lambda m: dict(A=m.Layout((4, (2, 4)), (2, (1, 64))))),
    ("logical_divide", "logical_divide(A, B)",
     lambda m: dict(A=m.Layout((8, 8), (1, 8)), B=(m.Layout(2, 1), m.Layout(4, 1)))),
    ("logical_divide (layout)", "logical_divide(A, B)",
     lambda m: dict(A=m.Layout((16, 8), (8, 1)), B=m.Layout((4, 2), (1, 16)))),
    ("logical_product", "logical_product(A, B)",
     lambda m: dict(A=m.Layout((2, 2), (1, 2)), B=m.Layout((3, 4), (4, 1)))),
    ("right_inverse", "right_inverse(A)",
     lambda m: dict(A=m.Layout(((2, 2), (4, 2)), ((1, 8), (2, 16))))),
    ("left_inverse", "left_inverse(A)",
     lambda m: dict(A=m.Layout((4, (2, 4)), (8, (1, 2))))),
]


def timer(lib, stmt, setup):
    env = dict(setup(lib))
    env.update({name: getattr(lib, name) for name in dir(lib) if not name.startswith("_")})
    t = timeit.Timer(stmt, globals=env)
    n, _ = t.autorange()
    return t, max(n, 1000)


def per_call(stmt, setup, rounds=7):
    """The best µs per call of pycute and of ours, the two measured in
    alternating rounds so that a change in the machine's load falls on both."""
    (tp, n_p), (tq, n_q) = timer(P, stmt, setup), timer(Q, stmt, setup)
    best_p = best_q = float("inf")
    for _ in range(rounds):
        best_p = min(best_p, tp.timeit(n_p) / n_p)
        best_q = min(best_q, tq.timeit(n_q) / n_q)
    return best_p * 1e6, best_q * 1e6


def main():
    rows = []
    for name, stmt, setup in CASES:
        env_p, env_q = setup(P), setup(Q)
        res_p = eval(stmt, {**env_p, **{k: getattr(P, k) for k in dir(P) if not k.startswith("_")}})
        res_q = eval(stmt, {**env_q, **{k: getattr(Q, k) for k in dir(Q) if not k.startswith("_")}})
        same = str(res_p) == str(res_q)
        tp, tq = per_call(stmt, setup)
        rows.append((name, tp, tq, tp / tq, same))
    print("| operation | pycute (µs/call) | cute_algebra (µs/call) | speed-up | same answer |")
    print("|---|---:|---:|---:|---|")
    for name, tp, tq, x, same in rows:
        print(f"| {name} | {tp:.2f} | {tq:.3f} | {x:.0f}× | {'yes' if same else 'NO'} |")
    if "--check" in sys.argv:
        slow = [r for r in rows if r[3] < 20 or not r[4]]
        if slow:
            print("below 20x or different:", [r[0] for r in slow])
            sys.exit(1)


if __name__ == "__main__":
    main()
