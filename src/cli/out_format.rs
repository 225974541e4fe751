//! Output formats, the same way for every command that writes one: the format from `--format`
//! or else the output path's extension, and the "wrote PATH" line once it is written.

use std::path::Path;

/// What to do with an output extension no format has.
#[derive(Clone, Copy)]
pub enum OtherExtension<F> {
    /// Refuse it (a binary or structured format written under a name that says otherwise).
    Refuse,
    /// Write this format (plain text under any name).
    Write(F),
}

/// The format to write. `explicit` (`--format`) wins, but an output whose extension names
/// another known format is refused as a contradiction; without it, the extension decides
/// (`known`: extension → format, lower case), then `default` when there is no output path or
/// it has no extension. Errors are usage messages.
pub fn choose<F: Copy + PartialEq>(
    explicit: Option<F>,
    output: Option<&Path>,
    known: &[(&str, F)],
    default: F,
    other: OtherExtension<F>,
) -> Result<F, String> {
    let ext = output
        .and_then(|p| p.extension())
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let by_ext = ext
        .as_deref()
        .and_then(|e| known.iter().find(|(k, _)| *k == e).map(|(_, f)| *f));
    let names = || {
        known
            .iter()
            .map(|(k, _)| format!(".{k}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (explicit, ext.as_deref(), by_ext) {
        (Some(f), Some(e), Some(named)) if named != f => Err(format!(
            "--format and the output's .{e} name different formats; drop one or make them agree"
        )),
        (Some(f), _, _) => Ok(f),
        (None, None, _) => Ok(default),
        (None, Some(_), Some(f)) => Ok(f),
        (None, Some(e), None) => match other {
            OtherExtension::Write(f) => Ok(f),
            OtherExtension::Refuse => Err(format!(
                "cannot write a .{e} file; the output's extension chooses the format: {} \
                 (or give --format)",
                names()
            )),
        },
    }
}

/// Says where an output went, on standard output; nothing for a stream (`-o /dev/stdout`, a
/// FIFO), whose reader gets the output itself and must not get this line mixed into it.
pub fn wrote(path: &Path, target: &super::output::Target) {
    if let super::output::Target::File(_) = target {
        super::emit(&format!("wrote {}\n", path.display()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, PartialEq, Debug)]
    enum F {
        A,
        B,
    }
    const KNOWN: &[(&str, F)] = &[("a", F::A), ("b", F::B)];

    #[test]
    fn the_extension_chooses_and_an_explicit_format_must_agree() {
        let p = |s: &str| Some(Path::new(s).to_path_buf());
        let c =
            |e, o: Option<std::path::PathBuf>, other| choose(e, o.as_deref(), KNOWN, F::A, other);
        assert_eq!(c(None, p("x.b"), OtherExtension::Refuse), Ok(F::B));
        assert_eq!(c(None, p("x.B"), OtherExtension::Refuse), Ok(F::B));
        assert_eq!(c(None, None, OtherExtension::Refuse), Ok(F::A));
        assert_eq!(c(None, p("x"), OtherExtension::Refuse), Ok(F::A));
        assert!(c(None, p("x.pdf"), OtherExtension::Refuse).is_err());
        assert_eq!(c(None, p("x.log"), OtherExtension::Write(F::A)), Ok(F::A));
        assert_eq!(c(Some(F::B), p("x.log"), OtherExtension::Refuse), Ok(F::B));
        assert!(c(Some(F::A), p("x.b"), OtherExtension::Refuse).is_err());
    }
}
