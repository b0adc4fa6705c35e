//! LaTeX pictures: a [`Grid`] as a standalone TikZ document with the same
//! layout as the SVG (filled cells, centered text, labels beside), to be
//! compiled with `pdflatex` or pasted into a paper.

use std::fmt::Write;

use super::{Grid, PALETTE};

/// Escapes text for LaTeX's text mode.
fn tex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '×' => out.push_str("$\\times$"),
            c => out.push(c),
        }
    }
    out
}

/// A length in centimetres, printed with two decimals.
fn cm(v: f64) -> String {
    // `+ 0.0` turns -0.0 into 0.0, so no "-0.00" is printed.
    format!("{:.2}", v + 0.0)
}

impl Grid {
    /// The grid as a standalone LaTeX document (`\documentclass{standalone}`
    /// with TikZ); the palette is defined as colors `cute0`…`cute7`.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// use cute_tools::render::{ColorBy, Grid};
    /// let tex = Grid::layout(&"(2,2):(1,2)".parse::<Layout>()?, ColorBy::Offset)?.to_latex();
    /// assert!(tex.starts_with("\\documentclass[tikz]{standalone}"));
    /// assert!(tex.contains("\\begin{tikzpicture}"));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn to_latex(&self) -> String {
        let chars = self.column_chars();
        // \ttfamily\small is about 0.19 cm per character.
        let cw = (chars as f64 * 0.19 + 0.3).max(0.7);
        let ch = 0.6;
        let lw = self
            .rows
            .widest_label()
            .map_or(0.0, |n| n as f64 * 0.19 + 0.3);
        let mut s = String::new();
        s.push_str("\\documentclass[tikz]{standalone}\n");
        for (i, hex) in PALETTE.iter().enumerate() {
            let _ = writeln!(
                s,
                "\\definecolor{{cute{i}}}{{HTML}}{{{}}}",
                &hex[1..].to_uppercase()
            );
        }
        s.push_str("\\begin{document}\n");
        s.push_str("\\begin{tikzpicture}[font=\\ttfamily\\small]\n");
        let title_y = if self.cols.labels().is_some() {
            2.0 * ch
        } else {
            ch
        };
        let _ = writeln!(
            s,
            "\\node[anchor=west,font=\\ttfamily\\bfseries] at ({},{}) {{{}}};",
            cm(-lw),
            cm(title_y),
            tex_escape(&self.title)
        );
        if let Some(labels) = self.cols.labels() {
            for (c, l) in labels.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "\\node[gray] at ({},{}) {{{}}};",
                    cm((c as f64 + 0.5) * cw),
                    cm(ch / 2.0),
                    tex_escape(l)
                );
            }
        }
        if let Some(labels) = self.rows.labels() {
            for (r, l) in labels.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "\\node[gray] at ({},{}) {{{}}};",
                    cm(-lw / 2.0),
                    cm(-(r as f64 + 0.5) * ch),
                    tex_escape(l)
                );
            }
        }
        for r in 0..self.rows.len() {
            for c in 0..self.cols.len() {
                let (x, y) = (c as f64 * cw, -(r as f64) * ch);
                let cell = self.cell(r, c);
                let fill = match cell.and_then(|c| c.color) {
                    Some(k) => format!("cute{}", k.rem_euclid(PALETTE.len() as i64)),
                    None => "white".to_string(),
                };
                let _ = writeln!(
                    s,
                    "\\draw[fill={fill}] ({},{}) rectangle ({},{});",
                    cm(x),
                    cm(y),
                    cm(x + cw),
                    cm(y - ch)
                );
                if let Some(cell) = cell {
                    let _ = writeln!(
                        s,
                        "\\node at ({},{}) {{{}}};",
                        cm(x + cw / 2.0),
                        cm(y - ch / 2.0),
                        tex_escape(&cell.text)
                    );
                }
            }
        }
        s.push_str("\\end{tikzpicture}\n\\end{document}\n");
        s
    }
}
