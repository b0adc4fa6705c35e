//! Golden pictures: the text, SVG and LaTeX drawings of a rank-1, rank-2,
//! hierarchical, rank-3, thread/value, coordinate (basis-stride) and
//! swizzled layout must equal the committed
//! files in `tests/snapshots/` byte for byte. Regenerate them with
//! `UPDATE_SNAPSHOTS=1 cargo test -p cute-dynamic --test render_snapshots`
//! and review the diff (and the SVGs in a browser).

use cute_dynamic::{CoordLayout, Layout, SwizzledLayout};
use cute_tools::render::{ColorBy, Grid, TextStyle};

/// The pictured cases: file stem and grid.
fn cases() -> Vec<(&'static str, Grid)> {
    let layout = |s: &str| s.parse::<Layout>().unwrap();
    vec![
        (
            "rank1",
            Grid::layout(&layout("8:3"), ColorBy::Offset).unwrap(),
        ),
        (
            "rank2",
            Grid::layout(&layout("(4,8):(1,4)"), ColorBy::Offset).unwrap(),
        ),
        (
            "hierarchical",
            Grid::layout(&layout("((2,2),(4,2)):((1,8),(2,16))"), ColorBy::Offset).unwrap(),
        ),
        (
            "rank3",
            Grid::layout(&layout("(2,4,3):(12,1,4)"), ColorBy::Mode(2)).unwrap(),
        ),
        (
            "tv_sm80_16x8_c",
            Grid::thread_value(&layout("((4,8),(2,2)):((32,1),(16,8))"), 16, 8).unwrap(),
        ),
        (
            // Cecka Table 1: (i,(j,k)) -> (j, i+6k).
            "coordinate",
            Grid::coord_layout(&"(4,(4,2)):(1@1,(1@0,6@1))".parse::<CoordLayout>().unwrap())
                .unwrap(),
        ),
        (
            // The 128-byte GMMA atom for 16-bit elements, as banks.
            "swizzled_banks",
            Grid::swizzled_banks(
                &"Sw<3,3,3> o 0 o (8,64):(64,1)"
                    .parse::<SwizzledLayout>()
                    .unwrap(),
                2,
            )
            .unwrap(),
        ),
    ]
}

fn check(name: &str, ext: &str, actual: &str) -> Option<String> {
    let path = format!(
        "{}/tests/snapshots/{name}.{ext}",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::write(&path, actual).unwrap();
        return None;
    }
    match std::fs::read_to_string(&path) {
        Ok(expected) if expected == actual => None,
        Ok(_) => Some(format!("{path} differs; actual:\n{actual}")),
        Err(e) => Some(format!("{path}: {e} (run with UPDATE_SNAPSHOTS=1)")),
    }
}

#[test]
fn pictures_match_the_golden_files() {
    let mut failures = Vec::new();
    for (name, grid) in cases() {
        let mut text = grid.to_text(TextStyle::Ascii);
        text.push('\n');
        text.push_str(&grid.to_text(TextStyle::Unicode));
        failures.extend(check(name, "txt", &text));
        failures.extend(check(name, "svg", &grid.to_svg()));
        failures.extend(check(name, "tex", &grid.to_latex()));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn svgs_are_well_formed_xml() {
    for (name, grid) in cases() {
        if let Err(e) = xml::check(&grid.to_svg()) {
            panic!("{name}.svg is not well-formed: {e}");
        }
    }
    // Text that needs escaping stays well-formed.
    let g = Grid::from_fn(
        "<a & 'b' \"c\">",
        cute_tools::render::Axis::unit(),
        cute_tools::render::Axis::unit(),
        |_, _| Some(cute_tools::render::Cell::new("x<y&z", Some(1))),
    )
    .unwrap();
    xml::check(&g.to_svg()).unwrap();
}

#[test]
fn the_checker_rejects_malformed_xml() {
    for bad in [
        "<a>",
        "<a></b>",
        "<a x=1/>",
        "<a>&nope;</a>",
        "<a>1 < 2</a>",
        "<a/><b/>",
        "text",
    ] {
        assert!(xml::check(bad).is_err(), "{bad}");
    }
    xml::check("<?xml version=\"1.0\"?><a x='1'><!-- c --><b/>&amp;&#38;</a>\n").unwrap();
}

#[test]
fn pictures_are_deterministic() {
    let a: Vec<String> = cases()
        .iter()
        .map(|(_, g)| g.to_svg() + &g.to_latex())
        .collect();
    let b: Vec<String> = cases()
        .iter()
        .map(|(_, g)| g.to_svg() + &g.to_latex())
        .collect();
    assert_eq!(a, b);
}

/// A minimal XML well-formedness checker: one root element, balanced and
/// properly nested tags, quoted attributes, no stray `<` or `&` in text,
/// only predefined or numeric entities. Enough for our SVG.
mod xml {
    pub fn check(doc: &str) -> Result<(), String> {
        let b = doc.as_bytes();
        let mut i = 0;
        let mut stack: Vec<&str> = Vec::new();
        let mut roots = 0;
        while i < b.len() {
            if b[i] == b'<' {
                if doc[i..].starts_with("<?") {
                    i += doc[i..].find("?>").ok_or("unterminated <?")? + 2;
                } else if doc[i..].starts_with("<!--") {
                    i += doc[i..].find("-->").ok_or("unterminated comment")? + 3;
                } else if doc[i..].starts_with("</") {
                    let end = i + doc[i..].find('>').ok_or("unterminated end tag")?;
                    let name = doc[i + 2..end].trim();
                    match stack.pop() {
                        Some(open) if open == name => {}
                        other => return Err(format!("</{name}> closes {other:?}")),
                    }
                    i = end + 1;
                } else {
                    let (name, len, empty) = start_tag(&doc[i..])?;
                    if stack.is_empty() {
                        roots += 1;
                        if roots > 1 {
                            return Err("more than one root element".into());
                        }
                    }
                    if !empty {
                        stack.push(name);
                    }
                    i += len;
                }
            } else {
                if b[i] == b'&' {
                    entity(&doc[i..])?;
                } else if !b[i].is_ascii_whitespace() && stack.is_empty() {
                    return Err(format!("text outside the root element at byte {i}"));
                }
                i += 1;
            }
        }
        match (stack.last(), roots) {
            (Some(open), _) => Err(format!("<{open}> is never closed")),
            (None, 0) => Err("no root element".into()),
            _ => Ok(()),
        }
    }

    fn is_name(c: char) -> bool {
        c.is_alphanumeric() || matches!(c, '_' | '-' | ':' | '.')
    }

    /// Parses `<name attr="v" …>` or `…/>`: (name, bytes consumed, empty).
    fn start_tag(s: &str) -> Result<(&str, usize, bool), String> {
        let name_end = s[1..]
            .find(|c: char| !is_name(c))
            .map_or(s.len(), |p| p + 1);
        let name = &s[1..name_end];
        if name.is_empty() {
            return Err("`<` not followed by a name".into());
        }
        let mut i = name_end;
        let mut seen = std::collections::HashSet::new();
        loop {
            let rest = &s[i..];
            let trimmed = rest.trim_start();
            let had_space = trimmed.len() < rest.len();
            i += rest.len() - trimmed.len();
            if trimmed.starts_with("/>") {
                return Ok((name, i + 2, true));
            }
            if trimmed.starts_with('>') {
                return Ok((name, i + 1, false));
            }
            if !had_space || trimmed.is_empty() {
                return Err(format!("malformed tag <{name}"));
            }
            let attr_end = trimmed.find(|c: char| !is_name(c)).unwrap_or(trimmed.len());
            let attr = &trimmed[..attr_end];
            if attr.is_empty() || !seen.insert(attr) {
                return Err(format!("bad or repeated attribute in <{name}"));
            }
            let after = trimmed[attr_end..].trim_start();
            let after = after
                .strip_prefix('=')
                .ok_or(format!("attribute {attr} has no value"))?
                .trim_start();
            let quote = after.chars().next().filter(|q| *q == '"' || *q == '\'');
            let quote = quote.ok_or(format!("attribute {attr} is not quoted"))?;
            let close = after[1..]
                .find(quote)
                .ok_or(format!("attribute {attr} is not closed"))?;
            let value = &after[1..1 + close];
            if value.contains('<') {
                return Err(format!("`<` in attribute {attr}"));
            }
            for (p, _) in value.match_indices('&') {
                entity(&value[p..])?;
            }
            i = s.len() - after[close + 2..].len();
        }
    }

    fn entity(s: &str) -> Result<(), String> {
        let end = s.find(';').ok_or("`&` without `;`")?;
        let body = &s[1..end];
        let ok = matches!(body, "amp" | "lt" | "gt" | "quot" | "apos")
            || body
                .strip_prefix("#x")
                .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
            || body
                .strip_prefix('#')
                .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()));
        if ok {
            Ok(())
        } else {
            Err(format!("unknown entity &{body};"))
        }
    }
}
