//! Watches the map file: on any change the studio reads it again. The folder is watched, not
//! the file, because editors save by writing a new file and renaming it over the old one
//! (a watch on the old file would see it deleted and nothing after); events of other files
//! in the folder are ignored. Changes that come in a burst (an editor's write, then its
//! rename) are read once, after a short pause.

use super::live::Live;
use notify::{RecursiveMode, Watcher};
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

/// How long a burst of changes may last before the file is read.
const SETTLE: Duration = Duration::from_millis(40);

/// Starts watching; the watcher lives as long as the returned value.
pub fn watch(live: Arc<Live>) -> Result<notify::RecommendedWatcher, String> {
    let file = live
        .path
        .file_name()
        .ok_or_else(|| format!("{} is not a file", live.name))?
        .to_owned();
    let folder = match live.path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => Path::new(".").to_path_buf(),
    };
    let (tx, rx) = mpsc::channel::<()>();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        let ours = match event {
            Ok(e) => e
                .paths
                .iter()
                .any(|p| p.file_name() == Some(file.as_os_str())),
            // A lost event (an overflowing queue): read the file anyway.
            Err(_) => true,
        };
        if ours {
            let _ = tx.send(());
        }
    })
    .map_err(|e| format!("cannot watch {}: {e}", live.name))?;
    watcher
        .watch(&folder, RecursiveMode::NonRecursive)
        .map_err(|e| format!("cannot watch {}: {e}", folder.display()))?;
    std::thread::spawn(move || {
        while rx.recv().is_ok() {
            std::thread::sleep(SETTLE);
            while rx.try_recv().is_ok() {}
            live.reload();
        }
    });
    Ok(watcher)
}
