//! Dependency (613.8): within a layer, an effect that depends on another waits for it.
//! Whether one depends on another is decided by 613.8a's own definition: apply the other
//! effect to a scratch copy of the board and see whether this effect's existence, the set
//! it applies to or what it does changes. Effects in a dependency loop apply in timestamp
//! order (613.8b); the order is reevaluated after each effect applied (613.8c). Where no
//! effect of a layer can depend on another, the layer is applied in timestamp order
//! (613.7) at the cost of one pass.

use super::super::prelude::*;
use super::system::Rule;
use super::{Board, Instance, Named, Part, Set, Stage, System};

/// What 613.8a compares: whether the effect exists, what it applies to and what it does.
type Evaluation = (bool, Vec<CardId>, Vec<i32>);

impl Game {
    /// Applies one layer's effects, in the order 613.3, 613.7 and 613.8 decide; returns
    /// them as applied, their sets fixed (613.6).
    pub(super) fn apply_layer(
        &self,
        stage: &Stage,
        mut pending: Vec<Instance>,
        board: &mut Board,
    ) -> Vec<Instance> {
        let mut done = Vec::new();
        if pending.iter().all(independent) {
            // No effect can depend on another (613.8a): timestamp order (613.7), at the
            // cost of one pass; many effects on one object stay linear.
            pending.sort_by_key(|i| (!i.defining, i.timestamp));
            for mut inst in pending {
                let mut cites = vec![stage.rule];
                cites.extend(stage.whole_effect_rule(&inst.parts));
                inst.locked = Some(self.set_of(&inst, board));
                self.log(stage, &inst, (&[], &[]), cites, board);
                self.apply_instance(stage, &inst, board, true);
                done.push(inst);
            }
            return done;
        }
        // Which pending effects each one waited for.
        let mut waited: Vec<Vec<Named>> = vec![Vec::new(); pending.len()];
        loop {
            // An ability removed by an effect already applied creates no effect.
            let mut k = 0;
            while k < pending.len() {
                if self.evaluate(&pending[k], board).0 {
                    k += 1;
                } else {
                    pending.remove(k);
                    waited.remove(k);
                }
            }
            if pending.is_empty() {
                break;
            }
            let m = pending.len();
            // depends[i][j]: pending[i] depends on pending[j] (613.8a).
            let mut depends = vec![vec![false; m]; m];
            if m > 1 {
                let before: Vec<Evaluation> =
                    pending.iter().map(|i| self.evaluate(i, board)).collect();
                for j in 0..m {
                    let mut scratch = board.clone();
                    self.apply_instance(stage, &pending[j], &mut scratch, false);
                    for i in 0..m {
                        if i != j
                            && self.may_depend(&pending[i], &pending[j])
                            && self.evaluate(&pending[i], &scratch) != before[i]
                        {
                            depends[i][j] = true;
                        }
                    }
                }
            }
            let reach = closure(&depends);
            // Ready: every effect it depends on is in a loop with it (613.8b).
            let ready = (0..m).filter(|&i| (0..m).all(|j| !depends[i][j] || reach[j][i]));
            let Some(next) = ready.min_by_key(|&i| (!pending[i].defining, pending[i].timestamp, i))
            else {
                break;
            };
            let system = System::of(&self.rules);
            let mut cites = vec![stage.rule];
            cites.extend(stage.whole_effect_rule(&pending[next].parts));
            let moved: Vec<usize> = (0..m)
                .filter(|&i| i != next && depends[i][next] && !reach[next][i])
                .collect();
            for &i in &moved {
                let t = pending[next].text.clone();
                if !waited[i].contains(&t) {
                    waited[i].push(t);
                }
            }
            let ahead: Vec<Named> = moved
                .iter()
                .filter(|&&i| pending[i].timestamp < pending[next].timestamp)
                .map(|&i| pending[i].text.clone())
                .collect();
            if !waited[next].is_empty() || !ahead.is_empty() {
                cites.extend(
                    [Rule::Depends, Rule::Waits]
                        .into_iter()
                        .flat_map(|r| system.cite(r)),
                );
            }
            let mut inst = pending.remove(next);
            let w = waited.remove(next);
            if inst.ability.is_some() && inst.locked.is_some() {
                cites.extend(system.cite(Rule::KeepsItsSet));
            }
            inst.locked = Some(self.set_of(&inst, board));
            self.log(stage, &inst, (&w, &ahead), cites, board);
            self.apply_instance(stage, &inst, board, true);
            done.push(inst);
        }
        done
    }

    /// Whether `i` may depend on `j` as far as characteristic-defining abilities go
    /// (613.8a: neither or both are; before 2012-10-01, neither is).
    fn may_depend(&self, i: &Instance, j: &Instance) -> bool {
        if self
            .rules
            .has(Difference::DefiningAbilitiesDependOnEachOther)
        {
            i.defining == j.defining
        } else {
            !i.defining && !j.defining
        }
    }

    /// 613.8a's three things: existence, set and what it does.
    fn evaluate(&self, inst: &Instance, board: &Board) -> Evaluation {
        let exists = match (&inst.ability, inst.source, &inst.locked) {
            (Some(a), Some(src), None) => {
                self.cards[src].zone == Zone::Battlefield
                    && board.chars[src]
                        .abilities
                        .iter()
                        .any(|x| matches!(x, Ability::Static(e) if **e == *a))
            }
            _ => true,
        };
        let set = self.set_of(inst, board);
        let mut does = Vec::new();
        for p in &inst.parts {
            match p {
                Part::PtCount(s) => does.push(self.described(s, inst.source, board).len() as i32),
                Part::SetPtManaValue => does.extend(set.iter().map(|c| board.chars[*c].mana_value)),
                _ => {}
            }
        }
        (exists, set, does)
    }
}

/// Whether nothing can change the effect's existence, set or result (613.8a): an effect
/// of a resolved spell or ability on one object (611.2c), not counting anything. It
/// depends on no other effect.
fn independent(inst: &Instance) -> bool {
    inst.ability.is_none()
        && matches!(inst.set, Set::Fixed(_))
        && !inst
            .parts
            .iter()
            .any(|p| matches!(p, Part::PtCount(_) | Part::SetPtManaValue))
}

/// The transitive closure of a relation.
fn closure(rel: &[Vec<bool>]) -> Vec<Vec<bool>> {
    let m = rel.len();
    let mut r = rel.to_vec();
    for k in 0..m {
        let through = r[k].clone();
        for row in r.iter_mut() {
            if row[k] {
                for (cell, &t) in row.iter_mut().zip(&through) {
                    *cell |= t;
                }
            }
        }
    }
    r
}
