#!/usr/bin/env bash
# The spike's compile-time cost: `cargo check` seconds per composition
# above an empty baseline, N distinct compositions `(4,6,8,X):(2,3,5,7) ∘ 6:12`
# (X = 11, 12, …), three ways: every leaf static; X run-time; every leaf
# run-time (in the last two the last mode's stride is static and equals X
# instead of 7, so that the N functions still have N distinct types).
# Compare with `OPS=compose benches/compile-time.sh N` (cute-static's
# `Composed<Layout![(4,6,8,X):(2,3,5,7)], Layout![6:12]>`).
#
# Usage: docs/spikes/leaf-composition/run.sh [N]   (default 100)
set -euo pipefail
N=${1:-100}
DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$DIR/../../.." && pwd)
export CARGO_TARGET_DIR=$ROOT/target/leaf-spike
export CARGO_INCREMENTAL=0
cp "$DIR/src/lib.rs" "$DIR/lib.rs.orig"
trap 'mv "$DIR/lib.rs.orig" "$DIR/src/lib.rs"' EXIT
tn() { # typenum name of n
    echo "typenum::U$1"
}
gen() {
    local kind=$1 count=$2
    cp "$DIR/lib.rs.orig" "$DIR/src/lib.rs"
    {
        echo "#[allow(unused)]"
        echo "pub mod generated {"
        echo "use super::{compose, Cons, Flat, Last};"
        echo "use super::leaf::{Dy, St};"
        echo "type S<U> = St<U>;"
        for ((k = 0; k < count; k++)); do
            local x=$((11 + k))
            case $kind in
            static) echo "pub fn f$k() -> u64 { compose(Cons(S::<$(tn 4)>::default(), S::<$(tn 2)>::default(), Cons(S::<$(tn 6)>::default(), S::<$(tn 3)>::default(), Cons(S::<$(tn 8)>::default(), S::<$(tn 5)>::default(), Last(S::<$(tn $x)>::default(), S::<$(tn 7)>::default())))), S::<$(tn 6)>::default(), S::<$(tn 12)>::default()).size() }" ;;
            onedyn) echo "pub fn f$k(x: u64) -> u64 { compose(Cons(S::<$(tn 4)>::default(), S::<$(tn 2)>::default(), Cons(S::<$(tn 6)>::default(), S::<$(tn 3)>::default(), Cons(S::<$(tn 8)>::default(), S::<$(tn 5)>::default(), Last(Dy(x), S::<$(tn $x)>::default())))), S::<$(tn 6)>::default(), S::<$(tn 12)>::default()).size() }" ;;
            alldyn) echo "pub fn f$k(x: u64) -> u64 { compose(Cons(Dy(4), Dy(2), Cons(Dy(6), Dy(3), Cons(Dy(8), Dy(5), Last(Dy(x), S::<$(tn $x)>::default())))), Dy(6), Dy(12)).size() }" ;;
            none) ;;
            esac
        done
        echo "}"
    } >> "$DIR/src/lib.rs"
}
check() {
    local start end
    touch "$DIR/src/lib.rs"
    start=$(date +%s.%N)
    (cd "$DIR" && cargo check -q --lib)
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}
gen none 0
check > /dev/null
base=$(check)
for kind in static onedyn alldyn; do
    gen "$kind" "$N"
    t=$(check)
    printf '%-7s %4d compositions: %6.2f s total, %6.1f ms per composition (baseline %.2f s)\n' \
        "$kind" "$N" "$t" "$(echo "($t - $base) * 1000 / $N" | bc -l)" "$base"
done
