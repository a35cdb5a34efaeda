//! The shields statements and trigger effects make: `regenerate L` (701.19a),
//! `prevent the next N damage that would be dealt to X this turn` (615.7; one shield per
//! object of a set as the effect happens, 615.11), and the `prevent all … this turn`
//! effects (615.1a; a set fixed as the effect happens, 611.2c). All end in the cleanup
//! step (514.2).

use super::super::prelude::*;
use super::{Guard, Maker, Shield, ShieldSpec, Shielded};

impl Game {
    /// A shield a resolving trigger makes on `card`, named `L's trigger N`.
    pub(in crate::scenario::engine) fn trigger_shield(
        &mut self,
        inst: &super::super::triggered::Instance,
        card: CardId,
        kind: super::super::triggered::ShieldKind,
    ) -> Vec<Event> {
        use super::super::triggered::ShieldKind as K;
        let spec = match kind {
            K::Regenerate => ShieldSpec::Regenerate(card),
            K::Next(n) => ShieldSpec::Next {
                to: Shielded::Card(card),
                n,
            },
            K::AllTo { combat_only } => ShieldSpec::AllTo {
                to: Some(Shielded::Card(card)),
                combat_only,
            },
            K::AllFrom { combat_only } => ShieldSpec::AllFrom {
                source: card,
                combat_only,
            },
        };
        let maker = Maker::Trigger {
            source: inst.source,
            index: inst.index,
        };
        self.make_shield(&spec, maker)
    }

    /// Makes the shields of `spec`, named after `maker`.
    pub(in crate::scenario::engine) fn make_shield(
        &mut self,
        spec: &ShieldSpec,
        maker: Maker,
    ) -> Vec<Event> {
        match spec {
            ShieldSpec::Regenerate(c) => self.regenerate(*c, maker),
            ShieldSpec::Next { to, n } => {
                let mut events = Vec::new();
                for t in self.shielded(to) {
                    let object = self.target_object(t);
                    let guard = Guard::Next {
                        to: t,
                        object,
                        left: *n,
                    };
                    let mut e = self.add_shield(guard, maker, t, Some(*n));
                    // 615.11: one shield per object of the set as the effect happens.
                    if matches!(to, Shielded::Set(_)) {
                        e.cites.push(cite::R615_11);
                    }
                    events.push(e);
                }
                events
            }
            ShieldSpec::AllTo { to, combat_only } => {
                let set = to.as_ref().map(|x| {
                    self.shielded(x)
                        .into_iter()
                        .map(|t| (t, self.target_object(t)))
                        .collect::<Vec<_>>()
                });
                let shown = set.as_ref().and_then(|s| s.first()).map(|(t, _)| *t);
                let guard = Guard::AllTo {
                    to: set,
                    combat_only: *combat_only,
                };
                match shown {
                    Some(t) => vec![self.add_shield(guard, maker, t, None)],
                    None => self.add_prevention(
                        guard,
                        maker,
                        "all damage that would be dealt this turn is prevented",
                    ),
                }
            }
            ShieldSpec::AllFrom {
                source,
                combat_only,
            } => {
                let object = self.object_id(*source);
                let text = format!(
                    "all damage {} would deal this turn is prevented",
                    self.cards[*source].label
                );
                self.add_prevention(
                    Guard::AllFrom {
                        source: *source,
                        object,
                        combat_only: *combat_only,
                    },
                    maker,
                    &text,
                )
            }
        }
    }

    fn add_shield(&mut self, guard: Guard, maker: Maker, t: Target, n: Option<i32>) -> Event {
        let timestamp = self.ts();
        self.shields.push(Shield {
            guard,
            maker,
            timestamp,
        });
        let numbers: &[Cite] = if n.is_some() {
            &[cite::R615_7]
        } else {
            &[cite::R615_1A]
        };
        event(
            Happened::Shield {
                maker,
                to: t,
                regenerate: false,
                n,
            },
            vec![t],
            numbers,
        )
    }

    fn add_prevention(&mut self, guard: Guard, maker: Maker, text: &str) -> Vec<Event> {
        let timestamp = self.ts();
        self.shields.push(Shield {
            guard,
            maker,
            timestamp,
        });
        vec![event(
            Happened::PreventionBegins {
                maker,
                text: text.to_string(),
            },
            Vec::new(),
            &[cite::R615_1A],
        )]
    }

    /// The objects and players a shield statement names, as it happens (615.11).
    fn shielded(&self, to: &Shielded) -> Vec<Target> {
        match to {
            Shielded::Card(c) => self
                .on_battlefield(*c)
                .then_some(Target::Card(*c))
                .into_iter()
                .collect(),
            Shielded::Player(p) => vec![Target::Player(*p)],
            Shielded::Set(s) => self
                .with_board(|board| self.described(s, None, board))
                .into_iter()
                .map(Target::Card)
                .collect(),
        }
    }

    fn target_object(&self, t: Target) -> u32 {
        match t {
            Target::Card(c) => self.object_id(c),
            Target::Player(_) => 0,
        }
    }
}
