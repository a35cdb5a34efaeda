//! The checker's warnings about a board as written, and `arbiter check` as a user runs it.
//! The scenario files themselves (`tests/scenarios/`) are played one test per file by the
//! `cases` test binary (tests/cases/main.rs): `cargo test --test cases -- NAME`.

use arbiter::commands::check::check_text;
use arbiter::library::Library;

#[test]
fn a_board_with_some_timestamps_is_warned_about() {
    // "If any object on the battlefield has `timestamp`, all must."
    let text = "# t\n\n## Game\n- players: Alice, Bob\n\n## Battlefield\n\
        - bear: Creature — Bear 2/2; controller Alice; timestamp 2\n\
        - ogre: Creature — Ogre 2/2; controller Alice\n\n## Actions\n";
    let report =
        check_text(&Library::embedded_only(), "t.md", text).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.contains("`bear` (line 7) has a `timestamp` but ogre")),
        "{:?}",
        report.warnings
    );
}

#[test]
fn an_unstable_board_with_no_action_is_warned_about_as_written() {
    // "If the written board is not stable, the checker says so as a warning and corrects it
    // only when the first action is checked": with no action, it is never corrected.
    let text = "# t\n\n## Game\n- players: Alice, Bob\n\n## Battlefield\n\
        - bear: Creature — Bear 2/0; controller Alice\n\n## Actions\n\n\
        ## Expect\n- bear is on the battlefield\n";
    let report =
        check_text(&Library::embedded_only(), "t.md", text).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        report.warnings.iter().any(|w| w.contains(
            "with no action it is never corrected (state-based actions are performed only when an action is checked): every expectation is checked against the board as written, where bear has toughness 0"
        )),
        "{:?}",
        report.warnings
    );
    assert!(
        !report.warnings.iter().any(|w| w.contains("action 1")),
        "{:?}",
        report.warnings
    );
}

mod cli {
    //! `arbiter check` as a user runs it: the report, the summary line, exit statuses.

    use assert_cmd::Command;
    use predicates::prelude::*;

    fn arbiter() -> Command {
        let mut cmd = Command::cargo_bin("arbiter").unwrap_or_else(|e| panic!("{e}"));
        cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
            // Never the user's own index: an empty one of the build's temporary folder.
            .env(
                "ARBITER_INDEX",
                std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("scenarios-no-index"),
            )
            .env("NO_COLOR", "1");
        cmd
    }

    #[test]
    fn the_contract_example_passes_with_exit_0() {
        arbiter()
            .args(["check", "tests/check/protection-example.md"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains(
                "1. keeper gains protection from red until end of turn",
            ))
            .stdout(predicate::str::contains(
                "agility is an Aura attached illegally",
            ))
            .stdout(predicate::str::contains("(704.5m"))
            .stdout(predicate::str::contains(
                "PASS hammer is unattached (704.5n)",
            ))
            .stdout(predicate::str::contains("PASSED: 3 of 3 expectations hold"))
            // The final board keeps what the judge wrote: the Equipment is still red (the
            // line is fitted to 80 columns, its rest hanging under it).
            .stdout(predicate::str::contains(
                "hammer \"Jackhammer\": Artifact — Equipment; controller Alice; color red;\n      equip {2}",
            ));
    }

    #[test]
    fn a_failed_expectation_exits_1() {
        arbiter()
            .args(["check", "tests/check/failing-expectation.md"])
            .assert()
            .code(1)
            .stdout(predicate::str::contains("ILLEGAL"))
            .stdout(predicate::str::contains("(305.2, 305.2b)"))
            .stdout(predicate::str::contains("FAIL action 1 is legal"));
    }

    #[test]
    fn several_files_end_with_the_summary_line() {
        arbiter()
            .args(["check", "tests/check"])
            .assert()
            .code(1)
            .stdout(predicate::str::ends_with("1 passed, 1 failed\n"));
    }

    #[test]
    fn an_unreadable_scenario_exits_2_naming_file_and_line() {
        arbiter()
            .args(["check", "tests/scenarios/malformed/unknown-verb.md"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "tests/scenarios/malformed/unknown-verb.md:10: unknown verb `flies`",
            ));
    }

    #[test]
    fn with_an_unreadable_file_the_summary_is_still_the_contracts_line() {
        arbiter()
            .args([
                "check",
                "tests/check/protection-example.md",
                "tests/scenarios/malformed/unknown-verb.md",
            ])
            .assert()
            .code(2)
            .stdout(predicate::str::ends_with("\n1 passed, 0 failed\n"))
            .stderr(predicate::str::contains(
                "tests/scenarios/malformed/unknown-verb.md:10: unknown verb `flies`",
            ))
            .stderr(predicate::str::contains("1 scenario could not be read"));
    }

    #[test]
    fn json_with_explain_quotes_the_cited_rules() {
        // Issue #33: `check --json --explain` omitted the quoted rules.
        let out = arbiter()
            .args([
                "check",
                "--json",
                "--explain",
                "tests/check/protection-example.md",
            ])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(out.status.code(), Some(0));
        let doc: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
        let rules = doc["rules"].as_array().cloned().unwrap_or_default();
        let quoted = rules
            .iter()
            .find(|r| r["number"] == "303.4c")
            .unwrap_or_else(|| panic!("303.4c is not quoted: {rules:?}"));
        assert!(quoted["text"]
            .as_str()
            .unwrap_or_default()
            .contains("enchanting an illegal"));
    }

    #[test]
    fn json_of_an_unreadable_scenario_carries_the_reason_and_points_to_the_reference() {
        // Issue #33: the error document said only "1 scenario could not be read", the
        // reason being on stderr alone.
        let out = arbiter()
            .args([
                "check",
                "--json",
                "tests/scenarios/malformed/unknown-verb.md",
            ])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(out.status.code(), Some(2));
        let doc: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
        let error = &doc["error"];
        assert_eq!(error["kind"], "bad_input");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("unknown-verb.md:10: unknown verb `flies`"),
            "{message}"
        );
        assert!(
            error["hint"]
                .as_str()
                .unwrap_or_default()
                .contains("arbiter help scenario-reference"),
            "{error}"
        );
    }

    #[test]
    fn json_is_one_document_with_the_contract_keys() {
        let out = arbiter()
            .args(["check", "--json", "tests/check/protection-example.md"])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(out.status.code(), Some(0));
        let doc: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
        for key in [
            "scenario",
            "revision",
            "actions",
            "state_based_actions",
            "board",
            "expectations",
            "passed",
        ] {
            assert!(doc.get(key).is_some(), "missing {key}");
        }
        assert_eq!(doc["actions"][0]["legal"], true);
        assert_eq!(doc["expectations"][2]["passed"], true);
        let several = arbiter()
            .args(["check", "--json", "tests/check"])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let docs: serde_json::Value =
            serde_json::from_slice(&several.stdout).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(docs.as_array().map(Vec::len), Some(2));
    }
}

#[test]
fn a_land_play_without_priority_says_so_in_a_land_plays_words() {
    // 305.1: "A player who has priority may play a land card": a refused land play is not
    // about casting spells or activating abilities (issue #26).
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/scenarios/land-without-priority-illegal.md"),
    )
    .unwrap();
    let report =
        check_text(&Library::embedded_only(), "t.md", &text).unwrap_or_else(|e| panic!("{e}"));
    let reason = &report.actions[0].reason;
    assert!(!report.actions[0].legal);
    assert!(
        reason.contains(
            "Alice doesn't have priority (Bob does); a player plays a land only with priority"
        ),
        "{reason}"
    );
    assert!(!reason.contains("casts spells"), "{reason}");
}

#[test]
fn before_2009_07_11_the_report_says_in_play_and_state_based_effects() {
    // 2009-05-01 says "in play" (217.1c: "the in-play zone") and "state-based effects" (420)
    // where 2009-07-11 says "the battlefield" and "state-based actions". The report's data
    // (JSON, and what `arbiter compare` matches) keeps today's words; the terminal says the
    // revision's.
    let board = |rules: &str| {
        format!(
            "# t\n\n## Game\n- players: Alice, Bob\n- rules: {rules}\n\n## Battlefield\n\
             - bear: Creature — Bear 2/2; controller Alice\n\
             - ogre: Creature — Ogre 2/2; controller Bob\n\n## Actions\n\
             1. bear is dealt 2 damage by bear\n2. destroy bear\n"
        )
    };
    let shown = |rules: &str| {
        let report = check_text(&Library::embedded_only(), "t.md", &board(rules))
            .unwrap_or_else(|e| panic!("{e}"));
        let style = arbiter::render::Style { color: false };
        (
            report.in_play,
            arbiter::render::check::text(&report, false, &[], style),
        )
    };
    // The bear dies of its damage (a round of state-based actions); "destroy bear" then
    // finds it gone.
    let (in_play, old) = shown("2009-05-01");
    assert!(in_play);
    assert!(!old.contains("battlefield"), "{old}");
    assert!(!old.contains("state-based action"), "{old}");
    assert!(
        old.contains("state-based effects (420.3), round 1"),
        "{old}"
    );
    assert!(old.contains("In play:"), "{old}");
    assert_eq!(
        arbiter::scenario::in_the_words_before_2009_07_11(
            "anthem moves from Alice's hand to the battlefield: put by an effect"
        ),
        "anthem moves from Alice's hand into play: put by an effect"
    );
    let (in_play, new) = shown("2009-07-11");
    assert!(!in_play);
    assert!(
        new.contains("state-based actions (704.3), round 1"),
        "{new}"
    );
    assert!(new.contains("Battlefield:"), "{new}");
}

#[test]
fn type_lines_are_shown_in_their_printed_order_with_subtypes_as_the_rules_write_them() {
    // "Enchantment Creature" as printed (not "Creature Enchantment"); 205.3m writes
    // "Assembly-Worker", 205.3i "Power-Plant".
    let text = "# t\n\n## Game\n- players: Alice, Bob\n\n## Battlefield\n\
        - god: Legendary Enchantment Creature — God 6/5; controller Alice\n\
        - worker: Artifact Creature — Assembly-Worker 2/2; controller Alice\n\
        - plant: Land — Urza's Power-Plant; controller Alice\n\n## Actions\n";
    let report =
        check_text(&Library::embedded_only(), "t.md", text).unwrap_or_else(|e| panic!("{e}"));
    let line = |label: &str| {
        report
            .board
            .cards
            .iter()
            .find(|c| c.label == label)
            .map(|c| c.type_line.clone())
            .unwrap()
    };
    assert_eq!(line("god"), "Legendary Enchantment Creature — God");
    assert_eq!(line("worker"), "Artifact Creature — Assembly-Worker");
    assert_eq!(line("plant"), "Land — Urza's Power-Plant");
}

/// Every rule number a board's report cites, under `rules` (in the declare blockers step
/// when the board has an attacker).
fn cited(rules: &str, battlefield: &str, actions: &str) -> Vec<String> {
    let step = if battlefield.contains("attacking") {
        "declare blockers"
    } else {
        "precombat main"
    };
    let text = format!(
        "# t\n\n## Game\n- players: Alice, Bob\n- rules: {rules}\n- step: {step}\n\n\
         ## Battlefield\n{battlefield}\n## Actions\n{actions}"
    );
    let report =
        check_text(&Library::embedded_only(), "t.md", &text).unwrap_or_else(|e| panic!("{e}"));
    report.cited_rules().iter().map(|n| n.short()).collect()
}

#[test]
fn before_2009_07_11_each_citation_is_that_revisions_own_rule_or_none() {
    // 501.2b of 2007-05-01 … 2009-05-01 says only "If an effect tries to attach an Aura,
    // Equipment, or Fortification to the object it's already attached to, the effect does
    // nothing": it is cited for that, not for an Aura that can't be attached (212.4k then).
    let board = "- bear: Creature — Bear 2/2; controller Alice\n\
        - wall: Artifact; controller Alice\n\
        - aura: Enchantment — Aura; controller Alice; enchant creature; attached to bear\n";
    let cant = cited("2008-02-01", board, "1. attach aura to wall\n");
    assert!(!cant.contains(&"501.2b".to_string()), "{cant:?}");
    assert!(cant.contains(&"212.4k".to_string()), "{cant:?}");
    let already = cited("2008-02-01", board, "1. attach aura to bear\n");
    assert!(already.contains(&"501.2b".to_string()), "{already:?}");
    // 420.5m of 2007-05-01 unattaches "A permanent that's neither an Aura, an Equipment, nor
    // a Fortification": an animated Aura goes by 420.5d alone.
    let animated = cited(
        "2007-05-01",
        board,
        "1. aura becomes a creature 2/2 until end of turn\n",
    );
    assert!(animated.contains(&"420.5d".to_string()), "{animated:?}");
    assert!(!animated.contains(&"420.5m".to_string()), "{animated:?}");
    // 2007-05-01 has no planeswalkers: its 310.2b gives an unblocked attacker's damage to
    // the defending player, and no rule speaks of damage to a planeswalker.
    let walker = cited(
        "2007-05-01",
        "- jace: Planeswalker — Jace; controller Bob; loyalty 3\n\
         - bear: Creature — Bear 2/2; controller Alice; attacking jace\n",
        "1. combat damage\n",
    );
    assert!(!walker.contains(&"310.2b".to_string()), "{walker:?}");
    // 700.4 of 2009-07-11 is indestructible ("rules and effects can't destroy it").
    let indestructible = |rules: &str| {
        cited(
            rules,
            "- bear: Creature — Bear 2/2; controller Alice; indestructible\n",
            "1. destroy bear\n",
        )
    };
    assert!(indestructible("2009-07-11").contains(&"700.4".to_string()));
    assert!(indestructible("2013-07-13").contains(&"702.12b".to_string()));
    assert!(!indestructible("2013-07-13").contains(&"700.4".to_string()));
}

#[test]
fn a_first_combat_damage_step_made_by_double_strike_cites_double_strike() {
    // 702.4b: the double striker alone makes the first step; 702.7b (first strike) is not
    // the rule that made it (502.28b and 502.2b before 2009-07-11).
    for (rules, double, first) in [
        ("2026-01-16", "702.4b", "702.7b"),
        ("2008-02-01", "502.28b", "502.2b"),
    ] {
        let said = cited(
            rules,
            "- knight: Creature — Knight 2/2; controller Alice; double strike; attacking\n",
            "1. combat damage\n",
        );
        assert!(said.contains(&double.to_string()), "{rules}: {said:?}");
        assert!(!said.contains(&first.to_string()), "{rules}: {said:?}");
    }
}

#[test]
fn a_keyword_the_revision_lacks_is_named_in_a_warning() {
    // "A feature the revision lacks is inert until it would act …, with a warning" (the
    // contract, "Refusals"): lifelink began in 2007-05-01.
    let text = "# t\n\n## Game\n- players: Alice, Bob\n- rules: 2007-02-01\n\n## Battlefield\n\
        - knight: Creature — Kithkin Knight 2/2; controller Alice; lifelink\n\n## Actions\n";
    let report =
        check_text(&Library::embedded_only(), "t.md", text).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        report.warnings.iter().any(|w| w.contains(
            "knight has lifelink, which the rules of 2007-02-01 don't have: it is inert until it would act"
        )),
        "{:?}",
        report.warnings
    );
    assert!(report.refused.is_none());
}
