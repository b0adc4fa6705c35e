//! The PTX ISA's fragment descriptions, written independently of the atom
//! tables, and the tests that evaluate every `(thread, value)` of every
//! atom's layouts against them.
//!
//! An MMA layout maps `(t, v)` to the column-major index of its tile
//! (`M×K` for A, `N×K` for B, `M×N` for C); the index is turned back into
//! a `(row, column)` coordinate and compared with the coordinate the ISA
//! gives lane `ThrID(t)` for its element `v` (CuTe's value order is the
//! ISA's element order `a0, a1, …`). Copy layouts map `(t, v)` to a bit
//! offset and are compared bit by bit.
//!
//! Sections are cited by title and by their number in the PTX ISA 8.x
//! (numbers move between versions, titles do not): the `mma` fragments
//! are §9.7.14.5 "Matrix Fragments for mma.m*n*k*" (§9.7.14.5.1
//! m8n8k4 `.f16`, §9.7.14.5.5 m8n8k128, §9.7.14.5.7 m16n8k8, §9.7.14.5.8
//! m16n8k16 floating point, §9.7.14.5.9 m16n8k16/k32/k64 integer, and
//! their neighbours for m8n8k16, m8n8k32, m16n8k4, m16n8k128,
//! m16n8k256); `ldmatrix`/`stmatrix`/`movmatrix` are in §9.7.14.5 as well; `wgmma`'s
//! fragments are §9.7.15.5.1 "Register Fragments and Shared Memory Matrix
//! Layouts"; `tcgen05.mma` is §9.7.16.

use super::copy::{CopyAtom, copy_atom_names};
use super::mma::{MmaAtom, mma_atom_names};
use crate::atom::copy::copy_atom;
use crate::atom::mma::mma_atom;
use crate::data::layout::Layout;
#[allow(unused_imports)]
use crate::prelude::*;

/// `(row, column)` of an element in an operand's tile: `(m, k)` for A,
/// `(n, k)` for B, `(m, n)` for C.
type Coord2 = (i64, i64);

/// The ISA's description of one operand: the coordinate lane `lane`'s
/// element `i` holds.
type Formula<'a> = &'a dyn Fn(i64, i64) -> Coord2;

/// Compares every `(t, v)` of `layout` (over a tile of `rows` rows) with
/// `formula(ThrID(t), v)`.
fn check_operand(
    what: &str,
    thr_id: &Layout,
    layout: &Layout,
    rows: i64,
    formula: Formula<'_>,
) -> Result<(), String> {
    let threads = thr_id.size();
    let values = layout.size() / threads;
    for t in 0..threads {
        let lane = thr_id.call(t);
        for v in 0..values {
            let index = layout.call(t + threads * v);
            let got = (index % rows, index / rows);
            let want = formula(lane, v);
            if got != want {
                return Err(format!(
                    "{what} {layout}: thread {t} (lane {lane}) value {v} is at (row, col) {got:?}, the PTX ISA says {want:?}"
                ));
            }
        }
    }
    Ok(())
}

/// `groupID` and `threadID_in_group` of a lane (PTX ISA, "Matrix
/// Fragments for mma.m16n8k*": `groupID = %laneid >> 2`,
/// `threadID_in_group = %laneid % 4`).
fn group(lane: i64) -> (i64, i64) {
    ((lane % 32) / 4, lane % 4)
}

/// Elements of an operand per 32-bit register: 2 for `.f16`/`.bf16`, 4
/// for 8-bit, 8 for 4-bit, 32 for `.b1`; one for `.tf32`, `.f64` (and
/// CUTLASS's complex `.f64` compositions).
fn per_register(bits: i64) -> i64 {
    (32 / bits).max(1)
}

/// The A operand of `mma.sync.aligned.m{m}n8k*` (PTX ISA §9.7.14.5,
/// "Matrix Fragments for mma.m16n8k4 / m16n8k8 / m16n8k16 / m16n8k32 / m16n8k64
/// / m16n8k128 / m16n8k256" and "for mma.m8n8k4 (.f64) / m8n8k16 /
/// m8n8k32 / m8n8k128"): element `i` lies in register `r = i / p` at
/// position `j = i % p` (`p` elements a register);
/// `row = groupID + 8·(r % 2)` (m16; `groupID` for m8),
/// `col = threadID_in_group·p + j + 4p·⌊r / 2⌋` (m16; `… + 4p·r` for m8,
/// where there is one register).
fn mma_sync_a(m: i64, p: i64) -> impl Fn(i64, i64) -> Coord2 {
    move |lane, i| {
        let (g, tig) = group(lane);
        let (r, j) = (i / p, i % p);
        if m == 16 {
            (g + 8 * (r % 2), tig * p + j + 4 * p * (r / 2))
        } else {
            (g, tig * p + j + 4 * p * r)
        }
    }
}

/// The B operand of `mma.sync.aligned.m*n8k*` (§9.7.14.5, same sections): `row (k) =
/// threadID_in_group·p + j + 4p·r`, `col (n) = groupID`; as `(n, k)`.
fn mma_sync_b(p: i64) -> impl Fn(i64, i64) -> Coord2 {
    move |lane, i| {
        let (g, tig) = group(lane);
        let (r, j) = (i / p, i % p);
        (g, tig * p + j + 4 * p * r)
    }
}

/// The C/D accumulators of `mma.sync.aligned.m16n8k*` (§9.7.14.5, same
/// sections):
/// `row = groupID + 8·⌊i / 2⌋`, `col = threadID_in_group·2 + i % 2`; of
/// `m8n8k*`: `row = groupID`, `col = threadID_in_group·2 + i`.
fn mma_sync_c(m: i64) -> impl Fn(i64, i64) -> Coord2 {
    move |lane, i| {
        let (g, tig) = group(lane);
        if m == 16 {
            (g + 8 * (i / 2), tig * 2 + i % 2)
        } else {
            (g, tig * 2 + i)
        }
    }
}

/// PTX ISA §9.7.14.5.1, "Matrix Fragments for mma.m8n8k4 with .f16
/// floating point type" (SM70 quad pairs): lanes 0–15 cover rows/columns 0–3, lanes
/// 16–31 rows/columns 4–7 (`hi = 4` for them). A K-major operand (A
/// `.row`, B `.col`) holds `(lane % 4 + hi, i)`, an M/N-major one (A
/// `.col`, B `.row`) `(i + hi, lane % 4)`, as `(m or n, k)`.
fn sm70_ab(k_major: bool) -> impl Fn(i64, i64) -> Coord2 {
    move |lane, i| {
        let hi = if lane % 32 >= 16 { 4 } else { 0 };
        if k_major {
            (lane % 4 + hi, i)
        } else {
            (i + hi, lane % 4)
        }
    }
}

/// The C/D accumulators of SM70's `mma.m8n8k4` (§9.7.14.5.1): `.f16`:
/// `row = lane % 4 + hi`, `col = i`; `.f32`: `row = X + hi` with
/// `X = (lane & 1) + (i & 2)`, `col = (i & 4) + (lane & 2) + (i & 1)`.
fn sm70_c(f32_acc: bool) -> impl Fn(i64, i64) -> Coord2 {
    move |lane, i| {
        let hi = if lane % 32 >= 16 { 4 } else { 0 };
        if f32_acc {
            ((lane & 1) + (i & 2) + hi, (i & 4) + (lane & 2) + (i & 1))
        } else {
            (lane % 4 + hi, i)
        }
    }
}

/// The accumulators of `wgmma.mma_async.m64nNk*` (PTX ISA §9.7.15.5.1,
/// "Register Fragments and Shared Memory Matrix Layouts", matrix D): warp `w =
/// lane / 32` of the warpgroup owns rows `16w … 16w + 15`;
/// `row = 16w + groupID + 8·(⌊i / 2⌋ % 2)`,
/// `col = threadID_in_group·2 + i % 2 + 8·⌊i / 4⌋`.
fn wgmma_d(lane: i64, i: i64) -> Coord2 {
    let (g, tig) = group(lane);
    (
        16 * (lane / 32) + g + 8 * ((i / 2) % 2),
        tig * 2 + i % 2 + 8 * (i / 4),
    )
}

/// The A operand of `wgmma.mma_async` from registers (§9.7.15.5.1,
/// matrix A in registers for `.m64nNk8` (`.tf32`), `.m64nNk16`
/// (`.f16`/`.bf16`), `.m64nNk32` (8-bit)): the `m16n8` A fragment of
/// [`mma_sync_a`], `p` elements a register, shifted by `16w` rows.
fn wgmma_a(p: i64) -> impl Fn(i64, i64) -> Coord2 {
    let warp_a = mma_sync_a(16, p);
    move |lane, i| {
        let (row, col) = warp_a(lane % 32, i);
        (16 * (lane / 32) + row, col)
    }
}

/// An operand in shared memory (GMMA SS, UMMA): described by a matrix
/// descriptor, not by threads. CUTLASS gives it `ABLayout<M,K> =
/// (128,(M,K)):(0,(1,M))`: every thread names the whole tile, value `v`
/// being `(v % M, v / M)`.
fn descriptor(rows: i64) -> impl Fn(i64, i64) -> Coord2 {
    move |_, v| (v % rows, v / rows)
}

/// The operands of `tcgen05.mma` (PTX ISA §9.7.16, "tcgen05.mma", matrix
/// descriptors and "Data path layout organization"): in shared or tensor
/// memory, not in threads. With `.cta_group::1` one CTA issues the
/// instruction for the whole tile ([`descriptor`]); with
/// `.cta_group::2` the peer CTAs `c = 0, 1` each hold half of the rows
/// of A and D (`c·M/2 …`) and half of the columns of B (`c·N/2 …`): value
/// `v` of CTA `c` is `(c·R/2 + v % (R/2), v / (R/2))` for `R` rows.
fn cta_pair(rows: i64) -> impl Fn(i64, i64) -> Coord2 {
    move |cta, v| (cta * (rows / 2) + v % (rows / 2), v / (rows / 2))
}

/// The formulas of an MMA atom's three operands, chosen by its name (the
/// instruction it issues), not by its layouts.
fn check_mma(atom: &MmaAtom) -> Result<(), String> {
    let name = atom.name();
    let [m, n, _] = atom.shape_mnk();
    let types = atom.value_types();
    let thr = atom.thr_id();
    let (a, b, c) = (atom.a_layout(), atom.b_layout(), atom.c_layout());
    if name.starts_with("UniversalFMA") {
        // One thread: d = a·b + c.
        let origin = |_, _| (0, 0);
        check_operand("A", thr, a, 1, &origin)?;
        check_operand("B", thr, b, 1, &origin)?;
        return check_operand("C", thr, c, 1, &origin);
    }
    if name.starts_with("SM61_") {
        // PTX ISA, "dp4a" / "dp2a": d = c + Σ_i a.elem[i] · b.elem[i].
        let row = |_, i| (0, i);
        check_operand("A", thr, a, 1, &row)?;
        check_operand("B", thr, b, 1, &row)?;
        return check_operand("C", thr, c, 1, &|_, _| (0, 0));
    }
    if name.starts_with("SM70_") {
        let letters = &name[name.len() - 2..];
        let a_k_major = letters.starts_with('T');
        let b_k_major = letters.ends_with('N');
        check_operand("A", thr, a, m, &sm70_ab(a_k_major))?;
        check_operand("B", thr, b, n, &sm70_ab(b_k_major))?;
        return check_operand("C", thr, c, m, &sm70_c(types.c.bits() == 32));
    }
    if name.starts_with("SM90_64x") {
        let a_formula: Box<dyn Fn(i64, i64) -> Coord2> = if name.contains("_RS") {
            Box::new(wgmma_a(per_register(types.a.bits())))
        } else {
            Box::new(descriptor(m))
        };
        check_operand("A", thr, a, m, &*a_formula)?;
        check_operand("B", thr, b, n, &descriptor(n))?;
        return check_operand("C", thr, c, m, &wgmma_d);
    }
    if name.starts_with("SM100_") {
        if name.contains("2x1SM") {
            check_operand("A", thr, a, m, &cta_pair(m))?;
            check_operand("B", thr, b, n, &cta_pair(n))?;
            return check_operand("C", thr, c, m, &cta_pair(m));
        }
        check_operand("A", thr, a, m, &descriptor(m))?;
        check_operand("B", thr, b, n, &descriptor(n))?;
        return check_operand("C", thr, c, m, &descriptor(m));
    }
    // The warp-level mma.sync family (SM75, SM80, SM89, SM90 F64, SM120).
    check_operand("A", thr, a, m, &mma_sync_a(m, per_register(types.a.bits())))?;
    check_operand("B", thr, b, n, &mma_sync_b(per_register(types.b.bits())))?;
    check_operand("C", thr, c, m, &mma_sync_c(m))
}

/// `ldmatrix` / `stmatrix` (PTX ISA §9.7.14.5, "Warp-level matrix load
/// instruction: ldmatrix", "Warp-level matrix store instruction:
/// stmatrix"): `.x1/.x2/.x4` move 1, 2 or
/// 4 matrices of 8×8 16-bit elements; threads `8q … 8q + 7` give the row
/// addresses of matrix `q` (the other threads' addresses are ignored); a
/// thread's register `q` holds two elements of matrix `q`: row `lane / 4`,
/// columns `2·(lane % 4) + j` — with `.trans`, row `2·(lane % 4) + j`,
/// column `lane / 4`. Bits are numbered `1024·q + 128·row + 16·col + b`
/// (matrix after matrix, each row-major: the order of the row addresses).
fn check_matrix_copy(atom: &CopyAtom) -> Result<(), String> {
    let name = atom.name();
    let trans = name.ends_with("_T");
    let count = match &name[5..9] {
        "U32x" => name[9..10].parse::<i64>().unwrap_or(0),
        _ => name[9..10].parse::<i64>().unwrap_or(0) / 2,
    };
    let registers = |lane: i64, v: i64| {
        let (b, j, q) = (v % 16, (v / 16) % 2, v / 32);
        let (row, col) = if trans {
            (2 * (lane % 4) + j, lane / 4)
        } else {
            (lane / 4, 2 * (lane % 4) + j)
        };
        1024 * q + 128 * row + 16 * col + b
    };
    // Threads past the matrices' rows repeat the first ones (CUTLASS's
    // stride-0 thread mode; the ISA ignores their addresses).
    let rows = |lane: i64, b: i64| 128 * (lane % (8 * count)) + b;
    let (src, dst) = (atom.src_layout_bits(), atom.dst_layout_bits());
    let (smem, regs) = if name.contains("LDSM") {
        (src, dst)
    } else {
        (dst, src)
    };
    for (what, layout, formula) in [
        ("shared memory", smem, &rows as Formula1<'_>),
        ("registers", regs, &registers as Formula1<'_>),
    ] {
        check_bits(&format!("{name} {what}"), layout, formula)?;
    }
    Ok(())
}

/// A copy formula: the bit a lane's value `v` is.
type Formula1<'a> = &'a dyn Fn(i64, i64) -> i64;

/// `movmatrix` (PTX ISA §9.7.14.5, "Warp-level matrix transpose
/// instruction: movmatrix", `.m8n8.trans.b16`): the source is an 8×8
/// matrix of 16-bit elements spread over the warp as one `ldmatrix`
/// fragment — lane `l`'s register holds row `l / 4`, columns
/// `2·(l % 4)` (low half) and `2·(l % 4) + 1` (high half) — and the
/// destination is the transposed matrix in the same fragment, so lane
/// `l`'s half `j` of `d` is source element `(row, col) = (2·(l % 4) + j,
/// l / 4)`. One bit numbering for both sides: bit `b` of source element
/// `(row, col)` is `128·row + 16·col + b`.
fn movmatrix_bits(dst: bool) -> impl Fn(i64, i64) -> i64 {
    move |lane, v| {
        let (half, b) = (v / 16, v % 16);
        let (row, col) = if dst {
            (2 * (lane % 4) + half, lane / 4)
        } else {
            (lane / 4, 2 * (lane % 4) + half)
        };
        128 * row + 16 * col + b
    }
}

/// Compares every `(lane, bit)` of a 32-thread copy layout with `formula`.
fn check_bits(what: &str, layout: &Layout, formula: Formula1<'_>) -> Result<(), String> {
    let values = layout.size() / 32;
    for lane in 0..32 {
        for v in 0..values {
            let (got, want) = (layout.call(lane + 32 * v), formula(lane, v));
            if got != want {
                return Err(format!(
                    "{what} {layout}: lane {lane} bit {v} is bit {got}, the PTX ISA says {want}"
                ));
            }
        }
    }
    Ok(())
}

fn check_movmatrix(atom: &CopyAtom) -> Result<(), String> {
    let name = atom.name();
    if atom.thr_id().size() != 32 || atom.src_layout_bits().size() != 32 * 32 {
        return Err(format!("{name}: one warp moving 32 bits a thread expected"));
    }
    check_bits(
        &format!("{name} source"),
        atom.src_layout_bits(),
        &movmatrix_bits(false),
    )?;
    check_bits(
        &format!("{name} destination"),
        atom.dst_layout_bits(),
        &movmatrix_bits(true),
    )
}

#[test]
fn every_mma_atom_matches_the_ptx_isa() {
    let mut checked = 0;
    for name in mma_atom_names() {
        let atom = mma_atom(&name).unwrap();
        check_mma(&atom).unwrap_or_else(|e| panic!("{name}: {e}"));
        checked += 1;
    }
    assert!(checked > 1500, "{checked} atoms checked");
}

#[test]
fn the_isa_formulas_catch_a_wrong_layout() {
    // The skeleton's SM80_16x8x16 C layout (B's layout) and CUTLASS's
    // SM80_16x8x32_S32S4S4S32_TN B layout both fail.
    let c = Layout::parse("((4,8),(2,2)):((16,1),(8,64))").unwrap();
    let thr = Layout::parse("32:1").unwrap();
    assert!(check_operand("C", &thr, &c, 16, &mma_sync_c(16)).is_err());
    let b = Layout::parse("((4,8),8):((32,1),8)").unwrap();
    assert!(check_operand("B", &thr, &b, 8, &mma_sync_b(8)).is_err());
    let fixed = Layout::parse(super::mma_table::SM80_16X8X32_S4_B).unwrap();
    assert!(check_operand("B", &thr, &fixed, 8, &mma_sync_b(8)).is_ok());
}

#[test]
fn formulas_as_the_isa_writes_them() {
    // PTX ISA, "Matrix Fragments for mma.m16n8k16 with floating point
    // type", A (.f16): row = groupID + 8·((i/2) % 2) … written out for
    // a0…a7, and C: row = groupID (c0, c1), groupID + 8 (c2, c3).
    let atom = mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    let a = |lane: i64, i: i64| {
        let (g, tig) = (lane >> 2, lane % 4);
        let row = if matches!(i, 0 | 1 | 4 | 5) { g } else { g + 8 };
        let col = if i < 4 {
            tig * 2 + (i & 1)
        } else {
            tig * 2 + (i & 1) + 8
        };
        (row, col)
    };
    check_operand("A", atom.thr_id(), atom.a_layout(), 16, &a).unwrap();
    let b = |lane: i64, i: i64| {
        let (g, tig) = (lane >> 2, lane % 4);
        let row = if i < 2 {
            tig * 2 + (i & 1)
        } else {
            tig * 2 + (i & 1) + 8
        };
        (g, row)
    };
    check_operand("B", atom.thr_id(), atom.b_layout(), 8, &b).unwrap();
    let c = |lane: i64, i: i64| {
        let (g, tig) = (lane >> 2, lane % 4);
        (if i < 2 { g } else { g + 8 }, tig * 2 + (i & 1))
    };
    check_operand("C", atom.thr_id(), atom.c_layout(), 16, &c).unwrap();

    // §9.7.14.5.8, A (.f64): row = groupID for i even, groupID + 8
    // otherwise; col = 2i + threadID_in_group for i even, 2i - 2 +
    // threadID_in_group otherwise.
    let atom = mma_atom("SM90_16x8x16_F64F64F64F64_TN").unwrap();
    let a = |lane: i64, i: i64| {
        let (g, tig) = (lane >> 2, lane % 4);
        if i % 2 == 0 {
            (g, i * 2 + tig)
        } else {
            (g + 8, i * 2 - 2 + tig)
        }
    };
    check_operand("A", atom.thr_id(), atom.a_layout(), 16, &a).unwrap();

    // §9.7.14.5.9, m16n8k64 A (.s4/.u4): row = groupID for 0 <= i < 8 or
    // 16 <= i < 24, groupID + 8 otherwise; col = threadID_in_group·8 +
    // (i & 7), + 32 for i >= 16.
    let atom = mma_atom("SM80_16x8x64_S32U4S4S32_TN_SATURATE").unwrap();
    let a = |lane: i64, i: i64| {
        let (g, tig) = (lane >> 2, lane % 4);
        let row = if i < 8 || (16..24).contains(&i) {
            g
        } else {
            g + 8
        };
        let col = tig * 8 + (i & 7) + if i >= 16 { 32 } else { 0 };
        (row, col)
    };
    check_operand("A", atom.thr_id(), atom.a_layout(), 16, &a).unwrap();
}

#[test]
fn every_matrix_copy_matches_the_ptx_isa() {
    let mut checked = 0;
    for name in copy_atom_names() {
        let atom = copy_atom(&name).unwrap();
        if name.contains("LDSM") || name.contains("STSM") {
            check_matrix_copy(&atom).unwrap_or_else(|e| panic!("{e}"));
            checked += 1;
        } else if name.contains("MOVM") {
            check_movmatrix(&atom).unwrap_or_else(|e| panic!("{e}"));
            checked += 1;
        } else if atom.src_layout_bits().size() > 1 {
            // One thread moves its value's bits in order.
            for l in [atom.src_layout_bits(), atom.dst_layout_bits()] {
                for b in 0..l.size() {
                    assert_eq!(l.call(b), b, "{name} {l}");
                }
            }
        }
    }
    assert_eq!(checked, 13);
}

#[test]
fn the_movmatrix_formula_catches_cutlass_destination() {
    // CUTLASS's Copy_Traits<SM75_U32x1_MOVM_T> gives the destination the
    // source's layout, (32,32):(32,1): lane 0's second value would be
    // element (0, 1) of the source, the ISA gives it element (1, 0).
    let cutlass = Layout::parse("(32,32):(32,1)").unwrap();
    let e = check_bits("DstLayout", &cutlass, &movmatrix_bits(true)).unwrap_err();
    assert!(
        e.contains("lane 0 bit 16 is bit 16, the PTX ISA says 128"),
        "{e}"
    );
    // Written out for a few lanes: lane l holds row
    // l / 4 of the source and row l / 4 of the transpose.
    let atom = copy_atom("SM75_U32x1_MOVM_T").unwrap();
    let (src, dst) = (atom.src_layout_bits(), atom.dst_layout_bits());
    for (lane, src_elements, dst_elements) in [
        (0, [(0, 0), (0, 1)], [(0, 0), (1, 0)]),
        (1, [(0, 2), (0, 3)], [(2, 0), (3, 0)]),
        (3, [(0, 6), (0, 7)], [(6, 0), (7, 0)]),
        (4, [(1, 0), (1, 1)], [(0, 1), (1, 1)]),
        (31, [(7, 6), (7, 7)], [(6, 7), (7, 7)]),
    ] {
        for j in 0..2 {
            let bit = |(r, c): (i64, i64)| 128 * r + 16 * c;
            assert_eq!(src.call(lane + 32 * 16 * j), bit(src_elements[j as usize]));
            assert_eq!(dst.call(lane + 32 * 16 * j), bit(dst_elements[j as usize]));
        }
    }
}

#[test]
fn sm89_f16_accumulators_as_the_isa_writes_them() {
    // PTX ISA, "Matrix Fragments for mma.m16n8k32", C/D with .f16: two
    // .f16x2 registers; register r holds c(2r) in its low and c(2r+1) in
    // its high half; c0, c1 are in row groupID, c2, c3 in row groupID + 8,
    // column threadID_in_group·2 + (i & 1). A and B (.e4m3/.e5m2): four
    // 8-bit elements a register, as for .s8.
    for name in [
        "SM89_16x8x32_F16E4M3E4M3F16_TN",
        "SM89_16x8x32_F16E4M3E5M2F16_TN",
        "SM89_16x8x32_F16E5M2E5M2F16_TN",
        "SM89_16x8x32_F16E5M2E4M3F16_TN",
    ] {
        let atom = mma_atom(name).unwrap();
        assert_eq!(atom.shape_mnk(), [16, 8, 32]);
        let types = atom.value_types();
        assert_eq!((types.c.bits(), types.d.bits()), (16, 16), "{name}");
        let c = |lane: i64, i: i64| {
            let (g, tig) = (lane >> 2, lane % 4);
            let (register, half) = (i / 2, i % 2);
            (g + 8 * register, tig * 2 + half)
        };
        check_operand("C", atom.thr_id(), atom.c_layout(), 16, &c).unwrap();
        check_operand("A", atom.thr_id(), atom.a_layout(), 16, &mma_sync_a(16, 4)).unwrap();
        check_operand("B", atom.thr_id(), atom.b_layout(), 8, &mma_sync_b(4)).unwrap();
    }
}

mod generated {
    //! Random GMMA and UMMA names: each either builds an atom that matches
    //! the PTX ISA, or is refused with a named error exactly when the ISA
    //! has no such shape.
    use super::*;
    use crate::error::LayoutError;
    use proptest::prelude::*;

    /// The `wgmma.mma_async` shapes of the PTX ISA: `N` a multiple of 8 in
    /// 8…256; for `.s8`/`.u8` only 8, 16, 24 and the multiples of 16 from 32.
    fn wgmma_has_n(n: i64, integer: bool) -> bool {
        let all = [
            8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160,
            168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256,
        ];
        let s8 = [
            8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256,
        ];
        if integer {
            s8.contains(&n)
        } else {
            all.contains(&n)
        }
    }

    const GMMA: [(&str, i64, &str); 6] = [
        ("F32F16F16", 16, "<GMMA::Major::K,GMMA::Major::MN>"),
        ("F16F16F16", 16, "<GMMA::Major::K,GMMA::Major::K>"),
        ("F32BF16BF16", 16, "<GMMA::Major::K,GMMA::Major::MN>"),
        ("F32TF32TF32", 8, "_TN"),
        ("S32U8S8", 32, "_TN_SATURATE"),
        ("F16E5M2E4M3", 32, "_TN"),
    ];

    proptest! {
        #[test]
        fn gmma_names(family in 0usize..GMMA.len(), n in 0i64..300, rs in any::<bool>()) {
            let (code, k, tail) = GMMA[family];
            let name = format!("SM90_64x{n}x{k}_{code}_{}{tail}", if rs { "RS" } else { "SS" });
            match mma_atom(&name) {
                Ok(atom) => {
                    prop_assert!(wgmma_has_n(n, code.starts_with("S32")), "{name} accepted");
                    prop_assert_eq!(atom.shape_mnk(), [64, n, k]);
                    if let Err(e) = check_mma(&atom) {
                        prop_assert!(false, "{}: {}", name, e);
                    }
                }
                Err(LayoutError::InvalidArgument { argument: "N", .. }) => {
                    prop_assert!(!wgmma_has_n(n, code.starts_with("S32")), "{name} refused");
                }
                Err(e) => prop_assert!(false, "{name}: {e}"),
            }
        }

        #[test]
        fn umma_names(
            op in 0usize..4,
            m in prop::sample::select(vec![32i64, 64, 96, 128, 192, 256]),
            n in 0i64..300,
            b_k in any::<bool>(),
        ) {
            let (base, types, two) = [
                ("SM100_MMA_F16BF16_SS", "half_t,half_t,float", false),
                ("SM100_MMA_TF32_2x1SM_SS", "tfloat32_t,tfloat32_t,float", true),
                ("SM100_MMA_S8_TS", "int8_t,int8_t,int32_t", false),
                ("SM100_MMA_F16BF16_2x1SM_TS", "bfloat16_t,bfloat16_t,float", true),
            ][op];
            let b_major = if b_k { "UMMA::Major::K" } else { "UMMA::Major::MN" };
            let name = format!("{base}<{types},{m},{n},UMMA::Major::K,{b_major}>");
            // CUTLASS's static assertions on the tcgen05.mma shapes: one
            // CTA, M = 64 or 128 with N % 8 == 0; two CTAs, M = 128 or 256
            // with N % 16 == 0; N at most 256.
            let shape = (8..=256).contains(&n) && if two {
                (m == 128 || m == 256) && n % 16 == 0
            } else {
                (m == 64 || m == 128) && n % 8 == 0
            };
            match mma_atom(&name) {
                Ok(atom) => {
                    prop_assert!(shape, "{name} accepted");
                    if let Err(e) = check_mma(&atom) {
                        prop_assert!(false, "{}: {}", name, e);
                    }
                }
                Err(LayoutError::InvalidArgument { argument: "N", .. }) => {
                    prop_assert!(!shape, "{name} refused");
                }
                Err(e) => prop_assert!(false, "{name}: {e}"),
            }
        }
    }
}
