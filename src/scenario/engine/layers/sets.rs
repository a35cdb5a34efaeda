//! The set an effect applies to: one object for an effect statement and each object of
//! a one-shot effect's set (611.2c), whatever a static ability's subject describes at that
//! moment (611.3a), and, once an effect began to apply, the same set in later layers
//! (613.6).

use super::super::super::effect::{Control, Filter, Subject};
use super::super::prelude::*;
use super::{Board, Instance, Set};

impl Game {
    pub(super) fn set_of(&self, inst: &Instance, board: &Board) -> Vec<CardId> {
        if let Some(l) = &inst.locked {
            return l.clone();
        }
        match &inst.set {
            Set::Fixed(c) => vec![*c],
            Set::Described(s) => self.described(s, inst.source, board),
        }
    }

    /// The objects a subject describes now, seen from `source`: permanents on the
    /// battlefield, or the cards in graveyards for `cards in graveyards`.
    pub(in super::super) fn described(
        &self,
        subject: &Subject,
        source: Option<CardId>,
        board: &Board,
    ) -> Vec<CardId> {
        let on = |c: &CardId| self.cards[*c].zone == Zone::Battlefield;
        match subject {
            Subject::This => source.into_iter().filter(on).collect(),
            Subject::Label(c) => Some(*c).into_iter().filter(on).collect(),
            Subject::Attached => source
                .and_then(|s| match self.cards[s].attached_to {
                    Some((Target::Card(t), obj)) if self.cards[t].object == obj => Some(t),
                    _ => None,
                })
                .into_iter()
                .filter(on)
                .collect(),
            Subject::Filter(f) => self
                .cards
                .ids()
                .filter(|c| on(c) && self.matches(f, *c, source, board))
                .collect(),
            Subject::Graveyards(whose) => {
                let you = source.map(|s| board.controller[s]);
                self.cards
                    .ids()
                    .filter(|&c| match self.cards[c].zone {
                        Zone::Graveyard(owner) => match whose {
                            Control::Any | Control::Opponents => true,
                            Control::You => you == Some(owner),
                            Control::Player(p) => owner == *p,
                        },
                        _ => false,
                    })
                    .collect()
            }
        }
    }

    fn matches(&self, f: &Filter, c: CardId, source: Option<CardId>, board: &Board) -> bool {
        let you = source.map(|s| board.controller[s]);
        !(f.other && source == Some(c))
            && f.fits(
                &board.chars[c],
                self.cards[c].token,
                board.controller[c],
                you,
            )
    }
}
