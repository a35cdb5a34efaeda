//! How long the checker takes to read and play one scenario (the contract's example), the
//! whole suite in `tests/scenarios/` and its triggered abilities in `tests/scenarios/triggers/`,
//! and generated scenarios of 1,000 to 8,000 actions, plain or each triggering an ability
//! that resolves (the time should grow linearly with the number of actions), without
//! process start or printing. `cargo bench --bench scenario`; `bench/triggers` measures
//! the same as whole processes.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};

use arbiter::scenario::{self, Rules, SameNumbers};

const EXAMPLE: &str = r#"# Protection sheds an Aura but not an Equipment

## Game
- players: Alice, Bob
- turn: Alice
- step: precombat main
- rules: 2026-01-16

## Battlefield
- keeper "Keeper of Kookus": Creature — Human 1/3; controller Alice
- hammer "Jackhammer": Artifact — Equipment; controller Alice; color red; equip {2}; attached to keeper
- agility "Agility": Enchantment — Aura; controller Alice; color red; enchant creature; attached to keeper

## Actions
1. keeper gains protection from red until end of turn

## Expect
- agility is in Alice's graveyard (704.5m)
- hammer is on the battlefield
- hammer is unattached (704.5n)
"#;

fn parse_and_play(name: &str, text: &str) -> bool {
    match scenario::parse(name, text) {
        Ok(s) => scenario::play(&s, Rules::canonical(), "2026-01-16", &SameNumbers).passed,
        Err(_) => false,
    }
}

/// A scenario of `n` actions: life changes, counters put and removed, and an "until end of
/// turn" pump and a keyword on two creatures (continuous effects that pile up).
fn many_actions(n: usize) -> String {
    const KINDS: [&str; 6] = [
        "Alice gains 1 life",
        "Bob loses 1 life",
        "put 1 +1/+1 counter on bear",
        "remove 1 +1/+1 counter from bear",
        "bear gets +1/+1 until end of turn",
        "wall gains hexproof",
    ];
    let mut text = format!(
        "# {n} actions\n\n## Game\n- players: Alice, Bob\n- life: Bob {n}\n\n## Battlefield\n- bear: Creature — Bear 2/2; controller Alice\n- wall: Creature — Wall 0/3; controller Bob\n\n## Actions\n"
    );
    for i in 0..n {
        text.push_str(&format!("{}. {}\n", i + 1, KINDS[i % KINDS.len()]));
    }
    text.push_str("\n## Expect\n- bear is on the battlefield\n");
    text
}

/// A scenario of `n` actions, each a life gain that triggers "put a +1/+1 counter on this",
/// which resolves before the next action.
fn triggering_actions(n: usize) -> String {
    let mut text = format!(
        "# {n} triggering actions\n\n## Game\n- players: Alice, Bob\n- turn: Alice\n- step: precombat main\n- rules: 2026-01-16\n\n## Battlefield\n- pet: Creature — Cat 1/1; controller Alice; trigger: whenever you gain life, put a +1/+1 counter on this\n\n## Actions\n"
    );
    for i in 0..n {
        text.push_str(&format!("{}. Alice gains 1 life\n", i + 1));
    }
    text.push_str(&format!("\n## Expect\n- pet has {n} +1/+1 counters\n"));
    text
}

/// A lion returned with a +1/+1 counter under three "that many plus 1" and three "twice
/// that many" effects: six effects on one counter event, 720 legal orders.
fn six_replacement_effects() -> String {
    let plus = "replacement: if one or more +1/+1 counters would be put on a creature you control, that many plus 1 +1/+1 counters are put on it instead";
    let twice = "replacement: if an effect would put one or more counters on a permanent you control, it puts twice that many of those counters on that permanent instead";
    let mut s = String::from("# Six replacement effects\n\n## Game\n- players: Alice, Bob\n- rules: 2026-04-17\n\n## Battlefield\n");
    for (label, text) in [
        ("a", plus),
        ("b", plus),
        ("c", plus),
        ("d", twice),
        ("e", twice),
        ("f", twice),
    ] {
        s.push_str(&format!(
            "- {label}: Enchantment; controller Alice; {text}\n"
        ));
    }
    s.push_str("\n## Graveyard\n- lion: Creature — Cat 2/2; owner Alice\n\n## Actions\n1. return lion to the battlefield under Alice's control with 1 +1/+1 counter on it (Alice applies: a, b, c, d, e, f)\n\n## Expect\n- lion has 32 +1/+1 counters\n- replacement order matters at action 1\n");
    s
}

fn suite(dir: &Path) -> Vec<(String, String)> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "md"))
                .filter(|p| !p.ends_with("README.md"))
                .filter_map(|p| {
                    let text = std::fs::read_to_string(&p).ok()?;
                    Some((p.display().to_string(), text))
                })
                .collect()
        })
        .unwrap_or_default()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("actions");
    group.sample_size(10);
    for n in [1000, 2000, 4000, 8000] {
        let text = many_actions(n);
        group.bench_function(format!("parse and play {n} actions"), |b| {
            b.iter(|| parse_and_play("many.md", black_box(&text)))
        });
    }
    group.finish();
    c.bench_function("parse and play the contract's example", |b| {
        b.iter(|| parse_and_play("example.md", black_box(EXAMPLE)))
    });
    let mut group = c.benchmark_group("triggering actions");
    group.sample_size(10);
    for n in [1000, 2000, 4000, 8000] {
        let text = triggering_actions(n);
        assert!(
            parse_and_play("triggers.md", &text),
            "{n} triggering actions pass"
        );
        group.bench_function(format!("parse and play {n} triggering actions"), |b| {
            b.iter(|| parse_and_play("triggers.md", black_box(&text)))
        });
    }
    group.finish();
    // Issue #27: one event with six applicable replacement effects, every one of its 720
    // orders enumerated (aim: under 100 ms on a release build).
    let six = six_replacement_effects();
    assert!(
        parse_and_play("six.md", &six),
        "the six-effect board passes"
    );
    c.bench_function(
        "parse and play one event with six replacement effects",
        |b| b.iter(|| parse_and_play("six.md", black_box(&six))),
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    for (name, dir) in [
        ("parse and play tests/scenarios", root.clone()),
        (
            "parse and play tests/scenarios/triggers",
            root.join("triggers"),
        ),
    ] {
        let files = suite(&dir);
        if files.is_empty() {
            continue;
        }
        c.bench_function(name, |b| {
            b.iter(|| {
                files
                    .iter()
                    .filter(|(n, t)| parse_and_play(n, black_box(t)))
                    .count()
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
