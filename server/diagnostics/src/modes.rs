//! Which modes are reported: the choice (`check --strict`/`--non-strict`/
//! `--both`, the configuration's `mode`, the editor's `mode` setting), and
//! what it means for an export call and for a module traced on assumed
//! inputs.

use tracer::{EntryPoint, Mode};

/// The modes asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ModeChoice {
    /// What each export call asks for (`strict=True`), else torch's
    /// default, non-strict.
    #[default]
    Default,
    Strict,
    NonStrict,
    Both,
}

impl ModeChoice {
    /// The choice the flags make, if they make one.
    pub fn from_flags(strict: bool, non_strict: bool, both: bool) -> Option<Self> {
        match (strict, non_strict, both) {
            (_, _, true) | (true, true, _) => Some(ModeChoice::Both),
            (true, false, _) => Some(ModeChoice::Strict),
            (false, true, _) => Some(ModeChoice::NonStrict),
            _ => None,
        }
    }

    /// The configuration's `mode`, else the default.
    pub fn from_setting(setting: Option<pyenv::settings::ModeSetting>) -> Self {
        match setting {
            Some(pyenv::settings::ModeSetting::Strict) => ModeChoice::Strict,
            Some(pyenv::settings::ModeSetting::NonStrict) => ModeChoice::NonStrict,
            Some(pyenv::settings::ModeSetting::Both) => ModeChoice::Both,
            None => ModeChoice::Default,
        }
    }

    /// The modes reported for an entry point.
    pub fn for_entry(self, entry: &EntryPoint) -> Vec<Mode> {
        match self {
            ModeChoice::Strict => vec![Mode::Strict],
            ModeChoice::NonStrict => vec![Mode::NonStrict],
            ModeChoice::Both => vec![Mode::Strict, Mode::NonStrict],
            ModeChoice::Default => match entry.strict_request() {
                Some(true) => vec![Mode::Strict],
                _ => vec![Mode::NonStrict],
            },
        }
    }

    /// The modes a module traced on assumed inputs is reported in: no
    /// export call asks for one, so the default is torch's.
    pub fn for_modules(self) -> Vec<Mode> {
        match self {
            ModeChoice::Strict => vec![Mode::Strict],
            ModeChoice::Both => vec![Mode::Strict, Mode::NonStrict],
            ModeChoice::NonStrict | ModeChoice::Default => vec![Mode::NonStrict],
        }
    }

    /// The modes modules are traced in: those reported, and by default
    /// strict mode too, whose traces record a submodule's ops on its own
    /// lines (non-strict ones on the top-level `forward`'s): a parent's
    /// trace then covers the modules it calls, which show the shapes it
    /// calls them with instead of being traced on guesses.
    pub fn for_module_traces(self) -> Vec<Mode> {
        match self {
            ModeChoice::Strict => vec![Mode::Strict],
            ModeChoice::NonStrict => vec![Mode::NonStrict],
            ModeChoice::Both | ModeChoice::Default => vec![Mode::Strict, Mode::NonStrict],
        }
    }
}

/// ` (strict)`, ` (strict, nonstrict)`: the modes a diagnostic holds in,
/// said when not every reported mode has it.
pub fn label(modes: &[Mode]) -> String {
    let keys: Vec<&str> = modes.iter().map(|m| m.key()).collect();
    format!(" ({})", keys.join(", "))
}
