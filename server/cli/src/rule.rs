//! `exportlens rule CODE`: what a code means, its hints and its page, as
//! the `rules` catalog describes it (torch's registry for `GBnnnn`);
//! `--all` lists every code exportlens defines itself.

use std::io::Write;

use anyhow::{Result, bail};

/// Prints the rule `code`, or with `all` the list of exportlens's codes.
pub fn run(code: Option<&str>, all: bool) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if all || code.is_none() {
        writeln!(
            out,
            "exportlens's own codes (graph breaks use torch's GBnnnn codes):"
        )?;
        for rule in rules::own_codes().filter_map(rules::rule) {
            writeln!(out, "  {:<22} {}", rule.code, rule.name)?;
        }
        return Ok(());
    }
    let code = code.unwrap_or_default();
    let Some(rule) = rules::rule(code) else {
        bail!(
            "unknown rule code `{code}` (`exportlens rule --all` lists exportlens's codes; graph breaks are GB and four digits)"
        );
    };
    writeln!(out, "{} ({})", rule.name, rule.code)?;
    writeln!(out)?;
    if rule.explanation.is_empty() {
        writeln!(
            out,
            "This build of exportlens does not carry torch's description of {}.",
            rule.code
        )?;
    } else {
        writeln!(out, "{}", rule.explanation)?;
    }
    if !rule.hints.is_empty() {
        writeln!(out)?;
        writeln!(out, "Hints:")?;
        for hint in &rule.hints {
            writeln!(out, "  - {hint}")?;
        }
    }
    if let Some(url) = &rule.url {
        writeln!(out)?;
        writeln!(out, "More: {url}")?;
    }
    Ok(())
}
