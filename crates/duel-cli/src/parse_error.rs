//! What is wrong with the arguments, in one line: clap finds the error, this module words it
//! in duel's format (`duel: error: …`, printed by `main`), naming the option, what it expects
//! and the value given, quoted like every value a message echoes.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use duel::text::quote;

/// The message for `error`, found by clap in `args` (the whole command line, program name
/// first) for the command `cli`.
pub fn message(error: &clap::Error, cli: &clap::Command, args: &[OsString]) -> String {
    let context = Context { error, cli, args };
    let name = arg_name(&context.first(ContextKind::InvalidArg));
    match error.kind() {
        ErrorKind::InvalidValue => invalid_value(&context, &name),
        ErrorKind::ValueValidation => value_validation(&context, &name),
        ErrorKind::UnknownArgument => unknown_argument(&context),
        ErrorKind::InvalidSubcommand => {
            let (path, command) = command_path(cli, args);
            format!(
                "unknown command {} for {path}{}; its commands are {}",
                quote(&context.first(ContextKind::InvalidSubcommand)),
                context.did_you_mean(ContextKind::SuggestedSubcommand),
                subcommands(command)
            )
        }
        ErrorKind::MissingRequiredArgument => {
            let missing: Vec<String> = context
                .get(ContextKind::InvalidArg)
                .iter()
                .map(|a| a.replace(['<', '>', '[', ']'], ""))
                .collect();
            format!(
                "{} needs {}",
                command_path(cli, args).0,
                list_plain(&missing)
            )
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let (path, command) = command_path(cli, args);
            format!(
                "{path} needs a command: {} (see {path} --help)",
                subcommands(command)
            )
        }
        ErrorKind::ArgumentConflict => {
            let prior = arg_name(&context.first(ContextKind::PriorArg));
            if prior == name || prior.is_empty() {
                format!("{name} is given more than once")
            } else {
                format!("{name} cannot be used with {prior}")
            }
        }
        ErrorKind::TooManyValues if !context.value().is_empty() => {
            format!(
                "{name} takes no more values, got {}",
                quote(&context.value())
            )
        }
        ErrorKind::NoEquals => format!("{name} needs its value after '=', as {name}=VALUE"),
        ErrorKind::InvalidUtf8 => "an argument is not valid UTF-8 text".to_string(),
        _ => clap_first_line(error),
    }
}

/// An error with what it was found in: the pieces of its context, as texts.
struct Context<'a> {
    error: &'a clap::Error,
    cli: &'a clap::Command,
    args: &'a [OsString],
}

impl Context<'_> {
    /// Every text of one piece of the context.
    fn get(&self, kind: ContextKind) -> Vec<String> {
        self.error.get(kind).map(texts).unwrap_or_default()
    }

    /// The first text of one piece of the context, empty if none.
    fn first(&self, kind: ContextKind) -> String {
        self.get(kind).into_iter().next().unwrap_or_default()
    }

    /// The value given.
    fn value(&self) -> String {
        self.first(ContextKind::InvalidValue)
    }

    /// ` (did you mean 'x'?)` for clap's suggestions of this kind, empty if none.
    fn did_you_mean(&self, kind: ContextKind) -> String {
        match self.get(kind).as_slice() {
            [] => String::new(),
            [one] => format!(" (did you mean {}?)", quote(one)),
            many => format!(" (did you mean one of {}?)", list(many, "or")),
        }
    }
}

/// A value that is none of the option's possible values (or no value at all).
fn invalid_value(context: &Context, name: &str) -> String {
    let value = context.value();
    if value.is_empty() {
        return format!("{name} needs a value");
    }
    let valid = context.get(ContextKind::ValidValue);
    let expected = match valid.as_slice() {
        [] => "another value".to_string(),
        valid => format!("one of {}", list(valid, "or")),
    };
    format!("{name} expects {expected}, got {}", quote(&value))
}

/// A value its parser refused. A bidding error (chips, a tie rule) already says what is wrong
/// and quotes the value, so it is the message as it is.
fn value_validation(context: &Context, name: &str) -> String {
    let value = context.value();
    let why = std::error::Error::source(context.error);
    if let Some(e) = why.and_then(|w| w.downcast_ref::<duel::bidding::BiddingError>()) {
        return e.to_string();
    }
    let (_, command) = command_path(context.cli, context.args);
    match (find_arg(context.cli, command, name).and_then(largest), why) {
        (Some(max), _) => whole_number(name, &value, max),
        (None, Some(why)) => format!("{name}: {why}"),
        (None, None) => format!("{name}: invalid value {}", quote(&value)),
    }
}

/// An argument no option or position takes.
fn unknown_argument(context: &Context) -> String {
    let arg = context.first(ContextKind::InvalidArg);
    let (path, command) = command_path(context.cli, context.args);
    if arg.starts_with('-') && arg.parse::<f64>().is_ok() {
        if let Some(message) = negative_number(context, command, &arg) {
            return message;
        }
    }
    let what = if arg.starts_with('-') {
        "unknown option"
    } else {
        "unexpected argument"
    };
    format!(
        "{what} {} for {path}{}",
        quote(&arg),
        context.did_you_mean(ContextKind::SuggestedArg)
    )
}

/// clap reads `--games -5` as an option `-5`: the message for the option before, which wanted
/// a value; `None` when the argument before is no option.
fn negative_number(context: &Context, command: &clap::Command, arg: &str) -> Option<String> {
    let args = context.args;
    let before = args
        .iter()
        .position(|a| *a == *arg)
        .and_then(|i| args.get(i.checked_sub(1)?)?.to_str())?;
    let def = find_arg(context.cli, command, before)?;
    Some(match largest(def) {
        Some(max) => whole_number(before, arg, max),
        None => format!(
            "{before} expects a value, got the negative number {}",
            quote(arg)
        ),
    })
}

/// The first line of clap's own message, without its `error: `, at most 200 characters.
fn clap_first_line(error: &clap::Error) -> String {
    let text = error.render().to_string();
    let line = text.lines().next().unwrap_or_default();
    let line = line.strip_prefix("error: ").unwrap_or(line);
    line.chars().take(200).collect()
}

/// The texts of one piece of an error's context.
fn texts(value: &ContextValue) -> Vec<String> {
    match value {
        ContextValue::String(s) => vec![s.clone()],
        ContextValue::Strings(v) => v.clone(),
        ContextValue::StyledStr(s) => vec![s.to_string()],
        ContextValue::StyledStrs(v) => v.iter().map(ToString::to_string).collect(),
        ContextValue::Number(n) => vec![n.to_string()],
        _ => Vec::new(),
    }
}

/// How an argument is named in a message: `--max-n` for `--max-n <MAX_N>`, `GAME` for
/// `<GAME>`.
fn arg_name(arg: &str) -> String {
    match arg.split_whitespace().next() {
        Some(option) if option.starts_with('-') => option.to_string(),
        _ => arg.trim_matches(['<', '>', '[', ']', '.']).to_string(),
    }
}

/// `a, b and c`.
fn list_plain(items: &[String]) -> String {
    match items.split_last() {
        Some((last, head)) if !head.is_empty() => format!("{} and {last}", head.join(", ")),
        _ => items.join(""),
    }
}

/// `'a', 'b' or 'c'`.
fn list(items: &[String], last: &str) -> String {
    let quoted: Vec<String> = items.iter().map(|s| quote(s)).collect();
    match quoted.split_last() {
        Some((tail, head)) if !head.is_empty() => format!("{} {last} {tail}", head.join(", ")),
        _ => quoted.join(""),
    }
}

/// The message for a value that is not a whole number from 0 to `max`.
fn whole_number(name: &str, value: &str, max: u64) -> String {
    let got = quote(value);
    if !value.is_empty()
        && value
            .trim_start_matches('+')
            .bytes()
            .all(|b| b.is_ascii_digit())
    {
        format!("{name} expects a whole number of at most {max}, got {got}")
    } else {
        format!("{name} expects a whole number, got {got}")
    }
}

/// The largest value of an option that takes a whole number (`u32`, `u64` or `usize`).
fn largest(arg: &clap::Arg) -> Option<u64> {
    use std::any::TypeId;
    let parser = arg.get_value_parser().type_id();
    if parser == TypeId::of::<u32>() {
        Some(u64::from(u32::MAX))
    } else if parser == TypeId::of::<u64>() {
        Some(u64::MAX)
    } else if parser == TypeId::of::<usize>() {
        u64::try_from(usize::MAX).ok()
    } else {
        None
    }
}

/// The definition of the argument named `name` (`--max-n`, or `GAME` for a positional one) in
/// `command` or, for a global option, in `cli`.
fn find_arg<'a>(
    cli: &'a clap::Command,
    command: &'a clap::Command,
    name: &str,
) -> Option<&'a clap::Arg> {
    let matches = |a: &&clap::Arg| match name.strip_prefix("--") {
        Some(long) => a.get_long() == Some(long),
        None => {
            a.is_positional()
                && a.get_value_names()
                    .is_some_and(|v| v.iter().any(|n| n.as_str() == name))
                || a.get_id().as_str().eq_ignore_ascii_case(name)
        }
    };
    command
        .get_arguments()
        .find(matches)
        .or_else(|| cli.get_arguments().find(matches))
}

/// The command the arguments name (`duel liar table`), with its definition: the program
/// followed by each argument that names a subcommand of the one before.
fn command_path<'a>(cli: &'a clap::Command, args: &[OsString]) -> (String, &'a clap::Command) {
    let mut path = cli.get_name().to_string();
    let mut command = cli;
    for arg in args.iter().skip(1) {
        let Some(arg) = arg.to_str() else { continue };
        if let Some(sub) = command.find_subcommand(arg) {
            path.push(' ');
            path.push_str(sub.get_name());
            command = sub;
        }
    }
    (path, command)
}

/// The names of a command's subcommands, as a list for a message.
fn subcommands(command: &clap::Command) -> String {
    let names: Vec<&str> = command
        .get_subcommands()
        .map(clap::Command::get_name)
        .filter(|&n| n != "help")
        .collect();
    names.join(", ")
}
