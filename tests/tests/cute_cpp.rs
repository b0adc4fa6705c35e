//! Answers printed by CuTe C++ itself (CUTLASS 4.2.0's headers, compiled
//! for the host): the generators and their command are in
//! `tests/cute-cpp/` (README.md), the printed files are committed, so this
//! test needs no CUDA toolkit. Each line is `ATOM|ATOM_LAYOUT|PERMUTATION|
//! QUERY|ANSWER`; CuTe prints static integers as `_N`, which we print as
//! `N`, so the underscores are dropped before comparing: the structure
//! (nesting, size-1 modes, strides) must be CuTe's exactly.

/// `op` names the operation of every line, or `None` when each line
/// starts with it.
fn operation(op: &str) -> &'static cute_tools::Operation {
    cute_tools::operation(op).unwrap()
}

fn check(file: &str, op: Option<&str>) -> (usize, Vec<String>) {
    let path = format!("{}/cute-cpp/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut diffs = Vec::new();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.is_empty()) {
        let mut parts: Vec<&str> = line.split('|').collect();
        let op = match op {
            Some(op) => op,
            None => parts.remove(0),
        };
        // The answer is the last field, or every field after the
        // operation's arguments (an answer `OFFSET|LAYOUT`).
        let nargs = operation(op).max_args().min(parts.len() - 1);
        let (args, want) = parts.split_at(nargs);
        let want = want.join("|").replace('_', "");
        n += 1;
        match cute_tools::apply(op, args) {
            Ok(got) if got == want => {}
            other => diffs.push(format!("{line}\n  got {other:?}")),
        }
    }
    (n, diffs)
}

/// Every line of `file` (calls of `op`) answered exactly as CuTe did.
fn all_agree(file: &str, op: &str) {
    every_line_agrees(file, Some(op));
}

/// Every line of `file` (calls of `op`, or of any operation for `None`)
/// answered exactly as CuTe did.
fn every_line_agrees(file: &str, op: Option<&str>) {
    let (n, diffs) = check(file, op);
    assert!(n > 0);
    assert!(
        diffs.is_empty(),
        "{} of {n} differ:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

#[test]
fn tiled_mma_tv_layouts_are_cutes() {
    all_agree("tiled_mma_tv.expected", "tiled_mma");
}

/// Lines where we differ from CuTe on purpose or not yet, each with its
/// reason (docs/semantics/differences-from-cute.md#differences-from-cute); the test checks that
/// they still differ, so the list cannot go stale.
const KNOWN: &[(&str, &str)] = &[
    (
        "make_fragment_like|(4,8):(8,1)|",
        "CuTe's tiled_product nests the rest modes ((8)); ours keeps L's structure (same function)",
    ),
    (
        "make_fragment_like|(4,(2,3)):(3,(12,1))|",
        "as above: CuTe (4,((2,3))), ours (4,(2,3)) (same function)",
    ),
    (
        "make_fragment_like|(4,(2,3)):(0,(12,1))|",
        "CuTe keeps mode 0's stride-0 leaves at stride 0 (a broadcast fragment); ours gives every element its own register",
    ),
    (
        "make_fragment_like|((2,4),3):((0,1),8)|",
        "as above, and CuTe nests the rest modes",
    ),
    (
        "make_fragment_like|(2,4,4):(1,8,8)|",
        "CuTe gives tied strides of the rest modes one stride; ours orders them by position",
    ),
];

/// Layout functions of the operation table (composition, left_inverse,
/// tile_to_shape, make_layout_like, …), one call per line.
#[test]
fn surface_functions_are_cutes() {
    let (n, diffs) = check("surface.expected", None);
    assert!(n > 0);
    cute_tests::assert_only_known_differences(&diffs, KNOWN, n, "KNOWN");
}

/// CUTLASS's traits where the PTX ISA says otherwise
/// (docs/semantics/differences-from-cute.md#errata-in-the-sources): we use
/// the ISA's layout.
const ERRATA: &[&str] = &[
    "SM80_16x8x32_S32S4S4S32_TN|BLayout|",
    "SM80_16x8x32_S32S4S4S32_TN_SATURATE|BLayout|",
    "SM80_16x8x32_S32S4U4S32_TN|BLayout|",
    "SM80_16x8x32_S32S4U4S32_TN_SATURATE|BLayout|",
    "SM80_16x8x32_S32U4S4S32_TN|BLayout|",
    "SM80_16x8x32_S32U4S4S32_TN_SATURATE|BLayout|",
    "SM80_16x8x32_S32U4U4S32_TN|BLayout|",
    "SM80_16x8x32_S32U4U4S32_TN_SATURATE|BLayout|",
    "SM80_16x8x128_S32U1U1S32_TN_XORPOPC|ALayout|",
    "SM80_16x8x128_S32U1U1S32_TN_ANDPOPC|ALayout|",
];

/// Shape_MNK, ThrID, ALayout, BLayout and CLayout of every fixed-name MMA
/// atom CUTLASS 4.2.0 defines that the table has (91 atoms, 455 lines).
#[test]
fn mma_atom_traits_are_cutes() {
    let (n, diffs) = check("mma_traits.expected", Some("mma_atom"));
    assert_eq!(n, 455);
    let unknown: Vec<&String> = diffs
        .iter()
        .filter(|d| !ERRATA.iter().any(|k| d.starts_with(k)))
        .collect();
    assert!(
        unknown.is_empty(),
        "{} of {n} differ:\n{unknown:#?}",
        unknown.len()
    );
    assert_eq!(
        diffs.len(),
        ERRATA.len(),
        "an erratum now agrees: {diffs:#?}"
    );
}

/// `retile_D(partition_fragment_A|B(t))` of make_tiled_copy_A/B over a
/// tiled MMA (sgemm_sm80's LDSM copies), as a batch query.
#[test]
fn retiled_mma_fragments_are_cutes() {
    all_agree("retile_mma.expected", "tiled_copy_mma");
}

/// Per-thread views of tiled MMAs (every SM70 variant over every lane of
/// the warp, alone and tiled, and SM75/SM80/SM89/SM90 atoms with N-major,
/// K-split and permuted atom layouts): `thr_layout_vmnk`, `layoutX_TV`,
/// `thrfrg_X` of the tile, and for each thread `partition_X` of the
/// counting and the identity tensor and `partition_fragment_X`.
#[test]
fn tiled_mma_partitions_are_cutes() {
    let (n, diffs) = check("tiled_mma_partitions.expected", Some("tiled_mma"));
    assert!(n > 0);
    cute_tests::assert_only_known_differences(&diffs, PARTITIONS_KNOWN, n, "PARTITIONS_KNOWN");
}

/// Partition lines where CuTe is wrong and we differ
/// (docs/semantics/differences-from-cute.md#differences-from-cute).
const PARTITIONS_KNOWN: &[(&str, &str)] = &[(
    "UniversalFMA<float,float,float>|(2,3,2):(1,2,6)||layoutC_TV|",
    "CuTe composes the 6-thread C layout with 12 thread indices, so threads 6-11 read past \
     the 2x3 tile (offsets 6-11; its own partition_C(t=7) is offset 1): ours broadcasts over K",
)];

/// Tiled copies of every copy atom of the table (make_tiled_copy) and
/// make_tiled_copy_A/B/C over tiled MMAs: `Tiler_MN`, `TiledLayout_TV`,
/// `layoutS/D_TV`, and for each thread `partition_S/D` (counting and
/// identity tensor), `make_fragment_like` and `retile_S/D` of it.
#[test]
fn tiled_copies_are_cutes() {
    every_line_agrees("tiled_copy.expected", None);
}
