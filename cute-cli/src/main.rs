//! The `cute` command: show, evaluate and transform CuTe layouts, draw them
//! (text, SVG, TikZ), and answer JSON Lines requests (`cute batch`).
//!
//! The algebra subcommands are generated from the library's operation table
//! ([`cute_tools::OPERATIONS`]) and run through it, as `cute batch` and
//! the tests do, so they agree by construction.
//! Errors are the library's messages, printed to stderr with exit status 1.
#![forbid(unsafe_code)]

mod ops;

use cute_cli::batch;

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use cute_dynamic::{
    CoordLayout, IntTuple, Layout, LayoutError, MmaOperand, SwizzledLayout, Tiler, ValueType,
    copy_atom, make_tiled_copy, make_tiled_copy_mma, make_tiled_mma, mma_atom,
};
use cute_tools::render::{ColorBy, Figure, Grid, TextStyle};

use ops::OpCommand;

/// Show, evaluate and transform CuTe layouts.
#[derive(Parser, Debug)]
#[command(
    name = "cute",
    version,
    about = "Show, evaluate and transform CuTe layouts (CuTe notation: (4,8):(1,4), ((2,2),(4,2)):((1,8),(2,16)))",
    after_help = "Examples:\n  $ cute show '(4,8):(1,4)'\n  $ cute composition '(4,6,8,10):(2,3,5,7)' 6:12\n  $ cute svg --tv 16x16 '((4,8),(2,2,2)):((32,1),(16,8,128))' -o tv.svg\n  $ echo '{\"id\":1,\"op\":\"size\",\"args\":[\"(4,8)\"]}' | cute batch"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Print a layout: CuTe notation, size, cosize, rank, depth and its grid of offsets
    #[command(
        after_help = "Example:\n  $ cute show '(2,3):(3,1)'\n  layout: (2,3):(3,1)\n  size:   6\n  cosize: 6\n  rank:   2\n  depth:  1\n  ...\n\nThe layout is read from the first line of standard input when it is `-` or missing."
    )]
    Show {
        /// The layout, in CuTe notation
        layout: Option<String>,
        /// How to draw the grid
        #[arg(long, value_enum, default_value_t = Style::Ascii)]
        style: Style,
        #[command(flatten)]
        atoms: AtomArgs,
    },
    #[command(flatten)]
    Op(OpCommand),
    /// Draw a layout (or a thread/value layout with --tv) as an SVG picture
    #[command(
        after_help = "Examples:\n  $ cute svg '((2,2),(4,2)):((1,8),(2,16))' -o hier.svg\n  $ cute svg --color-by mode0 '(8,8):(8,1)' -o rows.svg\n  $ cute svg --tv 16x16 '((4,8),(2,2,2)):((32,1),(16,8,128))' -o tv.svg\n  $ cute svg 'Sw<3,3,3> o 0 o (8,64):(64,1)' --element-bytes 2 -o banks.svg\n  $ cute svg '(4,(4,2)):(1@1,(1@0,6@1))' -o coord.svg\n\nThe layout is read from the first line of standard input when it is `-` or missing."
    )]
    Svg(Picture),
    /// Draw a layout (or a thread/value layout with --tv) as a standalone TikZ document
    #[command(
        after_help = "Example:\n  $ cute latex --tv 8x4 '((4,8),1):((8,1),0)' -o tv.tex && pdflatex tv.tex\n\nThe layout is read from the first line of standard input when it is `-` or missing."
    )]
    Latex(Picture),
    /// Answer JSON Lines requests on stdin, one JSON line out per line in
    #[command(
        after_help = "Protocol (one line in, one line out, in order, flushed):\n  in : {\"id\":\"c1\",\"op\":\"composition\",\"args\":[\"(4,6,8,10):(2,3,5,7)\",\"6:12\"]}\n  out: {\"id\":\"c1\",\"ok\":\"(2,3):(9,5)\"}\n  out: {\"id\":\"c2\",\"error\":{\"kind\":\"stride_divisibility\",\"message\":\"...\"}}\nMalformed, blank or overlong (> 1 MiB) lines get {\"id\":null,\"error\":{\"kind\":\"parse\",...}}.\nThe exit status is 0 at end of input."
    )]
    Batch,
}

/// Arguments of `cute svg` and `cute latex`.
#[derive(clap::Args, Debug)]
struct Picture {
    /// The layout, in CuTe notation
    layout: Option<String>,
    /// Write to this file instead of stdout
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Draw a thread/value layout (thr,val) -> offset on an MxN tile (column-major), e.g. 16x8
    #[arg(long, value_name = "MxN")]
    tv: Option<String>,
    /// Color cells by offset, by the index within a mode (mode0, mode1, …), or not at all
    #[arg(long, default_value = "offset", value_name = "offset|modeK|none")]
    color_by: String,
    /// For a swizzled layout (`Sw<B,M,S> o OFFSET o LAYOUT`): the element size in bytes; the
    /// picture shows each element's shared-memory bank
    #[arg(long, default_value_t = 2, value_name = "BYTES")]
    element_bytes: i64,
    #[command(flatten)]
    atoms: AtomArgs,
}

/// A tiled MMA or a tiled copy to draw instead of a layout.
#[derive(clap::Args, Debug)]
struct AtomArgs {
    /// Draw a tiled MMA (A left, B top, C middle): the MMA atom's CUTLASS name
    #[arg(long, value_name = "ATOM")]
    mma: Option<String>,
    /// The tiled MMA's atom layout (M,N,K) -> atom (default (1,1,1))
    #[arg(long, value_name = "LAYOUT")]
    atom_layout: Option<String>,
    /// The tiled MMA's permutation, a tiler <M,N,K> (default none)
    #[arg(long, value_name = "TILER")]
    permutation: Option<String>,
    /// Draw a tiled copy (source and destination): the copy atom's CUTLASS name
    #[arg(long, value_name = "ATOM")]
    copy: Option<String>,
    /// The tiled copy's value type (half_t, float, …)
    #[arg(long, value_name = "TYPE")]
    value_type: Option<String>,
    /// The tiled copy's thread layout (m,n) -> thread
    #[arg(long, value_name = "LAYOUT")]
    thr: Option<String>,
    /// The tiled copy's value layout (m,n) -> value (default 1)
    #[arg(long, value_name = "LAYOUT")]
    val: Option<String>,
    /// With --copy and --mma: the copy of the MMA's operand A, B or C (make_tiled_copy_A|B|C)
    #[arg(long, value_name = "A|B|C")]
    operand: Option<String>,
}

impl AtomArgs {
    /// The figure these flags ask for, if any.
    fn figure(&self) -> Result<Option<Figure>, Failure> {
        let opt_layout = |t: &Option<String>| -> Result<Option<Layout>, LayoutError> {
            t.as_deref()
                .filter(|t| !t.trim().is_empty())
                .map(str::parse)
                .transpose()
        };
        let mma = match &self.mma {
            Some(name) => {
                let perm: Option<Tiler> = self
                    .permutation
                    .as_deref()
                    .filter(|t| !t.trim().is_empty())
                    .map(str::parse)
                    .transpose()?;
                let layout = opt_layout(&self.atom_layout)?;
                Some(make_tiled_mma(
                    &mma_atom(name)?,
                    layout.as_ref(),
                    perm.as_ref(),
                )?)
            }
            None => None,
        };
        let Some(copy_name) = &self.copy else {
            return Ok(mma.as_ref().map(Figure::tiled_mma).transpose()?);
        };
        let atom = copy_atom(copy_name)?;
        let value_type: ValueType = self
            .value_type
            .as_deref()
            .ok_or_else(|| Failure::Other("--copy needs --value-type (half_t, float, …)".into()))?
            .parse()?;
        let copy = match (&mma, &self.operand, &self.thr) {
            (Some(mma), Some(op), _) => {
                let op = match op.trim() {
                    "A" => MmaOperand::OperandA,
                    "B" => MmaOperand::OperandB,
                    "C" => MmaOperand::OperandC,
                    other => {
                        return Err(Failure::Other(format!(
                            "--operand: expected A, B or C, found {other}"
                        )));
                    }
                };
                make_tiled_copy_mma(&atom, value_type, op, mma)?
            }
            (_, _, Some(thr)) => {
                let val = match opt_layout(&self.val)? {
                    Some(v) => v,
                    None => Layout::column_major(&IntTuple::int(1))?,
                };
                make_tiled_copy(&atom, value_type, &thr.parse()?, &val)?
            }
            _ => {
                return Err(Failure::Other(
                    "--copy needs --thr LAYOUT [--val LAYOUT], or --mma ATOM --operand A|B|C"
                        .into(),
                ));
            }
        };
        Ok(Some(Figure::tiled_copy(&copy)?))
    }
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum Style {
    /// Aligned columns, no lines
    Plain,
    /// ASCII boxes, as CuTe's print_layout
    Ascii,
    /// Unicode box drawing
    Unicode,
}

/// What went wrong: a library error (its message is printed as is) or an
/// I/O or usage problem.
enum Failure {
    Layout(LayoutError),
    Other(String),
}

impl From<LayoutError> for Failure {
    fn from(e: LayoutError) -> Self {
        Failure::Layout(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Other(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            let message = match f {
                Failure::Layout(e) => format!("cute: {e} [{}]", e.kind()),
                Failure::Other(m) => format!("cute: {m}"),
            };
            let _ = writeln!(io::stderr(), "{message}");
            ExitCode::FAILURE
        }
    }
}

/// Reads one operand from the first non-empty line of standard input.
fn stdin_operand() -> Result<String, Failure> {
    let mut line = String::new();
    for l in io::stdin().lock().lines() {
        line = l?;
        if !line.trim().is_empty() {
            break;
        }
    }
    let line = line.trim();
    if line.is_empty() {
        return Err(Failure::Other(
            "no layout given (as an argument or on standard input)".into(),
        ));
    }
    Ok(line.to_string())
}

/// The operand itself, or standard input's first line for `-` or nothing.
fn operand(arg: Option<String>) -> Result<String, Failure> {
    match arg {
        Some(a) if a != "-" => Ok(a),
        _ => stdin_operand(),
    }
}

fn print(text: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

fn run(cmd: Cmd) -> Result<(), Failure> {
    match cmd {
        Cmd::Show {
            layout,
            style,
            atoms,
        } => {
            if let Some(figure) = atoms.figure()? {
                return print(&figure.to_text(text_style(style)));
            }
            let text = operand(layout)?;
            // Every layout the parser reads, as `cute svg` does: swizzled
            // layouts and coordinate layouts (basis strides) too.
            if text.trim_start().starts_with("Sw<") {
                let l: SwizzledLayout = text.parse()?;
                let grid = Grid::swizzled_banks(&l, 2)?;
                return print(&format!("layout: {l}\n{}", grid_only(&grid, style)));
            }
            if text.contains('@') {
                let l: CoordLayout = text.parse()?;
                let head = format!(
                    "layout: {l}\nsize:   {}\nrank:   {}\ncodomain: {}\n",
                    l.size(),
                    l.rank(),
                    l.codomain()?
                );
                let grid = Grid::coord_layout(&l)?;
                return print(&format!("{head}{}", grid_only(&grid, style)));
            }
            let layout: Layout = text.parse()?;
            print(&show(&layout, style)?)
        }
        Cmd::Op(op) => {
            let mut operands = op.operands.clone();
            if operands.len() < op.operation.min_args() {
                operands.insert(0, "-".into());
            }
            if let Some(i) = operands.iter().position(|a| a == "-") {
                operands[i] = stdin_operand()?;
            }
            let args: Vec<&str> = operands.iter().map(String::as_str).collect();
            let result = op.operation.apply(&args)?;
            print(&format!("{result}\n"))
        }
        Cmd::Svg(p) => picture(p, Grid::to_svg, Some(Figure::to_svg)),
        Cmd::Latex(p) => picture(p, Grid::to_latex, None),
        Cmd::Batch => {
            let stdin = io::stdin().lock();
            let stdout = io::stdout().lock();
            match batch::run(stdin, stdout) {
                // A closed stdout ends the conversation; it is not an error.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                r => Ok(r?),
            }
        }
    }
}

/// The text of `cute show`.
fn show(layout: &Layout, style: Style) -> Result<String, Failure> {
    let cosize = layout
        .cosize()
        .map_or_else(|e| format!("error: {e}"), |c| c.to_string());
    let mut s = format!(
        "layout: {layout}\nsize:   {}\ncosize: {cosize}\nrank:   {}\ndepth:  {}\n",
        layout.size(),
        layout.rank(),
        layout.depth()
    );
    match Grid::layout(layout, ColorBy::None) {
        Ok(grid) => s.push_str(&grid_only(&grid, style)),
        Err(e) => s.push_str(&format!("(no grid: {e})\n")),
    }
    Ok(s)
}

/// A grid's text without its title line (the title repeats the layout).
fn grid_only(grid: &Grid, style: Style) -> String {
    let text = grid.to_text(text_style(style));
    text.split_once('\n')
        .map_or("", |(_, rest)| rest)
        .to_string()
}

fn text_style(style: Style) -> TextStyle {
    match style {
        Style::Plain => TextStyle::Plain,
        Style::Ascii => TextStyle::Ascii,
        Style::Unicode => TextStyle::Unicode,
    }
}

fn parse_color(text: &str) -> Result<ColorBy, Failure> {
    match text {
        "offset" => Ok(ColorBy::Offset),
        "none" => Ok(ColorBy::None),
        _ => text
            .strip_prefix("mode")
            .and_then(|k| k.parse().ok())
            .map(ColorBy::Mode)
            .ok_or_else(|| {
                Failure::Other(format!(
                    "--color-by: expected offset, none or modeK (e.g. mode0), found {text}"
                ))
            }),
    }
}

fn parse_tile(text: &str) -> Result<(i64, i64), Failure> {
    let bad = || Failure::Other(format!("--tv: expected MxN (e.g. 16x8), found {text}"));
    let (m, n) = text.split_once(['x', 'X', ',']).ok_or_else(bad)?;
    Ok((
        m.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    ))
}

fn picture(
    p: Picture,
    draw: fn(&Grid) -> String,
    draw_figure: Option<fn(&Figure) -> String>,
) -> Result<(), Failure> {
    if let Some(figure) = p.atoms.figure()? {
        let draw_figure = draw_figure.ok_or_else(|| {
            Failure::Other(
                "tiled MMAs and copies are drawn by `cute svg` (or as text by `cute show`)".into(),
            )
        })?;
        return write_out(p.output, &draw_figure(&figure));
    }
    let text = operand(p.layout)?;
    let grid = if text.trim_start().starts_with("Sw<") {
        // A swizzled layout: its banks.
        Grid::swizzled_banks(&text.parse::<SwizzledLayout>()?, p.element_bytes)?
    } else if text.contains('@') {
        // Basis strides: a coordinate layout, cells are coordinate tuples.
        Grid::coord_layout(&text.parse::<CoordLayout>()?)?
    } else {
        let layout: Layout = text.parse()?;
        match &p.tv {
            Some(tile) => {
                let (m, n) = parse_tile(tile)?;
                Grid::thread_value(&layout, m, n)?
            }
            None => Grid::layout(&layout, parse_color(&p.color_by)?)?,
        }
    };
    write_out(p.output, &draw(&grid))
}

fn write_out(output: Option<PathBuf>, text: &str) -> Result<(), Failure> {
    match output {
        Some(path) => std::fs::write(&path, text)
            .map_err(|e| Failure::Other(format!("cannot write {}: {e}", path.display()))),
        None => print(text),
    }
}
