//! Every algebra operation on parsed operands: never panic, and every
//! successful result satisfies its defining property (checked by brute force
//! when the operands are small).
#![no_main]

use cute_dynamic::{ArgKind, Layout, OPERATIONS};
use libfuzzer_sys::fuzz_target;

const SMALL: i64 = 4096;

fn check(op: &str, a: &Layout, b: Option<&Layout>, r: &Layout) {
    let n = r.size();
    match (op, b) {
        ("coalesce", _) => {
            assert_eq!(r.size(), a.size());
            if n <= SMALL {
                assert!((0..n).all(|i| r.call(i) == a.call(i)), "coalesce({a}) = {r}");
            }
        }
        ("composition", Some(b)) if b.size() <= SMALL => {
            assert_eq!(r.size(), b.size(), "{a} o {b} = {r}");
            for i in 0..b.size() {
                assert_eq!(r.call(i), a.call(b.call(i)), "{a} o {b} = {r} at {i}");
            }
        }
        ("right_inverse", _) if n <= SMALL => {
            assert!((0..n).all(|i| a.call(r.call(i)) == i), "right_inverse({a}) = {r}");
        }
        ("left_inverse", _) if a.size() <= SMALL => {
            let mut img: Vec<i64> = (0..a.size()).map(|i| a.call(i)).collect();
            img.sort_unstable();
            img.dedup();
            let injective = img.len() as i64 == a.size();
            for i in 0..a.size() {
                if injective {
                    assert_eq!(r.call(a.call(i)), i, "left_inverse({a}) = {r}");
                } else {
                    assert_eq!(a.call(r.call(a.call(i))), a.call(i), "left_inverse({a}) = {r}");
                }
            }
        }
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut parts = text.splitn(3, '|');
    let (Some(op), Some(x)) = (parts.next(), parts.next()) else { return };
    let y = parts.next();
    // Every operation of the table whose first operand is a layout.
    let ops = || OPERATIONS.iter().filter(|o| o.args.first().map(|a| a.kind) == Some(ArgKind::Layout));
    let Some(operation) = ops()
        .find(|o| o.name == op.trim())
        .or_else(|| ops().find(|o| o.name.starts_with(op.trim())))
        .or_else(|| ops().find(|o| o.name == "composition"))
    else {
        return;
    };
    let op = operation.name;
    let args: Vec<&str> = std::iter::once(x).chain(y).collect();
    if let Ok(out) = operation.apply(&args) {
        // Results always print in a form that parses back (layouts), or are integers.
        if let Ok(r) = out.parse::<Layout>() {
            let a: Layout = x.parse().unwrap();
            // A second operand without a stride is a by-mode tiler, not a layout.
            let b = y.filter(|y| y.contains(':') && !y.trim_start().starts_with('<')).and_then(|y| y.parse::<Layout>().ok());
            check(op, &a, b.as_ref(), &r);
        }
    }
});
