//! The algebra subcommands, one per operation of the batch protocol, built
//! from one table and run through [`cute_dynamic::apply`] (the single
//! dispatcher shared with `cute batch`).

use clap::{Arg, ArgAction, ArgMatches, Command, FromArgMatches, Subcommand};

/// One algebra subcommand: its op name, aliases, operands and help.
pub struct OpSpec {
    /// The op name (as in the batch protocol).
    pub name: &'static str,
    /// Short aliases.
    pub aliases: &'static [&'static str],
    /// Required operands, in order.
    pub required: &'static [&'static str],
    /// Optional trailing operands.
    pub optional: &'static [&'static str],
    /// One-line description.
    pub about: &'static str,
    /// An example invocation and its output.
    pub example: &'static str,
}

macro_rules! op {
    ($name:literal, [$($alias:literal),*], [$($req:literal),*], [$($opt:literal),*], $about:literal, $example:literal) => {
        OpSpec {
            name: $name,
            aliases: &[$($alias),*],
            required: &[$($req),*],
            optional: &[$($opt),*],
            about: $about,
            example: $example,
        }
    };
}

/// Every algebra subcommand.
pub const OPS: &[OpSpec] = &[
    op!(
        "eval",
        [],
        ["LAYOUT", "COORD"],
        [],
        "Evaluate a layout at an integral, natural or hierarchical coordinate",
        "  $ cute eval '((2,2),(4,2)):((1,8),(2,16))' '(2,5)'\n  26"
    ),
    op!(
        "slice",
        [],
        ["LAYOUT", "COORD"],
        [],
        "Slice a layout with a coordinate holding `_`: prints OFFSET|SUBLAYOUT",
        "  $ cute slice '((3,2),((2,3),2)):((4,1),((2,15),100))' '(2,((0,_),_))'\n  8|(3,2):(15,100)"
    ),
    op!(
        "size",
        [],
        ["LAYOUT"],
        [],
        "Number of coordinates of a layout",
        "  $ cute size '(4,8):(1,4)'\n  32"
    ),
    op!(
        "cosize",
        [],
        ["LAYOUT"],
        [],
        "Largest offset plus one",
        "  $ cute cosize '(4,8):(1,5)'\n  39"
    ),
    op!(
        "coalesce",
        [],
        ["LAYOUT"],
        ["PROFILE"],
        "Coalesce a layout (optionally mode by mode, by a profile)",
        "  $ cute coalesce '(2,(1,6)):(1,(6,2))'\n  12:1"
    ),
    op!(
        "filter",
        [],
        ["LAYOUT"],
        [],
        "Remove stride-0 and size-1 modes, then coalesce",
        "  $ cute filter '(4,2,3):(1,0,4)'\n  12:1"
    ),
    op!(
        "filter_zeros",
        [],
        ["LAYOUT"],
        [],
        "Replace stride-0 modes by size-1 modes",
        "  $ cute filter_zeros '(4,2):(1,0)'\n  (4,1):(1,0)"
    ),
    op!(
        "composition",
        ["compose"],
        ["A", "B"],
        [],
        "Compose A ∘ B (B a layout or a tiler <…,…>)",
        "  $ cute composition '(4,6,8,10):(2,3,5,7)' 6:12\n  (2,3):(9,5)"
    ),
    op!(
        "complement",
        [],
        ["LAYOUT"],
        ["M"],
        "Complement of a layout with respect to M (default: its cosize)",
        "  $ cute complement 4:32 256\n  (32,2):(1,128)"
    ),
    op!(
        "right_inverse",
        ["right-inverse"],
        ["LAYOUT"],
        [],
        "Right inverse R: L(R(i)) = i",
        "  $ cute right_inverse '(4,8):(8,1)'\n  (8,4):(4,1)"
    ),
    op!(
        "left_inverse",
        ["left-inverse"],
        ["LAYOUT"],
        [],
        "Left inverse R: R(L(i)) = i",
        "  $ cute left_inverse '(4,8):(1,5)'\n  (5,8):(1,4)"
    ),
    op!(
        "logical_divide",
        ["divide"],
        ["LAYOUT", "TILER"],
        [],
        "A ∘ (B, complement(B, size(A))), mode by mode",
        "  $ cute logical_divide '(8,8):(1,8)' '<2:1,4:1>'\n  ((2,4),(4,2)):((1,2),(8,32))"
    ),
    op!(
        "zipped_divide",
        ["zdivide"],
        ["LAYOUT", "TILER"],
        [],
        "Logical divide regrouped as ((tile),(rest))",
        "  $ cute zipped_divide '(8,8):(1,8)' '<2:1,4:1>'\n  ((2,4),(4,2)):((1,8),(2,32))"
    ),
    op!(
        "tiled_divide",
        ["tdivide"],
        ["LAYOUT", "TILER"],
        [],
        "Logical divide regrouped as (tile, rest0, rest1, …)",
        "  $ cute tiled_divide 12:1 '<4:1>'\n  ((4),(3)):((1),(4))"
    ),
    op!(
        "flat_divide",
        [],
        ["LAYOUT", "TILER"],
        [],
        "Logical divide with every mode flattened one level",
        "  $ cute flat_divide '(8,8):(1,8)' '<2:1,4:1>'\n  (2,4,4,2):(1,8,2,32)"
    ),
    op!(
        "logical_product",
        ["product"],
        ["A", "B"],
        [],
        "(A, complement(A, size(A)·cosize(B)) ∘ B)",
        "  $ cute logical_product '(2,2):(4,1)' 6:1\n  ((2,2),(2,3)):((4,1),(2,8))"
    ),
    op!(
        "zipped_product",
        [],
        ["A", "B"],
        [],
        "Logical product regrouped as ((A modes),(B modes))",
        "  $ cute zipped_product '(2,2):(1,2)' '(3,4):(1,3)'\n  ((2,2),(3,4)):((1,2),(4,12))"
    ),
    op!(
        "tiled_product",
        [],
        ["A", "B"],
        [],
        "Logical product regrouped as (A, B0, B1, …)",
        "  $ cute tiled_product '(2,2):(1,2)' '(3,4):(1,3)'\n  ((2,2),3,4):((1,2),4,12)"
    ),
    op!(
        "flat_product",
        [],
        ["A", "B"],
        [],
        "Logical product with every mode flattened one level",
        "  $ cute flat_product '(2,2):(1,2)' '(3,4):(1,3)'\n  (2,2,3,4):(1,2,4,12)"
    ),
    op!(
        "blocked_product",
        ["blocked"],
        ["A", "B"],
        [],
        "Product with A's modes as blocks: ((A0,B0),(A1,B1),…)",
        "  $ cute blocked_product '(2,2):(1,2)' '(3,4):(1,3)'\n  ((2,3),(2,4)):((1,4),(2,12))"
    ),
    op!(
        "raked_product",
        ["raked"],
        ["A", "B"],
        [],
        "Product with A's modes raked across B: ((B0,A0),(B1,A1),…)",
        "  $ cute raked_product '(2,2):(1,2)' '(3,4):(1,3)'\n  ((3,2),(4,2)):((4,1),(12,2))"
    ),
    op!(
        "max_common_layout",
        [],
        ["A", "B"],
        [],
        "Largest layout R with A(R(k)) = B(R(k)) = k",
        "  $ cute max_common_layout '(4,8):(1,4)' '(4,2):(1,4)'\n  8:1"
    ),
    op!(
        "max_common_vector",
        [],
        ["A", "B"],
        [],
        "Size of max_common_layout(A, B)",
        "  $ cute max_common_vector '(4,8):(1,4)' '(4,2):(1,4)'\n  8"
    ),
];

const STDIN_NOTE: &str =
    "The first operand is read from the first line of standard input when it is `-` or missing.";

/// A parsed algebra subcommand: the op name and its operands as given.
#[derive(Debug, Clone)]
pub struct OpCommand {
    /// The op name (canonical, even when an alias was used).
    pub name: &'static str,
    /// The operands as given on the command line (possibly fewer than required).
    pub operands: Vec<String>,
}

impl OpCommand {
    /// The spec of this command.
    pub fn spec(&self) -> &'static OpSpec {
        OPS.iter()
            .find(|s| s.name == self.name)
            .expect("name comes from OPS")
    }
}

fn command_of(spec: &OpSpec) -> Command {
    let names: Vec<&str> = spec.required.iter().chain(spec.optional).copied().collect();
    let after = format!("Example:\n{}\n\n{STDIN_NOTE}", spec.example);
    let mut cmd = Command::new(spec.name).about(spec.about).after_help(after);
    for (i, name) in names.iter().enumerate() {
        let help = if i < spec.required.len() {
            format!("operand {}", i + 1)
        } else {
            format!("operand {} (optional)", i + 1)
        };
        cmd = cmd.arg(
            Arg::new(*name)
                .help(help)
                .allow_hyphen_values(true)
                .action(ArgAction::Set),
        );
    }
    for a in spec.aliases {
        cmd = cmd.visible_alias(*a);
    }
    cmd
}

impl FromArgMatches for OpCommand {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let (name, sub) = matches
            .subcommand()
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingSubcommand))?;
        let spec = OPS
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        Ok(OpCommand {
            name: spec.name,
            operands: spec
                .required
                .iter()
                .chain(spec.optional)
                .map_while(|name| sub.get_one::<String>(name).cloned())
                .collect(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for OpCommand {
    fn augment_subcommands(mut cmd: Command) -> Command {
        for spec in OPS {
            cmd = cmd.subcommand(command_of(spec));
        }
        cmd
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        OPS.iter()
            .any(|s| s.name == name || s.aliases.contains(&name))
    }
}
