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
