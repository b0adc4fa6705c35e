//! The text of atom names: CUTLASS's spelling normalised for lookup, and
//! template argument lists split at their top-level commas.

#[allow(unused_imports)]
use crate::prelude::*;

/// The lookup key of a name: whitespace removed and every `cute::` and
/// `cutlass::` qualifier dropped (`cute::SM90_…<cute::GMMA::Major::K,…>`
/// and `SM90_…<GMMA::Major::K,…>` are the same atom).
pub(crate) fn normalize(name: &str) -> String {
    let key: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    key.replace("cute::", "").replace("cutlass::", "")
}

/// `Base<a,b,…>` as `("Base", ["a", "b", …])`, commas split at the top
/// level only (`complex<float>` stays one argument); a name without a
/// template argument list is `("Name", [])`, and `Name<>` is `("Name",
/// [])` too. `None` when the brackets do not balance.
pub(crate) fn split_template(key: &str) -> Option<(&str, Vec<&str>)> {
    let Some(open) = key.find('<') else {
        return (!key.contains('>')).then_some((key, Vec::new()));
    };
    let inner = key[open + 1..].strip_suffix('>')?;
    let mut args = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in inner.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.checked_sub(1)?,
            ',' if depth == 0 => {
                args.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    if !inner.is_empty() {
        args.push(&inner[start..]);
    }
    Some((&key[..open], args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_template_arguments() {
        assert_eq!(
            normalize(" cute::SM90_64x8x16_F16F16F16_SS< cute::GMMA::Major::K, GMMA::Major::MN >"),
            "SM90_64x8x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>"
        );
        assert_eq!(
            split_template("UniversalFMA<complex<float>,float>"),
            Some(("UniversalFMA", vec!["complex<float>", "float"]))
        );
        assert_eq!(split_template("X<>"), Some(("X", vec![])));
        assert_eq!(split_template("X"), Some(("X", vec![])));
        assert_eq!(split_template("X<a"), None);
        assert_eq!(split_template("X<a>>"), None);
        assert_eq!(split_template("X>"), None);
    }
}
