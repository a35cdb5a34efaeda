//! The printed side of a card as a scenario writes it: supertypes, card types, subtypes,
//! colors, power and toughness, and the keyword and static abilities the checker knows
//! (rule 109.3: an object's characteristics). Continuous effects change copies of these;
//! see `game`.

use std::collections::BTreeSet;
use std::fmt;

/// A supertype (205.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Supertype {
    Basic,
    Legendary,
    Snow,
    World,
    Ongoing,
}

/// A card type (205.2). `Tribal` is read as `Kindred`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CardType {
    Kindred,
    Artifact,
    Battle,
    Creature,
    Enchantment,
    Instant,
    Land,
    Planeswalker,
    Sorcery,
}

/// A color (105.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    White,
    Blue,
    Black,
    Red,
    Green,
}

impl Supertype {
    pub const ALL: [(&'static str, Supertype); 5] = [
        ("basic", Supertype::Basic),
        ("legendary", Supertype::Legendary),
        ("snow", Supertype::Snow),
        ("world", Supertype::World),
        ("ongoing", Supertype::Ongoing),
    ];

    pub fn from_word(word: &str) -> Option<Supertype> {
        Self::ALL.iter().find(|(w, _)| *w == word).map(|(_, s)| *s)
    }

    pub fn name(self) -> &'static str {
        match self {
            Supertype::Basic => "Basic",
            Supertype::Legendary => "Legendary",
            Supertype::Snow => "Snow",
            Supertype::World => "World",
            Supertype::Ongoing => "Ongoing",
        }
    }
}

impl CardType {
    pub const ALL: [(&'static str, CardType); 10] = [
        ("kindred", CardType::Kindred),
        ("tribal", CardType::Kindred),
        ("artifact", CardType::Artifact),
        ("battle", CardType::Battle),
        ("creature", CardType::Creature),
        ("enchantment", CardType::Enchantment),
        ("instant", CardType::Instant),
        ("land", CardType::Land),
        ("planeswalker", CardType::Planeswalker),
        ("sorcery", CardType::Sorcery),
    ];

    pub fn from_word(word: &str) -> Option<CardType> {
        let find = |w: &str| Self::ALL.iter().find(|(x, _)| *x == w).map(|(_, t)| *t);
        find(word).or_else(|| word.strip_suffix('s').and_then(find))
    }

    pub fn name(self) -> &'static str {
        match self {
            CardType::Kindred => "Kindred",
            CardType::Artifact => "Artifact",
            CardType::Battle => "Battle",
            CardType::Creature => "Creature",
            CardType::Enchantment => "Enchantment",
            CardType::Instant => "Instant",
            CardType::Land => "Land",
            CardType::Planeswalker => "Planeswalker",
            CardType::Sorcery => "Sorcery",
        }
    }

    /// A permanent type (110.4).
    pub fn is_permanent(self) -> bool {
        !matches!(
            self,
            CardType::Instant | CardType::Sorcery | CardType::Kindred
        )
    }
}

impl Color {
    pub fn from_word(word: &str) -> Option<Color> {
        match word {
            "white" | "w" => Some(Color::White),
            "blue" | "u" => Some(Color::Blue),
            "black" | "b" => Some(Color::Black),
            "red" | "r" => Some(Color::Red),
            "green" | "g" => Some(Color::Green),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Blue => "blue",
            Color::Black => "black",
            Color::Red => "red",
            Color::Green => "green",
        }
    }
}

/// What a protection ability protects from (702.16a).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Quality {
    Color(Color),
    Everything,
    /// A card type: `artifacts`, `creatures`, `enchantments`…
    Type(CardType),
    /// A subtype: `Auras`, `Equipment`…
    Subtype(String),
}

impl Quality {
    pub fn parse(text: &str) -> Option<Quality> {
        let t = text.trim();
        if t == "everything" {
            return Some(Quality::Everything);
        }
        if let Some(c) = Color::from_word(t) {
            return Some(Quality::Color(c));
        }
        if let Some(ty) = CardType::from_word(t) {
            return Some(Quality::Type(ty));
        }
        let sub = &singular(t);
        if near_miss(t).is_some() {
            return None;
        }
        if sub.is_empty() || !sub.chars().all(|c| c.is_alphanumeric() || c == '-') {
            return None;
        }
        Some(Quality::Subtype(sub.to_string()))
    }
}

impl fmt::Display for Quality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Quality::Color(c) => f.write_str(c.name()),
            Quality::Everything => f.write_str("everything"),
            Quality::Type(t) => write!(f, "{}s", t.name().to_lowercase()),
            Quality::Subtype(s) => write!(f, "{}s", subtype_name(s)),
        }
    }
}

/// Who must control an enchanted permanent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Controlled {
    Any,
    You,
    NotYou,
}

/// One alternative of an enchant restriction: `nonland permanent you control`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PermanentFilter {
    /// Card types or subtypes any of which the object must have; empty = any permanent.
    pub kinds: Vec<Kind>,
    /// Card types the object must not have (`nonland`).
    pub not_types: Vec<CardType>,
    pub controlled: Controlled,
}

/// A card type or a subtype named in a restriction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    Type(CardType),
    Subtype(String),
}

/// An Aura's enchant restriction (702.5a).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Enchant {
    Player,
    Opponent,
    /// Permanents matching any alternative.
    Permanent(Vec<PermanentFilter>),
    /// `<type> card in a graveyard`.
    CardInGraveyard(Vec<Kind>),
}

impl Enchant {
    pub fn parse(text: &str) -> Option<Enchant> {
        let t = text.trim();
        match t {
            "player" => return Some(Enchant::Player),
            "opponent" => return Some(Enchant::Opponent),
            _ => {}
        }
        if let Some(kinds) = t.strip_suffix("card in a graveyard") {
            let kinds = kinds.trim();
            let mut out = Vec::new();
            if !kinds.is_empty() {
                for k in kinds.split(" or ") {
                    out.push(kind(k.trim())?);
                }
            }
            return Some(Enchant::CardInGraveyard(out));
        }
        let (body, controlled) = if let Some(b) = t.strip_suffix("you don't control") {
            (b.trim(), Controlled::NotYou)
        } else if let Some(b) = t.strip_suffix("an opponent controls") {
            (b.trim(), Controlled::NotYou)
        } else if let Some(b) = t.strip_suffix("you control") {
            (b.trim(), Controlled::You)
        } else {
            (t, Controlled::Any)
        };
        let mut alternatives = Vec::new();
        for alt in body.split(" or ") {
            let mut filter = PermanentFilter {
                kinds: Vec::new(),
                not_types: Vec::new(),
                controlled,
            };
            let words: Vec<&str> = alt.split_whitespace().collect();
            if words.is_empty() {
                return None;
            }
            for w in words {
                if w == "permanent" || w == "permanents" {
                    continue;
                }
                if let Some(rest) = w.strip_prefix("non") {
                    let rest = rest.trim_start_matches('-');
                    if let Some(ty) = CardType::from_word(rest) {
                        filter.not_types.push(ty);
                        continue;
                    }
                }
                filter.kinds.push(kind(w)?);
            }
            alternatives.push(filter);
        }
        Some(Enchant::Permanent(alternatives))
    }

    /// The subtypes the restriction names (`Forest` of `enchant Forest`).
    pub fn subtypes(&self) -> Vec<&str> {
        let kinds: Vec<&Kind> = match self {
            Enchant::Player | Enchant::Opponent => Vec::new(),
            Enchant::CardInGraveyard(kinds) => kinds.iter().collect(),
            Enchant::Permanent(alts) => alts.iter().flat_map(|a| &a.kinds).collect(),
        };
        kinds
            .into_iter()
            .filter_map(|k| match k {
                Kind::Subtype(s) => Some(s.as_str()),
                Kind::Type(_) => None,
            })
            .collect()
    }

    /// How the restriction reads: `creature you control`.
    pub fn describe(&self) -> String {
        match self {
            Enchant::Player => "player".into(),
            Enchant::Opponent => "opponent".into(),
            Enchant::CardInGraveyard(kinds) => {
                let k: Vec<String> = kinds.iter().map(Kind::describe).collect();
                if k.is_empty() {
                    "card in a graveyard".into()
                } else {
                    format!("{} card in a graveyard", k.join(" or "))
                }
            }
            Enchant::Permanent(alts) => {
                let mut ctl = "";
                let parts: Vec<String> = alts
                    .iter()
                    .map(|a| {
                        ctl = match a.controlled {
                            Controlled::Any => "",
                            Controlled::You => " you control",
                            Controlled::NotYou => " you don't control",
                        };
                        let mut words: Vec<String> = a
                            .not_types
                            .iter()
                            .map(|t| format!("non{}", t.name().to_lowercase()))
                            .collect();
                        words.extend(a.kinds.iter().map(Kind::describe));
                        if a.kinds.is_empty() {
                            words.push("permanent".into());
                        }
                        words.join(" ")
                    })
                    .collect();
                format!("{}{ctl}", parts.join(" or "))
            }
        }
    }
}

impl Kind {
    pub fn describe(&self) -> String {
        match self {
            Kind::Type(t) => t.name().to_lowercase(),
            Kind::Subtype(s) => subtype_name(s),
        }
    }
}

/// The words a restriction or a quality is made of, that a subtype must not be a typo of.
const KNOWN_WORDS: &[&str] = &[
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
    "permanent",
    "player",
    "opponent",
    "everything",
    "white",
    "blue",
    "black",
    "red",
    "green",
    "aura",
    "equipment",
    "fortification",
];

/// The known word `word` is a misspelling of (`creture` → `creature`, `rde` → `red`): one
/// edit away from a word of up to five letters, two from a longer one (an edit: a letter
/// added, removed, changed, or two neighbours swapped). `None` for a known word itself.
pub fn near_miss(word: &str) -> Option<&'static str> {
    let w = word.trim().to_lowercase();
    let singular = w.strip_suffix('s').unwrap_or(&w);
    if KNOWN_WORDS.iter().any(|k| *k == w || *k == singular) {
        return None;
    }
    // A subtype the rules list (Clue, Planet) is a word of its own, not a near miss of
    // `blue` or `player`.
    if super::engine::layers::subtypes::kind(&w).is_some()
        || super::engine::layers::subtypes::kind(singular).is_some()
    {
        return None;
    }
    KNOWN_WORDS.iter().copied().find(|k| {
        let limit = if k.len() <= 5 { 1 } else { 2 };
        edits(&w, k) <= limit || edits(singular, k) <= limit
    })
}

/// A plural noun in the singular: `forests` → `forest`, and for a subtype the form some
/// revision lists, whatever English does with it (`zombies` → `zombie`, `allies` → `ally`,
/// `werewolves` → `werewolf`, `sphinxes` → `sphinx`, `mice` → `mouse`, `fungi` →
/// `fungus`); a subtype listed as written stays so (`plains`, `urza's`, `equipment`).
/// Other words lose a final `s`, or `ies` becomes `y` (`sorceries`).
pub(crate) fn singular(w: &str) -> String {
    use super::engine::layers::subtypes::known;
    if known(w) {
        return w.to_string();
    }
    let stem = |end: &str, with: &str| w.strip_suffix(end).map(|s| format!("{s}{with}"));
    let listed = [
        stem("s", ""),
        stem("es", ""),
        stem("ies", "y"),
        stem("ves", "f"),
        stem("ves", "fe"),
        stem("i", "us"),
        stem("ice", "ouse"),
    ]
    .into_iter()
    .flatten()
    .find(|s| known(s));
    listed.unwrap_or_else(|| {
        stem("ies", "y")
            .or_else(|| {
                w.strip_suffix('s')
                    .filter(|s| !s.ends_with('s'))
                    .map(String::from)
            })
            .unwrap_or_else(|| w.to_string())
    })
}

/// The optimal string alignment distance between two words.
pub(crate) fn edits(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

fn kind(word: &str) -> Option<Kind> {
    if let Some(t) = CardType::from_word(word) {
        return Some(Kind::Type(t));
    }
    if near_miss(word).is_some() {
        return None;
    }
    if word.is_empty()
        || !word
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '\'')
    {
        return None;
    }
    Some(Kind::Subtype(word.to_string()))
}

/// A keyword or static ability the checker knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ability {
    Enchant(Enchant),
    /// Equip, with its cost as written (`{2}`).
    Equip(Option<String>),
    Fortify(Option<String>),
    Reconfigure(Option<String>),
    Protection(Quality),
    Hexproof,
    Shroud,
    Indestructible,
    Flash,
    Haste,
    /// "can't be enchanted by other Auras" (Consecrate Land).
    CantBeEnchantedByOtherAuras,
    /// "You may play N additional lands on each of your turns" (305.2).
    AdditionalLandPlays(u32),
    /// "You may play lands from your graveyard" (Crucible of Worlds).
    PlayLandsFromGraveyard,
    // Combat keywords and restrictions (702, 508.1c, 509.1b).
    Flying,
    Reach,
    FirstStrike,
    DoubleStrike,
    Trample,
    Deathtouch,
    Lifelink,
    Vigilance,
    Menace,
    Defender,
    CantAttack,
    CantBlock,
    /// "can block an additional creature each combat".
    CanBlockAdditional,
    CanBlockAnyNumber,
    /// `static: EFFECT`: a static ability generating a continuous effect (604.2, 611.3).
    Static(Box<super::effect::Effect>),
    /// `trigger: TRIGGER`: a triggered ability (603.1).
    Triggered(Box<super::engine::triggered::TriggeredAbility>),
    /// `replacement:` or `prevention:` about damage (614.1a, 615.1a).
    Damage(Box<super::engine::prevent::DamageRule>),
    /// `replacement: REPLACEMENT`, `enters tapped`, `enters with N C counters`: a static
    /// ability generating a replacement effect (614.1).
    Replacement(Box<super::engine::replace::ability::ReplacementAbility>),
}

impl Ability {
    /// Whether it is a `replacement:` or `prevention:` attribute, and which: they are
    /// numbered apart (`L's replacement N`, `L's prevention N`).
    pub fn written_as(&self) -> Option<super::engine::prevent::Written> {
        match self {
            Ability::Damage(r) => Some(r.written),
            // `enters tapped` and `enters with` are named apart (`L's enters tapped`).
            Ability::Replacement(r) if !r.text.starts_with("enters ") => {
                Some(super::engine::prevent::Written::Replacement)
            }
            _ => None,
        }
    }

    /// The combat keywords and restrictions, as written in a scenario.
    pub const COMBAT: [(&'static str, Ability); 14] = [
        ("flying", Ability::Flying),
        ("reach", Ability::Reach),
        ("first strike", Ability::FirstStrike),
        ("double strike", Ability::DoubleStrike),
        ("trample", Ability::Trample),
        ("deathtouch", Ability::Deathtouch),
        ("lifelink", Ability::Lifelink),
        ("vigilance", Ability::Vigilance),
        ("menace", Ability::Menace),
        ("defender", Ability::Defender),
        ("can't attack", Ability::CantAttack),
        ("can't block", Ability::CantBlock),
        (
            "can block an additional creature",
            Ability::CanBlockAdditional,
        ),
        (
            "can block any number of creatures",
            Ability::CanBlockAnyNumber,
        ),
    ];

    /// A combat keyword or restriction by its words (`first strike`, `can't block`).
    pub fn combat_keyword(words: &str) -> Option<Ability> {
        let w = words.trim().replace("cannot ", "can't ");
        let w = w.strip_suffix(" each combat").unwrap_or(&w);
        Ability::COMBAT
            .iter()
            .find(|(name, _)| *name == w)
            .map(|(_, a)| a.clone())
    }

    /// A keyword ability as `gains`/`have` name it: `hexproof`, `protection from red`.
    pub fn keyword(text: &str) -> Option<Ability> {
        Some(match text.trim() {
            "hexproof" => Ability::Hexproof,
            "shroud" => Ability::Shroud,
            "indestructible" => Ability::Indestructible,
            "haste" => Ability::Haste,
            "flash" => Ability::Flash,
            "reconfigure" => Ability::Reconfigure(None),
            "equip" => Ability::Equip(None),
            "fortify" => Ability::Fortify(None),
            "can't be enchanted by other auras" => Ability::CantBeEnchantedByOtherAuras,
            other => match Ability::combat_keyword(other) {
                Some(combat) => combat,
                None => {
                    Ability::Protection(Quality::parse(other.strip_prefix("protection from ")?)?)
                }
            },
        })
    }

    /// The same ability for `gains`/`loses` (costs ignored).
    pub fn same_kind(&self, other: &Ability) -> bool {
        match (self, other) {
            (Ability::Equip(_), Ability::Equip(_))
            | (Ability::Fortify(_), Ability::Fortify(_))
            | (Ability::Reconfigure(_), Ability::Reconfigure(_)) => true,
            _ => self == other,
        }
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cost = |c: &Option<String>| c.as_ref().map(|c| format!(" {c}")).unwrap_or_default();
        match self {
            Ability::Enchant(e) => write!(f, "enchant {}", e.describe()),
            Ability::Equip(c) => write!(f, "equip{}", cost(c)),
            Ability::Fortify(c) => write!(f, "fortify{}", cost(c)),
            Ability::Reconfigure(c) => write!(f, "reconfigure{}", cost(c)),
            Ability::Protection(q) => write!(f, "protection from {q}"),
            Ability::Hexproof => f.write_str("hexproof"),
            Ability::Shroud => f.write_str("shroud"),
            Ability::Indestructible => f.write_str("indestructible"),
            Ability::Flash => f.write_str("flash"),
            Ability::Haste => f.write_str("haste"),
            Ability::CantBeEnchantedByOtherAuras => {
                f.write_str("can't be enchanted by other Auras")
            }
            Ability::AdditionalLandPlays(n) => write!(f, "additional land plays {n}"),
            Ability::PlayLandsFromGraveyard => f.write_str("may play lands from graveyard"),
            Ability::Static(e) => write!(f, "static: {}", e.text),
            Ability::Triggered(t) if t.keyword.is_some() => f.write_str(&t.text),
            Ability::Triggered(t) => write!(f, "trigger: {}", t.text),
            Ability::Damage(r) => write!(
                f,
                "{}: {}",
                match r.written {
                    super::engine::prevent::Written::Replacement => "replacement",
                    super::engine::prevent::Written::Prevention => "prevention",
                },
                r.text
            ),
            Ability::Replacement(r) if r.text.starts_with("enters ") => f.write_str(&r.text),
            Ability::Replacement(r) => write!(f, "replacement: {}", r.text),
            other => f.write_str(
                Ability::COMBAT
                    .iter()
                    .find(|(_, a)| a == other)
                    .map_or("?", |(w, _)| w),
            ),
        }
    }
}

/// A type line: `Legendary Artifact Creature — Equipment Boar`.
#[derive(Debug, Clone, Default)]
pub struct TypeLine {
    pub supertypes: BTreeSet<Supertype>,
    pub types: BTreeSet<CardType>,
    /// Subtypes in lower case, in the order written.
    pub subtypes: Vec<String>,
    /// The card types in the order they were written (as printed: `Enchantment Creature`,
    /// `Land Creature`), the order the line is shown in. Not part of what the line is: two
    /// lines with the same types are the same.
    pub written: Vec<CardType>,
}

impl PartialEq for TypeLine {
    fn eq(&self, other: &TypeLine) -> bool {
        self.supertypes == other.supertypes
            && self.types == other.types
            && self.subtypes == other.subtypes
    }
}

impl Eq for TypeLine {}

impl TypeLine {
    /// Reads `[supertypes] card types [— subtypes]` (lower-cased, dashes normalised to
    /// `—`). Errors say which word was not understood.
    pub fn parse(text: &str) -> Result<TypeLine, String> {
        let (left, right) = match text.split_once('—') {
            Some((l, r)) => (l, Some(r)),
            None => (text, None),
        };
        let mut line = TypeLine::default();
        for word in left.split_whitespace() {
            if let Some(s) = Supertype::from_word(word) {
                line.supertypes.insert(s);
            } else if let Some(t) = CardType::from_word(word) {
                if line.types.insert(t) {
                    line.written.push(t);
                }
            } else {
                return Err(format!(
                    "`{word}` is not a card type or supertype (expected a type line like `Legendary Creature — Human Soldier`; card types: artifact, battle, creature, enchantment, instant, kindred, land, planeswalker, sorcery)"
                ));
            }
        }
        if line.types.is_empty() {
            return Err(format!(
                "`{}` has no card type (expected a type line like `Artifact — Equipment`)",
                text.trim()
            ));
        }
        if let Some(right) = right {
            for word in right.split_whitespace() {
                line.subtypes.push(word.to_string());
            }
            if line.subtypes.is_empty() {
                return Err("expected subtypes after `—`".into());
            }
        }
        Ok(line)
    }

    pub fn has_subtype(&self, s: &str) -> bool {
        self.subtypes.iter().any(|x| x.eq_ignore_ascii_case(s))
    }

    /// The card types in the order they were written, then any others (added by an
    /// effect) in the checker's usual order (`Kindred` first).
    pub fn types_in_printed_order(&self) -> Vec<CardType> {
        let mut out: Vec<CardType> = self
            .written
            .iter()
            .copied()
            .filter(|t| self.types.contains(t))
            .collect();
        out.extend(self.types.iter().filter(|t| !self.written.contains(t)));
        out
    }
}

impl fmt::Display for TypeLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words: Vec<&str> = self.supertypes.iter().map(|s| s.name()).collect();
        words.extend(self.types_in_printed_order().iter().map(|t| t.name()));
        f.write_str(&words.join(" "))?;
        if !self.subtypes.is_empty() {
            let subs: Vec<String> = self.subtypes.iter().map(|s| subtype_name(s)).collect();
            write!(f, " — {}", subs.join(" "))?;
        }
        Ok(())
    }
}

/// A subtype as the rules write it (205.3): `Equipment`, each word of a subtype of two
/// (`Time Lord`, 205.3m), each part of a hyphenated one (`Power-Plant`, `Assembly-Worker`).
pub fn subtype_name(s: &str) -> String {
    s.split(' ')
        .map(|w| w.split('-').map(capitalize).collect::<Vec<_>>().join("-"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `Equipment` from `equipment`.
pub fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Power and toughness (208.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PowerToughness {
    pub power: i32,
    pub toughness: i32,
}

impl PowerToughness {
    /// Reads `2/3`, `-1/0`, `+1/+1`.
    pub fn parse(text: &str) -> Option<PowerToughness> {
        let (p, t) = text.split_once('/')?;
        let num = |s: &str| -> Option<i32> {
            let s = s.strip_prefix('+').unwrap_or(s);
            if s.is_empty() || s.len() > 6 {
                return None;
            }
            let (neg, digits) = match s.strip_prefix('-') {
                Some(d) => (true, d),
                None => (false, s),
            };
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let v: i32 = digits.parse().ok()?;
            Some(if neg { -v } else { v })
        };
        Some(PowerToughness {
            power: num(p)?,
            toughness: num(t)?,
        })
    }
}

impl fmt::Display for PowerToughness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.power, self.toughness)
    }
}

/// The characteristics of an object (109.3) as far as the checker needs them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Characteristics {
    pub type_line: TypeLine,
    pub colors: BTreeSet<Color>,
    pub power_toughness: Option<PowerToughness>,
    pub abilities: Vec<Ability>,
    /// Printed loyalty (306.5a).
    pub loyalty: Option<i32>,
    /// Printed defense (310.4a).
    pub defense: Option<i32>,
    /// Mana value (202.3), as `mana value N` writes it; 0 when not written.
    pub mana_value: i32,
}

impl Characteristics {
    pub fn is(&self, t: CardType) -> bool {
        self.type_line.types.contains(&t)
    }

    pub fn is_super(&self, s: Supertype) -> bool {
        self.type_line.supertypes.contains(&s)
    }

    pub fn has_subtype(&self, s: &str) -> bool {
        self.type_line.has_subtype(s)
    }

    pub fn has(&self, ability: &Ability) -> bool {
        self.abilities.iter().any(|a| a.same_kind(ability))
    }

    pub fn enchant(&self) -> Option<&Enchant> {
        self.abilities.iter().find_map(|a| match a {
            Ability::Enchant(e) => Some(e),
            _ => None,
        })
    }

    pub fn protections(&self) -> impl Iterator<Item = &Quality> {
        self.abilities.iter().filter_map(|a| match a {
            Ability::Protection(q) => Some(q),
            _ => None,
        })
    }

    /// Whether an object with these characteristics has the quality (702.16a).
    pub fn has_quality(&self, q: &Quality) -> bool {
        match q {
            Quality::Everything => true,
            Quality::Color(c) => self.colors.contains(c),
            Quality::Type(t) => self.is(*t),
            Quality::Subtype(s) => self.has_subtype(s),
        }
    }

    /// Whether these characteristics match a card type or subtype.
    pub fn is_kind(&self, k: &Kind) -> bool {
        match k {
            Kind::Type(t) => self.is(*t),
            Kind::Subtype(s) => self.has_subtype(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plural_subtype_is_the_subtype_the_rules_list() {
        for (plural, listed) in [
            ("zombies", "zombie"),
            ("faeries", "faerie"),
            ("allies", "ally"),
            ("werewolves", "werewolf"),
            ("elves", "elf"),
            ("sphinxes", "sphinx"),
            ("mice", "mouse"),
            ("goblins", "goblin"),
            ("plains", "plains"),
            ("equipment", "equipment"),
            // Not subtypes: an `s` or `ies` goes.
            ("creatures", "creature"),
            ("sorceries", "sorcery"),
        ] {
            assert_eq!(singular(plural), listed, "{plural}");
        }
    }

    #[test]
    fn reads_type_lines_with_kindred_and_tribal() {
        let t = TypeLine::parse("tribal enchantment — elf").unwrap();
        assert!(t.types.contains(&CardType::Kindred));
        assert_eq!(t.to_string(), "Kindred Enchantment — Elf");
        assert!(TypeLine::parse("legendary wizard").is_err());
    }

    #[test]
    fn a_listed_subtype_is_not_a_near_miss() {
        assert_eq!(near_miss("creture"), Some("creature"));
        assert_eq!(near_miss("rde"), Some("red"));
        // One edit from `blue` and two from `player`, but subtypes of 205.3g and 205.3i.
        assert_eq!(near_miss("Clue"), None);
        assert_eq!(near_miss("Planet"), None);
        assert_eq!(near_miss("Clues"), None);
    }

    #[test]
    fn reads_enchant_restrictions() {
        let e = Enchant::parse("nonland permanent you control").unwrap();
        assert_eq!(e.describe(), "nonland permanent you control");
        let e = Enchant::parse("creature card in a graveyard").unwrap();
        assert_eq!(e.describe(), "creature card in a graveyard");
        let e = Enchant::parse("artifact or creature").unwrap();
        assert_eq!(e.describe(), "artifact or creature");
    }

    #[test]
    fn reads_power_toughness() {
        assert_eq!(
            PowerToughness::parse("+1/-2"),
            Some(PowerToughness {
                power: 1,
                toughness: -2
            })
        );
        assert_eq!(PowerToughness::parse("1/x"), None);
        assert_eq!(PowerToughness::parse("99999999/1"), None);
    }
}
