//! The newest effect applied last (613.7b): an effect statement's effect on one object
//! has the latest timestamp of all, so within its layer the layer system applies it after
//! every other. When nothing later can see or undo what it does, applying it on top of
//! the board already computed gives what the whole layer system would, at the cost of one
//! effect instead of all of them: effects piling up on one object stay linear.
//!
//! Power and toughness qualify: no set (611.3a), no existence and no count (613.8a)
//! looks at them, so no effect depends on such an effect nor it on any other, and within
//! its layer the layer system takes it last whether or not other effects depend on each
//! other. What the layers applied to the object afterwards must leave it unchanged:
//! +1/+1 and -1/-1 counters after a modification (addition commutes); nothing after a
//! setting or switching effect. So do keywords gained where nothing on the board looks at
//! abilities (see `gains_keywords_unseen`). Anything else is computed anew.

use super::super::prelude::*;
use super::{parts_of, Board, Instance, Named, Part, Set, System};

impl Game {
    /// Applies `effect`, just added, on top of `board`, computed before it was; `false`
    /// (with `board` possibly changed) where the whole layer system must be run instead.
    pub(in super::super) fn apply_newest(
        &self,
        effect: &ContinuousEffect,
        board: &mut Board,
    ) -> bool {
        let c = effect.card;
        match self.cards.get(c) {
            Some(card) if card.object == effect.object => {}
            // The layer system skips an effect on an object that no longer exists (400.7).
            _ => return true,
        }
        if effect.timestamp < board.newest || board.log.get(c).is_none() {
            return false;
        }
        // A timestamp equal to the newest is one effect on a set (613.7b), applied to
        // each object once: on another object, it is still the newest on this one.
        if effect.timestamp == board.newest
            && board.log[c].iter().any(|a| a.timestamp == effect.timestamp)
        {
            return false;
        }
        let parts = parts_of(&effect.change);
        let power_toughness_only = parts
            .iter()
            .all(|p| matches!(p, Part::SetPt(_) | Part::Modify(_) | Part::Switch));
        let keywords_only = !power_toughness_only && self.gains_keywords_unseen(&parts, board);
        let stages = System::of(&self.rules).stages();
        let stage_of = |p: &Part| stages.iter().position(|s| s.holds(p, &parts, false));
        let Some(at) = parts.first().and_then(stage_of) else {
            return false;
        };
        if !(power_toughness_only || keywords_only) || parts.iter().any(|p| stage_of(p) != Some(at))
        {
            return false;
        }
        // What was applied to the object after this stage's effects, from the end.
        let log = &board.log[c];
        let later = log
            .iter()
            .rev()
            .take_while(|a| {
                let i = stages.iter().position(|s| *s == a.layer);
                i.is_none_or(|i| i > at)
                    || (i == Some(at) && matches!(a.effect, Named::Counters(_)))
            })
            .count();
        let modifies = parts.iter().all(|p| matches!(p, Part::Modify(_)));
        // Abilities gained where nothing looks at abilities leave every later layer's
        // result on the object as it was.
        let commutes = keywords_only
            || log[log.len() - later..]
                .iter()
                .all(|a| modifies && matches!(a.effect, Named::Counters(_)));
        if !commutes {
            return false;
        }
        let inst = Instance {
            source: None,
            ability: None,
            text: Named::Change(c, effect.change.clone()),
            timestamp: effect.timestamp,
            parts,
            set: Set::Fixed(c),
            locked: Some(vec![c]),
            defining: false,
        };
        let stage = &stages[at];
        let mut cites = vec![stage.rule];
        cites.extend(stage.whole_effect_rule(&inst.parts));
        let keep = board.log[c].len() - later;
        let after = board.log[c].split_off(keep);
        self.log(stage, &inst, (&[], &[]), cites, board);
        self.apply_instance(stage, &inst, board, true);
        board.log[c].extend(after);
        board.newest = effect.timestamp;
        true
    }

    /// Whether `parts` only gain abilities that create no effect of their own (no static
    /// ability: keywords such as protection, flying, trample) on a board where nothing
    /// looks at abilities: no static ability on the battlefield (whose set could be
    /// "creatures with flying", or which the gain could switch on) and no effect that
    /// counts objects. Then no effect depends on the gain (613.8a), it is the last of its
    /// layer by timestamp (613.7), and no later layer's result changes.
    fn gains_keywords_unseen(&self, parts: &[Part], board: &Board) -> bool {
        let keywords = parts.iter().all(|p| {
            matches!(p, Part::Gain(abilities)
                if abilities.iter().all(|a| !matches!(a, Ability::Static(_))))
        });
        keywords
            && !self.cards.enumerate().any(|(i, card)| {
                card.zone == Zone::Battlefield
                    && board.chars.get(i).is_some_and(|c| {
                        c.abilities.iter().any(|a| matches!(a, Ability::Static(_)))
                    })
            })
            && !self.effects.iter().any(|e| {
                // Only a change written as parts can count (see `parts_of`); a copy's
                // values are taken whole.
                let counts = |p: &Part| matches!(p, Part::PtCount(_) | Part::SetPtManaValue);
                match &e.change {
                    Change::Parts(parts) => parts.iter().any(counts),
                    Change::BecomesCopy(_) => true,
                    _ => false,
                }
            })
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;
    use std::path::{Path, PathBuf};

    use super::super::super::prelude::*;
    use crate::model::Date;
    use crate::scenario::parse;

    /// The rules a scenario names (the revision in force on its date), else today's.
    fn rules_of(setup: &Setup) -> Rules {
        setup
            .rules
            .as_ref()
            .and_then(|(s, _)| s.get(..10)?.parse::<Date>().ok())
            .and_then(crate::citations::in_force)
            .and_then(|d| Rules::for_date(d).ok())
            .unwrap_or_else(Rules::canonical)
    }

    /// Plays `text` action by action; after each, the board the cache holds (effects
    /// applied on top of it where they could be) must be the whole layer system's.
    /// Returns how many effects were applied on top.
    fn same_board_as_in_full(file: &str, text: &str) -> usize {
        let scenario = parse::parse(file, text).expect("a valid scenario");
        let mut game = Game::from_setup(&scenario.setup, rules_of(&scenario.setup))
            .expect("the board can be played");
        for item in &scenario.actions {
            // A refused action changes nothing; what counts is the board after it.
            let _ = game.perform(&crate::scenario::lower::action(item));
            let _ = game.state_based_actions(None);
            let kept = game.with_board(Board::clone);
            let full = game.layered();
            assert_eq!(kept, full, "{file}: after action {}", item.n);
        }
        game.view_cache.on_top.get()
    }

    use super::Board;

    /// A creature under static abilities of every P/T layer and of earlier ones, some
    /// dependent on others (Opalescence and Humility, 613.8a; an anthem for Goblins and an
    /// effect making the creature a Goblin), with effects of every layer added in an order
    /// that isn't the layers' (a pump, then a switch, then a type, then another pump…).
    fn many_effects(rules: &str, n: usize) -> String {
        let mut text = String::new();
        let _ = write!(
            text,
            "# many effects\n\n## Game\n- players: Alice, Bob\n- rules: {rules}\n\n## Battlefield\n\
             - bear: Creature — Bear 2/2; controller Alice; mana value 2\n\
             - wall: Creature — Wall 0/3; controller Bob; flying\n\
             - anthem: Enchantment; controller Alice; static: creatures you control get +1/+1\n\
             - goblins: Enchantment; controller Alice; static: goblins get +1/+0\n\
             - opal: Enchantment; controller Bob; mana value 4; static: each other non-Aura enchantment is a creature in addition to its other types and has base power and toughness each equal to its mana value\n\
             - humility: Enchantment; controller Alice; mana value 4; static: all creatures lose all abilities and have base power and toughness 1/1\n\n\
             ## Actions\n"
        );
        // Turns of thirty actions, most of them pumps; one in seven changes the wall's
        // type, colour or abilities, one in thirteen gives the bear a new type and P/T,
        // one in seventeen puts a counter on it; a switch two thirds into each turn (the
        // pumps after it can't go on top), then the next turn (514.2 ends the effects).
        let mut k = 1;
        for i in 0..n {
            let line = if i % 30 == 29 {
                "next turn".to_string()
            } else if i % 30 == 20 {
                "bear's power and toughness are switched until end of turn".to_string()
            } else if i % 13 == 12 {
                "bear becomes a Creature — Beast 3/3 until end of turn".to_string()
            } else if i % 7 == 6 {
                [
                    "wall gains subtype Goblin",
                    "wall becomes red",
                    "wall loses flying",
                ][i % 3]
                    .to_string()
            } else if i % 17 == 16 {
                "put 1 +1/+1 counter on bear".to_string()
            } else if i % 19 == 18 {
                "creatures Alice controls get +1/+2 until end of turn".to_string()
            } else {
                [
                    "bear gets +",
                    &(i % 3).to_string(),
                    "/-",
                    &(i % 2).to_string(),
                    " until end of turn",
                ]
                .concat()
            };
            let _ = writeln!(text, "{k}. {line}");
            k += 1;
        }
        let _ = write!(text, "{k}. next turn\n{}. bear gets +1/+1\n", k + 1);
        text.push_str("\n## Expect\n- bear is on the battlefield\n");
        text
    }

    #[test]
    fn effects_applied_on_top_give_the_whole_layer_systems_board() {
        // Each layer system: 613 today (7a–7d), 613 with 7e, 418.5 with and without
        // sublayers.
        for rules in ["2026-01-16", "2019-01-25", "2009-05-01", "2005-08-01"] {
            let on_top = same_board_as_in_full(rules, &many_effects(rules, 120));
            assert!(
                on_top >= 50,
                "{rules}: only {on_top} effects applied on top of the kept board"
            );
        }
    }

    fn scenario_files(dir: &Path) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|x| x == "md") && !p.ends_with("README.md"));
        files.sort();
        files
    }

    #[test]
    fn one_effect_on_a_set_goes_on_top_of_each_object() {
        // One timestamp for the effect on each object of the set (613.7b); counters and a
        // static ability around it.
        let mut text = String::from(
            "# set\n\n## Game\n- players: Alice, Bob\n- rules: 2026-01-16\n\n## Battlefield\n\
             - bear: Creature — Bear 2/2; controller Alice; counters 1 +1/+1\n\
             - elf: Creature — Elf 1/1; controller Alice\n\
             - lord: Creature — Elf 2/2; controller Alice; static: other Elves get +1/+1\n\
             - wall: Creature — Wall 0/3; controller Bob\n\n## Actions\n",
        );
        for n in 1..=40 {
            let action = match n % 4 {
                0 => "wall gets -1/-0 until end of turn",
                1 => "Alice gains 1 life",
                _ => "creatures Alice controls get +1/+1 until end of turn",
            };
            text.push_str(&n.to_string());
            text.push_str(". ");
            text.push_str(action);
            text.push('\n');
        }
        text.push_str("\n## Expect\n- bear is on the battlefield\n");
        let on_top = same_board_as_in_full("set", &text);
        // 20 set effects on 3 creatures, 10 on the wall: all but the first few on top.
        assert!(on_top >= 60, "only {on_top} effects applied on top");
    }

    #[test]
    fn keywords_gained_where_nothing_looks_at_abilities_go_on_top() {
        // Protection and flying again and again, pumps and a loss of all abilities among
        // them; then the same with an anthem for creatures with flying on the board,
        // where nothing may go on top but the pumps.
        let board = |extra: &str| {
            format!(
                "# keywords\n\n## Game\n- players: Alice, Bob\n- rules: 2026-01-16\n\n## Battlefield\n\
                 - keeper: Creature — Human 2/2; controller Alice; color white\n{extra}\n## Actions\n"
            )
        };
        let actions = |text: &mut String| {
            for n in 1..=60 {
                let action = match n % 6 {
                    0 => "keeper gets +1/+1 until end of turn",
                    1 => "keeper gains flying until end of turn",
                    2 => "keeper loses all abilities until end of turn",
                    3 => "next turn",
                    _ => "keeper gains protection from red until end of turn",
                };
                let _ = writeln!(text, "{n}. {action}");
            }
            text.push_str("\n## Expect\n- keeper is on the battlefield\n");
        };
        let mut plain = board("");
        actions(&mut plain);
        let on_top = same_board_as_in_full("keywords", &plain);
        assert!(on_top >= 30, "only {on_top} effects applied on top");
        let mut watched = board(
            "- anthem: Enchantment; controller Bob; static: creatures with flying get +1/+1\n",
        );
        actions(&mut watched);
        same_board_as_in_full("keywords under an anthem", &watched);
    }

    #[test]
    fn every_scenario_keeps_the_whole_layer_systems_board() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
        let mut played = 0;
        for dir in [root.clone(), root.join("layers"), root.join("combat")] {
            for path in scenario_files(&dir) {
                let text = std::fs::read_to_string(&path).expect("a readable scenario");
                same_board_as_in_full(&path.display().to_string(), &text);
                played += 1;
            }
        }
        assert!(played > 300, "only {played} scenarios found under {root:?}");
    }
}
