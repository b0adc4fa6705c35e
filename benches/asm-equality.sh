#!/usr/bin/env bash
# Shows that static layouts compile to the same machine code as hand-written
# index arithmetic: builds the static_zero_cost bench and diffs the
# disassembly of `sum_call::<((4,8),(2,64)):((1,8),(4,64))>` against
# `sum_literal` (the same loop with the literal expression), and of the
# generic copy instantiated for 64×64 and 256×256 transposes against the
# hand-written loops, and (bench static_swizzle) `Swizzle<3,3,3>::apply`
# and a swizzled-tile copy against the hand-written xor/shift code; addresses and symbol names are stripped and the
# instructions sorted (the compiler may order independent instructions
# differently).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench -p benches --bench static_zero_cost --no-run 2>/dev/null
cargo bench -p benches --bench static_swizzle --no-run 2>/dev/null
bench=static_zero_cost
body() {
    local bin
    bin=$(ls -t target/release/deps/$bench-* | grep -v '\.d$' | head -n 1)
    objdump -d --no-show-raw-insn -C "$bin" | awk "/<$bench::$1>:\$/,/^\$/" |
        sed -E 's/^ *[0-9a-f]+:\s*//; s/[0-9a-f]+ <[^>]*>//; s/0x[0-9a-f]+\(%rip\)/X(%rip)/; s/ *#.*$//; /^$/d; /^[0-9a-f]+ </d' | sort
}
status=0
# The address of a function (the linker folds identical functions into one).
address() {
    local bin
    bin=$(ls -t target/release/deps/$bench-* | grep -v '\.d$' | head -n 1)
    nm -C "$bin" | awk -v s="$bench::$1" '$3 == s { print $1 }' | head -n 1
}
compare() {
    local a b
    a=$(body "$1")
    b=$(body "$2")
    if [ -n "$a" ] && [ "$a" == "$b" ]; then
        echo "identical: $1 and $2 ($(echo "$a" | wc -l) instructions)"
    elif [ -n "$(address "$1")" ] && [ "$(address "$1")" == "$(address "$2")" ]; then
        echo "identical: $1 and $2 (folded into one function by the linker, $(echo "$a$b" | wc -l) instructions)"
    else
        diff <(echo "$a") <(echo "$b") || true
        echo "DIFFERENT: $1 and $2"
        status=1
    fi
}
compare sum_call sum_literal
compare transpose_64_cute transpose_64_by_hand
compare transpose_256_cute transpose_256_by_hand
# Static swizzles: Swizzle::apply and a copy into a swizzled tile against
# the hand-written xor/shift/mask.
bench=static_swizzle
compare sum_swizzle_cute sum_swizzle_by_hand
compare swizzled_copy_cute swizzled_copy_by_hand
exit $status
