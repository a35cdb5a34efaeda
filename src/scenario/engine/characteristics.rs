//! Characteristics (613): an object's printed values with the continuous effects that
//! apply to it, by layer and timestamp. Each effect records its source object, its
//! timestamp, the object it affects and its duration; the layer system fills in here.

use super::layers::{Applied, Board};
use super::prelude::*;

#[derive(Debug, Clone)]
pub(super) struct ContinuousEffect {
    pub(super) timestamp: i64,
    pub(super) card: CardId,
    pub(super) object: u32,
    pub(super) change: Change,
    pub(super) until_end_of_turn: bool,
}

/// Every continuous effect in the game, indexed by the object it affects, so that an
/// object's characteristics cost only its own effects (not every effect of the game).
#[derive(Debug, Clone, Default)]
pub(super) struct Effects {
    on: BTreeMap<CardId, Vec<ContinuousEffect>>,
    /// Counts the changes that weren't additions (an effect ended or was restamped).
    epoch: u64,
    /// The effects added since the epoch began, in order, as (object, index in `on`): the
    /// board cache applies a new one on top of the board it holds where it can.
    added: Vec<(CardId, usize)>,
}

impl Effects {
    /// Counts a change that isn't an addition (for the view cache).
    fn changed(&mut self) {
        self.epoch += 1;
        self.added.clear();
    }

    /// A new effect; effects are added in timestamp order.
    pub(super) fn add(&mut self, effect: ContinuousEffect) {
        let on = self.on.entry(effect.card).or_default();
        self.added.push((effect.card, on.len()));
        on.push(effect);
    }

    /// The effects added since the epoch began, from the `from`th on.
    pub(super) fn added_since(&self, from: usize) -> impl Iterator<Item = &ContinuousEffect> {
        self.added
            .get(from..)
            .unwrap_or_default()
            .iter()
            .filter_map(|(card, i)| self.on.get(card)?.get(*i))
    }

    /// The effects that apply to the object `object` representing `card`.
    pub(super) fn on_object(
        &self,
        card: CardId,
        object: u32,
    ) -> impl Iterator<Item = &ContinuousEffect> {
        self.on
            .get(&card)
            .into_iter()
            .flatten()
            .filter(move |e| e.object == object)
    }

    /// Effects on an object that no longer exists (it changed zones, 400.7) end.
    pub(super) fn end_on(&mut self, card: CardId, object: u32) {
        if let Some(v) = self.on.get_mut(&card) {
            v.retain(|e| e.object != object);
        }
        self.changed();
    }

    /// Gives every effect created after `clock` the timestamp `timestamp`: the effects a
    /// one-shot effect on a set creates, one per object, are one effect (613.7b).
    pub(super) fn stamp_since(&mut self, clock: i64, timestamp: i64) {
        for e in self.on.values_mut().flatten() {
            if e.timestamp > clock {
                e.timestamp = timestamp;
            }
        }
        self.changed();
    }

    /// Where the next effects added will begin: the epoch and the additions so far.
    pub(super) fn mark(&self) -> (u64, usize) {
        (self.epoch, self.added.len())
    }

    /// Keeps only the effects `keep` says.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(&ContinuousEffect) -> bool) {
        let mut touched = false;
        for v in self.on.values_mut() {
            let before = v.len();
            v.retain(&mut keep);
            touched |= v.len() != before;
        }
        if touched {
            self.changed();
        }
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &ContinuousEffect> {
        self.on.values().flatten()
    }
}

/// One object's part of a [`BoardKey`]: its id, zone, controller, counters, attachment
/// and timestamp.
type ObjectKey = (u32, Zone, PlayerId, i32, i32, Option<(Target, u32)>, i64);

/// Everything the characteristics of the objects are computed from, besides their printed
/// values and the rules: when it is unchanged, so are the characteristics.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct BoardKey {
    objects: Vec<ObjectKey>,
    /// The effects' epoch, and how many were added since it began.
    effects: (u64, usize),
}

/// The board as the layers made it, kept while its inputs are unchanged: a state-based
/// action check looks at every object after every action, and the layer system computes
/// every object at once (a static ability's set is whatever it describes, 611.3a). When
/// only effects were added since, each is applied on top of it if the layer system would
/// have applied it last (`layers/newest.rs`), so effects piling up on one object cost one
/// step each, not all of them again.
#[derive(Debug, Clone, Default)]
pub(super) struct ViewCache {
    board: std::cell::RefCell<Option<(BoardKey, Board)>>,
    /// How many effects were applied on top of a kept board (for the tests).
    #[cfg(test)]
    pub(super) on_top: std::cell::Cell<usize>,
}

impl Game {
    // ----- characteristics (613) ------------------------------------------------------

    fn board_key(&self) -> BoardKey {
        BoardKey {
            objects: self
                .cards
                .iter()
                .map(|c| {
                    (
                        c.object,
                        c.zone,
                        c.controller,
                        c.counters(CounterKind::PlusOne),
                        c.counters(CounterKind::MinusOne),
                        c.attached_to,
                        c.timestamp,
                    )
                })
                .collect(),
            effects: (self.effects.epoch, self.effects.added.len()),
        }
    }

    /// Runs `f` on the board as the layers made it, computed anew only when something it
    /// depends on changed, and not even then when the change is effects the layer system
    /// applies last.
    pub(super) fn with_board<T>(&self, f: impl FnOnce(&Board) -> T) -> T {
        let key = self.board_key();
        let kept = {
            let mut cache = self.view_cache.board.borrow_mut();
            match cache.as_mut() {
                Some((k, _)) if *k == key => true,
                Some((k, board)) => {
                    let on_top = self.newest_on_top(k, &key, board);
                    if on_top {
                        *k = key.clone();
                    }
                    on_top
                }
                None => false,
            }
        };
        // Read through a shared borrow, so that `f` may look at the board again.
        let cache = self.view_cache.board.borrow();
        match cache.as_ref() {
            Some((_, board)) if kept => f(board),
            _ => {
                drop(cache);
                let board = self.layered();
                let out = f(&board);
                *self.view_cache.board.borrow_mut() = Some((key, board));
                out
            }
        }
    }

    /// Applies to `board`, made for `kept`, the effects added since, if that gives what the
    /// whole layer system would for `now`; `false` if `board` is to be computed anew.
    fn newest_on_top(&self, kept: &BoardKey, now: &BoardKey, board: &mut Board) -> bool {
        let (epoch, added) = kept.effects;
        if kept.objects != now.objects || epoch != now.effects.0 || added >= now.effects.1 {
            return false;
        }
        for e in self.effects.added_since(added) {
            if !self.apply_newest(e, board) {
                return false;
            }
            #[cfg(test)]
            self.view_cache.on_top.set(self.view_cache.on_top.get() + 1);
        }
        true
    }

    /// Gives the effects added since `mark` (taken at `clock`) the one timestamp
    /// `timestamp`: the effects a one-shot effect on a set creates, one per object, are one
    /// effect (613.7b). When nothing else changed since the mark and no kept board has seen
    /// them, only they are restamped and the kept board stays, so each is applied on top of
    /// it; otherwise every effect newer than `clock` is, and the board is computed anew.
    pub(super) fn stamp_as_one(&mut self, mark: (u64, usize), clock: i64, timestamp: i64) {
        let seen = self
            .view_cache
            .board
            .borrow()
            .as_ref()
            .is_some_and(|(k, _)| k.effects.0 == mark.0 && k.effects.1 > mark.1);
        if self.effects.epoch != mark.0 || seen {
            self.effects.stamp_since(clock, timestamp);
            return;
        }
        let Effects { on, added, .. } = &mut self.effects;
        for (card, i) in added.get(mark.1..).unwrap_or_default() {
            if let Some(e) = on.get_mut(card).and_then(|v| v.get_mut(*i)) {
                e.timestamp = timestamp;
            }
        }
    }

    /// The object's characteristics with every continuous effect applied (613).
    pub fn view(&self, c: CardId) -> View {
        self.with_board(|b| View {
            chars: b.chars.get(c).cloned().unwrap_or_default(),
            controller: b.controller[c],
        })
    }

    /// The object's name, which a copy effect may change (707.2).
    pub fn current_name(&self, c: CardId) -> String {
        self.with_board(|b| b.names.get(c).cloned().unwrap_or_default())
    }

    /// Each continuous effect applied to the object, in the order applied (613).
    pub fn layers_applied(&self, c: CardId) -> Vec<Applied> {
        self.with_board(|b| b.log.get(c).cloned().unwrap_or_default())
    }

    pub fn is_creature(&self, c: CardId) -> bool {
        self.view(c).chars.is(CardType::Creature)
    }

    pub fn controller(&self, c: CardId) -> PlayerId {
        self.view(c).controller
    }
}
