//! The effects of a triggered ability that act on players, the stack and the game
//! (scenario-format.md, "Triggered abilities"): `PLAYER sacrifices OBJ[, OBJ]...[ and OBJ]`
//! (701.21a), `counter TRIG` and `counter L` (701.6a), `PLAYER wins the game` (104.2b).

use super::*;
use crate::scenario::engine::triggered::{TargetSpec, TriggerEffect, TriggerEvent};

impl Reader<'_> {
    /// One such effect, or `None` if `e` is none of them.
    pub(super) fn game_effect(
        &self,
        line: usize,
        e: &str,
        event: &TriggerEvent,
        targets: &mut Vec<TargetSpec>,
    ) -> R<Option<TriggerEffect>> {
        // 701.21a: `PLAYER sacrifices OBJ[, OBJ]...[ and OBJ]`.
        for verb in [" sacrifices ", " sacrifice "] {
            let Some((who, list)) = e.split_once(verb) else {
                continue;
            };
            let mut trial = targets.clone();
            let Some(who) = self.player_ref(line, who, &mut trial)? else {
                continue;
            };
            let mut what = Vec::new();
            for obj in list.split(", ").flat_map(|p| p.split(" and ")) {
                match self.object_ref(line, obj, event, &mut trial)? {
                    Some(o) => what.push(o),
                    None => return Ok(None),
                }
            }
            *targets = trial;
            return Ok(Some(TriggerEffect::Sacrifice { who, what }));
        }
        // 701.6a: `counter TRIG`, `counter L` (a spell).
        if let Some(body) = e.strip_prefix("counter ") {
            let body = body.trim();
            if let Some(&c) = self.labels.get(body) {
                return Ok(Some(TriggerEffect::CounterSpell(c)));
            }
            if body.contains("'s ") {
                return Ok(Some(TriggerEffect::CounterTrigger(
                    self.trigger_name(line, body)?,
                )));
            }
            return Ok(None);
        }
        // 104.2b: `PLAYER wins the game`.
        if let Some(who) = e
            .strip_suffix(" wins the game")
            .or_else(|| e.strip_suffix(" win the game"))
        {
            return Ok(self.player_ref(line, who, targets)?.map(TriggerEffect::Win));
        }
        Ok(None)
    }
}
