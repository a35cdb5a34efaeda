//! Countering a triggered ability (701.6a; 402.5 before 2009-07-11: "Abilities can be
//! countered by effects that specifically counter abilities"): `counter TRIG` removes the
//! topmost instance the name fits from the stack without resolving it. Before 2009-07-11
//! the combat damage object isn't a spell or an ability and can't be countered (310.3).

use super::super::prelude::*;
use super::place::name_of;
use super::*;

/// 701.6a, or 402.5 where the revision has no 701.6a's counterpart (before 2009-07-11).
pub const COUNTERING: Cite = cite::R701_6A.or_else(cite::R402_5_COUNTER_ABILITIES);

impl Game {
    /// `counter TRIG`: the topmost triggered ability on the stack that `name` fits is
    /// countered; with none, nothing happens.
    pub(in crate::scenario::engine) fn counter_trigger(&mut self, name: TriggerName) -> Vec<Event> {
        let at = self.stack.iter().rposition(|s| {
            matches!(&s.kind, StackKind::Trigger(i) if name.names(i.source, i.index, i.instance()))
        });
        let Some(at) = at else {
            return vec![event(
                Happened::NoTriggerToCounter {
                    source: name.source,
                },
                vec![Target::Card(name.source)],
                &[COUNTERING],
            )];
        };
        let item = self.stack.remove(at);
        let StackKind::Trigger(inst) = item.kind else {
            return Vec::new();
        };
        let mut e = self.trigger_removed(&inst, COUNTERING);
        e.what = Happened::TriggerCountered {
            ability: name_of(&inst),
        };
        vec![e]
    }

    /// `counter combat damage`: before 2009-07-11 the combat damage object can't be
    /// countered (310.3); from then on there is no such object. Nothing happens.
    pub(in crate::scenario::engine) fn counter_combat_damage(&mut self) -> Vec<Event> {
        let on_stack = self
            .stack
            .iter()
            .any(|s| matches!(s.kind, StackKind::CombatDamage));
        let rule = if on_stack {
            cite::R310_3_ON_THE_STACK
        } else {
            COUNTERING
        };
        vec![event(
            Happened::CombatDamageNotCountered { on_stack },
            Vec::new(),
            &[rule],
        )]
    }
}
