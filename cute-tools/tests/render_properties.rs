//! Properties of the pictures on random layouts: the cell at row `r`,
//! column `c` shows `L(r + R·c)`, and the row and column labels are natural
//! coordinates: evaluating `L` at the coordinate they spell gives the cell.

use cute_dynamic::Layout;
use cute_tools::render::{ColorBy, Grid, TextStyle};
use proptest::prelude::*;

/// A random mode: an integer or a tuple of integers, as (shape, stride) text.
fn mode() -> impl Strategy<Value = (String, String)> {
    let leaf = (1i64..5, -3i64..20);
    prop_oneof![
        leaf.prop_map(|(s, d)| (s.to_string(), d.to_string())),
        prop::collection::vec((1i64..4, -3i64..20), 1..3).prop_map(|v| {
            let s: Vec<String> = v.iter().map(|m| m.0.to_string()).collect();
            let d: Vec<String> = v.iter().map(|m| m.1.to_string()).collect();
            (format!("({})", s.join(",")), format!("({})", d.join(",")))
        }),
    ]
}

/// A random layout of rank 1 to 4 (rank 1 both as `s:d` and as `(s):(d)`).
fn layout() -> impl Strategy<Value = Layout> {
    (prop::collection::vec(mode(), 1..5), any::<bool>()).prop_map(|(modes, bare)| {
        let text = if modes.len() == 1 && bare {
            format!("{}:{}", modes[0].0, modes[0].1)
        } else {
            let s: Vec<&str> = modes.iter().map(|m| m.0.as_str()).collect();
            let d: Vec<&str> = modes.iter().map(|m| m.1.as_str()).collect();
            format!("({}):({})", s.join(","), d.join(","))
        };
        text.parse().unwrap()
    })
}

fn l_is_int(layout: &Layout) -> bool {
    layout.shape().is_int()
}

/// The coordinate spelled by a row label and a column label.
fn coordinate(layout: &Layout, row: Option<&str>, col: &str) -> String {
    match (layout.rank(), row) {
        // A 1-tuple layout's labels drop the outer parentheses.
        (1, _) | (_, None) if l_is_int(layout) => col.to_string(),
        (1, _) | (_, None) => format!("({col})"),
        (2, Some(r)) => format!("({r},{col})"),
        // Rank ≥ 3: the column label is the tuple of modes 1.. .
        (_, Some(r)) => format!("({r},{}", &col[1..]),
    }
}

proptest! {
    #[test]
    fn cells_are_offsets_at_their_labelled_coordinates(l in layout()) {
        let grid = Grid::layout(&l, ColorBy::Offset).unwrap();
        let nrows = grid.rows().len();
        prop_assert_eq!(nrows * grid.cols().len(), l.size() as usize);
        let cols = grid.cols().labels().unwrap();
        for r in 0..nrows {
            for (c, col) in cols.iter().enumerate() {
                let cell = grid.cell(r, c).unwrap();
                let offset = l.call((r + nrows * c) as i64);
                prop_assert_eq!(&cell.text, &offset.to_string());
                prop_assert_eq!(cell.color, Some(offset));
                let row = grid.rows().labels().map(|l| l[r].as_str());
                let crd = coordinate(&l, row, col);
                let at = l.call_coord(&crd.parse().unwrap()).unwrap();
                prop_assert_eq!(at, offset, "{} at {}", l, crd);
            }
        }
        // Every text style has one line per row (plus rules) and aligned bars.
        let text = grid.to_text(TextStyle::Ascii);
        let widths: Vec<usize> = text.lines().skip(2).map(|l| l.chars().count()).collect();
        prop_assert!(widths.windows(2).all(|w| w[0] == w[1]), "{}", text);
        prop_assert_eq!(text.lines().count(), 2 + 2 * nrows + 1);
    }
}
