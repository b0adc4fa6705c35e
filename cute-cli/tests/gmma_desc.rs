//! GMMA shared-memory descriptors through the binary: the op `gmma_desc`
//! and the `tiled_mma` query `partition_fragment_desc_A|B`, as subcommands
//! and through `cute batch`.
//!
//! The expected words are derived by hand from the PTX ISA's canonical
//! layouts ("Matrix Descriptor Format", "Shared Memory Matrix Layout"): a
//! descriptor holds the start address, the leading and stride byte offsets
//! (LBO, SBO) in bytes `>> 4` at bits 0, 16 and 32, and the layout type at
//! bits 62-63 (`INTERLEAVE` 0, `B128` 1, `B64` 2, `B32` 3). K-major: SBO
//! is the distance between 8-row groups (core matrices / swizzle atoms)
//! along MN, LBO the distance between the two 16-byte K halves of an
//! interleaved core matrix (1, unused, when swizzled). MN-major: swizzled,
//! LBO between swizzle atoms along MN and SBO between 8-row groups along
//! K; interleaved, the two swap (SBO along MN, LBO along K).

mod common;

use common::{batch, cute, stdout_trimmed as stdout};
use serde_json::{Value, json};

/// The printed descriptor of the given word and fields.
fn desc(word: u64, start: u64, lbo: u64, sbo: u64, layout_type: &str) -> String {
    format!(
        "0x{word:016x}|start_addr={start},leading_off={lbo},stride_off={sbo},base_offset=0,layout_type={layout_type}"
    )
}

/// The word of the fields: start, LBO, SBO in 16-byte units, the layout
/// type's 2-bit value.
fn word(start: u64, lbo: u64, sbo: u64, layout_type: u64) -> u64 {
    start | (lbo << 16) | (sbo << 32) | (layout_type << 62)
}

/// (major, layout, value type, address, start, LBO, SBO, (layout type's
/// value, its name)), offsets in bytes.
type Case = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    u64,
    u64,
    u64,
    (u64, &'static str),
);

#[test]
fn descriptors_derived_by_hand() {
    // (major, layout, value type, address, start, LBO, SBO, layout type)
    // with offsets in bytes; a 16-bit element is 2 bytes, a 32-bit one 4.
    let cases: &[Case] = &[
        // K-major 128-byte swizzle, f16: rows of 64 elements (128 B),
        // 8-row atoms 512 elements = 1024 B apart; address 1024.
        (
            "K",
            "Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)",
            "half_t",
            "1024",
            1024,
            16,
            1024,
            (1, "B128"),
        ),
        // The same operand 64 elements (128 B) further: start 1152.
        (
            "GMMA::Major::K",
            "Sw<3,3,3> o 64 o ((8,8),16):((64,512),1)",
            "half_t",
            "1024",
            1152,
            16,
            1024,
            (1, "B128"),
        ),
        // 64-byte swizzle: rows of 32 elements, atoms 256 elements = 512 B.
        (
            "K",
            "Sw<2,3,3> o 0 o ((8,8),16):((32,256),1)",
            "half_t",
            "0",
            0,
            16,
            512,
            (2, "B64"),
        ),
        // 32-byte swizzle: rows of 16 elements, atoms 128 elements = 256 B.
        (
            "K",
            "Sw<1,3,3> o 0 o ((8,8),16):((16,128),1)",
            "bfloat16_t",
            "0",
            0,
            16,
            256,
            (3, "B32"),
        ),
        // Interleaved: 8x16 B core matrices; along MN 64 elements = 128 B
        // apart (SBO), the second K half 512 elements = 1024 B (LBO).
        (
            "K",
            "((8,8),(8,2)):((8,64),(1,512))",
            "half_t",
            "0",
            0,
            1024,
            128,
            (0, "INTERLEAVE"),
        ),
        // MN-major 128-byte swizzle: 64 MN elements per row, atoms of 8 K
        // rows; the second MN atom 512 elements = 1024 B (LBO), the second
        // 8 K rows 1024 elements = 2048 B (SBO).
        (
            "MN",
            "Sw<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))",
            "half_t",
            "0",
            0,
            1024,
            2048,
            (1, "B128"),
        ),
        (
            "GMMA::Major::MN",
            "Sw<2,3,3> o 0 o ((32,2),(8,2)):((1,256),(32,512))",
            "half_t",
            "0",
            0,
            512,
            1024,
            (2, "B64"),
        ),
        (
            "MN",
            "Sw<1,3,3> o 0 o ((16,2),(8,2)):((1,128),(16,256))",
            "half_t",
            "0",
            0,
            256,
            512,
            (3, "B32"),
        ),
        // MN-major interleaved: 8 MN elements (16 B) per core-matrix row;
        // along MN 64 elements = 128 B (SBO), along K 128 = 256 B (LBO).
        (
            "MN",
            "((8,2),(8,2)):((1,64),(8,128))",
            "half_t",
            "0",
            0,
            256,
            128,
            (0, "INTERLEAVE"),
        ),
        // tf32, K-major 128-byte swizzle: rows of 32 elements, atoms 256
        // elements = 1024 B apart; address 8192.
        (
            "K",
            "Sw<3,2,3> o 0 o ((8,8),8):((32,256),1)",
            "tfloat32_t",
            "8192",
            8192,
            16,
            1024,
            (1, "B128"),
        ),
        // tf32 interleaved: core matrices 32 elements = 128 B apart along
        // MN, the second K half 256 elements = 1024 B.
        (
            "K",
            "((8,8),(4,2)):((4,32),(1,256))",
            "float",
            "0",
            0,
            1024,
            128,
            (0, "INTERLEAVE"),
        ),
    ];
    let mut requests = Vec::new();
    let mut expected = Vec::new();
    for (i, &(major, layout, ty, addr, start, lbo, sbo, (t, name))) in cases.iter().enumerate() {
        let (start, lbo, sbo) = (start >> 4, lbo >> 4, sbo >> 4);
        let want = desc(word(start, lbo, sbo, t), start, lbo, sbo, name);
        assert_eq!(
            stdout(&["gmma_desc", major, layout, ty, addr]),
            want,
            "{major} {layout}"
        );
        requests.push(json!({"id": i, "op": "gmma_desc", "args": [major, layout, ty, addr]}));
        expected.push(want);
    }
    // Through batch: the same answers, in order.
    let out = batch(&requests);
    for (i, want) in expected.iter().enumerate() {
        assert_eq!(out[i]["id"], json!(i));
        assert_eq!(
            out[i]["ok"].as_str(),
            Some(want.as_str()),
            "{}",
            requests[i]
        );
    }
    // The address is optional (0).
    assert_eq!(
        stdout(&["gmma_desc", "K", "((8,8),(8,2)):((8,64),(1,512))", "half_t"]),
        expected[4]
    );
}

#[test]
fn fragments_derived_by_hand() {
    let ss = "SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>";
    // A: 64x64 K-major 128-byte swizzle. Every thread of the warpgroup
    // holds the whole 64x16 tile of each of the 4 k-blocks; k-block k
    // starts 16k elements = 32k B = 2k units further.
    let a = |t: i64| {
        stdout(&[
            "tiled_mma",
            ss,
            "",
            "",
            &format!(
                "partition_fragment_desc_A(t={t},smem=Sw<3,3,3> o 0 o ((8,8),64):((64,512),1))"
            ),
        ])
    };
    let words: Vec<String> = (0..4)
        .map(|k| format!("0x{:016x}", word(2 * k, 1, 64, 1)))
        .collect();
    let want = format!("(1,1,4):(0,0,2)|{}", words.join(","));
    for t in [0, 5, 127] {
        assert_eq!(a(t), want, "thread {t}");
    }
    // B: 64x64 MN-major 128-byte swizzle (N contiguous, rows of 64 N
    // elements, 8 K rows 512 elements = 1024 B apart): k-block k starts
    // 16 K rows = 1024k elements = 2048k B = 128k units further; one MN
    // atom, so LBO is that of a size-1 mode (0). Address 2048 = 128 units.
    let b = stdout(&[
        "tiled_mma",
        ss,
        "",
        "",
        "partition_fragment_desc_B( t = 9 , addr = 2048 , smem=Sw<3,3,3> o 0 o (64,(8,8)):(1,(64,512)))",
    ]);
    let words: Vec<String> = (0..4)
        .map(|k| format!("0x{:016x}", word(128 + 128 * k, 0, 64, 1)))
        .collect();
    assert_eq!(b, format!("(1,1,4):(0,0,128)|{}", words.join(",")));
}

#[test]
fn errors_name_the_rule_and_never_panic() {
    let k128 = "Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)";
    let ss = "SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>";
    let rs = "SM90_64x64x16_F16F16F16_RS<GMMA::Major::K,GMMA::Major::K>";
    let a128 = "Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)";
    let frag = |x: &str, smem: &str| format!("partition_fragment_desc_{x}(t=0,smem={smem})");
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!(["X", k128, "half_t"]), "invalid_argument", "MAJOR"),
        (
            json!(["GMMA::Major::N", k128, "half_t"]),
            "invalid_argument",
            "MAJOR",
        ),
        (
            json!(["K", k128, "half"]),
            "invalid_argument",
            "not a value type",
        ),
        (
            json!(["K", k128, "float_e3m2_t"]),
            "invalid_argument",
            "divide 128",
        ),
        (
            json!(["K", "(64,16):(16,1)", "half_t"]),
            "non_canonical_gmma_layout",
            "GMMA::Major::K",
        ),
        (
            json!(["MN", k128, "half_t"]),
            "non_canonical_gmma_layout",
            "GMMA::Major::MN",
        ),
        (
            json!(["K", "Sw<2,4,3> o 0 o ((8,8),16):((32,256),1)", "half_t"]),
            "non_canonical_gmma_layout",
            "not a GMMA swizzle",
        ),
        (
            json!(["K", k128, "half_t", "262144"]),
            "overflow",
            "start_address",
        ),
        (
            json!(["K", k128, "half_t", "24"]),
            "invalid_argument",
            "16 bytes",
        ),
        (
            json!(["K", k128, "half_t", "-16"]),
            "invalid_argument",
            "ADDRESS",
        ),
        (
            json!(["K", "((8,8),16):((64,512),1", "half_t"]),
            "parse",
            "",
        ),
        (json!(["K", "Sw<3,3,3> o x o (8,8)", "half_t"]), "parse", ""),
        (json!(["K", k128]), "arity", ""),
        (json!(["K", k128, "half_t", "0", "0"]), "arity", ""),
    ];
    let mut requests: Vec<Value> = cases
        .iter()
        .map(|(args, _, _)| json!({"op": "gmma_desc", "args": args}))
        .collect();
    let queries: Vec<(&str, String, &str, &str)> = vec![
        (
            rs,
            frag("A", a128),
            "invalid_argument",
            "reads A from registers",
        ),
        (
            ss,
            frag("C", a128),
            "invalid_argument",
            "reads C from registers",
        ),
        (
            "SM80_16x8x16_F32F16F16F32_TN",
            frag("B", a128),
            "invalid_argument",
            "reads B from registers",
        ),
        (
            ss,
            frag("A", "(64,64):(64,1)"),
            "non_canonical_gmma_layout",
            "",
        ),
        (ss, frag("A", "(64,64"), "parse", ""),
        (
            ss,
            "partition_fragment_desc_A(t=0)".to_string(),
            "invalid_argument",
            "not a query",
        ),
        (
            ss,
            format!("partition_fragment_desc_A(t=128,smem={a128})"),
            "out_of_bounds",
            "",
        ),
    ];
    for (atom, query, _, _) in &queries {
        requests.push(json!({"op": "tiled_mma", "args": [atom, "", "", query]}));
    }
    let expected: Vec<(&str, &str)> = cases
        .iter()
        .map(|(_, k, m)| (*k, *m))
        .chain(queries.iter().map(|(_, _, k, m)| (*k, *m)))
        .collect();
    let out = batch(&requests);
    assert_eq!(out.len(), expected.len());
    for ((answer, (kind, part)), request) in out.iter().zip(&expected).zip(&requests) {
        assert_eq!(
            answer["error"]["kind"].as_str(),
            Some(*kind),
            "{request}: {answer}"
        );
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(part), "{request}: {message}");
    }
    // As subcommands: exit status 1, the kind in brackets on stderr.
    let out = cute(&["gmma_desc", "K", "(64,16):(16,1)", "half_t"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("[non_canonical_gmma_layout]"));
}
