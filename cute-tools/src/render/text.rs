//! Text pictures: a [`Grid`] as aligned columns, optionally boxed, every
//! column as wide as the widest cell or label so the table stays aligned.

use super::Grid;

/// How [`Grid::to_text`] draws the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TextStyle {
    /// Aligned columns separated by spaces.
    Plain,
    /// ASCII boxes (`+---+`, `|`), as CuTe's `print_layout`.
    #[default]
    Ascii,
    /// Unicode box drawing (`┌─┬┐`, `│`).
    Unicode,
}

/// The characters of a boxed style: left, middle, right, line, for the top,
/// middle and bottom rules, and the vertical bar.
struct Rules {
    top: [char; 3],
    mid: [char; 3],
    bottom: [char; 3],
    line: char,
    bar: char,
}

const ASCII: Rules = Rules {
    top: ['+', '+', '+'],
    mid: ['+', '+', '+'],
    bottom: ['+', '+', '+'],
    line: '-',
    bar: '|',
};

const UNICODE: Rules = Rules {
    top: ['┌', '┬', '┐'],
    mid: ['├', '┼', '┤'],
    bottom: ['└', '┴', '┘'],
    line: '─',
    bar: '│',
};

impl Grid {
    /// The grid as text: the title, the column labels, then one line per
    /// row (its label, then its cells right-aligned). Lines carry no trailing
    /// spaces and end with `\n`.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// use cute_tools::render::{ColorBy, Grid, TextStyle};
    /// let g = Grid::layout(&"4:2".parse::<Layout>()?, ColorBy::None)?;
    /// assert_eq!(g.to_text(TextStyle::Unicode), "4:2\n  0   1   2   3\n┌───┬───┬───┬───┐\n│ 0 │ 2 │ 4 │ 6 │\n└───┴───┴───┴───┘\n");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn to_text(&self, style: TextStyle) -> String {
        let col_labels = self.cols.labels();
        let row_labels = self.rows.labels();
        let width = |labels: Option<&[String]>| {
            labels
                .into_iter()
                .flatten()
                .map(|l| l.chars().count())
                .max()
                .unwrap_or(0)
        };
        let w = self.cell_width().max(width(col_labels)).max(1);
        let rw = width(row_labels);
        let lead = |label: Option<&str>| match row_labels {
            Some(_) => format!(" {:>rw$} ", label.unwrap_or("")),
            None => String::new(),
        };
        let rules = match style {
            TextStyle::Plain => None,
            TextStyle::Ascii => Some(&ASCII),
            TextStyle::Unicode => Some(&UNICODE),
        };
        let ncols = self.cols.len();
        let mut out = String::new();
        let mut push_line = |line: String| {
            out.push_str(line.trim_end());
            out.push('\n');
        };
        push_line(self.title.clone());
        if let Some(labels) = col_labels {
            let mut line = lead(None);
            for l in labels {
                match rules {
                    None => line.push_str(&format!(" {l:>w$}")),
                    Some(_) => line.push_str(&format!("  {l:>w$} ")),
                }
            }
            push_line(line);
        }
        let rule = |ends: [char; 3], r: &Rules| {
            let mut line = lead(None);
            line.push(ends[0]);
            for c in 0..ncols {
                line.extend(std::iter::repeat_n(r.line, w + 2));
                line.push(if c + 1 == ncols { ends[2] } else { ends[1] });
            }
            line
        };
        if let Some(r) = rules {
            push_line(rule(r.top, r));
        }
        for row in 0..self.rows.len() {
            let mut line = lead(row_labels.map(|l| l[row].as_str()));
            if let Some(r) = rules {
                line.push(r.bar);
            }
            for c in 0..ncols {
                let text = self.cell(row, c).map_or("", |cell| cell.text.as_str());
                match rules {
                    None => line.push_str(&format!(" {text:>w$}")),
                    Some(r) => line.push_str(&format!(" {text:>w$} {}", r.bar)),
                }
            }
            push_line(line);
            if let Some(r) = rules {
                let last = row + 1 == self.rows.len();
                push_line(rule(if last { r.bottom } else { r.mid }, r));
            }
        }
        out
    }
}
