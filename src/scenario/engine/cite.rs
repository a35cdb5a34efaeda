//! Rule numbers as data. Every rule the engine applies is a constant of the one table
//! below, named after its number (`R704_5M` is 704.5m): a misspelled name doesn't compile,
//! and a malformed number in the table fails const evaluation, so it doesn't compile
//! either. Numbers are those of [`CANONICAL`] unless the entry names another revision
//! (a rule that no longer exists today); the shell translates them into the numbering
//! of the revision a scenario chose.

use crate::model::{Date, RuleNumber};

/// The revision whose numbering the table is written in.
pub const CANONICAL: Date = Date {
    year: 2026,
    month: 1,
    day: 16,
};

/// A rule the engine cites: a number in the numbering of one revision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cite {
    pub rule: RuleNumber,
    /// The revision whose numbering `rule` is in.
    pub numbering: Date,
    /// Where the chosen revision has no counterpart of `rule` (a rule since split off),
    /// the rule that said the same there, in the numbering of another revision.
    pub otherwise: Option<(RuleNumber, Date)>,
    /// Where the chosen revision has no counterpart of `otherwise` either, an older rule
    /// that said the same (the land limit: 305.2b, 305.3 of 2011-07-15, 212.6b of 2006).
    pub otherwise_older: Option<(RuleNumber, Date)>,
}

impl Cite {
    /// A rule number of the canonical revision.
    pub const fn canonical(rule: RuleNumber) -> Cite {
        Cite {
            rule,
            numbering: CANONICAL,
            otherwise: None,
            otherwise_older: None,
        }
    }

    /// The same citation, with `other` cited for revisions that lack this rule (and, given
    /// a second time, for revisions that lack the first `other` too).
    pub const fn or_else(self, other: Cite) -> Cite {
        if self.otherwise.is_none() {
            Cite {
                otherwise: Some((other.rule, other.numbering)),
                ..self
            }
        } else {
            Cite {
                otherwise_older: Some((other.rule, other.numbering)),
                ..self
            }
        }
    }
}

/// Reads a rule number at compile time; a malformed one panics during const evaluation,
/// which is a compile error.
const fn number(s: &str) -> RuleNumber {
    let b = s.as_bytes();
    let mut i = 0;
    let mut rule: u16 = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        rule = rule * 10 + (b[i] - b'0') as u16;
        i += 1;
    }
    if i != 3 {
        panic!("a rule number starts with three digits");
    }
    if i == b.len() {
        return RuleNumber::rule(rule);
    }
    if b[i] != b'.' {
        panic!("a rule number's subrule follows a period");
    }
    i += 1;
    let start = i;
    let mut sub: u16 = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        sub = sub * 10 + (b[i] - b'0') as u16;
        i += 1;
    }
    if i == start {
        panic!("a subrule number has digits");
    }
    if i == b.len() {
        return RuleNumber::subrule(rule, sub);
    }
    let letter = b[i];
    if i + 1 != b.len() || !letter.is_ascii_lowercase() || letter == b'l' || letter == b'o' {
        panic!("a subrule letter is one lower-case letter other than l and o");
    }
    RuleNumber::lettered(rule, sub, letter as char)
}

macro_rules! table {
    ($($name:ident = $n:literal $(in $y:literal - $m:literal - $d:literal)?;)*) => {
        $(
            #[doc = concat!("Rule ", $n, $(" (numbered as in ", stringify!($y), "-", stringify!($m), "-", stringify!($d), ")",)? ".")]
            pub const $name: Cite = table!(@cite $n $(, $y, $m, $d)?);
        )*
        /// Every constant with its name, for the test that each name says its number.
        pub const TABLE: &[(&str, Cite)] = &[$((stringify!($name), $name)),*];
    };
    (@cite $n:literal) => { Cite::canonical(number($n)) };
    (@cite $n:literal, $y:literal, $m:literal, $d:literal) => {
        Cite {
            rule: number($n),
            numbering: Date { year: $y, month: $m, day: $d },
            otherwise: None,
            otherwise_older: None,
        }
    };
}

table! {
    R104_1 = "104.1";
    R104_2A = "104.2a";
    R104_2B = "104.2b";
    R104_4A = "104.4a";
    R104_5 = "104.5";
    R110_2 = "110.2";
    R205_1A = "205.1a";
    R205_1B = "205.1b";
    R205_3D = "205.3d";
    R110_2A = "110.2a";
    R110_4 = "110.4";
    R111_7 = "111.7";
    R111_8 = "111.8";
    R115_1 = "115.1";
    R115_1B = "115.1b";
    R115_2 = "115.2";
    R115_5 = "115.5";
    R116_2A = "116.2a";
    R117_1 = "117.1";
    R117_1A = "117.1a";
    R117_3A = "117.3a";
    R117_3C = "117.3c";
    R117_4 = "117.4";
    R107_1B = "107.1b";
    R119_3 = "119.3";
    R120_1 = "120.1";
    R120_3 = "120.3";
    R120_3C = "120.3c";
    R120_3A = "120.3a";
    R120_3E = "120.3e";
    R120_3F = "120.3f";
    R120_3H = "120.3h";
    R120_4B = "120.4b";
    R120_8 = "120.8";
    R122_1 = "122.1";
    R122_3 = "122.3";
    R301_1 = "301.1";
    R301_5 = "301.5";
    R301_5B = "301.5b";
    R301_5C = "301.5c";
    R301_5D = "301.5d";
    R301_5E = "301.5e";
    R301_6 = "301.6";
    R302_1 = "302.1";
    R302_6 = "302.6";
    R303_1 = "303.1";
    R303_4 = "303.4";
    R303_4A = "303.4a";
    R303_4B = "303.4b";
    R303_4C = "303.4c";
    R303_4D = "303.4d";
    R303_4F = "303.4f";
    R303_4G = "303.4g";
    R303_4H = "303.4h";
    R303_4I = "303.4i";
    R303_4J = "303.4j";
    R303_7A = "303.7a";
    R304_1 = "304.1";
    R305_1 = "305.1";
    R305_2 = "305.2";
    R305_2A = "305.2a";
    R305_2B = "305.2b";
    R305_3 = "305.3";
    R305_4 = "305.4";
    R305_7 = "305.7";
    R305_9 = "305.9";
    R306_1 = "306.1";
    R307_1 = "307.1";
    R310_1 = "310.1";
    R310_7 = "310.7";
    R310_8B = "310.8b";
    R310_8C = "310.8c";
    R310_9 = "310.9";
    R310_10 = "310.10";
    R310_11A = "310.11a";
    R400_3 = "400.3";
    R400_4A = "400.4a";
    R400_7 = "400.7";
    R500_1 = "500.1";
    R500_2 = "500.2";
    R502_3 = "502.3";
    R502_4 = "502.4";
    R505_6B = "505.6b";
    R506_2 = "506.2";
    R506_4 = "506.4";
    R506_4C = "506.4c";
    R508_1 = "508.1";
    R508_1A = "508.1a";
    R508_1B = "508.1b";
    R508_1C = "508.1c";
    R508_1F = "508.1f";
    R508_8 = "508.8";
    R509_1 = "509.1";
    R509_1A = "509.1a";
    R509_1B = "509.1b";
    R509_1G = "509.1g";
    R509_1H = "509.1h";
    R509_3A = "509.3a";
    R509_3C = "509.3c";
    R510_1 = "510.1";
    R510_1A = "510.1a";
    R510_1B = "510.1b";
    R510_1C = "510.1c";
    R510_1D = "510.1d";
    R510_1E = "510.1e";
    R510_2 = "510.2";
    R510_4 = "510.4";
    R511_3 = "511.3";
    R514_2 = "514.2";
    R514_3 = "514.3";
    R514_3A = "514.3a";
    R601_2 = "601.2";
    R601_2A = "601.2a";
    R601_3 = "601.3";
    R602_2 = "602.2";
    R602_5D = "602.5d";
    R604_3 = "604.3";
    R608_2B = "608.2b";
    R608_2C = "608.2c";
    R608_2H = "608.2h";
    R608_2N = "608.2n";
    R608_3 = "608.3";
    R608_3A = "608.3a";
    R608_3B = "608.3b";
    R608_3C = "608.3c";
    R611_2C = "611.2c";
    R611_3A = "611.3a";
    R613 = "613";
    R613_1A = "613.1a";
    R613_1B = "613.1b";
    R613_1D = "613.1d";
    R613_1E = "613.1e";
    R613_1F = "613.1f";
    R613_4A = "613.4a";
    R613_4B = "613.4b";
    R613_4C = "613.4c";
    R613_4D = "613.4d";
    R613_6 = "613.6";
    R613_7A = "613.7a";
    R613_7B = "613.7b";
    R614_1A = "614.1a";
    R614_2 = "614.2";
    R614_5 = "614.5";
    R614_6 = "614.6";
    R614_7A = "614.7a";
    R614_8 = "614.8";
    R615_1A = "615.1a";
    R615_6 = "615.6";
    R615_7 = "615.7";
    R615_10 = "615.10";
    R615_11 = "615.11";
    R616_1 = "616.1";
    R616_1E = "616.1e";
    R613_7C = "613.7c";
    R613_7E = "613.7e";
    R613_8A = "613.8a";
    R613_8B = "613.8b";
    R701_3A = "701.3a";
    R701_3B = "701.3b";
    R701_6A = "701.6a";
    R701_8A = "701.8a";
    R701_13A = "701.13a";
    R701_19A = "701.19a";
    R701_21A = "701.21a";
    R702_2B = "702.2b";
    R702_2C = "702.2c";
    R702_2E = "702.2e";
    R702_3B = "702.3b";
    R702_4B = "702.4b";
    R702_5A = "702.5a";
    R702_5D = "702.5d";
    R702_6A = "702.6a";
    R702_7B = "702.7b";
    R702_7C = "702.7c";
    R702_8A = "702.8a";
    R702_9B = "702.9b";
    R702_11B = "702.11b";
    R702_12B = "702.12b";
    R702_16B = "702.16b";
    R702_16C = "702.16c";
    R702_16D = "702.16d";
    R702_16F = "702.16f";
    R702_16J = "702.16j";
    R702_15B = "702.15b";
    R702_15C = "702.15c";
    R702_18A = "702.18a";
    R702_19B = "702.19b";
    R702_19D = "702.19d";
    R702_67 = "702.67";
    R702_67A = "702.67a";
    R702_111B = "702.111b";
    R702_151 = "702.151";
    R702_151A = "702.151a";
    R702_151B = "702.151b";
    R704_3 = "704.3";
    R704_5A = "704.5a";
    R704_5D = "704.5d";
    R704_5F = "704.5f";
    R704_5G = "704.5g";
    R704_5H = "704.5h";
    R704_5I = "704.5i";
    R704_5J = "704.5j";
    R704_5K = "704.5k";
    R704_5M = "704.5m";
    R704_5N = "704.5n";
    R704_5P = "704.5p";
    R704_5Q = "704.5q";
    R704_5V = "704.5v";
    R704_5W = "704.5w";
    R704_5X = "704.5x";
    R704_5Y = "704.5y";
    R707_2 = "707.2";
    R707_3 = "707.3";
    R800_4A = "800.4a";
    R800_4B = "800.4b";
    R800_4C = "800.4c";
    R800_4E = "800.4e";
    R800_4K = "800.4k";
    R702_16E = "702.16e";
    // Triggered abilities (603) and last known information (608.2h, 113.7a).
    R113_7A = "113.7a";
    R117_5 = "117.5";
    R119_9 = "119.9";
    R603_2 = "603.2";
    R603_2B = "603.2b";
    R603_2C = "603.2c";
    R603_3 = "603.3";
    R603_3A = "603.3a";
    R603_3B = "603.3b";
    R603_3D = "603.3d";
    R603_4 = "603.4";
    R603_6A = "603.6a";
    R603_6C = "603.6c";
    R603_6E = "603.6e";
    R400_7F = "400.7f";
    R603_10A = "603.10a";
    R608_2 = "608.2";
    R608_2A = "608.2a";
    R700_4 = "700.4";
    R508_3A = "508.3a";
    R702_79A = "702.79a";
    R702_93A = "702.93a";
    R603_6D_LOOK_BACK = "603.6d" in 2016 - 9 - 30;
    R410_10D_LOOK_BACK = "410.10d" in 2009 - 5 - 1;
    R410_8_INTERVENING_IF = "410.8" in 2009 - 5 - 1;
    // Rules today's revision no longer has, in the numbering of a revision that had them.
    R704_5J_UNIQUENESS = "704.5j" in 2017 - 1 - 20;
    R305_3_LAND_LIMIT = "305.3" in 2011 - 7 - 15;
    R212_6B_LAND_LIMIT = "212.6b" in 2006 - 10 - 1;
    R212_9D_LOYALTY = "212.9d" in 2008 - 2 - 1;
    R408_1B_PRIORITY = "408.1b" in 2009 - 5 - 1;
    R700_4_INDESTRUCTIBLE = "700.4" in 2013 - 2 - 1;
    R308_1_ATTACK_TARGET = "308.1" in 2009 - 5 - 1;
    // The layer system of 418.5 (before 2009-07-11), in its last numbering.
    R418_5_LAYERS = "418.5" in 2009 - 5 - 1;
    R418_5A_LAYERS = "418.5a" in 2009 - 5 - 1;
    R418_5B_SET = "418.5b" in 2009 - 5 - 1;
    R418_5C_DEPENDS = "418.5c" in 2009 - 5 - 1;
    R418_5D_WAITS = "418.5d" in 2009 - 5 - 1;
    R418_5E_ATTACHED = "418.5e" in 2009 - 5 - 1;
    R418_5F_STATIC = "418.5f" in 2009 - 5 - 1;
    R418_5G_RESOLVED = "418.5g" in 2009 - 5 - 1;
    // The damage assignment order (2009-07-11 to 2024-09-20) and deathtouch's free division
    // (2009-07-11 to 2010-02-01), in the last numbering that had them.
    R509_2_ORDER = "509.2" in 2024 - 9 - 20;
    R509_3_ORDER = "509.3" in 2024 - 9 - 20;
    R702_2B_DIVIDE = "702.2b" in 2010 - 2 - 1;
    // Combat damage on the stack, and lifelink and deathtouch as triggered abilities
    // (before 2009-07-11), in the last numbering that had them.
    R310_1_ON_THE_STACK = "310.1" in 2009 - 5 - 1;
    R310_2A_ZERO_POWER = "310.2a" in 2009 - 5 - 1;
    R310_2B_UNBLOCKED = "310.2b" in 2009 - 5 - 1;
    R310_2C_DIVIDED = "310.2c" in 2009 - 5 - 1;
    R310_2D_DIVIDED = "310.2d" in 2009 - 5 - 1;
    R310_3_ON_THE_STACK = "310.3" in 2009 - 5 - 1;
    R402_5_COUNTER_ABILITIES = "402.5" in 2009 - 5 - 1;
    R310_4_ON_THE_STACK = "310.4" in 2009 - 5 - 1;
    R310_4A_AS_ASSIGNED = "310.4a" in 2009 - 5 - 1;
    R310_4B_LAST_KNOWN = "310.4b" in 2009 - 5 - 1;
    R310_4C_NOT_DEALT = "310.4c" in 2009 - 5 - 1;
    R502_63A_DEATHTOUCH_TRIGGERED = "502.63a" in 2009 - 5 - 1;
    R502_68A_LIFELINK_TRIGGERED = "502.68a" in 2009 - 5 - 1;
    R502_63B_DEATHTOUCH_INSTANCES = "502.63b" in 2009 - 5 - 1;
    R502_68B_LIFELINK_INSTANCES = "502.68b" in 2009 - 5 - 1;
    R613_3D_COUNTERS = "613.3d" in 2020 - 1 - 24;
    R613_3E_SWITCHING = "613.3e" in 2020 - 1 - 24;
}

/// Indestructible: 702.12b, and before it was a keyword (2009-07-11 … 2013-05-01) 700.4,
/// "If a permanent is indestructible, rules and effects can't destroy it"; before
/// 2009-07-11 no rule (the word had none).
pub const INDESTRUCTIBLE: Cite = R702_12B.or_else(R700_4_INDESTRUCTIBLE);
/// Damage to a planeswalker removes loyalty counters: 120.3c, and before 2009-07-11 the
/// planeswalker rule 212.9d ("Damage dealt to a planeswalker results in that many loyalty
/// counters being removed from it").
pub const PLANESWALKER_DAMAGE: Cite = R120_3C.or_else(R212_9D_LOYALTY);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_says_its_number() {
        for (name, cite) in TABLE {
            let written = format!("R{}", cite.rule.short().replace('.', "_").to_uppercase());
            assert!(
                name.starts_with(&written),
                "{name} holds {}",
                cite.rule.short()
            );
        }
    }

    #[test]
    fn numbers_read_at_compile_time_as_at_run_time() {
        for (_, cite) in TABLE {
            assert_eq!(
                cite.rule.short().parse::<RuleNumber>().ok(),
                Some(cite.rule)
            );
        }
    }
}
