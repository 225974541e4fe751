//! Locomotives that may pay only some routes' coloured spaces (Switzerland: tunnels only;
//! Nordic Countries: tunnels, ferries and the special any-4 route), from
//! `rules.locomotives.usable_on`.
//!
//! A ferry's locomotive spaces still take locomotives (they are what a ferry asks for), and
//! a station, which is paid like a route with no route to name, takes no locomotives under
//! such a limit: both seeds list the routes locomotives may pay and nothing else.
//!
//! On a route paid with any N cards for one (`routes.any_cards_for_one`, Nordic's
//! Murmansk–Lieksa) locomotives are usable only among those N cards, never as a direct
//! replacement for a space: the Nordic text gives the any-4 rule *because* locomotives
//! cannot replace cards there, with locomotives counted among the four.

use super::{Game, Mechanic};
use crate::engine::hooks::Costs;
use crate::model::{LocomotiveUse, MapFile};

#[derive(Debug)]
pub struct LocomotiveLimits {
    pub usable_on: LocomotiveUse,
}

impl Mechanic for LocomotiveLimits {
    fn name(&self) -> String {
        match self.usable_on {
            LocomotiveUse::Anywhere => "locomotives anywhere",
            LocomotiveUse::TunnelsOnly => "locomotives on tunnels only",
            LocomotiveUse::TunnelsAndFerries => {
                "locomotives on tunnels, ferries and special routes"
            }
        }
        .into()
    }

    plays!(costs);
}

impl Costs for LocomotiveLimits {
    fn costs(&self, _map: &MapFile, game: &mut Game) {
        for r in &mut game.routes {
            r.loco_on_spaces = match self.usable_on {
                LocomotiveUse::Anywhere => true,
                LocomotiveUse::TunnelsOnly => r.tunnel,
                // The special any-N route takes locomotives only as substitutes.
                LocomotiveUse::TunnelsAndFerries => r.tunnel || r.ferry > 0,
            };
        }
        game.station_locos = self.usable_on == LocomotiveUse::Anywhere;
    }
}
