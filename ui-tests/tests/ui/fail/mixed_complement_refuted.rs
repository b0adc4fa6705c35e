// The divisor refutes the mixed complement: `m` is a multiple of 128, so
// the leaf `m:1` never ends at the next stride 200 (128 does not divide
// 200), and CuTe's complement is never the one run-time leaf the type
// gives: a compile error naming the rule, not a run-time error.
use cute_static::{layout, Dyn};

fn main() -> Result<(), cute_static::Error> {
    let m = 384;
    let a = layout!(({m:128}, 4):(1, 200))?;
    let _ = a.complement(Dyn(4096));
    Ok(())
}
