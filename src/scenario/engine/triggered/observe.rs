//! Matching triggers from what was applied (603.2): the events of one statement, one
//! round of state-based actions or one effect of a resolving ability, with the battlefield
//! as it was immediately before them. Abilities that look back in time (603.10a; 603.6d of
//! 2009-07-11 … 2016-09-30; 410.10d before) are those that existed immediately before the
//! event, seeing the objects as they were then; every other ability is one that exists
//! immediately after it (603.6a, 603.6b).

use super::super::prelude::*;
use super::damage::Dealt;
use super::*;

/// What one batch of applied events did that a trigger condition of this build watches.
#[derive(Default)]
struct Occurrences {
    /// (card, its object before, its object after, the zone it went to).
    left: Vec<(CardId, u32, u32, Zone)>,
    /// Permanents sacrificed (701.21a): as `left`, and the player who sacrificed it.
    sacrificed: Vec<(CardId, u32, u32, Zone, PlayerId)>,
    /// (card, its object on the battlefield).
    entered: Vec<(CardId, u32)>,
    /// (player, amount, gained).
    life: Vec<(PlayerId, i32, bool)>,
    began: Vec<Step>,
    /// Creatures declared as attackers (508.3a).
    attacked: Vec<CardId>,
    /// Creatures declared as blockers (509.3a) and the attackers they made blocked (509.3c).
    blocked: Vec<CardId>,
    blockers: Vec<CardId>,
    /// Damage dealt, each source–recipient pair (120.4b).
    damage: Vec<Dealt>,
}

impl Occurrences {
    fn of(events: &[Event], game: &Game) -> Occurrences {
        let mut o = Occurrences::default();
        for e in events {
            o.damage.extend(Dealt::of(e));
            match &e.what {
                Happened::ZoneChange {
                    card,
                    from,
                    to,
                    old,
                    new,
                    cause,
                } => {
                    if *from == Zone::Battlefield {
                        o.left.push((*card, *old, *new, *to));
                        if let Cause::SacrificedBy(p) = cause {
                            o.sacrificed.push((*card, *old, *new, *to, *p));
                        }
                    }
                    if *to == Zone::Battlefield {
                        o.entered.push((*card, *new));
                    }
                }
                Happened::LeavesGame {
                    card,
                    from: Zone::Battlefield,
                    old,
                    ..
                } => o.left.push((*card, *old, 0, Zone::Nowhere)),
                Happened::Life {
                    player,
                    amount,
                    gained,
                    ..
                } if *amount > 0 => o.life.push((*player, *amount, *gained)),
                Happened::Combat(super::super::combat::CombatEvent::DamageToPlayer {
                    player,
                    amount,
                    ..
                })
                | Happened::DamageToPlayer { player, amount, .. }
                    if *amount > 0 =>
                {
                    o.life.push((*player, *amount, false))
                }
                Happened::StepBegins { step, .. } => o.began.push(*step),
                Happened::Combat(super::super::combat::CombatEvent::AttackersDeclared {
                    attackers,
                    ..
                }) => o.attacked.extend(attackers.iter().map(|(c, _, _)| *c)),
                Happened::Combat(super::super::combat::CombatEvent::BlockersDeclared {
                    blocks,
                    blocked,
                    ..
                }) => {
                    o.blockers.extend(blocks.iter().map(|(c, _)| *c));
                    o.blocked.extend(blocked.iter().copied());
                }
                Happened::StateBased {
                    outcome:
                        Outcome::ToGraveyard {
                            card,
                            from: Zone::Battlefield,
                            old,
                            new,
                        },
                    ..
                } => o
                    .left
                    .push((*card, *old, *new, Zone::Graveyard(game.owner(*card)))),
                _ => {}
            }
        }
        o
    }
}

impl Game {
    /// The battlefield as it is now: what an ability that looks back will see of it.
    pub(in crate::scenario::engine) fn snapshot(&self) -> Snapshot {
        let objects = self
            .cards
            .ids()
            .filter(|&c| self.cards[c].zone == Zone::Battlefield)
            .map(|c| Seen {
                card: c,
                object: self.cards[c].object,
                view: self.view(c),
                counters: self.counters(c),
                token: self.cards[c].token,
            })
            .collect();
        let attached = self
            .cards
            .ids()
            .filter(|&c| self.cards[c].zone == Zone::Battlefield)
            .filter_map(|c| match self.cards[c].attached_to {
                Some((Target::Card(to), object)) => Some((c, self.cards[c].object, to, object)),
                _ => None,
            })
            .collect();
        Snapshot {
            objects,
            attached,
            life: self.players.iter().map(|p| p.life).collect(),
        }
    }

    /// Matches every triggered ability against `events`, applied since `before` was taken;
    /// what triggered waits for the next placement.
    pub(in crate::scenario::engine) fn observe(&mut self, before: &Snapshot, events: &[Event]) {
        let o = Occurrences::of(events, self);
        if let Some(keyword) = self.keyword_before_it_existed(before, &o.damage) {
            self.refusal.get_or_insert(Refusal::NoSuchKeyword(keyword));
        }
        if o.left.is_empty()
            && o.entered.is_empty()
            && o.life.is_empty()
            && o.began.is_empty()
            && o.attacked.is_empty()
            && o.damage.is_empty()
            && o.blockers.is_empty()
        {
            return;
        }
        let mut found: Vec<Instance> = Vec::new();
        let sacrifice_looks_back = self.rules.has(Difference::SacrificeLooksBack);
        // Before 2026-04-17, E5 abilities judged looking back and not (see `sacrifices`).
        let (mut sac_back, mut sac_after) = (Vec::new(), Vec::new());
        // Abilities that look back: those that existed immediately before the event.
        for seen in &before.objects {
            for (index, ability) in triggered_abilities(&seen.view.chars) {
                // A keyword the revision doesn't have: inert until it would act, then the
                // scenario is refused ("Refusals").
                let exists = match ability.keyword {
                    Some(Keyword::Persist) => self.rules.has(Difference::Persist),
                    Some(Keyword::Undying) => self.rules.has(Difference::Undying),
                    Some(Keyword::Lifelink | Keyword::Deathtouch) | None => true,
                };
                if !exists {
                    let acts = o
                        .left
                        .iter()
                        .any(|l| l.0 == seen.card && l.1 == seen.object);
                    if acts {
                        self.refusal.get_or_insert(Refusal::NoSuchKeyword(
                            ability.keyword.map_or("", |k| k.name()),
                        ));
                    }
                    continue;
                }
                if ability.event.looks_back() {
                    found.extend(self.looking_back(before, seen, index, ability, &o));
                } else if let TriggerEvent::Sacrifices { .. } = ability.event {
                    let insts = self.looking_back(before, seen, index, ability, &o);
                    if sacrifice_looks_back {
                        found.extend(insts);
                    } else {
                        sac_back.extend(insts);
                    }
                }
            }
        }
        // The others: those that exist immediately after it.
        for c in self.cards.ids() {
            if self.cards[c].zone != Zone::Battlefield {
                continue;
            }
            let view = self.view(c);
            for (index, ability) in triggered_abilities(&view.chars) {
                if let TriggerEvent::Sacrifices { who, what } = &ability.event {
                    if !sacrifice_looks_back && !o.sacrificed.is_empty() {
                        let base = self.after_base(c, &view, index, ability);
                        sac_after.extend(self.sacrificed_after(base, who, what, before, &o));
                    }
                } else if !ability.event.looks_back() {
                    found.extend(self.after_the_event(c, &view, index, ability, &o));
                }
            }
            // Lifelink and deathtouch, triggered abilities in 2007-05-01 … 2009-05-01.
            let keywords = self.keyword_triggers(&view);
            for &k in &keywords {
                let several = keywords.iter().filter(|x| **x == k).count() > 1;
                let ability = k.ability();
                for mut inst in self.after_the_event(c, &view, k.index(), &ability, &o) {
                    inst.cites = vec![cite::R603_2];
                    inst.cites.extend(self.keyword_cites(k, several));
                    found.push(inst);
                }
            }
        }
        if !sac_back.is_empty() || !sac_after.is_empty() {
            // "Sacrifice triggers before 2026-04-17": both judgments must agree.
            let key = |i: &Instance| {
                (
                    i.source,
                    i.index,
                    i.controller,
                    i.object.as_ref().map(|o| o.card),
                )
            };
            let mut a: Vec<_> = sac_back.iter().map(key).collect();
            let mut b: Vec<_> = sac_after.iter().map(key).collect();
            a.sort_unstable();
            b.sort_unstable();
            if a == b {
                // The same both ways: played without claiming that it looked back.
                found.extend(sac_back.into_iter().map(|mut i| {
                    i.looked_back = false;
                    i
                }));
            } else {
                self.refusal.get_or_insert(Refusal::SacrificeLooksBack);
            }
        }
        for inst in found {
            self.trigger_records.push(TriggerRecord {
                source: inst.source,
                index: inst.index,
                instance: inst.instance(),
                controller: inst.controller,
                fate: TriggerFate::Triggered,
            });
            self.waiting.push(inst);
        }
    }

    fn looking_back(
        &self,
        before: &Snapshot,
        seen: &Seen,
        index: usize,
        ability: &TriggeredAbility,
        o: &Occurrences,
    ) -> Vec<Instance> {
        let left = &o.left;
        let you = seen.view.controller;
        let source_left = self.cards[seen.card].object != seen.object;
        let base = |object: Option<EventObject>, cites: Vec<Cite>| Instance {
            source: seen.card,
            source_object: seen.object,
            index,
            ability: ability.clone(),
            controller: you,
            source_view: seen.view.clone(),
            object,
            player: None,
            recipient: None,
            amount: 0,
            looked_back: true,
            source_left,
            targets: Vec::new(),
            cites,
        };
        let mut out = Vec::new();
        match &ability.event {
            TriggerEvent::Dies(what) | TriggerEvent::Leaves(what) => {
                let dies = matches!(ability.event, TriggerEvent::Dies(_));
                for &(card, old, new, to) in left {
                    if dies && !matches!(to, Zone::Graveyard(_)) {
                        continue;
                    }
                    let Some(it) = before.find(card, old) else {
                        continue;
                    };
                    let this = card == seen.card && old == seen.object;
                    if !object_fits(what, this, it, you) {
                        continue;
                    }
                    let object = it.moved(new, to);
                    let mut cites = self.trigger_cites(&ability.event, true);
                    if let Some(k) = ability.keyword {
                        cites.extend(self.keyword_cites(k, false));
                    }
                    let inst = base(Some(object), cites);
                    if self.condition_holds(&inst, Some(before)) {
                        out.push(inst);
                    }
                }
            }
            TriggerEvent::AttachedLeaves {
                equipped,
                creature,
                dies,
            } => {
                // 603.6e: the Aura or Equipment must be one, attached to it, immediately
                // before the event.
                let kind = if *equipped { "equipment" } else { "aura" };
                if !seen.view.chars.has_subtype(kind) {
                    return out;
                }
                for &(card, old, new, to) in left {
                    if *dies && !matches!(to, Zone::Graveyard(_)) {
                        continue;
                    }
                    let was_attached = before.attached.iter().any(|&(a, ao, t, tobj)| {
                        a == seen.card && ao == seen.object && t == card && tobj == old
                    });
                    let Some(it) = before.find(card, old) else {
                        continue;
                    };
                    if !was_attached || (*creature && !it.view.chars.is(CardType::Creature)) {
                        continue;
                    }
                    let object = it.moved(new, to);
                    let inst = base(Some(object), self.trigger_cites(&ability.event, true));
                    if self.condition_holds(&inst, Some(before)) {
                        out.push(inst);
                    }
                }
            }
            TriggerEvent::Sacrifices { who, what } => {
                for &(card, old, new, to, player) in &o.sacrificed {
                    let Some(it) = before.find(card, old) else {
                        continue;
                    };
                    let this = card == seen.card && old == seen.object;
                    if !players_fit(*who, player, you) || !object_fits(what, this, it, you) {
                        continue;
                    }
                    let object = it.moved(new, to);
                    let inst = base(Some(object), self.trigger_cites(&ability.event, true));
                    if self.condition_holds(&inst, Some(before)) {
                        out.push(inst);
                    }
                }
            }
            TriggerEvent::OneOrMoreDie(f) => {
                let any = left.iter().any(|&(card, old, _, to)| {
                    matches!(to, Zone::Graveyard(_))
                        && before
                            .find(card, old)
                            .is_some_and(|it| fits(f, &it.view, it.token, you))
                });
                if any {
                    let inst = base(None, self.trigger_cites(&ability.event, true));
                    if self.condition_holds(&inst, Some(before)) {
                        out.push(inst);
                    }
                }
            }
            _ => {}
        }
        out
    }

    fn after_the_event(
        &self,
        c: CardId,
        view: &View,
        index: usize,
        ability: &TriggeredAbility,
        o: &Occurrences,
    ) -> Vec<Instance> {
        let you = view.controller;
        let base = || self.after_base(c, view, index, ability);
        let mut out = Vec::new();
        match &ability.event {
            TriggerEvent::Enters {
                what,
                under_your_control,
            } => {
                for &(card, object) in &o.entered {
                    if self.cards[card].object != object || !self.on_battlefield(card) {
                        continue;
                    }
                    let it = Seen {
                        card,
                        object,
                        view: self.view(card),
                        counters: self.counters(card),
                        token: self.cards[card].token,
                    };
                    let this = card == c;
                    if !object_fits(what, this, &it, you)
                        || (*under_your_control && it.view.controller != you)
                    {
                        continue;
                    }
                    let mut inst = base();
                    inst.object = Some(EventObject {
                        card,
                        object,
                        zone: Zone::Battlefield,
                        view: it.view,
                        counters: it.counters,
                        token: it.token,
                    });
                    out.push(inst);
                }
            }
            TriggerEvent::Attacks(what) => {
                for &card in &o.attacked {
                    if !self.on_battlefield(card) {
                        continue;
                    }
                    let it = Seen {
                        card,
                        object: self.cards[card].object,
                        view: self.view(card),
                        counters: self.counters(card),
                        token: self.cards[card].token,
                    };
                    if !object_fits(what, card == c, &it, you) {
                        continue;
                    }
                    let mut inst = base();
                    inst.object = Some(EventObject {
                        card,
                        object: it.object,
                        zone: Zone::Battlefield,
                        view: it.view,
                        counters: it.counters,
                        token: it.token,
                    });
                    out.push(inst);
                }
            }
            TriggerEvent::Life { who, gained } => {
                for &(player, amount, g) in &o.life {
                    let fits = match who {
                        Players::You => player == you,
                        Players::Any => true,
                        Players::Opponent => player != you,
                        Players::Named(p) => player == *p,
                    };
                    if g == *gained && fits {
                        let mut inst = base();
                        inst.player = Some(player);
                        inst.amount = amount;
                        out.push(inst);
                    }
                }
            }
            TriggerEvent::Blocks | TriggerEvent::BecomesBlocked => {
                let declared = match ability.event {
                    TriggerEvent::Blocks => &o.blockers,
                    _ => &o.blocked,
                };
                if declared.contains(&c) {
                    out.push(base());
                }
            }
            TriggerEvent::Deals { .. } => {
                out.extend(self.damage_instances(c, base(), &ability.event, &o.damage));
            }
            TriggerEvent::Beginning { whose, step } => {
                for s in &o.began {
                    let fits = match whose {
                        Whose::Yours => self.active == you,
                        Whose::Each => true,
                        Whose::EachOpponents => self.active != you,
                    };
                    if s == step && fits {
                        out.push(base());
                    }
                }
            }
            _ => {}
        }
        out.retain(|inst| self.condition_holds(inst, None));
        out
    }

    /// An instance of an ability that exists immediately after the event, not yet bound to
    /// the event's object or player.
    fn after_base(
        &self,
        c: CardId,
        view: &View,
        index: usize,
        ability: &TriggeredAbility,
    ) -> Instance {
        Instance {
            source: c,
            source_object: self.cards[c].object,
            index,
            ability: ability.clone(),
            controller: view.controller,
            source_view: view.clone(),
            object: None,
            player: None,
            recipient: None,
            amount: 0,
            looked_back: false,
            source_left: false,
            targets: Vec::new(),
            cites: self.trigger_cites(&ability.event, false),
        }
    }

    /// Before 2026-04-17, an E5 ability judged without looking back: the abilities that
    /// exist immediately after the event, seeing each sacrificed permanent's last known
    /// information with only the continuous effects that still exist after it
    /// (scenario-format.md, "Sacrifice triggers before 2026-04-17").
    fn sacrificed_after(
        &self,
        base: Instance,
        who: &Players,
        what: &ObjectFilter,
        before: &Snapshot,
        o: &Occurrences,
    ) -> Vec<Instance> {
        let you = base.controller;
        let mut out = Vec::new();
        for &(card, old, new, to, player) in &o.sacrificed {
            let Some(was) = before.find(card, old) else {
                continue;
            };
            // The permanent put back, alone, among what exists after the event.
            let mut g = self.clone();
            g.view_cache = Default::default();
            g.cards[card].zone = Zone::Battlefield;
            g.cards[card].object = old;
            g.cards[card].controller = was.view.controller;
            g.cards[card].counters = was.counters;
            let it = Seen {
                card,
                object: old,
                view: g.view(card),
                counters: was.counters,
                token: was.token,
            };
            // `this` is never the sacrificed permanent: it isn't on the battlefield after.
            if !players_fit(*who, player, you) || !object_fits(what, false, &it, you) {
                continue;
            }
            let mut inst = base.clone();
            inst.object = Some(was.moved(new, to));
            if self.condition_holds(&inst, None) {
                out.push(inst);
            }
        }
        out
    }

    /// The rules that made an ability of `event` trigger, in today's numbering: 603.2 and
    /// its kind (603.6a, 700.4, 603.6c, 603.10a, 119.9, 603.2b).
    fn trigger_cites(&self, event: &TriggerEvent, looked_back: bool) -> Vec<Cite> {
        let mut out = vec![cite::R603_2];
        match event {
            TriggerEvent::Enters { .. } => out.push(cite::R603_6A),
            TriggerEvent::Dies(_) | TriggerEvent::OneOrMoreDie(_) => {
                out.push(cite::R700_4);
                out.push(cite::R603_6C);
            }
            TriggerEvent::Leaves(_) => out.push(cite::R603_6C),
            TriggerEvent::AttachedLeaves { equipped, dies, .. } => {
                if *dies {
                    out.push(cite::R700_4);
                }
                out.push(cite::R603_6C);
                if !equipped {
                    // An Aura's ability on the enchanted permanent leaving.
                    out.push(cite::R603_6E);
                }
            }
            TriggerEvent::Sacrifices { .. } => {
                out.push(cite::R701_21A);
                if !self.rules.has(Difference::SacrificeLooksBack) {
                    // A sacrifice moves a permanent from the battlefield (603.6c).
                    out.push(cite::R603_6C);
                }
            }
            TriggerEvent::Attacks(_) => out.push(cite::R508_3A),
            TriggerEvent::Deals { .. } => out.push(cite::R120_4B),
            TriggerEvent::Blocks => out.push(cite::R509_3A),
            TriggerEvent::BecomesBlocked => out.push(cite::R509_3C),
            TriggerEvent::Life { .. } => out.push(cite::R119_9),
            TriggerEvent::Beginning { .. } => out.push(cite::R603_2B),
        }
        let sacrifice_before = matches!(event, TriggerEvent::Sacrifices { .. })
            && !self.rules.has(Difference::SacrificeLooksBack);
        if looked_back && !sacrifice_before {
            out.push(self.look_back_rule());
        }
        out
    }

    /// The rule that makes leaves-the-battlefield abilities look back in time: 603.10a
    /// (2017-01-20 on), 603.6d (2009-07-11 … 2016-09-30), 410.10d before.
    pub(in crate::scenario::engine) fn look_back_rule(&self) -> Cite {
        if self.rules.has(Difference::LookBackIn603_10) {
            cite::R603_10A
        } else if self.rules.has(Difference::TriggeredAbilitiesIn603) {
            cite::R603_6D_LOOK_BACK
        } else {
            cite::R410_10D_LOOK_BACK
        }
    }

    /// An intervening `if` (603.4): as the ability triggers (`before`: the state
    /// immediately before the event, for an ability that looks back) or as it resolves.
    pub(in crate::scenario::engine) fn condition_holds(
        &self,
        inst: &Instance,
        before: Option<&Snapshot>,
    ) -> bool {
        let Some(cond) = &inst.ability.condition else {
            return true;
        };
        let you = inst.controller;
        match cond {
            Condition::Life { n, more } => {
                let life = match before {
                    Some(b) => b.life.get(you).copied().unwrap_or(0),
                    None => self.life(you),
                };
                if *more {
                    life >= *n
                } else {
                    life <= *n
                }
            }
            Condition::Control { filter, at_least } => {
                self.count_controlled(filter, you, before) >= *at_least as usize
            }
            Condition::ControlNo(filter) => self.count_controlled(filter, you, before) == 0,
            Condition::ItHad { kind, at_least } => {
                let Some(o) = &inst.object else {
                    return false;
                };
                let [plus, minus, loyalty, defense] = CounterKind::ALL.map(|k| o.counters.get(k));
                let n = match kind {
                    CounterKind::PlusOne => plus,
                    CounterKind::MinusOne => minus,
                    CounterKind::Loyalty => loyalty,
                    CounterKind::Defense => defense,
                };
                if *at_least == 0 {
                    n == 0
                } else {
                    n >= *at_least
                }
            }
        }
    }

    fn count_controlled(
        &self,
        filter: &super::super::super::effect::Filter,
        you: PlayerId,
        before: Option<&Snapshot>,
    ) -> usize {
        match before {
            Some(b) => b
                .objects
                .iter()
                .filter(|s| s.view.controller == you && fits(filter, &s.view, s.token, you))
                .count(),
            None => self
                .cards
                .ids()
                .filter(|&c| self.on_battlefield(c))
                .filter(|&c| {
                    let v = self.view(c);
                    v.controller == you && fits(filter, &v, self.cards[c].token, you)
                })
                .count(),
        }
    }
}

/// Whether `player`, who sacrificed, is one of `who` for an ability controlled by `you`.
fn players_fit(who: Players, player: PlayerId, you: PlayerId) -> bool {
    match who {
        Players::You => player == you,
        Players::Any => true,
        Players::Opponent => player != you,
        Players::Named(p) => player == p,
    }
}

/// Whether the event's object `it` fits `what`, `this` telling whether it is the source.
pub(super) fn object_fits(what: &ObjectFilter, this: bool, it: &Seen, you: PlayerId) -> bool {
    match what {
        ObjectFilter::This => this,
        ObjectFilter::Any(f) => fits(f, &it.view, it.token, you),
        ObjectFilter::Another(f) => !this && fits(f, &it.view, it.token, you),
        ObjectFilter::ThisOrAnother(f) => this || fits(f, &it.view, it.token, you),
    }
}
