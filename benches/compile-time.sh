#!/usr/bin/env bash
# Compile-time cost of the static algebra: `cargo check` time per operation.
#
# Usage: benches/compile-time.sh [N]   (default N = 100)
#        OPS="" ONLY_ATOMS=1 IR=1 benches/compile-time.sh   (the two atoms
#        crates and the two example kernels alone, with rustc's
#        instruction counts under callgrind)
#
# Generates a throwaway crate under target/compile-time with N distinct static
# compositions (then N distinct logical divides), checks it, and prints the
# seconds per operation above an empty baseline. Artifacts share the
# workspace's target directory, so only the throwaway crate is rebuilt.
set -euo pipefail
N=${1:-100}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=$ROOT/target/compile-time
export CARGO_TARGET_DIR=$ROOT/target
# Full checks: with incremental compilation, `touch` and `cargo check` of
# sources whose text did not change reuse the previous check's results and
# measure next to nothing (the kernels/ crate below read 0.13 s so).
export CARGO_INCREMENTAL=0
mkdir -p "$DIR/src"
cat > "$DIR/Cargo.toml" <<TOML
[package]
name = "cute-compile-time"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
cute-static = { path = "$ROOT/cute-static" }

[workspace]
TOML

# gen OP COUNT: COUNT functions, each with a distinct left layout (its last
# mode varies, so no two operations share a type and nothing is cached).
gen() {
    local op=$1 count=$2
    {
        echo "#![allow(unused_imports)]"
        echo "use cute_static::*;"
        echo "use cute_static::{algebra::*, layout::*};"
        for ((k = 0; k < count; k++)); do
            local x=$((11 + k))
            case $op in
            compose) echo "pub fn f$k() -> usize { <Composed<Layout![(4,6,8,$x):(2,3,5,7)], Layout![6:12]> as StaticLayout>::SIZE }" ;;
            divide) echo "pub fn f$k() -> usize { <LogicalQuotient<Layout![(8,$x):(1,8)], Tiler<(Layout![4:2], C<1>)>> as StaticLayout>::SIZE }" ;;
            product) echo "pub fn f$k() -> usize { <LogicalProduct<Layout![(2,$x):(1,2)], Layout![(3,4):(1,3)]> as StaticLayout>::SIZE }" ;;
            complement) echo "pub fn f$k() -> usize { <Complemented<Layout![(4,$x):(1,8)], C<4096>> as StaticLayout>::SIZE }" ;;
            inverse) echo "pub fn f$k() -> usize { <RightInverse<Layout![(4,$x):($x,1)]> as StaticLayout>::SIZE }" ;;
            # static integers beyond the readable table (Dec<digits>): a
            # GEMM-width layout composed with a tile, its result strides
            # re-spelled from typenum values.
            bigint) echo "pub fn f$k() -> usize { <Composed<Layout![(4096,$((11000 + x))):($((11000 + x)),1)], Layout![(64,32):(1,4096)]> as StaticLayout>::COSIZE }" ;;
            # negative static strides (Neg<…>): signed strides in A, a
            # negative leaf in B (cute-dynamic's sign-carrying walk).
            negcompose) echo "pub fn f$k() -> usize { <Composed<Layout![(4,6,8,$x):(2,-3,5,-7)], Layout![6:-12]> as StaticLayout>::SIZE }" ;;
            mix)
                case $((k % 5)) in
                0) echo "pub fn f$k() -> usize { <Composed<Layout![(4,6,8,$x):(2,3,5,7)], Layout![6:12]> as StaticLayout>::SIZE }" ;;
                1) echo "pub fn f$k() -> usize { <LogicalQuotient<Layout![(8,$x):(1,8)], Tiler<(Layout![4:2], C<1>)>> as StaticLayout>::SIZE }" ;;
                2) echo "pub fn f$k() -> usize { <LogicalProduct<Layout![(2,$x):(1,2)], Layout![(3,4):(1,3)]> as StaticLayout>::SIZE }" ;;
                3) echo "pub fn f$k() -> usize { <Complemented<Layout![(4,$x):(1,8)], C<4096>> as StaticLayout>::SIZE }" ;;
                4) echo "pub fn f$k() -> usize { <RightInverse<Layout![(4,$x):($x,1)]> as StaticLayout>::SIZE }" ;;
                esac ;;
            esac
        done
    } > "$DIR/src/lib.rs"
}

# check: seconds of `cargo check` of the generated crate; the peak resident
# memory of the largest process (rustc) goes to $DIR/peak-kb.
check() {
    local start end
    touch "$DIR/src/lib.rs"
    start=$(date +%s.%N)
    (cd "$DIR" && /usr/bin/time -f %M -o "$DIR/peak-kb" cargo check -q)
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

# ir WHAT: with IR=1, rustc's instructions checking the crate now in
# $DIR under callgrind (the machine's load does not change them; wall time
# on a shared machine does). The command is cargo's own, without
# incremental compilation (which would reuse the previous check's results).
ir() {
    [[ -n ${IR:-} ]] || return 0
    local cmd out
    touch "$DIR/src/lib.rs"
    cmd=$(cd "$DIR" && cargo check -v 2>&1 | sed -n 's/^ *Running `\(.*--crate-name cute_compile_time.*\)`$/\1/p')
    cmd=$(echo "$cmd" | sed 's/ -C incremental=[^ ]*//')
    out=$(mktemp -d)
    (cd "$DIR" && eval "valgrind --tool=callgrind --callgrind-out-file=$out/cg $cmd") 2> "$out/log" > /dev/null
    printf '%s: %.0f M instructions of rustc (callgrind)\n' "$1" \
        "$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/log" | awk '{print $1 / 1e6}')"
    rm -rf "$out"
}

gen compose 0
check > /dev/null # build the dependencies once
base=$(check)
for op in ${OPS-compose divide product complement inverse bigint mix}; do
    gen "$op" "$N"
    t=$(check)
    printf '%-10s %4d ops: %6.2f s total, %6.1f ms per op (baseline %.2f s), peak rustc memory %d MiB\n' \
        "$op" "$N" "$t" "$(echo "($t - $base) * 1000 / $N" | bc -l)" "$base" "$(($(cat "$DIR/peak-kb") / 1024))"
done

# One tiled MMA and two tiled copies (cute-static's atom layer): the crate
# benches/compile-cost/atoms.rs (tests/compile_cost.rs gates its rustc
# instructions in `cargo test --workspace`; see that file for what it holds).
cp "$ROOT/benches/compile-cost/atoms.rs" "$DIR/src/lib.rs"
t=$(check)
printf 'tiled MMA + 2 tiled copies (TV layouts, partitions): %6.2f s total, %6.2f s above the baseline %.2f s, peak rustc memory %d MiB\n' \
    "$t" "$(echo "$t - $base" | bc -l)" "$base" "$(($(cat "$DIR/peak-kb") / 1024))"
ir "tiled MMA + 2 tiled copies"
# The same atoms in the shape of a kernel (CuTe's sgemm_sm80 for one CTA
# tile): benches/compile-cost/kernel.rs, gated like the atoms crate.
cp "$ROOT/benches/compile-cost/kernel.rs" "$DIR/src/lib.rs"
tk=$(check)
printf 'sgemm-shaped kernel (mixed global tiles, fragments, copies): %6.2f s total, %6.2f s above the baseline %.2f s, peak rustc memory %d MiB\n' \
    "$tk" "$(echo "$tk - $base" | bc -l)" "$base" "$(($(cat "$DIR/peak-kb") / 1024))"
ir "sgemm-shaped kernel"
# A whole kernel: cute-static's port of CuTe's sgemm_sm80 `gemm_nt`
# (examples/sgemm_sm80.rs: cp.async tiled copies and a UniversalFMA tiled
# MMA over mixed global and static shared tiles, the host emulation of the
# grid, the naive reference), checked as a library crate; and, for scale,
# the port of sgemm_1 (examples/sgemm_1.rs: no atoms).
for ex in sgemm_sm80 sgemm_1; do
    mkdir -p "$DIR/src/support"
    cp "$ROOT"/cute-static/examples/support/*.rs "$DIR/src/support/"
    { echo '#![allow(dead_code)]'; cat "$ROOT/cute-static/examples/$ex.rs"; } > "$DIR/src/lib.rs"
    te=$(check)
    printf 'examples/%s.rs (whole file): %6.2f s total, %6.2f s above the baseline %.2f s, peak rustc memory %d MiB\n' \
        "$ex" "$te" "$(echo "$te - $base" | bc -l)" "$base" "$(($(cat "$DIR/peak-kb") / 1024))"
    ir "examples/$ex.rs"
done
[[ -n ${ONLY_ATOMS:-} ]] && exit 0

# A realistic kernel crate: kernels/ (cute-kernels: sgemm_1 over mixed global
# and static shared layouts, two transposes, their hand-written twins).
# `cargo check --tests` (the host tests instantiate every kernel with its
# layouts; a plain `cargo check` of the generic library instantiates
# nothing), dependencies built first, and the peak memory of rustc.
KDIR=$ROOT/kernels
(cd "$KDIR" && CARGO_TARGET_DIR=$KDIR/target cargo check -q --tests) # dependencies
touch "$KDIR"/src/*.rs "$KDIR"/tests/*.rs
start=$(date +%s.%N)
(cd "$KDIR" && CARGO_TARGET_DIR=$KDIR/target /usr/bin/time -f %M -o "$DIR/peak-kb" cargo check -q --tests)
end=$(date +%s.%N)
printf 'kernels/   crate and tests: %6.2f s cargo check --tests, peak rustc memory %d MiB\n' \
    "$(echo "$end - $start" | bc -l)" "$(($(cat "$DIR/peak-kb") / 1024))"

# CuTe's sgemm_1 in cute-static (mixed global tensors, static tiles and
# thread layouts) and the generic gemm_device of tests/generic.rs.
for target in "--example sgemm_1" "--test generic"; do
    (cd "$ROOT" && cargo check -q -p cute-static $target) # dependencies
    touch "$ROOT"/cute-static/examples/sgemm_1.rs "$ROOT"/cute-static/tests/generic.rs
    start=$(date +%s.%N)
    (cd "$ROOT" && /usr/bin/time -f %M -o "$DIR/peak-kb" cargo check -q -p cute-static $target)
    end=$(date +%s.%N)
    printf 'cute-static %-16s %6.2f s cargo check, peak rustc memory %d MiB\n' \
        "$target:" "$(echo "$end - $start" | bc -l)" "$(($(cat "$DIR/peak-kb") / 1024))"
done
