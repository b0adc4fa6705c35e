//! Pictures of layouts: a [`Grid`] is a table whose cell at row
//! `r`, column `c` shows the value of a layout at the linear coordinate
//! `r + R·c` (`R` the number of rows), colexicographic like everything in
//! CuTe, with rows and columns labelled by their natural (hierarchical)
//! coordinates. A grid is drawn as aligned text ([`Grid::to_text`]), SVG
//! ([`Grid::to_svg`]) or a TikZ picture ([`Grid::to_latex`]); every drawing
//! is a deterministic function of the grid.
//!
//! Which modes go on which axis:
//! * rank 1 (`8:2`, `((2,4)):((1,8))`): one row, the columns are the layout's
//!   coordinates;
//! * rank 2: rows are mode 0, columns are mode 1 (as CuTe's `print_layout`);
//! * rank ≥ 3: rows are mode 0, columns are modes `1..` folded into one
//!   column axis whose labels are the natural coordinates of those modes.
//!
//! Cells are produced by a closure (see [`Grid::from_fn`]), so values other
//! than integer offsets — the coordinate tuples of layouts with basis strides,
//! swizzled offsets, thread/value labels — draw through the same renderers.
//!
//! ```
//! use cute_dynamic::Layout;
//! use cute_tools::render::{ColorBy, Grid, TextStyle};
//! let l: Layout = "(2,3):(3,1)".parse()?;
//! let text = Grid::layout(&l, ColorBy::Offset)?.to_text(TextStyle::Plain);
//! assert_eq!(text, "(2,3):(3,1)\n    0 1 2\n 0  0 1 2\n 1  3 4 5\n");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

mod atoms;
mod latex;
mod svg;
mod text;

pub use atoms::Figure;
pub use text::TextStyle;

use cute_dynamic::CoordLayout;
use cute_dynamic::IntTuple;
use cute_dynamic::Layout;
use cute_dynamic::LayoutError;
use cute_dynamic::SwizzledLayout;
use cute_dynamic::idx2crd;

/// The most cells a [`Grid`] may hold; larger pictures are refused with
/// [`LayoutError::Unsupported`] rather than exhausting memory.
pub const MAX_CELLS: i64 = 1 << 16;

/// The fill colors of the pictures, indexed by [`Cell::color`] modulo their
/// number: eight light tones that keep black text readable.
pub const PALETTE: [&str; 8] = [
    "#a6c8ff", "#b8f0b0", "#fff0a0", "#ffb8b0", "#d8c0ff", "#a8ecec", "#ffd0a0", "#e0e0e0",
];

/// The fill color of a palette index (any integer; taken modulo the palette).
pub fn palette_color(index: i64) -> &'static str {
    PALETTE[index.rem_euclid(PALETTE.len() as i64) as usize]
}

/// One cell of a [`Grid`]: its text and an optional palette index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// What the cell shows (an offset, `T3V1`, a coordinate `(1,2)`, …).
    pub text: String,
    /// Palette index of the fill ([`palette_color`]); `None` for no fill.
    pub color: Option<i64>,
}

impl Cell {
    /// A cell showing `text` filled with palette color `color`.
    pub fn new(text: impl Into<String>, color: Option<i64>) -> Self {
        Cell {
            text: text.into(),
            color,
        }
    }
}

/// How [`Grid::layout`] colors the cells of a layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColorBy {
    /// By offset, modulo the palette (equal offsets share a color).
    #[default]
    Offset,
    /// By the index within top-level mode `k` (e.g. `Mode(0)` colors rows).
    Mode(usize),
    /// No fill.
    None,
}

/// One axis of a grid: its length and, if the axis carries a mode, the
/// natural-coordinate label of every position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Axis {
    len: usize,
    labels: Option<Vec<String>>,
}

impl Axis {
    /// An axis over the coordinates of `shape`, labelled by their natural
    /// coordinates (`(1,0)` for a position of shape `(2,2)`).
    pub fn of_shape(shape: &IntTuple) -> Result<Self, LayoutError> {
        let n = shape.size().ok_or_else(|| too_big(shape))?;
        check_cells(n, shape)?;
        Ok(Axis {
            len: n as usize,
            labels: Some((0..n).map(|i| idx2crd(i, shape).to_string()).collect()),
        })
    }

    /// An axis of length 1 that carries no mode and shows no labels.
    pub fn unit() -> Self {
        Axis {
            len: 1,
            labels: None,
        }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` for an axis of no position (never produced by the constructors).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The label of every position, if the axis carries a mode.
    pub fn labels(&self) -> Option<&[String]> {
        self.labels.as_deref()
    }

    /// The widest label, in characters (`None` for an unlabelled axis).
    fn widest_label(&self) -> Option<usize> {
        self.labels()?.iter().map(|l| l.chars().count()).max()
    }
}

fn too_big(what: impl std::fmt::Display) -> LayoutError {
    LayoutError::Unsupported {
        operation: "render",
        reason: format!("{what} has more than {MAX_CELLS} cells to draw"),
    }
}

fn check_cells(n: i64, what: impl std::fmt::Display) -> Result<(), LayoutError> {
    if n > MAX_CELLS {
        Err(too_big(what))
    } else {
        Ok(())
    }
}

/// A table of cells with labelled axes and a title: what every renderer
/// draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    title: String,
    rows: Axis,
    cols: Axis,
    /// Row-major: `cells[r * cols.len + c]`; `None` is an empty cell.
    cells: Vec<Option<Cell>>,
}

impl Grid {
    /// The general constructor, and the hook for values other than integer
    /// offsets: `cell(r, c)` gives the cell at row `r`, column `c` (`None`
    /// leaves it empty).
    ///
    /// A coordinate-valued layout (basis strides) draws its tuples this way:
    ///
    /// ```
    /// use cute_dynamic::{idx2crd, IntTuple};
    /// use cute_tools::render::{Axis, Cell, Grid, TextStyle};
    /// let shape: IntTuple = "(2,3)".parse()?;
    /// // The identity layout (2,3):(1@0,1@1) maps each coordinate to itself.
    /// let g = Grid::from_fn("(2,3):(1@0,1@1)", Axis::of_shape(&"2".parse()?)?,
    ///     Axis::of_shape(&"3".parse()?)?,
    ///     |r, c| Some(Cell::new(idx2crd(r + 2 * c, &shape).to_string(), Some(r))))?;
    /// assert_eq!(g.to_text(TextStyle::Plain).lines().nth(2), Some(" 0  (0,0) (0,1) (0,2)"));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn from_fn<F>(
        title: impl Into<String>,
        rows: Axis,
        cols: Axis,
        mut cell: F,
    ) -> Result<Self, LayoutError>
    where
        F: FnMut(i64, i64) -> Option<Cell>,
    {
        let title = title.into();
        let n = (rows.len as i64).saturating_mul(cols.len as i64);
        check_cells(n, &title)?;
        let mut cells = Vec::with_capacity(n as usize);
        for r in 0..rows.len as i64 {
            for c in 0..cols.len as i64 {
                cells.push(cell(r, c));
            }
        }
        Ok(Grid {
            title,
            rows,
            cols,
            cells,
        })
    }

    /// The grid of a layout's offsets, with the axes of the module
    /// documentation and cells colored by `color`.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// use cute_tools::render::{ColorBy, Grid, TextStyle};
    /// let l: Layout = "((2,2),(2,2)):((1,4),(2,8))".parse()?;
    /// let text = Grid::layout(&l, ColorBy::Offset)?.to_text(TextStyle::Plain);
    /// assert_eq!(text.lines().nth(1), Some("        (0,0) (1,0) (0,1) (1,1)"));
    /// assert_eq!(text.lines().nth(3), Some(" (1,0)      1     3     9    11"));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn layout(layout: &Layout, color: ColorBy) -> Result<Self, LayoutError> {
        Self::layout_with(layout, |index, offset| {
            let color = match color {
                ColorBy::Offset => Some(offset),
                ColorBy::Mode(k) => mode_index(layout, index, k),
                ColorBy::None => None,
            };
            Cell::new(offset.to_string(), color)
        })
    }

    /// The grid of a layout with cells made by `cell(index, offset)` from
    /// the linear coordinate and the offset there.
    pub fn layout_with<F>(layout: &Layout, mut cell: F) -> Result<Self, LayoutError>
    where
        F: FnMut(i64, i64) -> Cell,
    {
        check_cells(layout.size(), layout)?;
        let (rows, cols) = layout_axes(layout)?;
        let nrows = rows.len as i64;
        Self::try_from_fn(layout.to_string(), rows, cols, |r, c| {
            let index = r + nrows * c;
            Ok(Some(cell(index, layout.checked_call(index)?)))
        })
    }

    /// [`Grid::from_fn`] with a fallible cell function: the first error is
    /// returned.
    fn try_from_fn<F>(
        title: String,
        rows: Axis,
        cols: Axis,
        mut cell: F,
    ) -> Result<Self, LayoutError>
    where
        F: FnMut(i64, i64) -> Result<Option<Cell>, LayoutError>,
    {
        let mut failure = None;
        let grid = Self::from_fn(title, rows, cols, |r, c| {
            cell(r, c).unwrap_or_else(|e| {
                failure.get_or_insert(e);
                None
            })
        })?;
        match failure {
            Some(e) => Err(e),
            None => Ok(grid),
        }
    }

    /// The grid of a coordinate layout (basis strides): each cell shows the
    /// coordinate tuple the layout maps it to, colored by the tuple's first
    /// component.
    ///
    /// ```
    /// use cute_dynamic::CoordLayout;
    /// use cute_tools::render::{Grid, TextStyle};
    /// let l: CoordLayout = "(2,3):(1@1,1@0)".parse()?;
    /// let text = Grid::coord_layout(&l)?.to_text(TextStyle::Plain);
    /// assert_eq!(text.lines().nth(2), Some(" 0  (0,0) (1,0) (2,0)"));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn coord_layout(layout: &CoordLayout) -> Result<Self, LayoutError> {
        check_cells(layout.size(), layout)?;
        let (rows, cols) = shape_axes(layout.shape())?;
        let nrows = rows.len as i64;
        Self::try_from_fn(layout.to_string(), rows, cols, |r, c| {
            let t = layout.call(r + nrows * c)?;
            let first = t.leaves().next().unwrap_or(0);
            Ok(Some(Cell::new(t.to_string(), Some(first))))
        })
    }

    /// The grid of a swizzled layout showing, in each cell, the shared-memory
    /// bank its element falls in (32 banks of 4 bytes, elements of
    /// `element_bytes` bytes), colored by bank: a conflict-free pattern shows
    /// every bank once per row of 32 banks' worth of elements.
    ///
    /// ```
    /// use cute_dynamic::SwizzledLayout;
    /// use cute_tools::render::{Grid, TextStyle};
    /// let l: SwizzledLayout = "Sw<1,2,1> o 0 o (4,4):(4,1)".parse()?;
    /// let text = Grid::swizzled_banks(&l, 16)?.to_text(TextStyle::Plain);
    /// assert_eq!(text.lines().nth(2), Some(" 0   0  4  8 12"));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn swizzled_banks(
        layout: &SwizzledLayout,
        element_bytes: i64,
    ) -> Result<Self, LayoutError> {
        if element_bytes <= 0 {
            return Err(LayoutError::InvalidArgument {
                operation: "swizzled_banks",
                argument: "element_bytes",
                value: element_bytes.to_string(),
                reason: "must be positive".into(),
            });
        }
        check_cells(layout.size(), layout)?;
        let (rows, cols) = shape_axes(layout.layout().shape())?;
        let nrows = rows.len as i64;
        Self::from_fn(
            format!("{layout}: bank of each {element_bytes}-byte element"),
            rows,
            cols,
            |r, c| {
                let offset = layout.call(r + nrows * c);
                let bank = offset
                    .checked_mul(element_bytes)
                    .map(|b| b.div_euclid(4).rem_euclid(32));
                bank.map(|b| Cell::new(b.to_string(), Some(b)))
            },
        )
    }

    /// A thread/value layout `(thr,val) -> offset` drawn on its `m × n` tile:
    /// offset `o` is the tile's cell `(o mod m, o / m)` (column-major), the
    /// cell is labelled `T{thr}V{val}` and colored by thread, as in CUTLASS's
    /// MMA pictures. Cells no pair maps to stay empty; when several pairs map
    /// to one cell, the first in colexicographic `(thr,val)` order is shown.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// use cute_tools::render::{Grid, TextStyle};
    /// let tv: Layout = "(2,2):(2,1)".parse()?;
    /// let text = Grid::thread_value(&tv, 2, 2)?.to_text(TextStyle::Plain);
    /// assert_eq!(text.lines().nth(2), Some(" 0  T0V0 T1V0"));
    /// assert_eq!(text.lines().nth(3), Some(" 1  T0V1 T1V1"));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn thread_value(tv: &Layout, m: i64, n: i64) -> Result<Self, LayoutError> {
        let tile = format!("({m},{n})");
        if m <= 0 || n <= 0 {
            return Err(LayoutError::NonPositiveShape { shape: tile });
        }
        check_cells(m.saturating_mul(n), &tile)?;
        check_cells(tv.size(), tv)?;
        if tv.rank() != 2 {
            return Err(LayoutError::RankMismatch {
                operation: "thread/value picture (modes thr, val)",
                layout: tv.to_string(),
                requested: 2,
                available: tv.rank(),
            });
        }
        let threads = tv.shape().get(0).and_then(|s| s.size()).unwrap_or(1);
        let mut owner: Vec<Option<(i64, i64)>> = vec![None; (m * n) as usize];
        for i in 0..tv.size() {
            let offset = tv.checked_call(i)?;
            if !(0..m * n).contains(&offset) {
                return Err(LayoutError::OutOfBounds {
                    layout: tile,
                    coordinate: format!(
                        "offset {offset} of (thr,val) = ({},{}) in {tv}",
                        i % threads,
                        i / threads
                    ),
                });
            }
            owner[offset as usize].get_or_insert((i % threads, i / threads));
        }
        Self::from_fn(
            format!("{tv} on a {m}×{n} tile"),
            Axis::of_shape(&IntTuple::int(m))?,
            Axis::of_shape(&IntTuple::int(n))?,
            |r, c| {
                owner[(r + m * c) as usize].map(|(t, v)| Cell::new(format!("T{t}V{v}"), Some(t)))
            },
        )
    }

    /// The title (the layout in CuTe notation for [`Grid::layout`]).
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The row axis.
    pub fn rows(&self) -> &Axis {
        &self.rows
    }

    /// The column axis.
    pub fn cols(&self) -> &Axis {
        &self.cols
    }

    /// The cell at row `r`, column `c` (`None` if empty or out of range).
    pub fn cell(&self, r: usize, c: usize) -> Option<&Cell> {
        if r >= self.rows.len || c >= self.cols.len {
            return None;
        }
        self.cells[r * self.cols.len + c].as_ref()
    }

    /// The width a column needs, in characters: its widest cell or column
    /// label.
    fn column_chars(&self) -> usize {
        self.cell_width().max(self.cols.widest_label().unwrap_or(0))
    }

    /// The widest cell text, in characters.
    fn cell_width(&self) -> usize {
        self.cells
            .iter()
            .flatten()
            .map(|c| c.text.chars().count())
            .max()
            .unwrap_or(0)
    }
}

/// The row and column axes of a layout (see the module documentation).
fn layout_axes(layout: &Layout) -> Result<(Axis, Axis), LayoutError> {
    shape_axes(layout.shape())
}

/// Rows = mode 0, columns = the other modes (a single row for rank 1).
fn shape_axes(shape: &IntTuple) -> Result<(Axis, Axis), LayoutError> {
    match shape.rank() {
        0 | 1 => Ok((Axis::unit(), Axis::of_shape(&rank1_shape(shape))?)),
        2 => Ok((
            Axis::of_shape(&mode_shape(shape, 0))?,
            Axis::of_shape(&mode_shape(shape, 1))?,
        )),
        r => {
            let cols = IntTuple::tuple((1..r).filter_map(|i| shape.get(i)));
            Ok((
                Axis::of_shape(&mode_shape(shape, 0))?,
                Axis::of_shape(&cols)?,
            ))
        }
    }
}

/// A rank-1 layout's column axis: an integer shape, or the one mode of a
/// 1-tuple (so `((2,4))` is labelled `(1,3)`, not `((1,3))`).
fn rank1_shape(shape: &IntTuple) -> IntTuple {
    if shape.is_int() || shape.rank() == 0 {
        shape.clone()
    } else {
        mode_shape(shape, 0)
    }
}

fn mode_shape(shape: &IntTuple, i: usize) -> IntTuple {
    shape
        .get(i)
        .map(|m| m.to_owned())
        .unwrap_or_else(|| IntTuple::int(1))
}

/// The index of linear coordinate `index` within top-level mode `k`.
fn mode_index(layout: &Layout, index: i64, k: usize) -> Option<i64> {
    let shape = layout.shape();
    if shape.is_int() {
        return (k == 0).then_some(index);
    }
    let mut rest = index;
    for (i, m) in shape.as_ref().children().enumerate() {
        let s = m.size()?;
        if i == k {
            return Some(rest % s);
        }
        rest /= s;
    }
    None
}

/// CuTe's `print_layout`: the layout, then its grid of offsets in boxes.
///
/// ```
/// use cute_dynamic::Layout;
/// use cute_tools::print_layout;
/// let l: Layout = "(2,2):(1,2)".parse()?;
/// assert_eq!(print_layout(&l)?, "(2,2):(1,2)\n     0   1\n   +---+---+\n 0 | 0 | 2 |\n   +---+---+\n 1 | 1 | 3 |\n   +---+---+\n");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn print_layout(layout: &Layout) -> Result<String, LayoutError> {
    Ok(Grid::layout(layout, ColorBy::None)?.to_text(TextStyle::Ascii))
}
