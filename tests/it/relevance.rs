//! Relevance: the judge questions of `tests/data/relevance/questions.tsv` (the tuning set),
//! `heldout.tsv` (a first held-out set, written before tuning and studied since),
//! `heldout2.tsv`, `heldout3.tsv`, `heldout4.tsv`, `heldout5.tsv`, `heldout6.tsv` and
//! `heldout7.tsv` (a second, third, fourth, fifth, sixth and seventh held-out set, never
//! tuned on: only their figures are printed, never a question), `development.tsv` (long story-questions, studied one
//! by one like the tuning set) and issue #30's real questions in the askers' words
//! (`real-development.tsv`, studied; `real-heldout.tsv`, only its figures printed,
//! also by length), slang, typos,
//! long questions, plain English, old concepts, query syntax, each searched in its
//! revision exactly as `arbiter search` ranks and groups them, and by a plain BM25
//! baseline (no stemming, no expansion, no boosts) in the same run. The test prints hit@1,
//! hit@5 and the mean reciprocal rank (over the top ten) of both, per category, and fails
//! when arbiter falls below its targets or does not clearly beat the baseline. Skipped,
//! with a notice, when the corpus is absent.
//!
//! `ARBITER_RELEVANCE_SETS=tuning,heldout cargo test --test it relevance -- --nocapture`
//! runs only the named sets (`tuning`, `heldout`, `heldout2`, `heldout3`, `heldout4`,
//! `heldout5`, `heldout6`, `heldout7`, `development`, `real-development`,
//! `real-heldout`), for
//! a quicker look at the misses of the two sets that may be studied; the floors of the sets
//! not run are not checked. `ARBITER_RELEVANCE_FINE=1` prints the figures to three
//! decimals, to compare two rankings whose difference the second decimal hides.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use arbiter::index::baseline::PlainIndex;
use arbiter::index::{Request, RevisionIndex};
use arbiter::model::RuleNumber;

/// hit@5 and MRR arbiter must keep on each set: what it reaches today (after issue #14's
/// seventh round: tuning 0.93 and 0.83, held out 0.92 and 0.83, second held out 0.90 and
/// 0.82, see the README), less about 0.02 of room (tuning's floors kept from before). Issue #14 aims at 0.9 and 0.75.
const TUNING_HIT5: f64 = 0.91;
const TUNING_MRR: f64 = 0.80;
const HELDOUT_HIT5: f64 = 0.90;
const HELDOUT_MRR: f64 = 0.81;
const HELDOUT2_HIT5: f64 = 0.88;
const HELDOUT2_MRR: f64 = 0.79;
/// The third held-out set (issue #14's third round): its figures before any change of that
/// round were hit@5 0.69 and MRR 0.57 (plain BM25 0.66 and 0.48); 0.77 and 0.65 after the
/// sixth, 0.83 and 0.68 after the seventh (partly chosen from its misses; see the README),
/// less 0.02: below the targets of the other sets.
const HELDOUT3_HIT5: f64 = 0.81;
const HELDOUT3_MRR: f64 = 0.65;
/// The fourth held-out set (issue #14's fourth round): its figures before any change of that
/// round (on main at 5d33343) were hit@5 0.67 and MRR 0.55 (plain BM25 0.55 and 0.40), 0.73
/// and 0.59 when measured again after the fifth, 0.76 and 0.61 after the sixth, 0.77 and
/// 0.62 after the seventh (see the README), less 0.02: like the third, below the targets of the studied sets.
const HELDOUT4_HIT5: f64 = 0.75;
const HELDOUT4_MRR: f64 = 0.60;
/// The fifth held-out set (issue #14's sixth round): its figures before any change of that
/// round (on main at a3ef300) were hit@5 0.75 and MRR 0.60 (plain BM25 0.57 and 0.42), 0.78
/// and 0.64 after it, 0.81 and 0.68 after the seventh (see the README), less 0.02: like the third and fourth, below the
/// targets of the studied sets.
const HELDOUT5_HIT5: f64 = 0.78;
const HELDOUT5_MRR: f64 = 0.65;
/// The sixth held-out set (written in issue #14's sixth round, after the fifth): its figures
/// before any ranking change of that round (on main at 7ccd81a) were hit@5 0.69 and MRR 0.60
/// (plain BM25 0.59 and 0.44), 0.71 and 0.62 after it, 0.74 and 0.64 after the seventh
/// (see the README), less 0.02: like the
/// third to fifth, below the targets of the studied sets.
const HELDOUT6_HIT5: f64 = 0.72;
const HELDOUT6_MRR: f64 = 0.61;
/// The seventh held-out set (written in issue #14's seventh round, before its ranking
/// change): its figures before any ranking change of that round (on main at ed964ee) were
/// hit@5 0.69 and MRR 0.57 (plain BM25 0.52 and 0.40), 0.70 and 0.58 after it (see the
/// README), less 0.02:
/// like the third to sixth, below the targets of the studied sets.
const HELDOUT7_HIT5: f64 = 0.67;
const HELDOUT7_MRR: f64 = 0.56;
/// The development set of long questions (issue #14's sixth round, studied one by one): its
/// figures were hit@5 0.545 and MRR 0.422 on main at 7ccd81a, 0.580 and 0.444 after the
/// round's first change (measured before it was read), and 0.63 and 0.49 once studied,
/// 0.67 and 0.52 after the seventh round (plain BM25 0.45 and 0.28, see the README), less
/// 0.02.
const DEVELOPMENT_HIT5: f64 = 0.65;
const DEVELOPMENT_MRR: f64 = 0.50;
/// The real questions of issue #30, copied from public rules Q&A in the askers' words
/// (`real-development.tsv`, studied; `real-heldout.tsv`, never looked at one by one):
/// their figures on main at 6b64a4f, before any change of issue #30's search half, were
/// hit@5 0.242 and MRR 0.186 (plain BM25 0.200 and 0.149) and hit@5 0.404 and MRR 0.315
/// (plain BM25 0.255 and 0.201); after its changes (names, `die`, siblings unfolded),
/// 0.284 and 0.213, and 0.436 and 0.332 (real-heldout measured exactly twice), less 0.02;
/// after its second round (asking sentence, examples, homonyms, predefined tokens,
/// definitions of a short question's terms; real-heldout measured exactly twice again),
/// 0.295 and 0.220, and 0.447 and 0.328, less 0.02 (the held-out MRR floor kept: floors
/// only rise).
const REAL_DEVELOPMENT_HIT5: f64 = 0.27;
const REAL_DEVELOPMENT_MRR: f64 = 0.20;
const REAL_HELDOUT_HIT5: f64 = 0.42;
const REAL_HELDOUT_MRR: f64 = 0.31;
/// The real questions must not fall to plain BM25.
const REAL_MARGIN: f64 = 0.0;
/// How far above the baseline arbiter's hit@5 and MRR must be.
const MARGIN: f64 = 0.07;
/// On the third held-out set arbiter's hit@5 was only 0.03 above plain BM25's before the
/// third round: it must not fall to it.
const HELDOUT3_MARGIN: f64 = 0.0;
/// The fourth held-out set, like the third, must not fall to plain BM25.
const HELDOUT4_MARGIN: f64 = 0.0;
/// The fifth held-out set, like the third and fourth, must not fall to plain BM25.
const HELDOUT5_MARGIN: f64 = 0.0;
/// The sixth held-out set, like the third to fifth, must not fall to plain BM25.
const HELDOUT6_MARGIN: f64 = 0.0;
/// The seventh held-out set, like the third to sixth, must not fall to plain BM25.
const HELDOUT7_MARGIN: f64 = 0.0;
/// The development set must not fall to plain BM25 either.
const DEVELOPMENT_MARGIN: f64 = 0.0;
/// Questions of the set that are the bare slang of issue #14: each must be answered in the
/// top five.
const SLANG: &[&str] = &[
    "ETB trigger",
    "when are SBAs checked",
    "LKI",
    "APNAP",
    "cmc",
    "spell fizzles because its target is gone",
    "flicker",
    "mull to five",
    "what does dies mean",
    "summoning sick creature tap ability",
    "chump block",
    "cards in play",
    "+1/+1 and -1/-1 counters",
];
/// Ranks looked at: a rule found below this counts as not found.
const DEPTH: usize = 10;

/// Which set a question is in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Set {
    /// `questions.tsv`: the questions the ranking was tuned on; their misses are printed.
    Tuning,
    /// `heldout.tsv`: questions written before the first tuning; their misses have been
    /// studied since (issue #14's second round), so they are printed like the tuning set's.
    HeldOut,
    /// `heldout2.tsv`: questions written before the second round of tuning and never
    /// looked at one by one; only their figures are printed.
    HeldOut2,
    /// `heldout3.tsv`: questions written before the third round of tuning, never looked at
    /// one by one either.
    HeldOut3,
    /// `heldout4.tsv`: questions written before the fourth round of tuning, never looked at
    /// one by one either.
    HeldOut4,
    /// `heldout5.tsv`: questions written before the sixth round of tuning, never looked at
    /// one by one either.
    HeldOut5,
    /// `heldout6.tsv`: questions written in the sixth round before its ranking change, after
    /// the fifth set, never looked at one by one either.
    HeldOut6,
    /// `heldout7.tsv`: questions written in the seventh round before its ranking change,
    /// never looked at one by one either.
    HeldOut7,
    /// `development.tsv`: long story-questions written in the sixth round to be studied one
    /// by one (the held-out sets stay unseen); its misses are printed like the tuning set's.
    Development,
    /// `real-development.tsv`: real questions copied from public rules Q&A in the askers'
    /// words, with their sources (issue #30), studied one by one.
    RealDevelopment,
    /// `real-heldout.tsv`: real questions from other pages, never looked at one by one:
    /// only its figures are printed.
    RealHeldOut,
}

impl Set {
    const ALL: [Set; 11] = [
        Set::Tuning,
        Set::HeldOut,
        Set::HeldOut2,
        Set::HeldOut3,
        Set::HeldOut4,
        Set::HeldOut5,
        Set::HeldOut6,
        Set::HeldOut7,
        Set::Development,
        Set::RealDevelopment,
        Set::RealHeldOut,
    ];

    fn file(self) -> &'static str {
        match self {
            Set::Tuning => "questions.tsv",
            Set::HeldOut => "heldout.tsv",
            Set::HeldOut2 => "heldout2.tsv",
            Set::HeldOut3 => "heldout3.tsv",
            Set::HeldOut4 => "heldout4.tsv",
            Set::HeldOut5 => "heldout5.tsv",
            Set::HeldOut6 => "heldout6.tsv",
            Set::HeldOut7 => "heldout7.tsv",
            Set::Development => "development.tsv",
            Set::RealDevelopment => "real-development.tsv",
            Set::RealHeldOut => "real-heldout.tsv",
        }
    }

    /// The name `ARBITER_RELEVANCE_SETS` knows it by.
    fn name(self) -> &'static str {
        match self {
            Set::Tuning => "tuning",
            Set::HeldOut => "heldout",
            Set::HeldOut2 => "heldout2",
            Set::HeldOut3 => "heldout3",
            Set::HeldOut4 => "heldout4",
            Set::HeldOut5 => "heldout5",
            Set::HeldOut6 => "heldout6",
            Set::HeldOut7 => "heldout7",
            Set::Development => "development",
            Set::RealDevelopment => "real-development",
            Set::RealHeldOut => "real-heldout",
        }
    }

    /// May its questions be printed one by one? Only the sets that are studied.
    fn studied(self) -> bool {
        matches!(
            self,
            Set::Tuning | Set::HeldOut | Set::Development | Set::RealDevelopment
        )
    }

    /// The fewest questions the set must hold, the floors of arbiter's hit@5 and MRR, and
    /// how far above plain BM25's both must be.
    fn floors(self) -> (usize, f64, f64, f64) {
        match self {
            Set::Tuning => (150, TUNING_HIT5, TUNING_MRR, MARGIN),
            Set::HeldOut => (80, HELDOUT_HIT5, HELDOUT_MRR, MARGIN),
            Set::HeldOut2 => (80, HELDOUT2_HIT5, HELDOUT2_MRR, MARGIN),
            Set::HeldOut3 => (80, HELDOUT3_HIT5, HELDOUT3_MRR, HELDOUT3_MARGIN),
            Set::HeldOut4 => (110, HELDOUT4_HIT5, HELDOUT4_MRR, HELDOUT4_MARGIN),
            Set::HeldOut5 => (110, HELDOUT5_HIT5, HELDOUT5_MRR, HELDOUT5_MARGIN),
            Set::HeldOut6 => (110, HELDOUT6_HIT5, HELDOUT6_MRR, HELDOUT6_MARGIN),
            Set::HeldOut7 => (110, HELDOUT7_HIT5, HELDOUT7_MRR, HELDOUT7_MARGIN),
            Set::Development => (100, DEVELOPMENT_HIT5, DEVELOPMENT_MRR, DEVELOPMENT_MARGIN),
            Set::RealDevelopment => (90, REAL_DEVELOPMENT_HIT5, REAL_DEVELOPMENT_MRR, REAL_MARGIN),
            Set::RealHeldOut => (90, REAL_HELDOUT_HIT5, REAL_HELDOUT_MRR, REAL_MARGIN),
        }
    }
}

/// The sets to run: all, or those `ARBITER_RELEVANCE_SETS` names (comma-separated).
fn sets_to_run() -> Vec<Set> {
    match std::env::var("ARBITER_RELEVANCE_SETS") {
        Ok(names) if !names.trim().is_empty() => {
            let wanted: Vec<&str> = names.split(',').map(str::trim).collect();
            for name in &wanted {
                assert!(
                    Set::ALL.iter().any(|s| s.name() == *name),
                    "ARBITER_RELEVANCE_SETS: unknown set {name:?} (tuning, heldout, heldout2, heldout3, heldout4, heldout5, heldout6, heldout7, development, real-development, real-heldout)"
                );
            }
            Set::ALL
                .into_iter()
                .filter(|s| wanted.contains(&s.name()))
                .collect()
        }
        _ => Set::ALL.to_vec(),
    }
}

struct Question {
    set: Set,
    line: usize,
    text: String,
    answers: Vec<RuleNumber>,
    revision: Option<String>,
    category: String,
}

fn read_set(file: &str, set: Set) -> Vec<Question> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/relevance")
        .join(file);
    let data = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut out = Vec::new();
    for (i, line) in data.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let at = i + 1;
        let cols: Vec<&str> = line.split('\t').collect();
        // A fifth column, where a set has one, is the question's source.
        assert!(
            cols.len() == 4 || cols.len() == 5,
            "{file} line {at}: expected question<TAB>answers<TAB>revision<TAB>category[<TAB>source]: {line:?}"
        );
        let answers = cols[1]
            .split_whitespace()
            .map(|n| {
                n.parse::<RuleNumber>()
                    .unwrap_or_else(|e| panic!("{file} line {at}: {e}"))
            })
            .collect();
        out.push(Question {
            set,
            line: at,
            text: cols[0].to_string(),
            answers,
            revision: Some(cols[2].to_string()).filter(|r| r != "-"),
            category: cols[3].to_string(),
        });
    }
    out
}

/// Ranks (1-based) of the first answer in each system's list, per question.
#[derive(Default, Clone, Copy)]
struct Tally {
    n: usize,
    at1: usize,
    at5: usize,
    rr: f64,
}

impl Tally {
    fn add(&mut self, rank: Option<usize>) {
        self.n += 1;
        if let Some(r) = rank {
            self.at1 += usize::from(r == 1);
            self.at5 += usize::from(r <= 5);
            self.rr += 1.0 / r as f64;
        }
    }
    fn hit1(&self) -> f64 {
        self.at1 as f64 / self.n.max(1) as f64
    }
    fn hit5(&self) -> f64 {
        self.at5 as f64 / self.n.max(1) as f64
    }
    fn mrr(&self) -> f64 {
        self.rr / self.n.max(1) as f64
    }
    fn line(&self) -> String {
        let d = if std::env::var("ARBITER_RELEVANCE_FINE").is_ok() {
            3
        } else {
            2
        };
        format!(
            "hit@1 {:.d$}  hit@5 {:.d$}  MRR {:.d$}",
            self.hit1(),
            self.hit5(),
            self.mrr()
        )
    }
}

/// The length class of a question, in words (the real sets are reported by length).
fn length(question: &str) -> &'static str {
    match question.split_whitespace().count() {
        0..=10 => "w<=10",
        11..=25 => "w11-25",
        26..=40 => "w26-40",
        _ => "w>40",
    }
}

fn rank_of(found: &[RuleNumber], answers: &[RuleNumber]) -> Option<usize> {
    found
        .iter()
        .position(|n| answers.iter().any(|a| n.is_within(a)))
        .map(|i| i + 1)
}

/// The id of the newest corpus revision (`2026-04-17` of `cr-2026-04-17.txt`): the one a
/// question without a revision is asked in.
fn newest_id(files: &[std::path::PathBuf]) -> String {
    files
        .last()
        .and_then(|f| f.file_stem())
        .and_then(|s| s.to_str())
        .and_then(|s| s.strip_prefix("cr-"))
        .expect("a corpus file")
        .to_string()
}

#[test]
fn judge_questions_find_their_rule_better_than_plain_bm25() {
    let Some(files) = common::corpus_files() else {
        eprintln!(
            "NOTICE: relevance: ../shared/corpus is absent; the judge questions were NOT RUN"
        );
        return;
    };
    let dir = common::corpus_dir().expect("corpus dir");
    let newest = newest_id(&files);
    let sets = sets_to_run();
    let mut questions = Vec::new();
    let mut sizes = Vec::new();
    for &set in &sets {
        let read = read_set(set.file(), set);
        let (least, _, _, _) = set.floors();
        assert!(
            read.len() >= least,
            "{}: at least {least} questions, found {}",
            set.file(),
            read.len()
        );
        sizes.push(format!("{} {}", read.len(), set.name()));
        questions.extend(read);
    }
    let mut by_revision: BTreeMap<String, Vec<&Question>> = BTreeMap::new();
    for q in &questions {
        let id = q.revision.clone().unwrap_or_else(|| newest.clone());
        by_revision.entry(id).or_default().push(q);
    }
    let mut ours: BTreeMap<(Set, &str), Tally> = BTreeMap::new();
    let mut plain: BTreeMap<(Set, &str), Tally> = BTreeMap::new();
    let mut misses: BTreeMap<(Set, &str, usize), String> = BTreeMap::new();
    for (id, qs) in &by_revision {
        let revision =
            common::read_corpus(&dir, id).unwrap_or_else(|| panic!("corpus revision {id} reads"));
        let index = RevisionIndex::build_in_ram(&revision).expect("index");
        let baseline = PlainIndex::build(&revision).expect("baseline index");
        for q in qs {
            let found = index
                .answer(&Request {
                    query: &q.text,
                    scope: None,
                    limit: DEPTH,
                })
                .expect("search");
            let numbers: Vec<RuleNumber> = found.families.iter().map(|f| f.best.number).collect();
            let rank = rank_of(&numbers, &q.answers);
            let base = rank_of(
                &baseline.search(&q.text, DEPTH).expect("baseline"),
                &q.answers,
            );
            for (tallies, r) in [(&mut ours, rank), (&mut plain, base)] {
                tallies.entry((q.set, &q.category)).or_default().add(r);
                tallies.entry((q.set, "all")).or_default().add(r);
                if matches!(q.set, Set::RealDevelopment | Set::RealHeldOut) {
                    tallies.entry((q.set, length(&q.text))).or_default().add(r);
                }
            }
            // The unstudied sets' misses are not printed: they are not to be tuned on.
            if q.set.studied() && rank.is_none_or(|r| r > 5) {
                misses.insert(
                    (q.set, &q.category, q.line),
                    format!(
                        "  {:?} [{}] line {} {:?} wants {}, rank {}, top 3: {}",
                        q.set,
                        q.category,
                        q.line,
                        q.text,
                        q.answers
                            .iter()
                            .map(|n| n.short())
                            .collect::<Vec<_>>()
                            .join(" or "),
                        rank.map_or("-".to_string(), |r| r.to_string()),
                        numbers
                            .iter()
                            .take(3)
                            .map(|n| n.short())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
        }
    }
    eprintln!(
        "relevance: {} questions, {} revisions",
        sizes.join(", "),
        by_revision.len()
    );
    for ((set, category), t) in &ours {
        eprintln!(
            "  {:<8} {category:<7} n={:<3} arbiter {}   plain BM25 {}",
            format!("{set:?}"),
            t.n,
            t.line(),
            plain[&(*set, *category)].line()
        );
    }
    let misses: Vec<&String> = misses.values().collect();
    eprintln!(
        "tuning, first held-out and development questions not in arbiter's top five:\n{}",
        misses
            .iter()
            .map(|m| m.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The slang of issue #14 must each find their rule in the top five.
    let slang_misses: Vec<&&String> = misses
        .iter()
        .filter(|m| SLANG.iter().any(|s| m.contains(&format!("{s:?}"))))
        .collect();
    assert!(
        slang_misses.is_empty(),
        "judge slang missed:\n{slang_misses:#?}"
    );
    for set in sets {
        let (_, hit5, mrr, margin) = set.floors();
        let (a, b) = (ours[&(set, "all")], plain[&(set, "all")]);
        assert!(
            a.hit5() >= hit5 && a.mrr() >= mrr,
            "{set:?}: arbiter {} (floors hit@5 {hit5}, MRR {mrr})",
            a.line()
        );
        assert!(
            a.hit5() >= b.hit5() + margin && a.mrr() >= b.mrr() + margin,
            "{set:?}: arbiter {} does not clearly beat plain BM25 {}",
            a.line(),
            b.line()
        );
    }
}

/// The slips of the keyboard a question is retyped with: its longest word (of seven
/// letters or more) with the two letters at its middle swapped, the middle letter left
/// out, and the middle letter doubled (`deathtouch` → `deatthouch`, `deathouch`,
/// `deathttouch`). Deterministic, so a change of ranking is the only thing that moves
/// the figures.
fn slips(question: &str) -> Vec<String> {
    let Some(word) = question
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 7)
        .max_by_key(|w| w.len())
    else {
        return Vec::new();
    };
    let letters: Vec<char> = word.chars().collect();
    let i = letters.len() / 2;
    let mut swapped = letters.clone();
    swapped.swap(i - 1, i);
    let mut missing = letters.clone();
    missing.remove(i);
    let mut doubled = letters.clone();
    doubled.insert(i, letters[i]);
    [swapped, missing, doubled]
        .into_iter()
        .map(|w| w.into_iter().collect::<String>())
        .filter(|w| w != word)
        .map(|w| question.replacen(word, &w, 1))
        .collect()
}

/// What a slip of the keyboard may cost on the tuning set's questions, in hit@5 and in
/// MRR: a judge who types `deatthouch` is answered as one who types `deathtouch`, almost
/// always. (Before slips were respelt as typed, 0.93 → 0.88 and 0.82 → 0.71; now
/// nothing.)
const SLIP_COST: (f64, f64) = (0.02, 0.03);

#[test]
fn a_slip_of_the_keyboard_costs_little() {
    let Some(files) = common::corpus_files() else {
        eprintln!("NOTICE: relevance: ../shared/corpus is absent; the slips were NOT RUN");
        return;
    };
    let dir = common::corpus_dir().expect("corpus dir");
    let newest = newest_id(&files);
    let revision = common::read_corpus(&dir, &newest).expect("newest revision reads");
    let index = RevisionIndex::build_in_ram(&revision).expect("index");
    let rank = |text: &str, answers: &[RuleNumber]| {
        let found = index
            .answer(&Request {
                query: text,
                scope: None,
                limit: DEPTH,
            })
            .expect("search");
        let numbers: Vec<RuleNumber> = found.families.iter().map(|f| f.best.number).collect();
        rank_of(&numbers, answers)
    };
    let (mut typed, mut slipped) = (Tally::default(), Tally::default());
    for q in read_set(Set::Tuning.file(), Set::Tuning) {
        if q.revision.is_some() || q.category == "syntax" || q.category == "typo" {
            continue;
        }
        let right = rank(&q.text, &q.answers);
        for text in slips(&q.text) {
            typed.add(right);
            slipped.add(rank(&text, &q.answers));
        }
    }
    eprintln!(
        "slips: {} slipped questions, as typed {}, slipped {}",
        typed.n,
        typed.line(),
        slipped.line()
    );
    assert!(typed.n >= 300, "only {} slipped questions", typed.n);
    assert!(
        slipped.hit5() >= typed.hit5() - SLIP_COST.0 && slipped.mrr() >= typed.mrr() - SLIP_COST.1,
        "a slip costs too much: as typed {}, slipped {}",
        typed.line(),
        slipped.line()
    );
}

#[test]
fn the_slips_are_a_swap_a_missing_and_a_doubled_letter() {
    assert_eq!(
        slips("deathtouch and trample"),
        vec![
            "deatthouch and trample",
            "deathouch and trample",
            "deathttouch and trample"
        ]
    );
    assert!(slips("who wins").is_empty());
}
