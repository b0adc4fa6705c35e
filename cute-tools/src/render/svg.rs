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
    /// Font size of the cells and labels, in pixels.
    pub(super) font: usize,
    /// Label every `label_every`-th row and column.
    pub(super) label_every: usize,
    /// What a cell shows.
    pub(super) cell_text: CellText,
}

/// What a cell of an SVG shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CellText {
    /// Its whole text.
    Full,
    /// Its text up to a `V` (`T12V3` → `T12`): the thread of a
    /// thread/value cell, for pictures too large to label every value.
    UpToV,
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
            font: 13,
            label_every: 1,
            cell_text: CellText::Full,
        }
    }

    /// The geometry shared by the panels of a figure: cells wide enough for
    /// every panel's text, or, when the panels hold more than
    /// `COMPACT_CELLS` cells, compact cells (9 px text, the thread only,
    /// every 8th row and column labelled) so that a 128×128 tile stays a
    /// picture one can read when zoomed.
    pub(super) fn shared(grids: &[&Grid]) -> Self {
        let cells: usize = grids.iter().map(|g| g.rows.len() * g.cols.len()).sum();
        let text = grids.iter().map(|g| g.column_chars()).max().unwrap_or(1);
        let label = grids
            .iter()
            .filter_map(|g| g.rows.widest_label())
            .max()
            .unwrap_or(0);
        if cells > COMPACT_CELLS {
            let thread_chars = grids
                .iter()
                .flat_map(|g| g.cells.iter().flatten())
                .map(|c| c.text.split('V').next().unwrap_or("").chars().count())
                .max()
                .unwrap_or(1);
            Geometry {
                cell_w: (thread_chars * 6 + 4).max(14),
                cell_h: 14,
                label_w: label * 6 + 8,
                header_h: 14,
                title_h: 30,
                margin: 10,
                font: 9,
                label_every: 8,
                cell_text: CellText::UpToV,
            }
        } else {
            Geometry {
                cell_w: (text * CHAR_W + 14).max(32),
                cell_h: 28,
                label_w: label * CHAR_W + 14,
                header_h: 22,
                title_h: 30,
                margin: 10,
                font: 13,
                label_every: 1,
                cell_text: CellText::Full,
            }
        }
    }
}

/// Above this many cells in all, a figure uses compact cells.
pub(super) const COMPACT_CELLS: usize = 4096;

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
    /// use cute_dynamic::Layout;
    /// use cute_tools::render::{ColorBy, Grid};
    /// let svg = Grid::layout(&"(2,2):(1,2)".parse::<Layout>()?, ColorBy::Offset)?.to_svg();
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    /// assert!(svg.contains(">3</text>"));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn to_svg(&self) -> String {
        let g = Geometry::of(self);
        let (grid_w, height) = self.extent(&g);
        let title_w = g.margin * 2 + self.title.chars().count() * CHAR_W;
        let width = grid_w.max(title_w);
        let mut s = svg_header(width, height, &self.title);
        self.draw(&mut s, 0, 0, &g);
        s.push_str("</svg>\n");
        s
    }

    /// The width and height of the grid's drawing, margins included.
    pub(super) fn extent(&self, g: &Geometry) -> (usize, usize) {
        let (nrows, ncols) = (self.rows.len(), self.cols.len());
        let width = g.margin + g.label_w + ncols * g.cell_w + g.margin;
        let height = g.margin + g.title_h + g.header_h + nrows * g.cell_h + g.margin;
        (width, height)
    }

    /// Draws the grid (title, labels, cells) with its top left corner at
    /// `(ox, oy)`.
    pub(super) fn draw(&self, s: &mut String, ox: usize, oy: usize, g: &Geometry) {
        let (nrows, ncols) = (self.rows.len(), self.cols.len());
        let x0 = ox + g.margin + g.label_w;
        let y0 = oy + g.margin + g.title_h + g.header_h;
        // `write!` into a String cannot fail.
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"15\" font-weight=\"bold\">{}</text>",
            ox + g.margin,
            oy + g.margin + 16,
            xml_escape(&self.title)
        );
        if g.font == 13 {
            s.push_str("<g text-anchor=\"middle\" dominant-baseline=\"central\">\n");
        } else {
            let _ = writeln!(
                s,
                "<g text-anchor=\"middle\" dominant-baseline=\"central\" font-size=\"{}\">",
                g.font
            );
        }
        let every = g.label_every.max(1);
        if let Some(labels) = self.cols.labels() {
            for (c, l) in labels.iter().enumerate().filter(|(c, _)| c % every == 0) {
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
            for (r, l) in labels.iter().enumerate().filter(|(r, _)| r % every == 0) {
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" fill=\"#505050\">{}</text>",
                    ox + g.margin + g.label_w / 2,
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
                    let text = match g.cell_text {
                        CellText::Full => cell.text.as_str(),
                        CellText::UpToV => cell.text.split('V').next().unwrap_or(""),
                    };
                    let _ = writeln!(
                        s,
                        "<text x=\"{}\" y=\"{}\">{}</text>",
                        x + g.cell_w / 2,
                        y + g.cell_h / 2,
                        xml_escape(text)
                    );
                }
            }
        }
        s.push_str("</g>\n");
    }
}

/// The opening of an SVG document of the given size: the root element, the
/// title and a white background.
pub(super) fn svg_header(width: usize, height: usize, title: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"13\">"
    );
    let _ = writeln!(s, "<title>{}</title>", xml_escape(title));
    let _ = writeln!(
        s,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    s
}
