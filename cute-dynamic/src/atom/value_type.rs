//! The element types atoms are defined over, named as CUTLASS names them.

use core::fmt;
use core::str::FromStr;

use crate::error::LayoutError;
#[allow(unused_imports)]
use crate::prelude::*;

macro_rules! value_types {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $bits:literal;)*) => {
        /// An element type of an atom's operands, spelled as in CUTLASS
        /// (`half_t`, `float`, `int8_t`, …).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum ValueType {
            $($(#[$doc])* $variant,)*
        }

        impl ValueType {
            /// Every value type, in declaration order.
            pub const ALL: &'static [ValueType] = &[$(ValueType::$variant,)*];

            /// CUTLASS's spelling of the type.
            pub const fn name(self) -> &'static str {
                match self { $(ValueType::$variant => $name,)* }
            }

            /// The width of one value in bits.
            pub const fn bits(self) -> i64 {
                match self { $(ValueType::$variant => $bits,)* }
            }
        }
    };
}

value_types! {
    /// 1-bit unsigned integer (`uint1b_t`).
    UInt1 = "uint1b_t", 1;
    /// 4-bit float, 2 exponent and 1 mantissa bit (`float_e2m1_t`).
    Float4E2M1 = "float_e2m1_t", 4;
    /// 4-bit signed integer (`int4b_t`).
    Int4 = "int4b_t", 4;
    /// 4-bit unsigned integer (`uint4b_t`).
    UInt4 = "uint4b_t", 4;
    /// 6-bit float, 3 exponent and 2 mantissa bits (`float_e3m2_t`).
    Float6E3M2 = "float_e3m2_t", 6;
    /// 6-bit float, 2 exponent and 3 mantissa bits (`float_e2m3_t`).
    Float6E2M3 = "float_e2m3_t", 6;
    /// 8-bit signed integer.
    Int8 = "int8_t", 8;
    /// 8-bit unsigned integer.
    UInt8 = "uint8_t", 8;
    /// 8-bit float, 4 exponent and 3 mantissa bits.
    Float8E4M3 = "float_e4m3_t", 8;
    /// 8-bit float, 5 exponent and 2 mantissa bits.
    Float8E5M2 = "float_e5m2_t", 8;
    /// 8-bit unsigned scale factor, 8 exponent bits (`float_ue8m0_t`).
    FloatUE8M0 = "float_ue8m0_t", 8;
    /// 8-bit unsigned scale factor, 4 exponent and 3 mantissa bits (`float_ue4m3_t`).
    FloatUE4M3 = "float_ue4m3_t", 8;
    /// IEEE half precision.
    Half = "half_t", 16;
    /// bfloat16.
    BFloat16 = "bfloat16_t", 16;
    /// 16-bit signed integer.
    Int16 = "int16_t", 16;
    /// 16-bit unsigned integer.
    UInt16 = "uint16_t", 16;
    /// TensorFloat-32 (stored in 32 bits).
    TFloat32 = "tfloat32_t", 32;
    /// IEEE single precision.
    Float = "float", 32;
    /// 32-bit signed integer.
    Int32 = "int32_t", 32;
    /// 32-bit unsigned integer.
    UInt32 = "uint32_t", 32;
    /// IEEE double precision.
    Double = "double", 64;
    /// 64-bit unsigned integer.
    UInt64 = "uint64_t", 64;
    /// Complex single precision.
    ComplexFloat = "complex<float>", 64;
    /// Complex double precision.
    ComplexDouble = "complex<double>", 128;
    /// 128-bit unsigned integer (CuTe's `uint128_t`).
    UInt128 = "uint128_t", 128;
    /// The Gaussian-complex accumulator of `SM80_8x8x4_GC64C64C64GC64_TN`
    /// (CUTLASS's nested `GaussComplex`: three doubles, the partial
    /// products of Gauss's three-multiplication complex product).
    GaussComplex = "SM80_8x8x4_GC64C64C64GC64_TN::GaussComplex", 192;
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ValueType {
    type Err = LayoutError;

    /// Parses CUTLASS's spelling (`cutlass::` and `cute::` prefixes are
    /// accepted and ignored; CuTe's aliases `uint1_t`, `int4_t` and
    /// `uint4_t` name `uint1b_t`, `int4b_t` and `uint4b_t`).
    fn from_str(text: &str) -> Result<Self, LayoutError> {
        let bare = text
            .trim()
            .trim_start_matches("cutlass::")
            .trim_start_matches("cute::");
        // CuTe's aliases of CUTLASS's sub-byte integer names.
        let bare = match bare {
            "uint1_t" => "uint1b_t",
            "int4_t" => "int4b_t",
            "uint4_t" => "uint4b_t",
            other => other,
        };
        ValueType::ALL
            .iter()
            .copied()
            .find(|t| t.name() == bare)
            .ok_or_else(|| LayoutError::InvalidArgument {
                operation: "value_type",
                argument: "name",
                value: text.to_string(),
                reason: "not a value type CUTLASS's atoms use (half_t, bfloat16_t, float, double, int8_t, …)".to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_widths() {
        for t in ValueType::ALL {
            assert_eq!(t.name().parse::<ValueType>().unwrap(), *t);
        }
        assert_eq!("cutlass::half_t".parse::<ValueType>().unwrap().bits(), 16);
        assert!("half".parse::<ValueType>().is_err());
        assert_eq!(
            "cute::uint4_t".parse::<ValueType>().unwrap(),
            ValueType::UInt4
        );
        assert_eq!("float_e2m1_t".parse::<ValueType>().unwrap().bits(), 4);
    }
}
