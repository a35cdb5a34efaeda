use super::*;

#[test]
fn folder_names_are_safe_whatever_the_id() {
    assert_eq!(safe_name("2026-04-17"), "2026-04-17");
    assert_eq!(safe_name("../x y"), ".._x_y");
    assert_eq!(safe_name("a/b\\c"), "a_b_c");
}

/// A revision with every field of every model type set.
fn every_field() -> Revision {
    use crate::model::{GlossaryEntry, Rule, Ruling, Section, Warning};
    let n = |s: &str| s.parse().expect("a rule number");
    let mut rule = Rule::new(n("212.8"), "Some text.");
    rule.title = Some("Title".into());
    rule.examples = vec!["An example.".into()];
    rule.references = vec![n("303.4c")];
    rule.rulings = vec![Ruling {
        label: "212.8.Ruling.1".into(),
        text: "A ruling.".into(),
        date: Date::new(2007, 5, 1),
        source: Some("FAQ".into()),
    }];
    rule.last_changed = Date::new(2007, 10, 1);
    Revision {
        id: "2008-02-01".into(),
        date: Date::new(2008, 2, 1).expect("a date"),
        source: "file.txt".into(),
        format: Format::RulingsPage,
        content_hash: "ab".into(),
        complete: true,
        sections: vec![Section {
            number: 2,
            title: "Parts of a Card".into(),
        }],
        rules: [(rule.number, rule)].into_iter().collect(),
        glossary: vec![GlossaryEntry {
            term: "Term".into(),
            aliases: vec!["Alias".into()],
            definition: "Means.".into(),
            obsolete: true,
            references: vec![n("212.8")],
        }],
        warnings: vec![Warning {
            line: 3,
            message: "odd".into(),
        }],
    }
}

#[test]
fn a_stored_model_reads_back_equal() {
    let path = Path::new("model.bin");
    let revision = every_field();
    let bytes = encode_model(path, &revision).expect("encodes");
    assert_eq!(decode_model(path, &bytes).expect("decodes"), revision);
}

#[test]
fn stored_model_encoding_is_pinned() {
    // If this fails, the model's shape changed: bump MODEL_VERSION (older indexes are
    // then refused with advice to ingest again) and update the bytes below.
    let bytes = encode_model(Path::new("model.bin"), &every_field()).expect("encodes");
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    // Magic and version (18 bytes), the checksum (4), then the model as version 1 had it.
    assert_eq!(&hex[..28], &PINNED_MODEL_V1[..28], "the magic");
    assert_eq!(&hex[28..36], "02000000", "MODEL_VERSION is {MODEL_VERSION}");
    assert_eq!(
        &hex[44..],
        &PINNED_MODEL_V1[36..],
        "MODEL_VERSION is {MODEL_VERSION}"
    );
}

#[test]
fn a_model_of_version_1_still_reads_and_a_changed_letter_is_refused() {
    let path = Path::new("model.bin");
    let v1: Vec<u8> = (0..PINNED_MODEL_V1.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&PINNED_MODEL_V1[i..i + 2], 16).expect("hex"))
        .collect();
    assert_eq!(decode_model(path, &v1).expect("reads"), every_field());
    assert!(!model_vouches_for_itself(&v1));
    let mut bytes = encode_model(path, &every_field()).expect("encodes");
    assert!(model_vouches_for_itself(&bytes));
    let at = bytes
        .windows(4)
        .position(|w| w == b"Some")
        .expect("the text");
    bytes[at] = b'T';
    assert!(matches!(
        decode_model(path, &bytes),
        Err(IndexError::Corrupt { .. })
    ));
}

const PINNED_MODEL_V1: &str = "617262697465722d6d6f64656c00010000000a323030382d30322d3031d80f02010866696c652e747874040261620101020f5061727473206f662061204361726401d40101080000d4010108000001055469746c650a536f6d6520746578742e010b416e206578616d706c652e01af020104016300010e3231322e382e52756c696e672e3109412072756c696e672e01d70f0501010346415101d70f0a0101045465726d0105416c696173064d65616e732e0101d401010800000103036f6464";

#[test]
fn damaged_or_foreign_models_are_refused_not_misread() {
    let path = Path::new("model.bin");
    let good = encode_model(path, &every_field()).expect("encodes");
    for cut in [0, 5, 14, 16, good.len() / 2, good.len() - 1] {
        let err = decode_model(path, &good[..cut]).expect_err("truncated");
        assert!(matches!(err, IndexError::Corrupt { .. }), "{cut}: {err}");
    }
    let mut newer = good.clone();
    newer[14] = newer[14].wrapping_add(5);
    assert!(matches!(
        decode_model(path, &newer),
        Err(IndexError::Incompatible { .. })
    ));
    let mut longer = good;
    longer.push(0);
    assert!(decode_model(path, &longer).is_err());
}

#[test]
fn a_catalogue_is_checked_on_its_bytes_and_one_laid_out_otherwise_still_reads() {
    let path = Path::new("catalogue.json");
    let mut catalogue = Catalogue::empty();
    catalogue.generation = 7;
    catalogue.put(Entry::of(&every_field(), "2008-02-01-ab".into()));
    let json = catalogue.to_json();
    let read = Catalogue::from_json(path, &json).expect("reads");
    let expected = read.checksum.expect("a checksum");
    assert_eq!(sealed_crc(&json, expected), Some(expected));
    // Indented otherwise (a user's editor): the same catalogue, checked as written again.
    let value: serde_json::Value = serde_json::from_slice(&json).expect("json");
    let other = serde_json::to_vec(&value).expect("json");
    assert_eq!(sealed_crc(&other, expected), None);
    assert_eq!(Catalogue::from_json(path, &other).expect("reads"), read);
    // A changed byte either way is damage.
    for bytes in [&json, &other] {
        let at = bytes
            .windows(10)
            .position(|w| w == b"2008-02-01")
            .expect("the id");
        let mut damaged = bytes.clone();
        damaged[at + 3] = b'9';
        assert!(matches!(
            Catalogue::from_json(path, &damaged),
            Err(IndexError::Damaged { .. })
        ));
    }
}

/// The rule table of a revision stored as `write_revision` stores it, in a fresh folder.
fn stored_with_table(revision: &Revision) -> (tempfile::TempDir, PathBuf, PathBuf, u32) {
    let dir = tempfile::tempdir().expect("a folder");
    let model = dir.path().join(MODEL);
    let bytes = encode_model(&model, revision).expect("encodes");
    fs::write(&model, &bytes).expect("write");
    let body = model_body_start(&bytes).expect("a body");
    let table = crate::index::rules::encode(revision, &bytes, body).expect("a table");
    let path = crate::index::rules::path(dir.path());
    fs::write(&path, table).expect("write");
    (dir, model, path, crc32fast::hash(&bytes))
}

/// A revision with rules at every depth, citing each other (the built-in revisions are
/// held to the table by the library's tests, through the writer).
fn tree() -> Revision {
    use crate::model::{Rule, Section};
    let n = |s: &str| s.parse().expect("a rule number");
    let mut revision = every_field();
    revision.rules.clear();
    revision.sections = vec![
        Section {
            number: 1,
            title: "Game Concepts".into(),
        },
        Section {
            number: 7,
            title: "Additional Rules".into(),
        },
    ];
    for (number, title, refs) in [
        ("100", Some("General"), &[][..]),
        ("100.1", None, &["704.5j", "100.2"][..]),
        ("100.2", None, &["704"][..]),
        ("704", Some("State-Based Actions"), &[][..]),
        ("704.5", None, &["100.1"][..]),
        ("704.5a", None, &["704.5j"][..]),
        ("704.5j", None, &["704.5", "100.2", "999.1"][..]),
        ("704.6", None, &["704.5a"][..]),
    ] {
        let mut rule = Rule::new(n(number), format!("The text of {number}."));
        rule.title = title.map(String::from);
        rule.references = refs.iter().map(|r| n(r)).collect();
        rule.examples = vec![format!("An example of {number}.")];
        revision.rules.insert(rule.number, rule);
    }
    revision
}

#[test]
fn the_rule_table_gives_every_rule_as_the_whole_model_does() {
    use crate::index::rules::{lookup, Lookup};
    let mut seen = 0;
    for revision in [tree(), every_field()] {
        let (_dir, model, table, crc) = stored_with_table(&revision);
        assert!(crate::index::rules::is_intact(&table, crc));
        assert!(!crate::index::rules::is_intact(&table, crc ^ 1));
        let cited = revision.cited_by_every_rule();
        for (number, rule) in &revision.rules {
            let Some(Lookup::Found {
                revision: part,
                cited_by,
            }) = lookup(&table, &model, crc, number).expect("reads")
            else {
                panic!("{} {number}: not found", revision.id);
            };
            assert_eq!(part.rule(number), Some(rule), "{number}");
            assert_eq!(part.subtree(number), revision.subtree(number), "{number}");
            assert_eq!(part.children(number), revision.children(number), "{number}");
            assert_eq!(cited_by, revision.cited_by(number), "{number}");
            assert_eq!(cited.get(number).cloned().unwrap_or_default(), cited_by);
            let mut above = number.parent();
            while let Some(n) = above {
                assert_eq!(part.rule(&n), revision.rule(&n), "{number} above: {n}");
                above = n.parent();
            }
            assert_eq!(
                (&part.id, part.date, part.format, &part.sections),
                (
                    &revision.id,
                    revision.date,
                    revision.format,
                    &revision.sections
                )
            );
            seen += 1;
        }
        let absent: crate::model::RuleNumber = "999.9999z".parse().expect("a number");
        assert!(matches!(
            lookup(&table, &model, crc, &absent).expect("reads"),
            Some(Lookup::Absent)
        ));
    }
    assert_eq!(seen, 9);
}

#[test]
fn a_damaged_or_stale_rule_table_or_model_entry_is_an_error_never_an_answer() {
    use crate::index::rules::lookup;
    let revision = tree();
    let number = *revision
        .rules
        .keys()
        .nth(revision.rules.len() / 2)
        .expect("a rule");
    let (_dir, model, table, crc) = stored_with_table(&revision);
    assert!(lookup(&table, &model, crc, &number)
        .expect("reads")
        .is_some());
    // Describing another model.
    assert!(lookup(&table, &model, crc ^ 1, &number).is_err());
    // Every byte of the table changed in turn (a sample): an error, or (the rows of other
    // rules and the citers of other rules aside) never a different answer.
    let good = format!("{:?}", lookup(&table, &model, crc, &number).expect("reads"));
    let original = fs::read(&table).expect("read");
    for at in (0..original.len()).step_by(97).chain([original.len() - 1]) {
        let mut damaged = original.clone();
        damaged[at] ^= 0x55;
        fs::write(&table, &damaged).expect("write");
        if let Ok(found) = lookup(&table, &model, crc, &number) {
            panic!("byte {at}: a damaged table answered: {found:?}");
        }
        assert!(!crate::index::rules::is_intact(&table, crc), "byte {at}");
    }
    fs::write(&table, &original).expect("write");
    // A changed byte in the rule's own entry of the model: an error naming the model.
    let bytes = fs::read(&model).expect("read");
    let entry = postcard::to_stdvec(&(number, &revision.rules[&number])).expect("encodes");
    let at = bytes
        .windows(entry.len())
        .position(|w| w == entry.as_slice())
        .expect("the rule's entry")
        + entry.len() / 2;
    let mut damaged = bytes.clone();
    damaged[at] ^= 0x55;
    fs::write(&model, &damaged).expect("write");
    match lookup(&table, &model, crc, &number) {
        Err(IndexError::Damaged { path, .. }) => assert_eq!(path, model),
        other => panic!("a damaged entry answered: {other:?}"),
    }
    assert!(good.contains(&revision.id));
    // No table: no answer from it.
    fs::remove_file(&table).expect("remove");
    assert!(lookup(&table, &model, crc, &number)
        .expect("reads")
        .is_none());
}
