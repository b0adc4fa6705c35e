//! The atom entries of the operation table: `mma_atom`, `tiled_mma`,
//! `tiled_copy` and `tiled_copy_mma`, each answering one QUERY about an
//! atom, a tiled MMA or a tiled copy built from its text operands, and
//! `gmma_desc`, the GMMA shared-memory descriptor of a layout.
//!
//! Layouts print in CuTe notation; partitions print `OFFSET|LAYOUT` as
//! `slice` does (the offset of the thread's first element, then the
//! layout of its values), the `_coord` forms partition the identity tensor
//! of the tile (`COORDINATE|LAYOUT` with basis strides).
//!
//! A GMMA descriptor prints on one line as its 64-bit word in hex, then the
//! fields of CUTLASS's `print(GmmaDescriptor)` by name, each in its own
//! unit (addresses and offsets in 16-byte units, the layout type by name):
//! `0x4000004000010040|start_addr=64,leading_off=1,stride_off=64,base_offset=0,layout_type=B128`.
//! A descriptor fragment (`partition_fragment_desc_A|B`) prints
//! `LAYOUT|D0,D1,…`: its layout `(1,MMA_M,MMA_K):(…)` in 128-bit units,
//! then the 64-bit word of each element in index order (colexicographic
//! over the layout's shape).

use cute_dynamic::__tools::tiled_mma_from_text;
use cute_dynamic::__tools::{gmma_major, smem_layout};
use cute_dynamic::__tools::{tiled_copy_from_text, tiled_copy_mma_from_text};
use cute_dynamic::IntTuple;
use cute_dynamic::Layout;
use cute_dynamic::LayoutError;
use cute_dynamic::ValueType;
use cute_dynamic::mma_atom;
use cute_dynamic::{CopySide, TiledCopy};
use cute_dynamic::{GmmaDescriptor, make_gmma_desc};
use cute_dynamic::{MmaOperand, TiledMma};
use cute_dynamic::{make_counting_tensor, make_identity_tensor};

use crate::ops::Args;

/// The queries `mma_atom` answers.
pub(crate) const MMA_ATOM_QUERIES: &str = "Shape_MNK, ThrID, ALayout, BLayout, CLayout";
/// The queries `tiled_mma` answers.
pub(crate) const TILED_MMA_QUERIES: &str = "thr_layout_vmnk, tile_size<0|1|2>, size, layoutA_TV, layoutB_TV, layoutC_TV, thrfrg_A|B|C, partition_A|B|C(t=T), partition_A|B|C_coord(t=T), partition_shape_A|B|C(SHAPE), partition_fragment_A|B|C(t=T), partition_fragment_desc_A|B(t=T[,addr=ADDRESS],smem=SMEM_LAYOUT)";
/// The queries `tiled_copy` and `tiled_copy_mma` answer.
pub(crate) const TILED_COPY_QUERIES: &str = "Tiler_MN, TiledLayout_TV, layoutS_TV, layoutD_TV, size, partition_S|D(t=T), partition_S|D_coord(t=T), make_fragment_like(partition_S|D(t=T)), retile_S|D(make_fragment_like(partition_S|D(t=T))), and for tiled_copy_mma retile_S|D(partition_fragment_A|B|C(t=T))";

fn bad_query(operation: &'static str, query: &str, accepted: &str) -> LayoutError {
    LayoutError::InvalidArgument {
        operation,
        argument: "QUERY",
        value: query.to_string(),
        reason: if operation == "tiled_mma" && query.starts_with("retile_") {
            // CuTe's retile_S/D belong to a tiled copy's thread slice.
            format!(
                "not a query of {operation}: retile_S|D is a tiled copy's (CuTe's \
                 ThrCopy::retile_D); ask tiled_copy_mma COPY_ATOM VALUE_TYPE A|B|C ATOM \
                 ATOM_LAYOUT PERMUTATION '{query}'"
            )
        } else {
            format!("not a query of {operation}; one of: {accepted}")
        },
    }
}

/// `name(inner)` → `inner`.
fn call<'q>(query: &'q str, name: &str) -> Option<&'q str> {
    query
        .strip_prefix(name)?
        .strip_prefix('(')?
        .strip_suffix(')')
}

/// `t=T` → `T`.
fn thread_of(
    arg: &str,
    operation: &'static str,
    query: &str,
    accepted: &str,
) -> Result<i64, LayoutError> {
    arg.strip_prefix("t=")
        .and_then(|t| t.trim().parse().ok())
        .ok_or_else(|| bad_query(operation, query, accepted))
}

fn operand(letter: &str) -> Option<MmaOperand> {
    match letter {
        "A" => Some(MmaOperand::OperandA),
        "B" => Some(MmaOperand::OperandB),
        "C" => Some(MmaOperand::OperandC),
        _ => None,
    }
}

/// `mma_atom ATOM QUERY`.
pub(crate) fn run_mma_atom(a: &Args<'_>) -> Result<String, LayoutError> {
    let atom = mma_atom(a.text(0).unwrap_or_default())?;
    let query: String = a.text(1).unwrap_or_default().split_whitespace().collect();
    Ok(match query.as_str() {
        "Shape_MNK" => {
            let [m, n, k] = atom.shape_mnk();
            format!("({m},{n},{k})")
        }
        "ThrID" => atom.thr_id().to_string(),
        "ALayout" => atom.a_layout().to_string(),
        "BLayout" => atom.b_layout().to_string(),
        "CLayout" => atom.c_layout().to_string(),
        _ => return Err(bad_query("mma_atom", &query, MMA_ATOM_QUERIES)),
    })
}

/// The tiled MMA of `ATOM ATOM_LAYOUT PERMUTATION` at arguments `i..i+3`
/// (`""` for the defaults).
fn tiled_mma_of(a: &Args<'_>, i: usize) -> Result<TiledMma, LayoutError> {
    let text = |k: usize| a.text(k).unwrap_or_default();
    tiled_mma_from_text(text(i), text(i + 1), text(i + 2))
}

/// `tiled_mma ATOM ATOM_LAYOUT PERMUTATION QUERY`.
pub(crate) fn run_tiled_mma(a: &Args<'_>) -> Result<String, LayoutError> {
    let mma = tiled_mma_of(a, 0)?;
    let raw = a.text(3).unwrap_or_default();
    if let Some(answer) = fragment_desc_query(&mma, raw) {
        return answer;
    }
    let query: String = raw.split_whitespace().collect();
    tiled_mma_query(&mma, &query)
}

/// `text` without its whitespace.
fn compact(text: &str) -> String {
    text.split_whitespace().collect()
}

/// A shared-memory byte address: an integer from 0 to 2^32 - 1.
fn smem_address(
    text: &str,
    operation: &'static str,
    argument: &'static str,
) -> Result<u32, LayoutError> {
    let t: IntTuple = text.parse()?;
    t.as_int()
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| LayoutError::InvalidArgument {
            operation,
            argument,
            value: text.to_string(),
            reason: "expected a byte address, an integer from 0 to 2^32 - 1".to_string(),
        })
}

/// A descriptor as `gmma_desc` prints it (see the module documentation).
fn desc_text(d: GmmaDescriptor) -> String {
    format!(
        "0x{:016x}|start_addr={},leading_off={},stride_off={},base_offset={},layout_type={}",
        d.bits(),
        d.start_address(),
        d.leading_byte_offset(),
        d.stride_byte_offset(),
        d.base_offset(),
        d.layout_type()
    )
}

/// `gmma_desc MAJOR SMEM_LAYOUT VALUE_TYPE [ADDRESS]`: CuTe's
/// `GMMA::make_gmma_desc<MAJOR>` of the operand `SMEM_LAYOUT` of
/// `VALUE_TYPE` elements whose element 0 lies at byte `ADDRESS` (default 0).
pub(crate) fn run_gmma_desc(a: &Args<'_>) -> Result<String, LayoutError> {
    let major = gmma_major(a.text(0).unwrap_or_default())
        .ok_or_else(|| a.invalid(0, "expected K, MN, GMMA::Major::K or GMMA::Major::MN"))?;
    let smem = smem_layout(a.text(1).unwrap_or_default())?;
    let value_type: ValueType = a.text(2).unwrap_or_default().parse()?;
    let address = match a.text(3) {
        Some(text) => smem_address(text, "gmma_desc", "ADDRESS")?,
        None => 0,
    };
    Ok(desc_text(make_gmma_desc(
        major,
        &smem,
        value_type.bits(),
        address,
    )?))
}

/// `partition_fragment_desc_A|B|C(t=T[,addr=ADDRESS],smem=SMEM_LAYOUT)`:
/// CuTe's `partition_fragment_A|B` of a shared-memory operand an SM90
/// GMMA atom reads through descriptors. The layout comes last and is read
/// with its spaces (`Sw<3,3,3> o 0 o …`); everything before it is read
/// without. `None` when `raw` is not such a query.
fn fragment_desc_query(mma: &TiledMma, raw: &str) -> Option<Result<String, LayoutError>> {
    const OP: &str = "tiled_mma";
    let raw = raw.trim();
    let open = raw.find('(')?;
    let op = operand(compact(&raw[..open]).strip_prefix("partition_fragment_desc_")?)?;
    let bad = || bad_query(OP, &compact(raw), TILED_MMA_QUERIES);
    let Some(inner) = raw[open + 1..].strip_suffix(')') else {
        return Some(Err(bad()));
    };
    let Some(at) = inner.find("smem=") else {
        return Some(Err(bad()));
    };
    let (head, smem) = (compact(&inner[..at]), &inner[at + "smem=".len()..]);
    let mut keys = head.strip_suffix(',').unwrap_or(&head).split(',');
    Some((|| {
        let t = thread_of(keys.next().unwrap_or_default(), OP, raw, TILED_MMA_QUERIES)?;
        let address = match keys.next() {
            Some(k) => {
                let text = k.strip_prefix("addr=").ok_or_else(bad)?;
                smem_address(text, OP, "QUERY")?
            }
            None => 0,
        };
        if keys.next().is_some() {
            return Err(bad());
        }
        let smem = smem_layout(smem)?;
        let frag = mma
            .thr_slice(t)?
            .partition_fragment_desc(op, &smem, address)?;
        let base = frag.engine().0;
        let descs = (0..frag.size())
            .map(|i| {
                let off = frag.layout().call_coord(&IntTuple::int(i))?;
                let d = base.offset(off).ok_or_else(|| {
                    // The library's error for a field that leaves its bits.
                    LayoutError::Overflow {
                        operation: "GmmaDescriptor field",
                        operands: format!(
                            "start_address = {} + {off} (a 14-bit field) of element {i} of {}",
                            base.start_address(),
                            frag.layout()
                        ),
                    }
                })?;
                Ok(format!("0x{:016x}", d.bits()))
            })
            .collect::<Result<Vec<_>, LayoutError>>()?;
        Ok(format!("{}|{}", frag.layout(), descs.join(",")))
    })())
}

/// One query about a tiled MMA (see [`TILED_MMA_QUERIES`]).
pub(crate) fn tiled_mma_query(mma: &TiledMma, query: &str) -> Result<String, LayoutError> {
    const OP: &str = "tiled_mma";
    let bad = || bad_query(OP, query, TILED_MMA_QUERIES);
    match query {
        "thr_layout_vmnk" => return Ok(mma.thr_layout_vmnk().to_string()),
        "size" => return Ok(mma.size().to_string()),
        "tile_size<0>" | "tile_size0" => return Ok(mma.tile_size(0)?.to_string()),
        "tile_size<1>" | "tile_size1" => return Ok(mma.tile_size(1)?.to_string()),
        "tile_size<2>" | "tile_size2" => return Ok(mma.tile_size(2)?.to_string()),
        _ => {}
    }
    if let Some(x) = query
        .strip_prefix("layout")
        .and_then(|r| r.strip_suffix("_TV"))
        .and_then(operand)
    {
        return Ok(mma.layout_tv(x)?.to_string());
    }
    // CuTe's `thrfrg_X` of the operand's compact column-major tile.
    if let Some(x) = query.strip_prefix("thrfrg_").and_then(operand) {
        let tile = Layout::column_major(&mma.tile_shape(x)?)?;
        return Ok(mma.thrfrg(x, &tile)?.to_string());
    }
    for (name, op) in [
        ("A", MmaOperand::OperandA),
        ("B", MmaOperand::OperandB),
        ("C", MmaOperand::OperandC),
    ] {
        let tile = || -> Result<IntTuple, LayoutError> { mma.tile_shape(op) };
        if let Some(arg) = call(query, &format!("partition_{name}")) {
            let t = thread_of(arg, OP, query, TILED_MMA_QUERIES)?;
            let tensor = make_counting_tensor(Layout::column_major(&tile()?)?)?;
            let p = mma.thr_slice(t)?.partition(op, tensor)?;
            return Ok(format!("{}|{}", p.base(), p.layout()));
        }
        if let Some(arg) = call(query, &format!("partition_{name}_coord")) {
            let t = thread_of(arg, OP, query, TILED_MMA_QUERIES)?;
            let tensor = make_identity_tensor(&tile()?)?;
            let p = mma.thr_slice(t)?.partition(op, tensor)?;
            return Ok(format!("{}|{}", p.base(), p.layout()));
        }
        if let Some(arg) = call(query, &format!("partition_shape_{name}")) {
            let shape: IntTuple = arg.parse()?;
            return Ok(mma.partition_shape(op, &shape)?.to_string());
        }
        if let Some(arg) = call(query, &format!("partition_fragment_{name}")) {
            let t = thread_of(arg, OP, query, TILED_MMA_QUERIES)?;
            let layout = Layout::column_major(&tile()?)?;
            return Ok(mma.thr_slice(t)?.fragment_layout(op, &layout)?.to_string());
        }
    }
    Err(bad())
}

/// `tiled_copy COPY_ATOM VALUE_TYPE THR_LAYOUT VAL_LAYOUT QUERY`.
pub(crate) fn run_tiled_copy(a: &Args<'_>) -> Result<String, LayoutError> {
    let copy = tiled_copy_of(a)?;
    let query: String = a.text(4).unwrap_or_default().split_whitespace().collect();
    tiled_copy_query(&copy, "tiled_copy", &query)
}

/// The tiled copy of `tiled_copy`'s first four arguments.
fn tiled_copy_of(a: &Args<'_>) -> Result<TiledCopy, LayoutError> {
    let text = |k: usize| a.text(k).unwrap_or_default();
    tiled_copy_from_text(text(0), text(1), text(2), text(3))
}

/// The tiled copy of `tiled_copy_mma`'s first six arguments.
fn tiled_copy_mma_of(a: &Args<'_>) -> Result<TiledCopy, LayoutError> {
    let text = |k: usize| a.text(k).unwrap_or_default();
    tiled_copy_mma_from_text(text(0), text(1), text(2), [text(3), text(4), text(5)])
}

/// `tiled_copy_mma COPY_ATOM VALUE_TYPE A|B|C ATOM ATOM_LAYOUT PERMUTATION QUERY`.
pub(crate) fn run_tiled_copy_mma(a: &Args<'_>) -> Result<String, LayoutError> {
    let copy = tiled_copy_mma_of(a)?;
    let query: String = a.text(6).unwrap_or_default().split_whitespace().collect();
    // CuTe's `retile_S|D(thr_mma.partition_fragment_X(t))`: the MMA's
    // register fragment seen by the copy (the sgemm_sm80 pattern).
    for name in ["retile_S", "retile_D"] {
        let Some(inner) = call(&query, name) else {
            continue;
        };
        for (x, op) in [
            ("A", MmaOperand::OperandA),
            ("B", MmaOperand::OperandB),
            ("C", MmaOperand::OperandC),
        ] {
            if let Some(arg) = call(inner, &format!("partition_fragment_{x}")) {
                let mma = tiled_mma_of(a, 3)?;
                let t = thread_of(arg, "tiled_copy_mma", &query, TILED_COPY_QUERIES)?;
                let tile = Layout::column_major(&mma.tile_shape(op)?)?;
                let f = mma.thr_slice(t)?.fragment_layout(op, &tile)?;
                let (layout, offset) = copy.retile(&f)?;
                return Ok(format!("{offset}|{layout}"));
            }
        }
    }
    tiled_copy_query(&copy, "tiled_copy_mma", &query)
}

/// One query about a tiled copy (see [`TILED_COPY_QUERIES`]).
pub(crate) fn tiled_copy_query(
    copy: &TiledCopy,
    operation: &'static str,
    query: &str,
) -> Result<String, LayoutError> {
    let bad = || bad_query(operation, query, TILED_COPY_QUERIES);
    match query {
        "Tiler_MN" => return Ok(copy.tiler_mn().to_string()),
        "TiledLayout_TV" => return Ok(copy.tiled_layout_tv().to_string()),
        "layoutS_TV" => return Ok(copy.layout_s_tv()?.to_string()),
        "layoutD_TV" => return Ok(copy.layout_d_tv()?.to_string()),
        "size" => return Ok(copy.size().to_string()),
        _ => {}
    }
    let tile = Layout::column_major(copy.tiler_mn())?;
    // `partition_X(t=T)` → (side, thread).
    let partition = |text: &str, suffix: &str| -> Option<Result<(CopySide, i64), LayoutError>> {
        for (name, side) in [("S", CopySide::Src), ("D", CopySide::Dst)] {
            if let Some(arg) = call(text, &format!("partition_{name}{suffix}")) {
                return Some(
                    thread_of(arg, operation, query, TILED_COPY_QUERIES).map(|t| (side, t)),
                );
            }
        }
        None
    };
    if let Some(r) = partition(query, "") {
        let (side, t) = r?;
        let p = copy
            .thr_slice(t)?
            .partition(side, make_counting_tensor(tile)?)?;
        return Ok(format!("{}|{}", p.base(), p.layout()));
    }
    if let Some(r) = partition(query, "_coord") {
        let (side, t) = r?;
        let p = copy
            .thr_slice(t)?
            .partition(side, make_identity_tensor(copy.tiler_mn())?)?;
        return Ok(format!("{}|{}", p.base(), p.layout()));
    }
    let fragment = |text: &str| -> Option<Result<Layout, LayoutError>> {
        let inner = call(text, "make_fragment_like")?;
        let r = partition(inner, "")?;
        Some(r.and_then(|(side, t)| copy.thr_slice(t)?.fragment_layout(side, &tile)))
    };
    if let Some(f) = fragment(query) {
        return Ok(f?.to_string());
    }
    for name in ["retile_S", "retile_D"] {
        if let Some(inner) = call(query, name) {
            let f = fragment(inner).ok_or_else(bad)??;
            let (layout, offset) = copy.retile(&f)?;
            return Ok(format!("{offset}|{layout}"));
        }
    }
    Err(bad())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::apply;
    use cute_dynamic::{GmmaLayoutType, GmmaMajor};

    const TYPES: [GmmaLayoutType; 4] = [
        GmmaLayoutType::Interleave,
        GmmaLayoutType::B32,
        GmmaLayoutType::B64,
        GmmaLayoutType::B128,
    ];

    /// A canonical `(MN,K)` operand of `major` and layout type `t`, in
    /// elements of `bits` bits, as text: `m` core matrices (or swizzle
    /// atoms) along MN, `spread` times as far apart as dense.
    fn canonical(major: GmmaMajor, t: GmmaLayoutType, bits: i64, m: i64, spread: i64) -> String {
        let n = 128 / bits;
        let w = t.width();
        let layout = match (major, t) {
            // ((8,m),(n,2)):((n,SBO),(1,LBO)) in elements.
            (GmmaMajor::K, GmmaLayoutType::Interleave) => {
                let sbo = 8 * n * spread;
                format!("((8,{m}),({n},2)):(({n},{sbo}),(1,{}))", sbo * m)
            }
            // ((8,m),2n):((W n,SBO),1).
            (GmmaMajor::K, _) => {
                format!("((8,{m}),{}):(({},{}),1)", 2 * n, w * n, 8 * w * n * spread)
            }
            // ((n,m),(8,k)):((1,SBO),(n,LBO)), K = 256 / bits.
            (GmmaMajor::MN, GmmaLayoutType::Interleave) => {
                let (k, sbo) = (32 / bits, 8 * n * spread);
                format!("(({n},{m}),(8,{k})):((1,{sbo}),({n},{}))", sbo * m)
            }
            // ((W n,m),(8,k)):((1,LBO),(W n,SBO)).
            (GmmaMajor::MN, _) => {
                let (k, sbo) = (32 / bits, 8 * w * n * spread);
                format!(
                    "(({},{m}),(8,{k})):((1,{}),({},{sbo}))",
                    w * n,
                    sbo * k,
                    w * n
                )
            }
        };
        if t == GmmaLayoutType::Interleave {
            layout
        } else {
            format!(
                "Sw<{},{},3> o 0 o {layout}",
                t.swizzle_bits(),
                n.trailing_zeros()
            )
        }
    }

    #[test]
    fn gmma_desc_answers_make_gmma_desc() {
        let mut checked = 0;
        for (major, spellings) in [
            (
                GmmaMajor::K,
                ["K", "GMMA::Major::K", "cute::GMMA::Major::K"],
            ),
            (
                GmmaMajor::MN,
                ["MN", "GMMA::Major::MN", " cute::GMMA::Major::MN "],
            ),
        ] {
            for t in TYPES {
                for (bits, names) in [
                    (16, ["half_t", "bfloat16_t"]),
                    (32, ["tfloat32_t", "float"]),
                    (8, ["int8_t", "float_e4m3_t"]),
                ] {
                    for (m, spread) in [(1, 1), (2, 1), (4, 2), (8, 3)] {
                        let text = canonical(major, t, bits, m, spread);
                        let smem = smem_layout(&text).unwrap();
                        for address in [0u32, 1024, 4096 + 16, 65520] {
                            let want = make_gmma_desc(major, &smem, bits, address);
                            let d = want.unwrap_or_else(|e| panic!("{text}: {e}"));
                            assert_eq!(d.layout_type(), t, "{text}");
                            for (i, major_text) in spellings.iter().enumerate() {
                                let addr = address.to_string();
                                let mut args = vec![*major_text, text.as_str(), names[i % 2]];
                                if address != 0 || i == 1 {
                                    args.push(&addr);
                                }
                                assert_eq!(apply("gmma_desc", &args), Ok(desc_text(d)), "{args:?}");
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 2 * 4 * 3 * 4 * 4 * 3);
    }

    #[test]
    fn gmma_desc_errors_are_the_library_errors() {
        let kind = |args: &[&str]| apply("gmma_desc", args).unwrap_err().kind();
        let k128 = "Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)";
        // The library's own error, word for word.
        for (major, layout, bits, ty) in [
            (GmmaMajor::K, "(64,16):(16,1)", 16, "half_t"),
            (GmmaMajor::MN, "(64,16):(16,1)", 16, "half_t"),
            (
                GmmaMajor::K,
                "Sw<3,4,3> o 0 o ((8,8),16):((64,512),1)",
                16,
                "half_t",
            ),
            (GmmaMajor::K, "64:1", 16, "half_t"),
            (GmmaMajor::K, "((8,8),12):((64,512),1)", 16, "half_t"),
        ] {
            let want = make_gmma_desc(major, &smem_layout(layout).unwrap(), bits, 0).unwrap_err();
            assert_eq!(want.kind(), "non_canonical_gmma_layout", "{layout}");
            let m = if major == GmmaMajor::K { "K" } else { "MN" };
            assert_eq!(apply("gmma_desc", &[m, layout, ty]), Err(want));
        }
        assert_eq!(kind(&["N", k128, "half_t"]), "invalid_argument");
        assert_eq!(kind(&["", k128, "half_t"]), "invalid_argument");
        assert_eq!(
            kind(&["GMMA::Major::KM", k128, "half_t"]),
            "invalid_argument"
        );
        assert_eq!(kind(&["K", k128, "half"]), "invalid_argument");
        // 6-bit elements do not pack 128-bit units.
        assert_eq!(kind(&["K", k128, "float_e3m2_t"]), "invalid_argument");
        assert_eq!(kind(&["K", k128, "half_t", "8"]), "invalid_argument");
        assert_eq!(kind(&["K", k128, "half_t", "-16"]), "invalid_argument");
        assert_eq!(kind(&["K", k128, "half_t", "(16,16)"]), "invalid_argument");
        assert_eq!(kind(&["K", k128, "half_t", "x"]), "parse");
        // The start address leaves its 14 bits (2^18 bytes).
        assert_eq!(kind(&["K", k128, "half_t", "262144"]), "overflow");
        // SBO of 2^18 bytes does not fit either.
        assert_eq!(
            kind(&["K", "Sw<3,3,3> o 0 o ((8,2),16):((64,131072),1)", "half_t"]),
            "overflow"
        );
        for bad in [
            "",
            "(8,8",
            "Sw<3,3,3> o",
            "Sw<3,3> o 0 o (8,8):(8,1)",
            "Sw<3,3,3>o0o(8,8):(8,1)",
        ] {
            assert_eq!(kind(&["K", bad, "half_t"]), "parse", "{bad:?}");
        }
        assert_eq!(kind(&["K", k128]), "arity");
    }

    #[test]
    fn fragment_desc_query_answers_partition_fragment_desc() {
        let half = |a: &str, b: &str| {
            format!("SM90_64x64x16_F16F16F16_SS<GMMA::Major::{a},GMMA::Major::{b}>")
        };
        // (MN,K) = (64,64) operands in elements.
        let k_major = [
            "((8,8),(8,8)):((8,64),(1,512))",
            "Sw<1,3,3> o 0 o ((8,8),(16,4)):((16,128),(1,1024))",
            "Sw<2,3,3> o 0 o ((8,8),(32,2)):((32,256),(1,2048))",
            "Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)",
        ];
        let mn_major = [
            "((8,8),(8,8)):((1,64),(8,512))",
            "Sw<1,3,3> o 0 o ((16,4),(8,8)):((1,128),(16,512))",
            "Sw<2,3,3> o 0 o ((32,2),(8,8)):((1,256),(32,512))",
            "Sw<3,3,3> o 0 o (64,(8,8)):(1,(64,512))",
        ];
        let mut checked = 0;
        for (atom, layout, perm, a_smem, b_smem) in [
            (half("K", "K"), "", "", &k_major, &k_major),
            (half("MN", "K"), "(2,1,1)", "", &mn_major, &k_major),
            (half("K", "MN"), "", "", &k_major, &mn_major),
            (half("MN", "MN"), "", "", &mn_major, &mn_major),
        ] {
            let mma = tiled_mma_from_text(&atom, layout, perm).unwrap();
            for (letter, op, smems) in [
                ("A", MmaOperand::OperandA, a_smem),
                ("B", MmaOperand::OperandB, b_smem),
            ] {
                for smem in smems.iter() {
                    let s = smem_layout(smem).unwrap();
                    for t in [0, 1, 31, 32, 77, 127] {
                        let t = t % mma.size();
                        for address in [0u32, 2048] {
                            let query = format!(
                                "partition_fragment_desc_{letter}(t={t},addr={address},smem={smem})"
                            );
                            let got = apply("tiled_mma", &[&atom, layout, perm, &query]);
                            let frag = mma
                                .thr_slice(t)
                                .unwrap()
                                .partition_fragment_desc(op, &s, address);
                            let frag = frag.unwrap_or_else(|e| panic!("{query}: {e}"));
                            let words: Vec<String> = (0..frag.size())
                                .map(|i| {
                                    format!(
                                        "0x{:016x}",
                                        frag.get(&IntTuple::int(i)).unwrap().bits()
                                    )
                                })
                                .collect();
                            assert_eq!(
                                got,
                                Ok(format!("{}|{}", frag.layout(), words.join(","))),
                                "{atom} {query}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 4 * 2 * 4 * 6 * 2);
        // The default address is 0; spaces around the keys are ignored.
        let atom = half("K", "K");
        let q = |query: &str| apply("tiled_mma", &[&atom, "", "", query]);
        assert_eq!(
            q(
                " partition_fragment_desc_A ( t = 5 , smem=Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)) "
            ),
            q("partition_fragment_desc_A(t=5,addr=0,smem=Sw<3,3,3> o 0 o ((8,8),64):((64,512),1))")
        );
    }

    #[test]
    fn fragment_desc_query_errors() {
        let ss = "SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>";
        let rs = "SM90_64x64x16_F16F16F16_RS<GMMA::Major::K,GMMA::Major::K>";
        let sm80 = "SM80_16x8x16_F32F16F16F32_TN";
        let k128 = "Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)";
        let err = |atom: &str, query: &str| apply("tiled_mma", &[atom, "", "", query]).unwrap_err();
        // Operands read from registers: the rule is named.
        for (atom, letter) in [(rs, "A"), (ss, "C"), (sm80, "A"), (sm80, "B")] {
            let e = err(
                atom,
                &format!("partition_fragment_desc_{letter}(t=0,smem={k128})"),
            );
            assert_eq!(e.kind(), "invalid_argument", "{atom} {letter}");
            assert!(e.to_string().contains("from registers"), "{e}");
        }
        // The RS atom's B is a descriptor fragment.
        assert!(
            apply(
                "tiled_mma",
                &[
                    rs,
                    "",
                    "",
                    &format!("partition_fragment_desc_B(t=0,smem={k128})")
                ]
            )
            .is_ok()
        );
        for (query, kind) in [
            (
                "partition_fragment_desc_A(t=0)".to_string(),
                "invalid_argument",
            ),
            (
                format!("partition_fragment_desc_A(smem={k128})"),
                "invalid_argument",
            ),
            (
                format!("partition_fragment_desc_A(t=x,smem={k128})"),
                "invalid_argument",
            ),
            (
                format!("partition_fragment_desc_A(t=0,smem={k128}"),
                "parse",
            ),
            (
                format!("partition_fragment_desc_A(t=0,ad=16,smem={k128})"),
                "invalid_argument",
            ),
            (
                format!("partition_fragment_desc_A(t=0,addr=16,x=1,smem={k128})"),
                "invalid_argument",
            ),
            (
                format!("partition_fragment_desc_D(t=0,smem={k128})"),
                "invalid_argument",
            ),
            (
                format!("partition_fragment_desc_A(t=0,addr=-16,smem={k128})"),
                "invalid_argument",
            ),
            (
                format!("partition_fragment_desc_A(t=0,addr=8,smem={k128})"),
                "invalid_argument",
            ),
            (
                format!("partition_fragment_desc_A(t=0,addr=262144,smem={k128})"),
                "overflow",
            ),
            (
                format!("partition_fragment_desc_A(t=128,smem={k128})"),
                "out_of_bounds",
            ),
            (
                "partition_fragment_desc_A(t=0,smem=(64,64):(64,1))".to_string(),
                "non_canonical_gmma_layout",
            ),
            (
                "partition_fragment_desc_A(t=0,smem=(64,64)".to_string(),
                "parse",
            ),
            (
                "partition_fragment_desc_A(t=0,smem=Sw<3,3,3>o0o(64,64):(64,1))".to_string(),
                "parse",
            ),
        ] {
            assert_eq!(err(ss, &query).kind(), kind, "{query}");
        }
        // The last descriptor's start address leaves its 14 bits: 16378
        // units + 6 > 2^14 - 1.
        let e = err(
            ss,
            &format!("partition_fragment_desc_A(t=0,addr=262048,smem={k128})"),
        );
        assert_eq!(e.kind(), "overflow", "{e}");
    }
}
