//! SVG pictures: a [`Grid`] as a self-contained SVG document of filled,
//! outlined cells with their text centered, the title above and the row and
//! column labels beside. The output depends only on the grid (no clock, no
//! randomness), so it can be committed and compared byte for byte.

use std::fmt::Write;

use super::{Grid, palette_color};

/// Pixel geometry shared by the SVG and derived from the grid's text.
pub(super) struct Geometry {
    pub(super) cell_w: usize,
    pub(super) cell_h: usize,
    pub(super) label_w: usize,
    pub(super) header_h: usize,
    pub(super) title_h: usize,
    pub(super) margin: usize,
}

/// Width of one character of the 13 px monospace font, in pixels (rounded up).
const CHAR_W: usize = 8;

impl Geometry {
    pub(super) fn of(grid: &Grid) -> Self {
        let text = grid.column_chars();
        Geometry {
            cell_w: (text * CHAR_W + 14).max(32),
            cell_h: 28,
            label_w: grid.rows.widest_label().map_or(0, |n| n * CHAR_W + 14),
            header_h: if grid.cols.labels().is_some() { 22 } else { 0 },
            title_h: 30,
            margin: 10,
        }
    }
}

/// Escapes text for XML character data and attribute values.
pub(super) fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

impl Grid {
    /// The grid as an SVG document, readable at 1:1 (13 px monospace text).
    ///
    /// ```
    /// use cute_dynamic::{Layout, render::{ColorBy, Grid}};
    /// let svg = Grid::layout(&"(2,2):(1,2)".parse::<Layout>()?, ColorBy::Offset)?.to_svg();
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    /// assert!(svg.contains(">3</text>"));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn to_svg(&self) -> String {
        let g = Geometry::of(self);
        let (nrows, ncols) = (self.rows.len(), self.cols.len());
        let x0 = g.margin + g.label_w;
        let y0 = g.margin + g.title_h + g.header_h;
        let grid_w = ncols * g.cell_w;
        let width = x0 + grid_w + g.margin;
        let title_w = g.margin * 2 + self.title.chars().count() * CHAR_W;
        let width = width.max(title_w);
        let height = y0 + nrows * g.cell_h + g.margin;
        let mut s = String::new();
        // `write!` into a String cannot fail.
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"13\">"
        );
        let _ = writeln!(s, "<title>{}</title>", xml_escape(&self.title));
        let _ = writeln!(
            s,
            "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
        );
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"15\" font-weight=\"bold\">{}</text>",
            g.margin,
            g.margin + 16,
            xml_escape(&self.title)
        );
        let _ = writeln!(
            s,
            "<g text-anchor=\"middle\" dominant-baseline=\"central\">"
        );
        if let Some(labels) = self.cols.labels() {
            for (c, l) in labels.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" fill=\"#505050\">{}</text>",
                    x0 + c * g.cell_w + g.cell_w / 2,
                    y0 - g.header_h / 2,
                    xml_escape(l)
                );
            }
        }
        if let Some(labels) = self.rows.labels() {
            for (r, l) in labels.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" fill=\"#505050\">{}</text>",
                    g.margin + g.label_w / 2,
                    y0 + r * g.cell_h + g.cell_h / 2,
                    xml_escape(l)
                );
            }
        }
        for r in 0..nrows {
            for c in 0..ncols {
                let (x, y) = (x0 + c * g.cell_w, y0 + r * g.cell_h);
                let cell = self.cell(r, c);
                let fill = cell.and_then(|c| c.color).map_or("#ffffff", palette_color);
                let _ = writeln!(
                    s,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"#000000\"/>",
                    g.cell_w, g.cell_h
                );
                if let Some(cell) = cell {
                    let _ = writeln!(
                        s,
                        "<text x=\"{}\" y=\"{}\">{}</text>",
                        x + g.cell_w / 2,
                        y + g.cell_h / 2,
                        xml_escape(&cell.text)
                    );
                }
            }
        }
        s.push_str("</g>\n</svg>\n");
        s
    }
}
