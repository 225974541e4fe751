//! One game at the table: the engine's state, the bots of the other seats, every action in
//! order (the recording) and the table's account of them. The designer's seat acts only
//! through [`Session::act`], by the index of an action of the list the engine gives
//! ([`Session::offered`]); the bots act through [`Session::bot_turn`] and
//! [`Session::bot_played`]. Chance and the bots' choices come from two streams of the seed,
//! as in `ttrmap playtest`, so the recording replays with `ttrmap replay`, and the same seed
//! and the same choices of the designer give the same game.

use crate::bots::{self, Bot};
use crate::engine::position::Checked;
use crate::engine::scoring::score_detailed;
use crate::engine::{Action, Game, Phase, State};
use crate::model::MapFile;
use crate::playtest::record::{GameRecord, encode};
use crate::playtest::words::Teller;
use crate::playtest::{bot_rng, chance_rng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The name the recording gives the designer's seat.
pub const HUMAN: &str = "human";

/// What a game is played with (from the command line).
#[derive(Debug, Clone)]
pub struct Setup {
    pub players: u8,
    /// The designers' seats, from 0, in seat order: one, or several sharing the screen
    /// (hot-seat).
    pub seats: Vec<u8>,
    /// The bot of every other seat, in seat order (`players - seats` names).
    pub bots: Vec<String>,
    pub seed: u64,
    /// Where the recording goes; `None`: a new file beside the map ([`recording_paths`]).
    pub record: Option<PathBuf>,
}

/// Writes a new file and never replaces one: `AlreadyExists` when the path is taken.
pub type WriteNew = fn(&Path, &[u8]) -> std::io::Result<()>;

/// One line of the table's account: who did what, in the words its own seat reads (naming
/// its cards and tickets) and in those every other seat reads.
#[derive(Debug, Clone)]
pub struct Line {
    /// The turn from 1; 0 for setup.
    pub turn: u32,
    /// The seat from 1.
    pub player: u8,
    pub own: String,
    pub public: String,
}

/// How the game ended.
#[derive(Debug, Clone, serde::Serialize)]
pub struct End {
    /// The score sheet as `ttrmap score` prints it (`None` for a failure state).
    pub sheet: Option<String>,
    /// The failure state the game ended in, if any.
    pub failure: Option<String>,
    /// Each seat's final total (empty for a failure state).
    pub totals: Vec<i32>,
    /// The recording's path, once written.
    pub recording: Option<String>,
    /// Why the recording could not be written.
    pub not_saved: Option<String>,
}

/// Why an action from the page is refused (the state is unchanged).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// 409 (the game is not where the page saw it) or 400 (no such action).
    pub status: u16,
    pub message: String,
}

pub struct Session {
    pub game: Arc<Game>,
    pub map: MapFile,
    /// The map file as the recording names it, and the hash of the bytes played.
    map_path: String,
    map_hash: String,
    map_dir: PathBuf,
    map_stem: String,
    pub setup: Setup,
    /// The designer, or the bot's name, of each seat.
    pub names: Vec<String>,
    bots: Vec<Option<Box<dyn Bot>>>,
    pub state: State,
    chance: ChaCha8Rng,
    choices: ChaCha8Rng,
    actions: Vec<Action>,
    /// The account as the acting seat reads it, and as the others do.
    teller: Teller,
    public_teller: Teller,
    pub log: Vec<Line>,
    /// Counts the actions applied: the page names the position it acts on by it.
    pub version: u64,
    /// Counts the games of the studio, from 1 (set by the table).
    pub number: u64,
    pub end: Option<End>,
    write_new: WriteNew,
}

impl Session {
    /// A new game of `map` (the bytes hashed `map_hash`, read from `map_path`). `Err` says
    /// why it cannot be played (the player count, a rule no module plays, a bot).
    pub fn new(
        map: MapFile,
        map_path: &Path,
        map_hash: String,
        setup: Setup,
        write_new: WriteNew,
    ) -> Result<Session, String> {
        let game = Game::new(&map, setup.players, None).map_err(|e| e.to_string())?;
        if let Some(seat) = setup.seats.iter().find(|&&k| k >= setup.players) {
            return Err(format!(
                "--seat {}: the game has {} seats",
                seat + 1,
                setup.players
            ));
        }
        let mut names = Vec::new();
        let mut seats: Vec<Option<Box<dyn Bot>>> = Vec::new();
        let mut others = setup.bots.iter();
        for p in 0..setup.players {
            if setup.seats.contains(&p) {
                names.push(HUMAN.to_string());
                seats.push(None);
                continue;
            }
            let name = others
                .next()
                .ok_or_else(|| format!("no bot for seat {}", p + 1))?;
            let bot = bots::by_name(name).ok_or_else(|| format!("unknown bot `{name}`"))?;
            bot.plays(&game).map_err(|e| format!("bot `{name}`: {e}"))?;
            names.push(name.clone());
            seats.push(Some(bot));
        }
        let mut chance = chance_rng(setup.seed);
        let state = State::new(&game, setup.seed, &mut chance);
        // Beside the map, named as the map was given (`usa.toml` gives `usa.play-1.jsonl`).
        let map_dir = map_path.parent().unwrap_or(Path::new("")).to_path_buf();
        let map_stem = map_path
            .file_stem()
            .map_or("game".into(), |s| s.to_string_lossy().into_owned());
        let shown = std::path::absolute(map_path).unwrap_or_else(|_| map_path.to_path_buf());
        let mut session = Session {
            game: Arc::new(game),
            map,
            map_path: shown.display().to_string(),
            map_hash,
            map_dir,
            map_stem,
            names,
            bots: seats,
            state,
            chance,
            choices: bot_rng(setup.seed),
            setup,
            actions: Vec::new(),
            teller: Teller::default(),
            public_teller: Teller::default(),
            log: Vec::new(),
            version: 0,
            number: 0,
            end: None,
            write_new,
        };
        session.stop_if_stuck();
        Ok(session)
    }

    pub fn over(&self) -> bool {
        self.state.is_terminal()
    }

    /// A designer decides now.
    pub fn designers_turn(&self) -> bool {
        !self.over() && self.is_designer(self.state.current_player())
    }

    /// Seat `p` (from 0) is a designer's.
    pub fn is_designer(&self, p: u8) -> bool {
        self.setup.seats.contains(&p)
    }

    /// The seat whose view the page shows when it names none: the designer deciding now,
    /// else the designer who decided last (the first designer before anyone has).
    pub fn viewer(&self) -> u8 {
        if self.designers_turn() {
            return self.state.current_player();
        }
        self.log
            .iter()
            .rev()
            .map(|l| l.player - 1)
            .find(|&p| self.is_designer(p))
            .unwrap_or(self.setup.seats[0])
    }

    /// The actions the designer may take now, as the engine lists them (empty when it is
    /// not the designer's turn).
    pub fn offered(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.designers_turn() {
            self.state.legal_actions(&self.game, &mut out);
        }
        out
    }

    /// Plays the designer's action `index` of [`Session::offered`] at position `version`.
    pub fn act(&mut self, version: u64, index: usize) -> Result<(), Refused> {
        let refuse = |status, message: String| Err(Refused { status, message });
        if self.over() {
            return refuse(409, "the game is over".into());
        }
        if version != self.version {
            return refuse(
                409,
                format!(
                    "the game moved on since the page read it (position {version}, now {}): nothing done",
                    self.version
                ),
            );
        }
        if !self.designers_turn() {
            return refuse(
                409,
                format!(
                    "it is player {}'s turn, not yours",
                    self.state.current_player() + 1
                ),
            );
        }
        let offered = self.offered();
        let Some(&action) = offered.get(index) else {
            return refuse(
                400,
                format!("no action {index}: the engine offers {} now", offered.len()),
            );
        };
        self.apply(action);
        Ok(())
    }

    /// The turn of the bot whose seat decides now, taken out of the session so that it
    /// thinks without the table held ([`BotTurn::think`], then [`Session::bot_played`]);
    /// `None` when no bot decides. Until it is played, nobody else can act: the designer
    /// acts only on its own turn.
    pub fn bot_turn(&mut self) -> Option<BotTurn> {
        if self.over() || self.designers_turn() {
            return None;
        }
        let seat = self.state.current_player() as usize;
        let bot = self.bots[seat].take()?;
        Some(BotTurn {
            seat,
            number: self.number,
            version: self.version,
            bot,
            game: Arc::clone(&self.game),
            state: self.state.clone(),
            choices: self.choices.clone(),
        })
    }

    /// Plays what the bot of `turn` chose (`None`: it had no action) and gives it its seat
    /// back.
    pub fn bot_played(&mut self, turn: BotTurn, action: Option<Action>) {
        let BotTurn {
            seat,
            number,
            version,
            bot,
            choices,
            ..
        } = turn;
        if number != self.number {
            // A new game began while it thought: its bot is not this game's.
            return;
        }
        self.bots[seat] = Some(bot);
        if version != self.version || self.over() {
            return;
        }
        self.choices = choices;
        match action {
            Some(action) if self.state.is_legal(&self.game, action) => self.apply(action),
            Some(_) => {
                self.state.fail(format!(
                    "player {} (a bot) chose an illegal action",
                    seat + 1
                ));
                self.finish();
            }
            None => {
                self.state.fail(format!(
                    "player {} has no legal action in {:?}",
                    seat + 1,
                    self.state.phase
                ));
                self.finish();
            }
        }
    }

    fn apply(&mut self, action: Action) {
        let p = self.state.current_player();
        let turn = if self.state.phase == Phase::SetupTickets {
            0
        } else {
            self.state.turn + 1
        };
        let before = self.state.clone();
        if let Err(e) = self.state.apply(&self.game, action, &mut self.chance) {
            self.state
                .fail(format!("the engine refused an action it listed: {e}"));
        } else {
            self.actions.push(action);
            let (game, map) = (&self.game, &self.map);
            let own = self
                .teller
                .tell(game, map, &before, &self.state, action, false);
            let public = self
                .public_teller
                .tell(game, map, &before, &self.state, action, true);
            if let (Some(own), Some(public)) = (own, public) {
                self.log.push(Line {
                    turn,
                    player: p + 1,
                    own,
                    public,
                });
            }
        }
        self.version += 1;
        self.stop_if_stuck();
        if self.over() {
            self.finish();
        }
    }

    /// The designer with no legal action at all (`rules.end_game.when_stuck = "fail"`; under
    /// the other readings a stuck player passes): the game ends in a failure state, as a
    /// playtest's does when a bot has nothing to do.
    fn stop_if_stuck(&mut self) {
        if self.designers_turn() && self.offered().is_empty() {
            self.state.fail(format!(
                "player {} (you) has no legal action in {:?}",
                self.state.current_player() + 1,
                self.state.phase
            ));
            self.finish();
        }
    }

    /// The end: the score sheet and the recording, once.
    fn finish(&mut self) {
        if self.end.is_some() {
            return;
        }
        let (sheet, totals) = match &self.state.result {
            Some(_) => {
                let checked = Checked {
                    game: (*self.game).clone(),
                    state: self.state.clone(),
                    borrow: Vec::new(),
                    names: (0..self.setup.players)
                        .map(|p| self.seat_name(p as usize))
                        .collect(),
                    lanes: Vec::new(),
                };
                let scores = score_detailed(&self.game, &self.state, &[]);
                let sheet = crate::score_sheet::human(&checked, &scores, &self.map);
                (Some(sheet), scores.iter().map(|d| d.total).collect())
            }
            None => (None, Vec::new()),
        };
        let (recording, not_saved) = match self.save() {
            Ok(path) => (Some(path.display().to_string()), None),
            Err(why) => (None, Some(why)),
        };
        self.end = Some(End {
            sheet,
            failure: self.state.failure.as_ref().map(|f| f.reason.clone()),
            totals,
            recording,
            not_saved,
        });
    }

    /// A seat as the score sheet names it: `player 1 (you)`, `player 2 (one-step)`.
    pub fn seat_name(&self, p: usize) -> String {
        if self.is_designer(p as u8) {
            format!("player {} (you)", p + 1)
        } else {
            format!("player {} ({})", p + 1, self.names[p])
        }
    }

    /// The game as one line of a `playtest --record` recording.
    pub fn record_line(&self) -> String {
        let record = GameRecord {
            game: 0,
            seed: self.setup.seed,
            map: self.map_path.clone(),
            map_hash: self.map_hash.clone(),
            mode: self.game.mode.clone(),
            players: self.setup.players,
            without: Vec::new(),
            bots: self.names.clone(),
            ttrmap: env!("CARGO_PKG_VERSION").to_string(),
            actions: self.actions.iter().map(|&a| encode(a)).collect(),
        };
        let mut line = serde_json::to_string(&record).unwrap_or_default();
        line.push('\n');
        line
    }

    /// Writes the recording to a new file (never over an existing one).
    fn save(&self) -> Result<PathBuf, String> {
        let line = self.record_line();
        let paths = match &self.setup.record {
            Some(p) if self.number > 1 => vec![numbered(p, self.number)],
            Some(p) => vec![p.clone()],
            None => recording_paths(&self.map_dir, &self.map_stem, self.setup.seed),
        };
        for path in &paths {
            match (self.write_new)(path, line.as_bytes()) {
                Ok(()) => return Ok(path.clone()),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(format!("cannot write {}: {e}", path.display())),
            }
        }
        Err(
            match paths.first().filter(|_| self.setup.record.is_some()) {
                Some(p) => format!(
                    "{} exists: the studio writes a recording only to a new file",
                    p.display()
                ),
                None => format!(
                    "every name from {} on is taken",
                    paths
                        .first()
                        .map_or(String::new(), |p| p.display().to_string())
                ),
            },
        )
    }
}

/// `--record FILE`'s name for the studio's game `number` after the first: `game.jsonl` gives
/// `game-2.jsonl`.
fn numbered(path: &Path, number: u64) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{number}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{number}"),
    };
    path.with_file_name(name)
}

/// The names a recording takes beside the map when `--record` names none, in order:
/// `MAP.play-SEED.jsonl`, then `MAP.play-SEED-2.jsonl` up to `-99`; the first that does not
/// exist is written.
pub fn recording_paths(dir: &Path, stem: &str, seed: u64) -> Vec<PathBuf> {
    (1..100)
        .map(|k| {
            let name = if k == 1 {
                format!("{stem}.play-{seed}.jsonl")
            } else {
                format!("{stem}.play-{seed}-{k}.jsonl")
            };
            dir.join(name)
        })
        .collect()
}

/// A bot's turn, out of the session while it thinks.
pub struct BotTurn {
    seat: usize,
    /// The game ([`Session::number`]) and the position it thinks about.
    number: u64,
    version: u64,
    bot: Box<dyn Bot>,
    game: Arc<Game>,
    state: State,
    choices: ChaCha8Rng,
}

impl BotTurn {
    /// The bot's choice (`None`: it has no legal action).
    pub fn think(&mut self) -> Option<Action> {
        let mut scratch = Vec::new();
        self.bot
            .act(&self.game, &self.state, &mut scratch, &mut self.choices)
    }
}
