//! `ttrmap studio MAP`: a local web page for one map, served by ttrmap itself, with the file
//! on disk as the only source of truth (any text editor stays the editor). The page shows
//! the board as `render` draws it, every problem `check` finds (listed, and outlined on the
//! board), lets a designer drag a city (its `position`, and nothing else, written back), and
//! runs playtests in the background. ttrmap watches the file and tells the page of each
//! save.
//!
//! - `guard.rs`: the token and the Host/Origin rule every request passes.
//! - `live.rs`: the file as last read (version, board, problems), reloads, writes.
//! - `snapshot.rs`: one version as the page gets it; `details.rs`: a route's or city's data.
//! - `watch.rs`: the file watcher; `playtest.rs`: background runs.
//! - `play/`: a game played by hand against the bots (`--play`), the page's Play tab.
//! - `server.rs`: the HTTP routes; `page/`: the page (plain HTML, JS and CSS, built in).
//!
//! The command line (`cli/studio.rs`) hands in how `check` reads a file and how
//! `layout --write` writes one ([`Hooks`]), so this module needs nothing from it. It writes
//! only the map (a city's `position`, on a drag) and a finished game's recording (to a new
//! file only, never over one).

pub mod details;
pub mod guard;
pub mod live;
pub mod play;
pub mod playtest;
pub mod server;
pub mod snapshot;
pub mod watch;

pub use live::{Hooks, PositionEdit};

use std::future::IntoFuture;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How to serve.
pub struct Options {
    pub path: PathBuf,
    /// 0: any free port.
    pub port: u16,
    /// The address to listen on; `None`: 127.0.0.1 only.
    pub listen: Option<IpAddr>,
    pub hooks: Hooks,
    /// A game to play by hand (`--play`): the page gets a Play tab.
    pub play: Option<play::PlayOptions>,
    /// Called with the page's URL once the server listens (to print it, open a browser).
    pub on_listening: Box<dyn FnOnce(&str)>,
}

/// How long the server waits for open connections to finish after Ctrl-C.
const GRACE: Duration = Duration::from_secs(3);

/// Serves until Ctrl-C. `Err` is a message for the user (the port taken, the file unreadable).
pub fn serve(opts: Options) -> Result<(), String> {
    let ip = opts.listen.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    let listener = std::net::TcpListener::bind(SocketAddr::new(ip, opts.port))
        .map_err(|e| format!("cannot listen on {ip} port {}: {e}", opts.port))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot listen: {e}"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let token = guard::new_token()?;
    let name = opts.path.display().to_string();
    let live = live::Live::new(opts.path.clone(), name, opts.hooks);
    if std::fs::metadata(&opts.path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Err(format!("cannot read {}: no such file", live.name));
    }
    live.reload();
    let table = match opts.play {
        Some(play) => Some(start_game(&live, play)?),
        None => None,
    };
    let _watcher = watch::watch(Arc::clone(&live))?;
    let host = match ip {
        IpAddr::V4(v) if v.is_unspecified() => "127.0.0.1".to_string(),
        IpAddr::V6(v) if v.is_unspecified() => "[::1]".to_string(),
        IpAddr::V4(v) => v.to_string(),
        IpAddr::V6(v) => format!("[{v}]"),
    };
    let url = format!("http://{host}:{port}/?token={token}");
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let app = server::App {
        live: Arc::clone(&live),
        guard: Arc::new(guard::Guard::new(token, port)),
        stopping,
        table,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let on_listening = opts.on_listening;
    let served = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)
            .map_err(|e| format!("cannot listen: {e}"))?;
        on_listening(&url);
        let mut told = stop.subscribe();
        let stopped = async move {
            let _ = told.wait_for(|s| *s).await;
        };
        let serving = axum::serve(listener, server::router(app)).with_graceful_shutdown(stopped);
        let mut serving = std::pin::pin!(serving.into_future());
        tokio::select! {
            done = &mut serving => done.map_err(|e| e.to_string()),
            _ = tokio::signal::ctrl_c() => {
                // The event streams end at once; a request still being answered gets GRACE
                // to finish.
                let _ = stop.send(true);
                let _ = tokio::time::timeout(GRACE, serving).await;
                Ok(())
            }
        }
    });
    // A request still waiting in a blocking thread (`/api/play?wait=1` waits up to 30 s for
    // the bots) does not hold the exit up: it has had GRACE already.
    runtime.shutdown_timeout(Duration::from_millis(500));
    served?;
    live.runs.cancel("the studio stopped");
    Ok(())
}

/// The game of `--play`, on the file as it is now (a map with errors is not played); a new
/// game from the page, likewise on the file as it is then.
fn start_game(live: &Arc<live::Live>, play: play::PlayOptions) -> Result<Arc<play::Table>, String> {
    let seed = play.setup.seed;
    let from = Arc::clone(live);
    let new_game: play::api::NewGame = Box::new(move |seed| {
        let (map, stamp, _) = from.clean_map_stamped().ok_or_else(|| {
            format!(
                "{} has errors: a game plays a map that checks without errors; run `ttrmap check` on it",
                from.name
            )
        })?;
        let setup = play::Setup {
            seed,
            ..play.setup.clone()
        };
        play::Session::new(map, &from.path, stamp, setup, play.write_new)
    });
    play::Table::start(new_game, seed, play.delay, live.events.clone())
}
