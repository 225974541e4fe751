//! `ttrmap studio MAP --play` in a real browser: a whole 2-player USA game played through the
//! page to the score sheet, the test clicking only what the page offers (a claim's route on
//! the board, which lists that route's claims only, then the first of them; else the first
//! action listed), and the recording the page names replayed by `ttrmap replay` to the
//! sheet's totals.
//!
//! With `TTRMAP_PLAY_SCREENSHOT=FILE` it also writes a screenshot of the game in progress
//! there (docs/play.png is made so, then made smaller).

use super::cdp::Browser;
use super::studio_process::Studio;
use std::path::Path;

pub const TESTS: &[super::BrowserTest] = &[(
    "a_whole_usa_game_through_the_page",
    a_whole_usa_game_through_the_page,
)];

use crate::common::play;

/// The page's state after an action: `over`, `mine` (the designer decides) or null (bots
/// are playing, or the answer is on its way).
const READY: &str = "(function(){var b=document.body;if(b.getAttribute('data-play-over')==='true'&&!document.getElementById('pl-end').hidden)return 'over';if(b.getAttribute('data-your-turn')==='true'&&document.querySelector('#pl-actions button'))return 'mine';return null;})()";

fn a_whole_usa_game_through_the_page(chromium: &Path) {
    let dir = super::common::TempDir::new("play-browser");
    let map = dir.0.join("usa.toml");
    std::fs::copy("maps/usa.toml", &map).unwrap();
    let studio = Studio::start_with(&map, &["--play", "--seed", "21", "--bot-delay", "0"]);
    let mut b = Browser::open(chromium, &studio.url);
    b.wait(
        "document.querySelectorAll('#st-board svg g.route').length",
        20,
    );
    // The Play tab is open by itself.
    assert_eq!(
        b.wait("document.body.getAttribute('data-tab')==='play'", 10),
        true
    );
    let game = b.wait("document.getElementById('pl-game').textContent", 10);
    assert!(
        game.as_str().is_some_and(|g| g.contains("seed 21")),
        "the page shows the seed: {game}"
    );
    let mut clicks = 0;
    let mut route_clicks = 0;
    loop {
        let ready = b.wait(READY, 30);
        assert!(
            !ready.is_null(),
            "the page came to the designer's turn or the end"
        );
        if ready == "over" {
            break;
        }
        let version = b.eval("document.body.getAttribute('data-play-version')");
        let route = b.eval(
            "(function(){var c=document.querySelector('#pl-actions button[data-kind=claim]');return c?c.getAttribute('data-route'):null;})()",
        );
        if let Some(route) = route.as_str() {
            // The route on the board: the list keeps that route's claims only.
            let js = format!(
                "(function(){{var g=document.querySelector('#st-board svg g.route[data-route=\"'+CSS.escape({route:?})+'\"]');g.dispatchEvent(new MouseEvent('click',{{bubbles:true}}));var bs=[].slice.call(document.querySelectorAll('#pl-actions button'));return bs.length>0&&bs.every(function(x){{return x.getAttribute('data-kind')==='claim'&&x.getAttribute('data-route')==={route:?};}});}})()"
            );
            assert_eq!(
                b.eval(&js),
                true,
                "a click on {route} lists its claims only"
            );
            route_clicks += 1;
        }
        b.eval("document.querySelector('#pl-actions button').click()");
        clicks += 1;
        let moved = b.wait(
            &format!("document.body.getAttribute('data-play-version')!=={version}"),
            30,
        );
        assert_eq!(moved, true, "the click was played");
        if clicks == 30
            && let Some(out) = std::env::var_os("TTRMAP_PLAY_SCREENSHOT")
        {
            std::fs::write(out, b.screenshot()).unwrap();
        }
        assert!(clicks < 2_000, "the game ends");
    }
    assert!(route_clicks > 0, "some claims were made from the board");
    let sheet = b.eval("document.getElementById('pl-sheet').textContent");
    let sheet = sheet.as_str().expect("a score sheet");
    let totals: Vec<i64> = sheet
        .lines()
        .filter(|l| l.starts_with("player "))
        .map(|l| {
            let points = l.split_once("): ").expect("player N (who): T points").1;
            points.split_whitespace().next().unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(totals.len(), 2, "{sheet}");
    assert!(sheet.contains("player 1 (you): "), "{sheet}");
    let saved = b.eval("document.getElementById('pl-saved').textContent");
    let saved = saved.as_str().unwrap();
    let recording = saved
        .strip_prefix("Saved as ")
        .and_then(|s| s.split_once(" (ttrmap replay reads it)"))
        .map(|(f, _)| f)
        .unwrap_or_else(|| panic!("the page names the recording: {saved}"));
    assert_eq!(recording, "usa.play-21.jsonl");
    assert_eq!(play::replay_totals(&dir.0, recording), totals);
}
