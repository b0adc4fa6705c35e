//! The atom tables through the public API: every MMA and copy atom named
//! by `mma_atom_names` / `copy_atom_names` builds, keeps its name, and
//! satisfies its law (`laws::check_mma_atom`, `laws::check_copy_atom`):
//! well formed, each tile element (each reference bit) held once. The
//! PTX ISA fragment formulas are checked in `cute-dynamic`'s `atom::isa`.

use cute_dynamic::{ValueType, copy_atom, copy_atom_names, mma_atom, mma_atom_names};
use cute_tools::laws;

#[test]
fn every_mma_atom_satisfies_its_law() {
    let names = mma_atom_names();
    assert!(names.len() > 1500, "{} names", names.len());
    for name in names {
        let atom = mma_atom(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(atom.name(), name);
        laws::check_mma_atom(&atom).unwrap_or_else(|v| panic!("{v}"));
    }
}

#[test]
fn every_copy_atom_satisfies_its_law_and_recasts() {
    for name in copy_atom_names() {
        let atom = copy_atom(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
        laws::check_copy_atom(&atom).unwrap_or_else(|v| panic!("{v}"));
        // In units of 8-bit values every atom's layouts are whole; each
        // value is 8 consecutive bits of the bit layout.
        for (bits, values) in [
            (atom.src_layout_bits(), atom.src_layout(ValueType::UInt8)),
            (atom.dst_layout_bits(), atom.dst_layout(ValueType::UInt8)),
            (atom.ref_layout_bits(), atom.ref_layout(ValueType::UInt8)),
        ] {
            let values = values.unwrap_or_else(|e| panic!("{name}: {e}"));
            if bits.size() == 1 {
                continue; // the DefaultCopy placeholder
            }
            assert_eq!(values.size() * 8, bits.size(), "{name} {bits} → {values}");
            // (t, v) of the value layout is (t, 8v) of the bit layout.
            let threads = atom.thr_id().size();
            for t in 0..threads {
                for v in 0..values.size() / threads {
                    assert_eq!(
                        values.call(t + threads * v) * 8,
                        bits.call(t + threads * 8 * v),
                        "{name} {bits} → {values} at ({t},{v})"
                    );
                }
            }
        }
    }
}

#[test]
fn a_broken_atom_breaks_the_law() {
    // CUTLASS's SM80_16x8x32_S32S4S4S32_TN BLayout ((4,8),8):((32,1),8)
    // stays inside the 8×32 tile but holds some elements twice.
    let good = mma_atom("SM80_16x8x32_S32S4S4S32_TN").unwrap();
    let with_b = |b: &str| {
        cute_dynamic::MmaAtom::new(
            good.name(),
            good.shape_mnk(),
            good.thr_id().clone(),
            [
                good.a_layout().clone(),
                b.parse().unwrap(),
                good.c_layout().clone(),
            ],
            good.value_types(),
        )
        .unwrap()
    };
    assert!(laws::check_mma_atom(&with_b("((4,8),8):((32,1),8)")).is_err());
    assert!(laws::check_mma_atom(&with_b("((4,8),8):((64,1),8)")).is_ok());
    // The skeleton's SM80_16x8x16 C layout ((4,8),(2,2)):((16,1),(8,64))
    // is a bijection onto the 16×8 tile, only the wrong one: the law
    // cannot see it, the PTX ISA formula of atom::isa does.
}

#[test]
fn unknown_names_are_named_errors() {
    let e = mma_atom("SM80_16x8x16_F32F16F16F32_NT").unwrap_err();
    assert_eq!(e.kind(), "invalid_argument");
    assert!(e.to_string().len() < 300, "{e}");
    let e = copy_atom("SM75_U32x3_LDSM_N").unwrap_err();
    assert_eq!(e.kind(), "invalid_argument");
    assert!(e.to_string().len() < 300, "{e}");
}

mod hostile_names {
    //! No name panics: every string is an atom or a named error.
    use cute_dynamic::{copy_atom, mma_atom};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_name_is_an_atom_or_a_named_error(
            name in "(SM90_64x|SM100_MMA_|SM80_|UniversalFMA|UniversalCopy|SM120_16x8x)[0-9x_A-Z<>,:a-z]{0,60}",
        ) {
            for result in [mma_atom(&name).map(|_| ()), copy_atom(&name).map(|_| ())] {
                if let Err(e) = result {
                    prop_assert_eq!(e.kind(), "invalid_argument", "{}: {}", name, e);
                }
            }
        }

        #[test]
        fn generated_families_with_random_numbers(
            n in any::<i64>(),
            m in any::<i64>(),
        ) {
            for name in [
                format!("SM90_64x{n}x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>"),
                format!("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,{m},{n},UMMA::Major::K,UMMA::Major::K>"),
                format!("SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,{m},{n},UMMA::Major::K,UMMA::Major::MN>"),
            ] {
                if let Err(e) = mma_atom(&name) {
                    prop_assert_eq!(e.kind(), "invalid_argument", "{}: {}", name, e);
                }
            }
        }
    }
}
