//! Where a command's output file goes, and how it gets there without losing anything.
//!
//! The rule, the same for every command that writes a file (`render`, `playtest --output`,
//! `playtest --record`, `import`, `new`):
//!
//! - A file the same run reads (the map) is never written: the command refuses, exit 2.
//! - A symlink is written through: its target is replaced, the link stays.
//! - A FIFO, a character or block device or a socket is written through as a stream
//!   (`-o /dev/stdout` works); it is never replaced by a regular file.
//! - A new file is created. An existing regular file is replaced only when its extension is
//!   one of the kinds the command writes (`render` replaces `.svg`, `.png`, `.html`; a map's
//!   `.toml` is never among them), or with `--force`. Anything else is refused, exit 2,
//!   and left untouched.
//! - A regular file is written to a hidden temporary file beside it and renamed over it once
//!   complete. The temporary file is removed on every failure, and on SIGINT, SIGTERM, SIGHUP
//!   or SIGQUIT, so an interrupted run leaves the old file (or none), never a partial one or
//!   a stray temporary file.
//!
//! The in-place rewrites of a map (`check --fix`, `layout --write`, `suggest tickets --write`,
//! `tune --write`) go through [`rewrite_in_place`]: a regular, writable file with one link
//! only, and refused when it changed since the command read it ([`check_in_place`] says why
//! each is refused).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// What a command is about to write, and what it must not write over.
pub(crate) struct Request<'a> {
    /// The path as the user gave it.
    pub path: &'a Path,
    /// Files this run reads; none of them may be the output.
    pub inputs: &'a [&'a Path],
    /// Extensions (lowercase, without the dot) of the files this command writes: an
    /// existing file with one of them is replaced without `--force`.
    pub kinds: &'a [&'a str],
    /// `--force`: replace any existing regular file (never an input).
    pub force: bool,
}

/// A checked output: a regular file replaced atomically, or a stream written through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    /// A regular file (new or existing) at this path, symlinks already followed.
    File(PathBuf),
    /// A FIFO, device or socket, opened for writing as it is.
    Stream(PathBuf),
}

/// Checks `req` against the rule in the module comment. `Err` is the message for the user.
pub(crate) fn resolve(req: &Request<'_>) -> Result<Target, String> {
    let shown = req.path.display();
    for input in req.inputs {
        if same_file(req.path, input) {
            // Named as given, once; through a link or another spelling, both names.
            return Err(if req.path == *input {
                format!("this command reads {shown}; choose another output file")
            } else {
                format!(
                    "{shown} is {}, which this command reads; choose another output file",
                    input.display()
                )
            });
        }
    }
    let link = std::fs::symlink_metadata(req.path).ok();
    let is_link = link.as_ref().is_some_and(|m| m.file_type().is_symlink());
    let meta = match std::fs::metadata(req.path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && is_link => {
            return Err(format!(
                "{shown} is a symlink to a missing file; remove it or choose another output file"
            ));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Target::File(req.path.to_path_buf()));
        }
        Err(e) => return Err(format!("cannot use {shown}: {e}")),
    };
    if meta.is_dir() {
        return Err(format!("{shown} is a folder; give a file name"));
    }
    if !meta.is_file() {
        return Ok(Target::Stream(req.path.to_path_buf()));
    }
    // Replace the file a symlink points to, not the link.
    let real = if is_link {
        std::fs::canonicalize(req.path).map_err(|e| format!("cannot follow {shown}: {e}"))?
    } else {
        req.path.to_path_buf()
    };
    let ext = real
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let ours = ext.is_some_and(|e| req.kinds.contains(&e.as_str()));
    if !ours && !req.force {
        return Err(match req.kinds {
            [] => format!("{shown} already exists; pass --force to replace it"),
            kinds => format!(
                "{shown} already exists and is not a {} file; pass --force to replace it",
                kinds
                    .iter()
                    .map(|k| format!(".{k}"))
                    .collect::<Vec<_>>()
                    .join(" / ")
            ),
        });
    }
    Ok(Target::File(real))
}

/// Whether two paths name one file (through symlinks and hard links). Compared by metadata,
/// not by opening: opening a FIFO would block until someone writes to it.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

/// Why the map at `path` cannot be rewritten in place (`check --fix`, `layout --write`,
/// `suggest tickets --write`), if it cannot. An in-place rewrite replaces a regular file
/// whole, so it refuses:
/// - standard input, a FIFO, a device or a socket: there is no file to replace, and writing
///   back into a FIFO would wait for a reader forever;
/// - a read-only file: replacing it would undo the protection (and change its owner);
/// - a file with other hard links: replacing it would leave the other names with the old text.
pub(crate) fn check_in_place(path: &Path) -> Result<(), String> {
    let shown = path.display();
    let not_regular = || {
        format!(
            "{shown} is not a regular file (standard input, a FIFO or a device): an in-place rewrite replaces a map file; save the map to a file and run the command on that"
        )
    };
    if path.as_os_str() == "-" {
        return Err(not_regular());
    }
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot use {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.permissions().readonly() {
        return Err(format!(
            "{shown} is read-only: ttrmap does not replace a protected file; make it writable to rewrite it"
        ));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() > 1 {
            return Err(format!(
                "{shown} has {} hard links: replacing it would leave the other names with the old text; rewrite a copy, or remove the other links",
                meta.nlink()
            ));
        }
    }
    Ok(())
}

/// Rewrites the map at `path`, whose text was `read` when the command loaded it, with `text`.
/// Refused (nothing written) when [`check_in_place`] refuses, or when the file changed since
/// it was read (an editor saved it, or another command rewrote it, meanwhile): a rewrite
/// never loses an edit; the user runs the command again on the new text. The check is made
/// just before the file is replaced.
pub(crate) fn rewrite_in_place(path: &Path, read: &str, text: &str) -> Result<(), String> {
    check_in_place(path)?;
    let shown = path.display();
    let target = resolve(&Request {
        path,
        inputs: &[],
        kinds: &["toml"],
        force: false,
    })?;
    let now = crate::load::read_file_limited(path, crate::load::MAX_FILE_BYTES, "map files")
        .map_err(|e| format!("cannot read {shown} again: {e}"))?;
    if now != read.as_bytes() {
        return Err(format!(
            "{shown} changed since ttrmap read it (saved meanwhile by an editor or another command); nothing was written: run the command again"
        ));
    }
    write(&target, text.as_bytes()).map_err(|e| format!("cannot write {shown}: {e}"))
}

/// Writes `contents` to a checked target: atomically for a file, straight through for a
/// stream.
pub(crate) fn write(target: &Target, contents: &[u8]) -> std::io::Result<()> {
    let mut out = Output::create(target)?;
    out.write_all(contents)?;
    out.commit()
}

/// Writes `contents` to a new regular file at `path` and never over an existing one: through
/// a temporary file beside it (removed on failure and on the signals), moved into place only
/// if nothing is there yet (`AlreadyExists` otherwise). The studio's recordings of games
/// played by hand.
pub(crate) fn write_new(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    if std::fs::symlink_metadata(path).is_ok() {
        return Err(std::io::ErrorKind::AlreadyExists.into());
    }
    install_signal_cleanup();
    let mut tmp = {
        let mut live = lock_live();
        let tmp = temp_beside(path)?;
        live.push(tmp.path().to_path_buf());
        tmp
    };
    let written = tmp
        .write_all(contents)
        .and_then(|()| tmp.as_file().sync_all());
    let mut live = lock_live();
    live.retain(|p| p != tmp.path());
    written?;
    // `persist_noclobber` hands the file back on failure; dropping it removes it.
    tmp.persist_noclobber(path).map(drop).map_err(|e| e.error)
}

/// An output being written. For a regular file the bytes go to a temporary file beside it,
/// renamed over the target by [`Output::commit`]; dropping an uncommitted `Output` (an
/// error, a panic) removes the temporary file, and so do SIGINT, SIGTERM, SIGHUP and SIGQUIT.
pub(crate) struct Output {
    inner: Inner,
}

enum Inner {
    Atomic {
        tmp: Option<tempfile::NamedTempFile>,
        dest: PathBuf,
    },
    Stream(std::fs::File),
}

impl Output {
    pub(crate) fn create(target: &Target) -> std::io::Result<Output> {
        let inner = match target {
            Target::Stream(path) => {
                Inner::Stream(std::fs::OpenOptions::new().write(true).open(path)?)
            }
            Target::File(dest) => {
                install_signal_cleanup();
                // Held while the file is created and registered, so a signal in between
                // cannot miss it.
                let mut live = lock_live();
                let tmp = temp_beside(dest)?;
                live.push(tmp.path().to_path_buf());
                Inner::Atomic {
                    tmp: Some(tmp),
                    dest: dest.clone(),
                }
            }
        };
        Ok(Output { inner })
    }

    /// Flushes the bytes to disk and moves them into place.
    pub(crate) fn commit(mut self) -> std::io::Result<()> {
        match &mut self.inner {
            Inner::Stream(f) => f.flush(),
            Inner::Atomic { tmp, dest } => {
                let file = tmp.take().expect("committed once");
                file.as_file().sync_all()?;
                // The lock makes the rename and the unregistering one step for the signal
                // handler: it sees either the temporary file or the finished output.
                let mut live = lock_live();
                live.retain(|p| p != file.path());
                let path = file.path().to_path_buf();
                if let Err(e) = file.persist(dest.as_path()) {
                    // `persist` hands the file back on failure; dropping it removes it.
                    drop(e.file);
                    let _ = std::fs::remove_file(&path);
                    return Err(e.error);
                }
                Ok(())
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.inner {
            Inner::Stream(f) => f.write(buf),
            Inner::Atomic { tmp, .. } => tmp.as_mut().expect("not committed").write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.inner {
            Inner::Stream(f) => f.flush(),
            Inner::Atomic { tmp, .. } => tmp.as_mut().expect("not committed").flush(),
        }
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        if let Inner::Atomic { tmp: Some(tmp), .. } = &self.inner {
            lock_live().retain(|p| p != tmp.path());
            // The NamedTempFile removes itself when dropped right after this.
        }
    }
}

/// A hidden temporary file in the target's folder (so the final rename never crosses file
/// systems), named after the target so a stray one is recognisable.
fn temp_beside(dest: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = dest
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.ttrmap-tmp-");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix);
    // tempfile creates private files (0600), and the rename would hand that mode to the
    // output: a new file gets what `File::create` gives instead (0666, which open(2)
    // lessens by the umask), a replaced file its own mode.
    #[cfg(unix)]
    let existing = {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
        std::fs::metadata(dest)
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.permissions())
    };
    let tmp = builder.tempfile_in(dir)?;
    #[cfg(unix)]
    if let Some(mode) = existing {
        // Set after creation, so the umask does not lessen the mode the file had.
        tmp.as_file().set_permissions(mode)?;
    }
    Ok(tmp)
}

/// Temporary files being written, removed by the signal handler.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn lock_live() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    // A panic while holding the lock leaves a usable list; keep going.
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// On the first temporary file, starts a thread that waits for SIGINT, SIGTERM, SIGHUP or
/// SIGQUIT, removes
/// every temporary file and exits as the signal would have (128 + its number).
fn install_signal_cleanup() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        #[cfg(unix)]
        {
            use signal_hook::{consts::*, iterator::Signals};
            // Without the handler a signal still stops the process; only the cleanup is lost.
            // SIGHUP (the terminal closed) and SIGQUIT (Ctrl-\) end a run as SIGINT does.
            let stops = [SIGINT, SIGTERM, SIGHUP, SIGQUIT];
            if let Ok(mut signals) = Signals::new(stops) {
                std::thread::spawn(move || {
                    if let Some(sig) = signals.forever().next() {
                        let live = lock_live();
                        for path in live.iter() {
                            let _ = std::fs::remove_file(path);
                        }
                        std::process::exit(128 + sig);
                    }
                });
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req<'a>(path: &'a Path, inputs: &'a [&'a Path], force: bool) -> Request<'a> {
        Request {
            path,
            inputs,
            kinds: &["svg", "png"],
            force,
        }
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failing_writer_leaves_no_temporary_file_and_the_old_file_intact() {
        let dir = tempfile::tempdir().unwrap();
        let dest = dir.path().join("out.svg");
        std::fs::write(&dest, "old").unwrap();
        let target = resolve(&req(&dest, &[], false)).unwrap();
        let result = (|| -> std::io::Result<()> {
            let mut out = Output::create(&target)?;
            out.write_all(b"half of a new")?;
            // What a full disk or a lost mount does halfway through.
            Err(std::io::Error::other("injected: no space left on device"))?;
            out.commit()
        })();
        assert!(result.is_err());
        assert_eq!(entries(dir.path()), vec!["out.svg"]);
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "old");
        assert!(!lock_live().iter().any(|p| p.starts_with(dir.path())));
    }

    #[test]
    fn a_failing_rename_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        // The destination becomes a folder after the check: the rename fails.
        let dest = dir.path().join("out.svg");
        let target = resolve(&req(&dest, &[], false)).unwrap();
        let mut out = Output::create(&target).unwrap();
        out.write_all(b"<svg/>").unwrap();
        std::fs::create_dir(&dest).unwrap();
        std::fs::write(dest.join("keep"), "x").unwrap();
        assert!(out.commit().is_err());
        assert_eq!(entries(dir.path()), vec!["out.svg"]);
    }

    /// The temporary file is created private (mode 0600) by default; renamed over the
    /// target, a board would then be unreadable to anyone else (a web server, a group).
    /// A new file gets the mode `File::create` gives (0666 less the umask); a replaced
    /// file keeps its own.
    #[cfg(unix)]
    #[test]
    fn written_files_get_the_usual_mode_and_replaced_ones_keep_theirs() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain.svg");
        std::fs::File::create(&plain).unwrap();
        let dest = dir.path().join("out.svg");
        write(&resolve(&req(&dest, &[], false)).unwrap(), b"new").unwrap();
        assert_eq!(mode(&dest), mode(&plain));
        std::fs::set_permissions(&dest, std::fs::Permissions::from_mode(0o640)).unwrap();
        write(&resolve(&req(&dest, &[], false)).unwrap(), b"again").unwrap();
        assert_eq!(mode(&dest), 0o640);
    }

    #[test]
    fn a_committed_write_replaces_the_file_and_leaves_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let dest = dir.path().join("out.svg");
        std::fs::write(&dest, "old").unwrap();
        let target = resolve(&req(&dest, &[], false)).unwrap();
        write(&target, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "new");
        assert_eq!(entries(dir.path()), vec!["out.svg"]);
    }

    #[test]
    fn an_input_is_never_an_output_even_through_a_symlink() {
        let dir = tempfile::tempdir().unwrap();
        let map = dir.path().join("map.toml");
        std::fs::write(&map, "x").unwrap();
        let err = resolve(&req(&map, &[&map], true)).unwrap_err();
        assert!(err.starts_with("this command reads "), "{err}");
        assert_eq!(err.matches("map.toml").count(), 1, "named once: {err}");
        #[cfg(unix)]
        {
            let link = dir.path().join("link.svg");
            std::os::unix::fs::symlink(&map, &link).unwrap();
            let err = resolve(&req(&link, &[&map], true)).unwrap_err();
            assert!(
                err.contains("which this command reads"),
                "both names: {err}"
            );
        }
    }

    #[test]
    fn other_existing_files_need_force() {
        let dir = tempfile::tempdir().unwrap();
        let other = dir.path().join("notes.toml");
        std::fs::write(&other, "x").unwrap();
        let err = resolve(&req(&other, &[], false)).unwrap_err();
        assert!(err.contains("--force"), "{err}");
        assert_eq!(
            resolve(&req(&other, &[], true)).unwrap(),
            Target::File(other.clone())
        );
        let folder = dir.path().join("f.svg");
        std::fs::create_dir(&folder).unwrap();
        assert!(resolve(&req(&folder, &[], true)).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.svg");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.svg");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let target = resolve(&req(&link, &[], false)).unwrap();
        write(&target, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        let dangling = dir.path().join("dangling.svg");
        std::os::unix::fs::symlink(dir.path().join("gone.svg"), &dangling).unwrap();
        assert!(resolve(&req(&dangling, &[], true)).is_err());
    }

    /// The lost update of issue 41: a command read the map, an edit was saved meanwhile, and
    /// the command's rewrite must not replace the edit.
    #[test]
    fn an_in_place_rewrite_refuses_a_file_changed_since_it_was_read() {
        let dir = tempfile::tempdir().unwrap();
        let map = dir.path().join("map.toml");
        std::fs::write(&map, "a = 1\n").unwrap();
        // Read as "a = 1", then saved as "a = 2" by someone else.
        std::fs::write(&map, "a = 2\n").unwrap();
        let err = rewrite_in_place(&map, "a = 1\n", "a = 1\nb = 1\n").unwrap_err();
        assert!(err.contains("changed since"), "{err}");
        assert_eq!(std::fs::read_to_string(&map).unwrap(), "a = 2\n");
        // Unchanged since read: rewritten.
        rewrite_in_place(&map, "a = 2\n", "a = 2\nb = 1\n").unwrap();
        assert_eq!(std::fs::read_to_string(&map).unwrap(), "a = 2\nb = 1\n");
    }
}
