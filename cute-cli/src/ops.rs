//! The algebra subcommands, one per entry of cute-dynamic's operation table
//! ([`cute_tools::OPERATIONS`]): names, aliases, operands, help and the
//! example are all read from the table, and every subcommand runs through
//! [`cute_tools::Operation::apply`], as `cute batch` does.

use clap::{Arg, ArgAction, ArgMatches, Command, FromArgMatches, Subcommand};
use cute_tools::{OPERATIONS, Operation};

const STDIN_NOTE: &str =
    "The first operand is read from the first line of standard input when it is `-` or missing.";

/// A parsed algebra subcommand: the operation and its operands as given.
#[derive(Debug, Clone)]
pub struct OpCommand {
    /// The operation (canonical, even when an alias was used).
    pub operation: &'static Operation,
    /// The operands as given on the command line (possibly fewer than required).
    pub operands: Vec<String>,
}

/// An operand as a shell command line would spell it (single-quoted when
/// it holds characters the shell treats specially).
fn shell_word(arg: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || ":_-@.,/".contains(c);
    if !arg.is_empty() && arg.chars().all(plain) {
        arg.to_string()
    } else {
        format!("'{arg}'")
    }
}

fn command_of(op: &'static Operation) -> Command {
    let call: Vec<String> = op.example.args.iter().map(|a| shell_word(a)).collect();
    let after = format!(
        "Example:\n  $ cute {} {}\n  {}\n\n{STDIN_NOTE}",
        op.name,
        call.join(" "),
        op.example.output
    );
    let mut cmd = Command::new(op.name).about(op.help).after_help(after);
    for (i, arg) in op.args.iter().enumerate() {
        let help = if arg.optional {
            format!("operand {} (optional)", i + 1)
        } else {
            format!("operand {}", i + 1)
        };
        cmd = cmd.arg(
            Arg::new(arg.name)
                .help(help)
                .allow_hyphen_values(true)
                .action(ArgAction::Set),
        );
    }
    for a in op.aliases {
        cmd = cmd.visible_alias(*a);
    }
    cmd
}

impl FromArgMatches for OpCommand {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let (name, sub) = matches
            .subcommand()
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingSubcommand))?;
        let operation = cute_tools::operation(name)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        Ok(OpCommand {
            operation,
            operands: operation
                .args
                .iter()
                .map_while(|arg| sub.get_one::<String>(arg.name).cloned())
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
        for op in OPERATIONS {
            cmd = cmd.subcommand(command_of(op));
        }
        cmd
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        cute_tools::operation(name).is_some()
    }
}
