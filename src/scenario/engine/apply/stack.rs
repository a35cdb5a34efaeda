//! Applying what happens on the stack (405, 601, 608): a spell cast or an ability
//! activated goes on top with the objects it targets, the top object leaves as it
//! resolves (or doesn't), and a card that leaves the game (800.4a) leaves the stack too.

use super::super::prelude::*;

impl Game {
    /// What a stack event changes (see [`Game::apply`]).
    pub(super) fn apply_to_stack(&mut self, what: &Happened) {
        match what {
            Happened::Cast {
                player,
                card,
                targets,
            } => {
                // 601.2a: the spell goes on the stack, with the objects it targets.
                let targets = targets.iter().map(|t| (*t, self.object_of(*t))).collect();
                self.stack.push(StackItem {
                    kind: StackKind::Spell(*card),
                    controller: *player,
                    targets,
                });
                // 117.3c: its controller receives priority again.
                self.priority = *player;
            }
            Happened::Activated {
                player,
                source,
                ability,
                target,
            } => {
                let targets = target
                    .map(|t| (Target::Card(t), self.object_of(Target::Card(t))))
                    .into_iter()
                    .collect();
                let source_object = self.cards[*source].object;
                self.stack.push(StackItem {
                    kind: StackKind::Ability {
                        source: *source,
                        source_object,
                        ability: *ability,
                    },
                    controller: *player,
                    targets,
                });
                self.priority = *player;
            }
            Happened::Resolves(_)
            | Happened::DoesntResolve { .. }
            | Happened::SourceGone { .. } => {
                // 608.2, 608.3: the top object leaves the stack; 117.3b: the active player
                // receives priority.
                self.stack.pop();
                self.priority = self.active;
            }
            Happened::LeavesGame { card, owner, .. } => {
                let (c, owner) = (*card, *owner);
                self.stack
                    .retain(|s| !matches!(s.kind, StackKind::Spell(x) if x == c));
                self.effects.retain(|x| {
                    !(x.card == c && matches!(x.change, Change::Control(q) if q == owner))
                });
                let card = &mut self.cards[c];
                card.zone = Zone::Nowhere;
                card.attached_to = None;
            }
            _ => {}
        }
    }
}
