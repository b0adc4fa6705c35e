//! Errors: every fallible operation returns `Result<_, LayoutError>`, and the
//! error names the rule that failed and the operands in CuTe notation.

use alloc::{format, string::String, string::ToString};
use core::fmt;

/// The single error type of the run-time layout algebra.
///
/// Each variant names a rule of the specification; [`LayoutError::kind`]
/// gives the variant's `snake_case` name (the `kind` of `cute batch` output),
/// and `Display` gives a full sentence with the operands in CuTe notation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LayoutError {
    /// Malformed text.
    Parse {
        /// What kind of problem it is (match on this, never on the text).
        kind: ParseErrorKind,
        /// Byte offset in the input where the problem was found.
        position: usize,
        /// What the parser expected there.
        expected: String,
        /// What it found instead (`end of input` at the end).
        found: String,
    },
    /// A shape and a stride (or two tuples) do not have the same tree shape.
    NotCongruent {
        /// The shape, in CuTe notation.
        shape: String,
        /// The stride, in CuTe notation.
        stride: String,
    },
    /// A shape leaf is zero or negative.
    NonPositiveShape {
        /// The offending shape.
        shape: String,
    },
    /// A coordinate or tuple is not compatible with the shape it indexes.
    NotCompatible {
        /// What was being done.
        operation: &'static str,
        /// The left operand.
        left: String,
        /// The right operand.
        right: String,
    },
    /// A mode index or tiler has more modes than the layout it applies to.
    RankMismatch {
        /// What was being done.
        operation: &'static str,
        /// The operand whose rank is too small.
        layout: String,
        /// The rank that was asked for.
        requested: usize,
        /// The rank available.
        available: usize,
    },
    /// A coordinate lies outside the layout's domain.
    OutOfBounds {
        /// The layout.
        layout: String,
        /// The coordinate.
        coordinate: String,
    },
    /// Composition `A ∘ B`: the right side's stride and a mode's size of the
    /// left side do not divide each other.
    StrideDivisibility {
        /// The left operand `A`.
        a: String,
        /// The right operand `B` (the rank-1 part being composed).
        b: String,
        /// Mode of coalesced `A` where the walk stopped.
        mode: usize,
        /// That mode's size.
        mode_size: i64,
        /// The remaining stride of `B` at that mode.
        rest_stride: i64,
    },
    /// Composition `A ∘ B`: `B`'s remaining shape is not divisible by the
    /// part of `A`'s mode it consumes.
    ShapeDivisibility {
        /// The left operand `A`.
        a: String,
        /// The right operand `B` (the rank-1 part being composed).
        b: String,
        /// Mode of coalesced `A` where the walk stopped.
        mode: usize,
        /// The remaining shape of `B` at that mode.
        rest_shape: i64,
        /// The number of elements of `A`'s mode consumed.
        consumed: i64,
    },
    /// Composition `A ∘ B` with a multi-mode `B`: the modes of `B` together
    /// overflow a digit of `A`'s mixed radix, so composing mode by mode would
    /// be wrong.
    Carry {
        /// The left operand `A`.
        a: String,
        /// The right operand `B`.
        b: String,
        /// Mode of coalesced `A` that overflows.
        mode: usize,
        /// Sum of the largest digits `B`'s modes reach in that mode.
        digit_sum: i64,
        /// That mode's size.
        mode_size: i64,
        /// A coordinate `c` of `B` where the mode-by-mode layout `R` is wrong,
        /// with `R(c)` and `A(B(c))`, when one was found.
        witness: Option<(i64, i64, i64)>,
    },
    /// Complement of a layout whose modes, sorted by stride, overlap or
    /// interleave (a stride lies inside the extent of the smaller modes).
    ComplementOverlap {
        /// The layout.
        layout: String,
        /// The stride of the mode that overlaps the previous ones.
        stride: i64,
        /// The extent already covered by the previous modes.
        covered: i64,
    },
    /// Left inverse: a stride is not divisible by the previous stride.
    LeftInverseDivisibility {
        /// The layout.
        layout: String,
        /// The stride that fails.
        stride: i64,
        /// The value it must be a multiple of.
        divisor: i64,
    },
    /// Left inverse: CuTe's candidate fails the defining property.
    NoLeftInverse {
        /// The layout `L`.
        layout: String,
        /// CuTe's candidate `R`.
        candidate: String,
        /// An index `i` where the property fails.
        witness: i64,
        /// `R(L(i))` (or `L(R(L(i)))` for a non-injective `L`).
        got: i64,
        /// `i` (or `L(i)`).
        want: i64,
    },
    /// The operation is not defined on negative strides (or another
    /// documented restriction).
    Unsupported {
        /// What was being done.
        operation: &'static str,
        /// Why it is not supported.
        reason: String,
    },
    /// An operation name that does not exist.
    UnknownOperation {
        /// The name given.
        name: String,
    },
    /// An operation was given too few or too many arguments.
    Arity {
        /// The operation.
        operation: &'static str,
        /// The fewest arguments it takes.
        min: usize,
        /// The most arguments it takes.
        max: usize,
        /// The number of arguments given.
        found: usize,
    },
    /// An argument is well-formed but not a value the operation accepts (an
    /// integer where a tuple was given, a non-positive complement cotarget).
    InvalidArgument {
        /// The operation.
        operation: &'static str,
        /// The argument's name.
        argument: &'static str,
        /// The argument as given.
        value: String,
        /// What the argument must be.
        reason: String,
    },
    /// A swizzle's parameters are not admissible (`|S| ≥ B`, at most 62 bits).
    InvalidSwizzle {
        /// `B`.
        b: i64,
        /// `M`.
        m: i64,
        /// `S`.
        s: i64,
        /// The rule that fails.
        reason: String,
    },
    /// A descriptor's fractional count has a zero denominator.
    ZeroDenominator {
        /// Byte offset of the count in the input.
        position: usize,
        /// The count as written.
        count: String,
    },
    /// A descriptor's fractional count is not an integer after normalisation.
    NonIntegralCount {
        /// Byte offset of the count in the input.
        position: usize,
        /// The count as written.
        count: String,
    },
    /// A tensor's layout reaches offsets outside its storage.
    OutOfStorage {
        /// The layout (with the accessor's base offset).
        layout: String,
        /// The smallest and largest offset the layout reaches.
        range: (i64, i64),
        /// The storage length.
        len: usize,
    },
    /// A coordinate (basis-stride) layout has no well-defined codomain for
    /// the operation (mixed integer and basis strides, or a basis that is
    /// both a leaf and a tuple).
    Codomain {
        /// What was being done.
        operation: &'static str,
        /// The layout, in CuTe notation.
        layout: String,
        /// What is wrong.
        reason: String,
    },
    /// A size, offset or stride would not fit in an `i64`.
    Overflow {
        /// What was being computed.
        operation: &'static str,
        /// The operands, in CuTe notation.
        operands: String,
    },
    /// A shared-memory layout is not a canonical GMMA layout of its major,
    /// so no SM90 matrix descriptor describes it (CuTe's `make_gmma_desc`
    /// static assertions).
    NonCanonicalGmmaLayout {
        /// `GMMA::Major::K` or `GMMA::Major::MN`.
        major: &'static str,
        /// The operand (in 128-bit units once recast), in CuTe notation.
        layout: String,
        /// The rule that fails.
        rule: String,
    },
    /// A run-time leaf declared with a static divisor (cute-static's
    /// `DynDiv<D>`, `layout!` leaf `{m:128}`) was given a value that is not
    /// a multiple of it.
    Divisibility {
        /// What was being built.
        operation: &'static str,
        /// The run-time value.
        value: usize,
        /// The static divisor.
        divisor: usize,
    },
}

impl LayoutError {
    /// The variant's `snake_case` name: the rule that failed.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Parse { .. } => "parse",
            Self::NotCongruent { .. } => "not_congruent",
            Self::NonPositiveShape { .. } => "non_positive_shape",
            Self::NotCompatible { .. } => "not_compatible",
            Self::RankMismatch { .. } => "rank_mismatch",
            Self::OutOfBounds { .. } => "out_of_bounds",
            Self::StrideDivisibility { .. } => "stride_divisibility",
            Self::ShapeDivisibility { .. } => "shape_divisibility",
            Self::Carry { .. } => "carry",
            Self::ComplementOverlap { .. } => "complement_overlap",
            Self::LeftInverseDivisibility { .. } => "left_inverse_divisibility",
            Self::NoLeftInverse { .. } => "no_left_inverse",
            Self::Unsupported { .. } => "unsupported",
            Self::UnknownOperation { .. } => "unknown_operation",
            Self::Arity { .. } => "arity",
            Self::InvalidArgument { .. } => "invalid_argument",
            Self::InvalidSwizzle { .. } => "invalid_swizzle",
            Self::ZeroDenominator { .. } => "zero_denominator",
            Self::NonIntegralCount { .. } => "non_integral_count",
            Self::OutOfStorage { .. } => "out_of_storage",
            Self::Codomain { .. } => "codomain",
            Self::Overflow { .. } => "overflow",
            Self::Divisibility { .. } => "divisibility",
            Self::NonCanonicalGmmaLayout { .. } => "non_canonical_gmma_layout",
        }
    }

    pub(crate) fn overflow(operation: &'static str, operands: impl fmt::Display) -> Self {
        Self::Overflow {
            operation,
            operands: operands.to_string(),
        }
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Parse {
                position,
                expected,
                found,
                ..
            } => write!(
                f,
                "parse error at byte {position}: expected {expected}, found {found}"
            ),
            Self::NotCongruent { shape, stride } => {
                write!(f, "shape {shape} and stride {stride} are not congruent")
            }
            Self::NonPositiveShape { shape } => {
                write!(f, "shape {shape} has a leaf that is not positive")
            }
            Self::NotCompatible {
                operation,
                left,
                right,
            } => write!(f, "{operation}: {left} is not compatible with {right}"),
            Self::RankMismatch {
                operation,
                layout,
                requested,
                available,
            } => write!(
                f,
                "{operation}: {layout} has rank {available}, but {requested} modes were requested"
            ),
            Self::OutOfBounds { layout, coordinate } => {
                write!(
                    f,
                    "coordinate {coordinate} is outside the domain of {layout}"
                )
            }
            Self::StrideDivisibility {
                a,
                b,
                mode,
                mode_size,
                rest_stride,
            } => write!(
                f,
                "composition {a} ∘ {b} is not admissible: stride divisibility fails at mode {mode}: \
                 stride {rest_stride} and mode size {mode_size} do not divide each other"
            ),
            Self::ShapeDivisibility {
                a,
                b,
                mode,
                rest_shape,
                consumed,
            } => write!(
                f,
                "composition {a} ∘ {b} is not admissible: shape divisibility fails at mode {mode}: \
                 remaining shape {rest_shape} is not divisible by {consumed}"
            ),
            Self::Carry {
                a,
                b,
                mode,
                digit_sum,
                mode_size,
                witness,
            } => {
                write!(
                    f,
                    "composition {a} ∘ {b} is not admissible: the modes of the right side carry in mode {mode} \
                     of the left side (largest digits sum to {digit_sum}, mode size is {mode_size})"
                )?;
                if let Some((c, got, want)) = witness {
                    write!(
                        f,
                        "; composing mode by mode would give R({c}) = {got} but A(B({c})) = {want}"
                    )?;
                }
                Ok(())
            }
            Self::ComplementOverlap {
                layout,
                stride,
                covered,
            } => write!(
                f,
                "complement of {layout} is not admissible: the mode of stride {stride} starts inside \
                 the extent {covered} of the smaller modes (the modes overlap or interleave)"
            ),
            Self::LeftInverseDivisibility {
                layout,
                stride,
                divisor,
            } => write!(
                f,
                "left_inverse of {layout} is not defined: stride {stride} is not a multiple of {divisor}"
            ),
            Self::NoLeftInverse {
                layout,
                candidate,
                witness,
                got,
                want,
            } => write!(
                f,
                "left_inverse of {layout} does not exist: CuTe's candidate {candidate} gives {got} instead of {want} at i = {witness}"
            ),
            Self::Unsupported { operation, reason } => write!(f, "{operation}: {reason}"),
            Self::UnknownOperation { name } => write!(f, "unknown operation {name:?}"),
            Self::Arity {
                operation,
                min,
                max,
                found,
            } => {
                write!(f, "{operation} takes {min}")?;
                if max > min {
                    let joiner = if *max == min + 1 { "or" } else { "to" };
                    write!(f, " {joiner} {max}")?;
                }
                let noun = if *max == 1 { "argument" } else { "arguments" };
                let verb = if *found == 1 { "was" } else { "were" };
                write!(f, " {noun}, but {found} {verb} given")
            }
            Self::InvalidArgument {
                operation,
                argument,
                value,
                reason,
            } => write!(f, "{operation}: argument {argument} = {value}: {reason}"),
            Self::InvalidSwizzle { b, m, s, reason } => {
                write!(f, "Swizzle<{b},{m},{s}> is not admissible: {reason}")
            }
            Self::ZeroDenominator { position, count } => write!(
                f,
                "descriptor count {count} at byte {position} has a zero denominator"
            ),
            Self::NonIntegralCount { position, count } => write!(
                f,
                "descriptor count {count} at byte {position} is not an integer after normalisation"
            ),
            Self::OutOfStorage { layout, range, len } => write!(
                f,
                "tensor layout {layout} reaches offsets {}..={} outside storage of length {len}",
                range.0, range.1
            ),
            Self::Codomain {
                operation,
                layout,
                reason,
            } => write!(f, "{operation} of coordinate layout {layout}: {reason}"),
            Self::Overflow {
                operation,
                operands,
            } => write!(f, "{operation} of {operands} overflows i64"),
            Self::NonCanonicalGmmaLayout {
                major,
                layout,
                rule,
            } => write!(
                f,
                "make_gmma_desc<{major}>: {layout} is not a canonical GMMA layout: {rule}"
            ),
            // One message for the rule: the device error's.
            &Self::Divisibility {
                operation,
                value,
                divisor,
            } => fmt::Display::fmt(
                &cute_core::CoreError::Divisibility {
                    operation,
                    value,
                    divisor,
                },
                f,
            ),
        }
    }
}

impl core::error::Error for LayoutError {}

/// The `core`-only errors of device builds (cute-static's `Error`) become
/// the run-time error of the same kind, with the operands written out.
impl From<cute_core::CoreError> for LayoutError {
    fn from(e: cute_core::CoreError) -> Self {
        use cute_core::CoreError as E;
        let described = |layout: Option<cute_core::Notation>, size: usize| match layout {
            Some(l) => l.to_string(),
            None => alloc::format!("a layout of size {size}"),
        };
        match e {
            E::NonPositiveShape { operation } => Self::NonPositiveShape {
                shape: alloc::format!("given to {operation}"),
            },
            E::OutOfBounds {
                layout,
                mode,
                index,
                size,
            } => Self::OutOfBounds {
                layout: described(layout, size),
                coordinate: match mode {
                    Some(m) => alloc::format!("{index} of mode {m} (of size {size})"),
                    None => index.to_string(),
                },
            },
            E::OutOfStorage {
                layout,
                base,
                last,
                len,
            } => Self::OutOfStorage {
                layout: match layout {
                    Some(l) => alloc::format!("{base} + {l}"),
                    None => alloc::format!("{base} + a layout"),
                },
                range: (
                    i64::try_from(base).unwrap_or(i64::MAX),
                    i64::try_from(last).unwrap_or(i64::MAX),
                ),
                len,
            },
            E::Overflow {
                operation,
                operands,
            } => Self::Overflow {
                operation,
                operands: operands.into(),
            },
            E::NotCompatible {
                operation,
                left,
                right,
            } => Self::NotCompatible {
                operation,
                left: alloc::format!("a tensor of size {left}"),
                right: alloc::format!("a tensor of size {right}"),
            },
            E::Divisibility {
                operation,
                value,
                divisor,
            } => Self::Divisibility {
                operation,
                value,
                divisor,
            },
            E::NonCanonicalGmmaLayout {
                major,
                layout,
                canonical,
                rule,
            } => Self::NonCanonicalGmmaLayout {
                major: major.name(),
                layout: match layout {
                    Some(l) => l.to_string(),
                    None => "the operand".into(),
                },
                rule: match canonical {
                    Some(c) => RuleText(rule, &c).to_string(),
                    None => RuleText(rule, &"C").to_string(),
                },
            },
            E::InvalidArgument {
                operation,
                argument,
                reason,
            } => Self::InvalidArgument {
                operation,
                argument,
                value: String::new(),
                reason: reason.into(),
            },
            other => Self::Unsupported {
                operation: other.kind(),
                reason: other.to_string(),
            },
        }
    }
}

/// A GMMA canonical-form rule in words, with the divided layout it names.
struct RuleText<'a>(cute_core::gmma::Rule, &'a dyn fmt::Display);

impl fmt::Display for RuleText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, self.1)
    }
}

/// What kind of malformed text a [`LayoutError::Parse`] reports: a stable,
/// matchable classification (the message's `expected`/`found` text is for
/// people and may change).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that the grammar does not allow there (also text after a
    /// complete value).
    UnexpectedChar,
    /// The text ends where more was expected.
    UnexpectedEnd,
    /// Parentheses, tiler brackets or a basis path nested deeper than
    /// [`MAX_DEPTH`](crate::MAX_DEPTH).
    TooDeep,
    /// An integer literal that does not fit its type (`i64`, or `u32` for a
    /// basis dimension).
    IntegerOverflow,
    /// A shape whose size does not fit in `i64`.
    SizeOverflow,
    /// A shape leaf that is zero or negative.
    NonPositiveShape,
    /// A stride that is not congruent to the shape (different tree shape).
    NotCongruent,
    /// A list with the wrong number of items (a swizzle's `B,M,S`).
    WrongCount,
}

impl ParseErrorKind {
    /// The kind's `snake_case` name.
    pub fn name(self) -> &'static str {
        match self {
            Self::UnexpectedChar => "unexpected_char",
            Self::UnexpectedEnd => "unexpected_end",
            Self::TooDeep => "too_deep",
            Self::IntegerOverflow => "integer_overflow",
            Self::SizeOverflow => "size_overflow",
            Self::NonPositiveShape => "non_positive_shape",
            Self::NotCongruent => "not_congruent",
            Self::WrongCount => "wrong_count",
        }
    }
}

impl LayoutError {
    /// A parse error at byte `position` of `text`: the kind is
    /// [`ParseErrorKind::UnexpectedEnd`] at the end of the text and
    /// [`ParseErrorKind::UnexpectedChar`] (found: that character) elsewhere.
    pub(crate) fn unexpected(text: &str, position: usize, expected: impl Into<String>) -> Self {
        let (kind, found) = match text.get(position..).and_then(|s| s.chars().next()) {
            None => (ParseErrorKind::UnexpectedEnd, "end of input".to_string()),
            Some(c) => (ParseErrorKind::UnexpectedChar, format!("'{c}'")),
        };
        Self::Parse {
            kind,
            position,
            expected: expected.into(),
            found,
        }
    }

    /// The parse error kind, for a [`LayoutError::Parse`].
    pub fn parse_kind(&self) -> Option<ParseErrorKind> {
        match self {
            Self::Parse { kind, .. } => Some(*kind),
            _ => None,
        }
    }

    /// A parse error with its byte position moved by `offset` (for an error
    /// found in a part of a larger text); other errors are unchanged.
    pub(crate) fn shifted(mut self, offset: usize) -> Self {
        if let Self::Parse { position, .. } = &mut self {
            *position += offset;
        }
        self
    }
}

/// `a * b`, or an overflow error naming the operation and operands.
pub(crate) fn mul(
    a: i64,
    b: i64,
    op: &'static str,
    operands: &dyn fmt::Display,
) -> Result<i64, LayoutError> {
    a.checked_mul(b)
        .ok_or_else(|| LayoutError::overflow(op, operands))
}

/// `a + b`, or an overflow error naming the operation and operands.
pub(crate) fn add(
    a: i64,
    b: i64,
    op: &'static str,
    operands: &dyn fmt::Display,
) -> Result<i64, LayoutError> {
    a.checked_add(b)
        .ok_or_else(|| LayoutError::overflow(op, operands))
}
