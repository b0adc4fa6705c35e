//! Pictures of tiled MMAs and tiled copies, as CuTe's `print_latex`
//! draws them: a [`Figure`] of thread/value grids (cells `T{t}V{v}`,
//! colored by thread). A tiled MMA shows A (`M×K`) on the left, B
//! (drawn `K×N`) on top and C (`M×N`) in the middle; a tiled copy shows
//! its source and destination side by side. Each grid is drawn from the
//! `layoutX_TV` of the tiled object: the cell at `(m, n)` shows the first
//! `(t, v)` (colexicographic) that maps to it.
//!
//! ```
//! use cute_dynamic::{make_tiled_mma, Layout, MmaAtom, MmaValueTypes, ValueType};
//! use cute_tools::render::{Figure, TextStyle};
//! let l = |s: &str| s.parse::<Layout>().unwrap();
//! let f = ValueType::Float;
//! let one = l("(1,1):(0,0)");
//! let fma = MmaAtom::new("UniversalFMA", [1, 1, 1], l("1:0"), [one.clone(), one.clone(), one],
//!     MmaValueTypes { d: f, a: f, b: f, c: f })?;
//! let mma = make_tiled_mma(&fma, Some(&l("(2,2,1)")), None)?;
//! let text = Figure::tiled_mma(&mma)?.to_text(TextStyle::Plain);
//! assert!(text.contains("C (2×2)"));
//! assert!(text.lines().any(|line| line.ends_with("T0V0 T2V0")));
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use std::fmt::Write;

use super::svg::{Geometry, svg_header};
use super::{Grid, TextStyle};
use cute_dynamic::Layout;
use cute_dynamic::LayoutError;
use cute_dynamic::{CopySide, TiledCopy};
use cute_dynamic::{MmaOperand, TiledMma};

/// Several grids placed on a table of panels, with a title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    title: String,
    /// `(grid, panel row, panel column)`.
    panels: Vec<(Grid, usize, usize)>,
}

/// The grid of a `(thread, value) → index` layout on an `m×n` tile.
fn tv_grid(title: String, tv: &Layout, m: i64, n: i64) -> Result<Grid, LayoutError> {
    let mut g = Grid::thread_value(tv, m, n)?;
    g.title = title;
    Ok(g)
}

impl Figure {
    /// CuTe's `print_latex(tiled_mma)`: A on the left, B on top, C in the
    /// middle.
    pub fn tiled_mma(mma: &TiledMma) -> Result<Self, LayoutError> {
        let (m, n, k) = (mma.tile_size(0)?, mma.tile_size(1)?, mma.tile_size(2)?);
        let a = tv_grid(
            format!("A ({m}×{k})"),
            &mma.layout_tv(MmaOperand::OperandA)?,
            m,
            k,
        )?;
        // B is (n,k) column-major; drawn k rows by n columns.
        let transpose = Layout::row_major(&cute_dynamic::IntTuple::flat([n, k]))?;
        let b_kn = cute_dynamic::composition(&transpose, &mma.layout_tv(MmaOperand::OperandB)?)?;
        let b = tv_grid(format!("B ({k}×{n}, transposed)"), &b_kn, k, n)?;
        let c = tv_grid(
            format!("C ({m}×{n})"),
            &mma.layout_tv(MmaOperand::OperandC)?,
            m,
            n,
        )?;
        Ok(Figure {
            title: mma.to_string(),
            panels: vec![(b, 0, 1), (a, 1, 0), (c, 1, 1)],
        })
    }

    /// CuTe's `print_latex(tiled_copy)`: the source and the destination
    /// side by side, over the `Tiler_MN` tile (a rank-1 tiler is one
    /// column; modes beyond the second are folded into the columns).
    pub fn tiled_copy(copy: &TiledCopy) -> Result<Self, LayoutError> {
        let tiler = copy.tiler_mn();
        let m = tiler.get(0).and_then(|s| s.size()).unwrap_or(1);
        let total = tiler.size().unwrap_or(m);
        let n = if m > 0 { total / m } else { 1 };
        let mut panels = Vec::new();
        for (i, side) in [CopySide::Src, CopySide::Dst].into_iter().enumerate() {
            let tv = copy.layout_tv_of(side)?;
            let name = if side == CopySide::Src { "S" } else { "D" };
            panels.push((tv_grid(format!("{name} ({m}×{n})"), &tv, m, n)?, 0, i));
        }
        Ok(Figure {
            title: copy.to_string(),
            panels,
        })
    }

    /// The title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The grids, in drawing order.
    pub fn grids(&self) -> impl Iterator<Item = &Grid> {
        self.panels.iter().map(|(g, _, _)| g)
    }

    fn table(&self) -> (usize, usize) {
        let rows = self.panels.iter().map(|p| p.1 + 1).max().unwrap_or(0);
        let cols = self.panels.iter().map(|p| p.2 + 1).max().unwrap_or(0);
        (rows, cols)
    }

    /// The figure as one SVG document; the cells shrink (thread numbers
    /// only, every 8th row and column labelled) when the panels hold more
    /// than 4096 cells, so a 128×128×32 tiled MMA stays readable.
    pub fn to_svg(&self) -> String {
        let grids: Vec<&Grid> = self.grids().collect();
        let g = Geometry::shared(&grids);
        let (rows, cols) = self.table();
        let (mut col_w, mut row_h) = (vec![0usize; cols], vec![0usize; rows]);
        for (grid, r, c) in &self.panels {
            let (w, h) = grid.extent(&g);
            col_w[*c] = col_w[*c].max(w);
            row_h[*r] = row_h[*r].max(h);
        }
        let top = 30;
        let title_w = 20 + self.title.chars().count() * 8;
        let width = col_w.iter().sum::<usize>().max(title_w);
        let height = top + row_h.iter().sum::<usize>();
        let mut s = svg_header(width, height, &self.title);
        let _ = writeln!(
            s,
            "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">{}</text>",
            super::svg::xml_escape(&self.title)
        );
        for (grid, r, c) in &self.panels {
            let x: usize = col_w[..*c].iter().sum();
            let y: usize = top + row_h[..*r].iter().sum::<usize>();
            grid.draw(&mut s, x, y, &g);
        }
        s.push_str("</svg>\n");
        s
    }

    /// The figure as text: the grids' text blocks placed on the table of
    /// panels, three spaces apart.
    pub fn to_text(&self, style: TextStyle) -> String {
        let (rows, cols) = self.table();
        let mut blocks: Vec<Vec<Option<Vec<String>>>> = vec![vec![None; cols]; rows];
        let mut col_w = vec![0usize; cols];
        for (grid, r, c) in &self.panels {
            let lines: Vec<String> = grid.to_text(style).lines().map(str::to_string).collect();
            let w = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
            col_w[*c] = col_w[*c].max(w);
            blocks[*r][*c] = Some(lines);
        }
        let mut out = format!("{}\n", self.title);
        for row in &blocks {
            let height = row.iter().flatten().map(Vec::len).max().unwrap_or(0);
            for i in 0..height {
                let mut line = String::new();
                for (c, block) in row.iter().enumerate() {
                    let text = block
                        .as_ref()
                        .and_then(|b| b.get(i))
                        .map_or("", String::as_str);
                    let pad = col_w[c].saturating_sub(text.chars().count());
                    line.push_str(text);
                    if c + 1 < row.len() {
                        line.push_str(&" ".repeat(pad + 3));
                    }
                }
                out.push_str(line.trim_end());
                out.push('\n');
            }
            out.push('\n');
        }
        out
    }
}
