//! The search index of one revision: built on disk at ingest (or in memory for the
//! embedded revisions), queried with BM25 and tantivy's query syntax, with snippets.
//!
//! Each revision has its own small index, so a revision's ranking statistics (how rare a
//! word is) come from that revision alone, revisions are added and replaced without
//! touching the others, and the embedded revisions are indexed in memory on demand.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use tantivy::collector::TopDocs;
use tantivy::directory::RamDirectory;
use tantivy::query::{
    BooleanQuery, BoostQuery, ConstScoreQuery, Occur, PhraseQuery, Query, QueryParser, TermQuery,
};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::tokenizer::TextAnalyzer;
use tantivy::{
    DocAddress, DocSet, Index, IndexReader, IndexSettings, ReloadPolicy, Searcher, TantivyDocument,
    Term,
};

use super::analysis;
use super::coverage::{coverage, credit, Weighed};
use super::definition;
use super::documents;
use super::files::{PlainFiles, ReadOnly};
use super::named;
use super::query;
use super::results::{self, Answers, Family};
use super::schema::{self, Fields, KIND_RULE};
use super::snippet::{self, Snippet};
use super::spelling;
use super::topic;
use super::IndexError;
use crate::model::{Revision, RuleNumber};

/// How much a word in a rule's title counts against one in its text.
pub const TITLE_BOOST: f32 = 2.0;
/// How much a word in the titles of the rules above counts: as much as one in the text
/// (a subrule of `702.19 Trample` is about trample whether it says so or not).
pub const CONTEXT_BOOST: f32 = 1.0;
/// How much a word in an example counts: examples illustrate, the text rules.
pub const EXAMPLES_BOOST: f32 = 0.4;
/// How much two of the question's words side by side in a rule count, over the words
/// (less than a word: the share of the question a rule says already ranks it).
pub const PHRASE_BOOST: f32 = 0.7;
/// How much the rules' words for judge vocabulary or an obsolete term count.
pub const EXPANSION_WEIGHT: f32 = 0.8;
/// The score a rule gets when a glossary entry the question names points to it (scaled
/// by how much of the question the name is).
pub const GLOSSARY_BOOST: f32 = 20.0;
/// The score the rule that defines what a question asks the definition of gets ("what is
/// a token": 111.1, the first rule under the glossary's reference that says the word),
/// over the [`GLOSSARY_BOOST`] its heading already has.
pub const DEFINITION_BOOST: f32 = 20.0;
/// The score of a rule whose number the question says (`303.4c`, `rule 704.5j`): the
/// rule itself first, then the rules that cite it.
pub const NUMBER_BOOST: f32 = 40.0;
/// A glossary entry pointing to more rules than this is too broad to boost them.
pub const NARROW_REFERENCES: usize = 4;
/// How much a word of the question counts toward the share a rule says when the rule
/// only names it in a list (122.1b's keywords, 205.3m's creature types): `deathtouch and
/// first strike` is not about the rule listing what keyword counters can be.
const ENUMERATED: f32 = 0.5;
/// How many candidates are rescored by the share of the question they say.
const RESCORED: usize = 50;
/// A question of this many words or more is weighted toward its rare words.
const LONG_QUESTION: usize = 5;
/// How steeply a long question's words are weighted by their rarity: each word's weight
/// is its IDF over the rarest word's, raised to this power (2: a word half as rare counts
/// a quarter as much), so the one rare word that matters is not drowned by the common ones.
const RARITY_POWER: f32 = 2.0;
/// How much a keyword's or a variant's rule counts when the question does not name the
/// keyword or the variant (see `topic`).
const UNNAMED_TOPIC: f32 = 0.5;
/// The least weight a term of the clause a long question asks in keeps (see
/// `query::asked`), however rare the other words of the story are.
const ASKED: f32 = 0.3;
/// How much a word of a long story counts that is not in the sentence it asks in (see
/// `query::asking_sentences`), against its weight by rarity.
const TOLD: f32 = 0.5;
/// The least weight a word of a story's asking sentence keeps.
const ASKING: f32 = 0.3;
/// How much a word of the story outside its asking sentence counts in the share of the
/// question a rule says.
const TOLD_COVERAGE: f32 = 0.5;
/// How much of a term of the question a rule says when only its examples say it: an
/// example tells a situation the rule covers in a story's words ("Two creatures are on
/// the battlefield… Someone casts a spell that destroys all… creatures", 603.10a), but
/// its cards and numbers are the example's (0.5 lost two tuning questions; 0.2 none).
const EXAMPLE_COVERAGE: f32 = 0.2;
/// A question of at most this many words that carry meaning is also about what the
/// definitions of the glossary terms it names say (`trample deathtouch`).
const DEFINED_QUESTION: usize = 2;
/// How much a word of such a definition counts, against a word of the question.
const DEFINITION_WORDS: f32 = 0.2;
/// How much of a term such a rule says when it says its definition's words, not the
/// term (702.2c "combat damage assigned to a creature… excess damage" says half of
/// `trample`, "how a creature assigns combat damage").
const DEFINITION_COVERAGE: f32 = 0.5;
/// How much a word of a card's name counts (a capitalised word inside a sentence that
/// no rule or glossary entry has in its title, see `query::is_name`).
const NAME: f32 = 0.3;
/// A question of this many words or more shows a sibling that scores about as well as
/// its family's best on a line of its own (see `results::families_unfolded`).
const UNFOLDING_QUESTION: usize = 11;
/// The most hits a search returns.
pub const MAX_LIMIT: usize = 1000;

/// A search: the user's words, an optional scope (a section, rule or subrule) and how
/// many hits to return.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    pub query: &'a str,
    pub scope: Option<RuleNumber>,
    pub limit: usize,
}

/// One rule found.
#[derive(Debug, Clone)]
pub struct Hit {
    pub revision: String,
    pub number: RuleNumber,
    /// The rule's title, else the title of the nearest rule above that has one.
    pub title: Option<String>,
    pub score: f32,
    pub snippet: Snippet,
    pub text: String,
}

/// What a search found.
#[derive(Debug, Clone, Default)]
pub struct Found {
    pub hits: Vec<Hit>,
    /// The query looked like query syntax but did not parse, or found nothing, and was
    /// searched as words.
    pub lenient: bool,
    /// The terms a snippet highlights.
    pub terms: HashSet<String>,
    /// The words the revision does not know, as typed, and the known word each was
    /// read as (`indestructibel`, `indestructible`).
    pub respelt: Vec<(String, String)>,
    /// The obsolete glossary terms the question names (`mana burn`, `bury`), each with
    /// its definition: the rules found are today's, and the term is not.
    pub obsolete: Vec<(String, String)>,
}

impl Found {
    /// Cuts each hit's snippet around the terms found.
    fn with_snippets(mut self) -> Found {
        for hit in &mut self.hits {
            hit.snippet = snippet::snippet(&hit.text, &self.terms);
        }
        self
    }
}

/// Cuts the snippets of the hits a page shows (each family's), around `terms`: only
/// those are cut, not every candidate of every revision searched.
pub fn with_snippets(families: &mut [Family], terms: &HashSet<String>, analysed: &Analysed) {
    for family in families {
        for hit in std::iter::once(&mut family.best).chain(&mut family.others) {
            hit.snippet = snippet::snippet_of(&hit.text, &analysed.places(&hit.text), terms);
        }
    }
}

/// The rules' words already read, kept across searches: the terms of a rule's words (its
/// title, the titles above it and its text) for the share of a question it says, and the
/// terms with their places in a rule's text for its snippet. Analysing a rule's words is
/// most of what a search costs, and most rules read the same from one revision to the
/// next, so each text is analysed once: across the revisions of one `--all-revisions`
/// question, and across every question a server is asked (one `Analysed` per index
/// generation, shared by its requests). At most [`ANALYSED_BYTES`] are kept; past that,
/// texts are analysed and not kept.
#[derive(Default)]
pub struct Analysed(Mutex<Kept>);

/// The most an [`Analysed`] keeps, in bytes (roughly: the texts and their terms).
pub const ANALYSED_BYTES: usize = 48 << 20;

/// The terms of a text with the byte range each was read from.
pub type Places = Arc<[(Range<usize>, String)]>;

#[derive(Default)]
struct Kept {
    terms: HashMap<String, Arc<HashSet<String>>>,
    places: HashMap<String, Places>,
    bytes: usize,
}

impl Analysed {
    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The terms `words` are analysed into.
    fn terms(&self, analyzer: &mut TextAnalyzer, words: &str) -> Arc<HashSet<String>> {
        if let Some(found) = self.kept().terms.get(words) {
            return Arc::clone(found);
        }
        let terms: Arc<HashSet<String>> =
            Arc::new(analysis::terms_with(analyzer, words).into_iter().collect());
        let cost = words.len() + terms.iter().map(|t| t.len() + 48).sum::<usize>() + 96;
        let mut kept = self.kept();
        if kept.bytes + cost <= ANALYSED_BYTES {
            kept.bytes += cost;
            kept.terms.insert(words.to_string(), Arc::clone(&terms));
        }
        terms
    }

    /// The terms of `text` with the byte range each was read from.
    pub fn places(&self, text: &str) -> Places {
        if let Some(found) = self.kept().places.get(text) {
            return Arc::clone(found);
        }
        let places: Places = snippet::places(text).into();
        let cost = text.len() + places.iter().map(|(_, t)| t.len() + 64).sum::<usize>() + 96;
        let mut kept = self.kept();
        if kept.bytes + cost <= ANALYSED_BYTES {
            kept.bytes += cost;
            kept.places.insert(text.to_string(), Arc::clone(&places));
        }
        places
    }
}

/// The search index of one revision, open for reading.
pub struct RevisionIndex {
    index: Index,
    reader: IndexReader,
    fields: Fields,
    /// Each document's stored fields and what a search derives from them alone, read at
    /// most once (by segment, then document): a server answers many questions from one
    /// open index, and the same rules are candidates again and again. Bounded by the
    /// index itself (the reader is never reloaded, so the documents never change).
    stored: Vec<Vec<OnceLock<Stored>>>,
}

/// A document read once: a rule's, or a glossary entry's.
enum Stored {
    Rule(Arc<StoredRule>),
    Entry(Arc<named::Entry>),
}

/// A rule's stored fields, and what the rescoring derives from them alone.
struct StoredRule {
    number: Option<RuleNumber>,
    revision: String,
    title: String,
    text: String,
    /// The first title above the rule (the `context` field's first value), or empty.
    first_context: String,
    /// The rule's title and the titles above it: the words the rule is under.
    above: String,
    /// The text without what it only names in a list (`analysis::without_enumerations`),
    /// when its terms were not stored at ingest.
    outside: Option<String>,
    /// The terms of the keyword or variant the rule is about (see `topic`), if any.
    topic: Option<Vec<String>>,
    /// The terms of `above` with the text, and with `outside` (see `Analysed::terms`):
    /// as stored at ingest, or analysed on first use.
    said: OnceLock<Said>,
}

/// The terms a rule says: with its text, and with its text outside lists (when it has lists).
type Said = (Arc<HashSet<String>>, Option<Arc<HashSet<String>>>);

impl StoredRule {
    fn read(doc: &TantivyDocument, f: &Fields, analyzer: &mut TextAnalyzer) -> StoredRule {
        let get = |field| {
            doc.get_first(field)
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .to_string()
        };
        let number = get(f.number).parse::<RuleNumber>().ok();
        let text = get(f.text);
        let title = get(f.title);
        let context: Vec<&str> = doc.get_all(f.context).filter_map(|v| v.as_str()).collect();
        let above = format!("{title} {}", context.join(" "));
        // The terms analysed at ingest (see `documents::said`): nothing to analyse here.
        let terms = |field| {
            doc.get_first(field).and_then(|v| v.as_str()).map(|said| {
                Arc::new(
                    said.split(' ')
                        .filter(|t| !t.is_empty())
                        .map(str::to_string)
                        .collect::<HashSet<String>>(),
                )
            })
        };
        let stored: Option<Said> = terms(f.said).map(|full| (full, terms(f.said_outside)));
        let outside = match stored {
            Some(_) => None,
            None => analysis::without_enumerations(&text),
        };
        let topic = number.and_then(|n| {
            topic::topic(n.section_number(), &title, &context)
                .or_else(|| topic::defined_token(&text))
                .map(|name| analysis::terms_with(analyzer, name))
        });
        StoredRule {
            number,
            revision: get(f.revision),
            first_context: get(f.context),
            title,
            text,
            above,
            outside,
            topic,
            said: stored.map(OnceLock::from).unwrap_or_default(),
        }
    }

    /// The terms the rule says, with its text and with its text outside lists.
    fn said(&self, analysed: &Analysed, analyzer: &mut TextAnalyzer) -> &Said {
        self.said.get_or_init(|| {
            let above = &self.above;
            let full = analysed.terms(analyzer, &format!("{above} {}", self.text));
            let outside = self
                .outside
                .as_ref()
                .map(|o| analysed.terms(analyzer, &format!("{above} {o}")));
            (full, outside)
        })
    }
}

/// A query ready to run, with the terms its snippets highlight.
struct Plan {
    query: Box<dyn Query>,
    terms: HashSet<String>,
    /// The question's own terms with how rare each is (its IDF): a rule's score is
    /// scaled by the share of them it says (see [`coverage`]). Empty for query syntax.
    weighed: Vec<Weighed>,
    /// Rules credited with terms of the question they do not say: a glossary entry the
    /// question names points to them.
    credited: Vec<(String, Vec<String>)>,
    /// The obsolete glossary terms the question names, with their definitions.
    obsolete: Vec<(String, String)>,
    /// The rules of the senses of a homonym the question does not mean (see
    /// `meant_sense`): they and their subrules count for less.
    unmeant: Vec<RuleNumber>,
}

/// The rules' words for what a question says otherwise.
struct Expansion {
    /// The rules' words.
    meaning: String,
    /// How much of the question it stands for.
    weight: f32,
    /// The terms of the question's words it stands for.
    said: Vec<String>,
}

impl RevisionIndex {
    /// Builds the index of `revision` in `dir` (which must not hold an index yet): in
    /// memory, then copied to plain files without a sync each (see `files`); the caller
    /// makes them durable.
    pub fn build_in_dir(revision: &Revision, dir: &Path) -> Result<(), IndexError> {
        let tantivy_err = |e| IndexError::tantivy(dir, e);
        std::fs::create_dir_all(dir).map_err(|e| IndexError::io(dir, e))?;
        let (schema, fields) = schema::build();
        let ram = RamDirectory::create();
        let index =
            Index::create(ram.clone(), schema, IndexSettings::default()).map_err(tantivy_err)?;
        documents::fill(&index, &fields, revision).map_err(tantivy_err)?;
        ram.persist(&PlainFiles::new(dir)).map_err(tantivy_err)
    }

    /// Builds the index of `revision` in memory (the embedded revisions).
    pub fn build_in_ram(revision: &Revision) -> Result<RevisionIndex, IndexError> {
        let here = Path::new("(memory)");
        let (schema, fields) = schema::build();
        let index = Index::create_in_ram(schema);
        documents::fill(&index, &fields, revision).map_err(|e| IndexError::tantivy(here, e))?;
        Self::from_index(index, here)
    }

    /// Opens the index built in `dir` for reading only: no lock, nothing written, so an
    /// index the user cannot write is searched all the same (see `files::ReadOnly`).
    pub fn open(dir: &Path) -> Result<RevisionIndex, IndexError> {
        let files = ReadOnly::open(dir).map_err(|e| IndexError::tantivy(dir, e))?;
        let index = Index::open(files).map_err(|e| IndexError::tantivy(dir, e))?;
        Self::from_index(index, dir)
    }

    fn from_index(index: Index, at: &Path) -> Result<RevisionIndex, IndexError> {
        analysis::register(&index);
        let fields = schema::fields_of(&index.schema()).map_err(|e| IndexError::tantivy(at, e))?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .map_err(|e| IndexError::tantivy(at, e))?;
        let stored = reader
            .searcher()
            .segment_readers()
            .iter()
            .map(|segment| (0..segment.max_doc()).map(|_| OnceLock::new()).collect())
            .collect();
        Ok(RevisionIndex {
            index,
            reader,
            fields,
            stored,
        })
    }

    /// The rules that best match the request grouped into families (see `results`), the
    /// best family first, at most `request.limit` families.
    pub fn answer(&self, request: &Request) -> Result<Answers, IndexError> {
        self.answer_with(request, &Analysed::default())
    }

    /// [`RevisionIndex::answer`], reusing (and adding to) the rules' words `analysed` by
    /// earlier searches.
    pub fn answer_with(
        &self,
        request: &Request,
        analysed: &Analysed,
    ) -> Result<Answers, IndexError> {
        let wide = Request {
            limit: request
                .limit
                .min(MAX_LIMIT)
                .saturating_mul(4)
                .saturating_add(20),
            ..request.clone()
        };
        let found = self.search_with(&wide, analysed)?;
        let limit = request.limit.min(MAX_LIMIT);
        // A long question's answer is as often a family's corner case as its first rule.
        let mut families = if query::words(request.query).len() >= UNFOLDING_QUESTION {
            results::families_unfolded(found.hits, limit)
        } else {
            results::families(found.hits, limit)
        };
        with_snippets(&mut families, &found.terms, analysed);
        Ok(Answers {
            families,
            lenient: found.lenient,
            respelt: found.respelt,
            obsolete: found.obsolete,
        })
    }

    /// The rules that best match the request, best first, at most `request.limit`
    /// (bounded by [`MAX_LIMIT`]; 0 finds nothing).
    pub fn search(&self, request: &Request) -> Result<Found, IndexError> {
        Ok(self
            .search_with(request, &Analysed::default())?
            .with_snippets())
    }

    /// [`RevisionIndex::search`] without snippets (the caller cuts those it shows, see
    /// [`with_snippets`]), reusing (and adding to) the rules' words `analysed` by earlier
    /// searches of the same question in other revisions.
    pub fn search_with(&self, request: &Request, analysed: &Analysed) -> Result<Found, IndexError> {
        let limit = request.limit.min(MAX_LIMIT);
        if limit == 0 {
            return Ok(Found::default());
        }
        let searcher = self.reader.searcher();
        let mut lenient = false;
        if query::is_query_syntax(request.query) {
            if let Some(plan) = self.syntax_plan(request.query) {
                let hits = self.run(&searcher, &plan, request, limit, analysed)?;
                if !hits.is_empty() {
                    return Ok(Found {
                        hits,
                        lenient,
                        terms: plan.terms,
                        respelt: Vec::new(),
                        obsolete: Vec::new(),
                    });
                }
            }
            // Not valid syntax, or nothing matched it: the words may still answer.
            lenient = true;
        }
        let (read, respelt) =
            spelling::respelt(request.query, &mut |stem| self.known(&searcher, stem));
        let plan = self.words_plan(&searcher, &read)?;
        let hits = self.run(&searcher, &plan, request, limit, analysed)?;
        Ok(Found {
            hits,
            lenient,
            terms: plan.terms,
            respelt,
            obsolete: plan.obsolete,
        })
    }

    /// The query in tantivy's syntax, `None` when it does not parse.
    fn syntax_plan(&self, text: &str) -> Option<Plan> {
        let f = &self.fields;
        let mut parser =
            QueryParser::for_index(&self.index, vec![f.title, f.context, f.text, f.examples]);
        parser.set_field_boost(f.title, TITLE_BOOST);
        parser.set_field_boost(f.context, CONTEXT_BOOST);
        parser.set_field_boost(f.examples, EXAMPLES_BOOST);
        let query = parser.parse_query(&join_apostrophes(text)).ok()?;
        let mut terms = HashSet::new();
        query.query_terms(&mut |term, _| {
            if let Some(t) = term.value().as_str() {
                terms.insert(t.to_string());
            }
        });
        Some(Plan {
            query,
            terms,
            weighed: Vec::new(),
            credited: Vec::new(),
            obsolete: Vec::new(),
            unmeant: Vec::new(),
        })
    }

    /// The question read as words: its terms (misspelt ones corrected against the
    /// revision's words), weighted toward the rare ones when it is long; its neighbouring
    /// words as phrases; the rules' words for its judge vocabulary and obsolete terms; and
    /// the rules the glossary entries it names point to.
    fn words_plan(&self, searcher: &Searcher, text: &str) -> Result<Plan, IndexError> {
        let err = |e| IndexError::tantivy(Path::new("(search)"), e);
        let f = &self.fields;
        // "do we both die" asks whether creatures die, not about a die roll.
        let text = &*query::die_as_verb(text);
        let mut tokens = Vec::new();
        // The words of cards' names ("Fling", "Doubling Season", "Exalted Angel") are
        // neither misspellings nor the rules' words.
        let card = self.card_name_words(searcher, text)?;
        let typed = analysis::typed_positions(text);
        // Question filler ("still", "exactly", "allowed") goes, unless it is all there is.
        let typed: Vec<_> = if typed.iter().all(|(_, _, w)| query::is_filler(w)) {
            typed
        } else {
            typed
                .into_iter()
                .filter(|(_, _, w)| !query::is_filler(w))
                .collect()
        };
        // Each unknown term corrected once, and at most so many (each correction reads the
        // revision's words).
        let mut corrected: HashMap<String, Option<String>> = HashMap::new();
        for (mut term, position, typed) in typed {
            // Judge vocabulary (`mull`, `apnap`) and a glossary name's initials are not
            // misspellings: they are read below.
            if !card.contains(&typed)
                && self.frequency(searcher, &term)? == 0
                && !self.is_vocabulary(searcher, &term)?
            {
                let better = match corrected.get(&term) {
                    Some(better) => better.clone(),
                    None if corrected.len() < spelling::LOOKED_UP_AT_MOST => {
                        let better = spelling::correct(searcher, self.fields.text, &term, &typed);
                        corrected.insert(term.clone(), better.clone());
                        better
                    }
                    None => None,
                };
                if let Some(better) = better {
                    term = better;
                }
            }
            tokens.push((term, position));
        }
        let all_said = query::words(text);
        // The question's words that carry meaning: what a name or a phrase is a share of.
        let meaningful = all_said
            .iter()
            .filter(|w| !analysis::is_stop_word(w) && !query::is_filler(w))
            .count();
        // A card's name names no judge vocabulary and no glossary entry ("Exalted Angel"
        // is not a question about exalted): its words are taken out, leaving a gap.
        let said: Vec<String> = all_said
            .into_iter()
            .map(|w| if card.contains(&w) { String::new() } else { w })
            .collect();
        // The rules' words for what the question says in judge vocabulary.
        let mut expansions: Vec<Expansion> = query::vocabulary_said(&said)
            .into_iter()
            .map(|(v, n)| Expansion {
                meaning: v.meaning.clone(),
                weight: share(n, meaningful),
                said: v.words().map(|w| analysis::stem_word(w)).collect(),
            })
            .collect();
        // Glossary entries named by the question (or by the rules' words for its vocabulary).
        let mut named_by = said.clone();
        for expansion in &expansions {
            named_by.push(String::new());
            named_by.extend(query::words(&expansion.meaning));
        }
        // What a definition question asks about, as the glossary's names are compared.
        let subject: Option<Vec<String>> = query::defined_subject(text)
            .map(|words| words.iter().map(|w| analysis::stem_word(w)).collect());
        let mut boosts: Vec<(String, f32)> = Vec::new();
        let mut credited: Vec<(String, Vec<String>)> = Vec::new();
        // A rule number the question says (`303.4c`) is that rule, whether or not another
        // rule cites it.
        for (term, _) in &tokens {
            if let Some(number) = query::rule_number(term) {
                boosts.push((number.clone(), NUMBER_BOOST));
                credited.push((number, vec![term.clone()]));
            }
        }
        let mut names: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        let mut obsolete: Vec<(String, String)> = Vec::new();
        let mut unmeant: Vec<RuleNumber> = Vec::new();
        let mut defined: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        for entry in
            named::glossary_named(searcher, &self.fields, &named_by, &tokens, &mut |address| {
                self.stored_entry(searcher, address)
            })?
        {
            let weight = share(entry.words, meaningful);
            // A homonym (`counter` a spell, or a +1/+1 `counter`) is the sense the rest of
            // the question speaks of: its rules are boosted, the others' count for less.
            let (meant, unmeant_here) = meant_sense(&entry, &named_by);
            unmeant.extend(unmeant_here);
            if (1..=NARROW_REFERENCES).contains(&entry.references.len()) {
                for number in entry
                    .references
                    .iter()
                    .filter(|n| meant.as_ref().is_none_or(|m| m.contains(n)))
                {
                    boosts.push((number.clone(), GLOSSARY_BOOST * weight));
                    // The rule the entry points to says what the name says.
                    credited.push((number.clone(), entry.name.clone()));
                }
            }
            // The entry's name is all the definition question asks about ("what is a
            // token" and `Token`, not "what is a token's mana value").
            if subject.as_ref() == Some(&entry.name) {
                for number in entry.references.iter().take(NARROW_REFERENCES) {
                    if let Some(defining) =
                        definition::defining_rule(searcher, &self.fields, number, &entry.full)?
                    {
                        boosts.push((defining.clone(), DEFINITION_BOOST));
                        credited.push((defining, entry.name.clone()));
                    }
                }
            }
            // A short question that names terms is also about what their definitions say
            // ("trample deathtouch": trample "modifies how a creature assigns combat
            // damage", which 702.2c's deathtouch damage is about).
            // A definition of one sense (one of several, `Ability`, `Counter`, is too
            // broad to say what the question is about).
            let one_sense = !entry.definition.trim_start().starts_with("1.");
            if meaningful <= DEFINED_QUESTION && !entry.obsolete && one_sense {
                let words = entry.definition.split(" See ").next().unwrap_or_default();
                let words = words.split("\nSee ").next().unwrap_or_default();
                let terms: Vec<String> = analysis::terms(words)
                    .into_iter()
                    .filter(|t| !entry.full.contains(t))
                    .collect();
                if !terms.is_empty() {
                    defined.push((entry.name.clone(), terms));
                }
            }
            names.push((entry.name.clone(), entry.full.clone()));
            // An obsolete term is said to be one, whatever today's rules found answer.
            if entry.obsolete && !obsolete.iter().any(|(t, _)| *t == entry.term) {
                obsolete.push((entry.term.clone(), entry.definition.clone()));
            }
            // An obsolete term, or a name that only sends the reader elsewhere ("APNAP
            // Order: See Active Player, Nonactive Player Order."; "Forestwalk: See
            // Landwalk."), stands for the term it names.
            if entry.obsolete || entry.references.is_empty() {
                for meaning in query::see_terms(&entry.definition) {
                    expansions.push(Expansion {
                        meaning,
                        weight,
                        said: entry.name.clone(),
                    });
                }
            }
        }
        let num_docs = searcher.num_docs().max(1) as f32;
        let mut weights: HashMap<String, f32> = HashMap::new();
        for (term, _) in &tokens {
            let df = searcher
                .doc_freq(&Term::from_field_text(f.text, term))
                .map_err(err)? as f32;
            let idf = (1.0 + (num_docs - df + 0.5) / (df + 0.5)).ln();
            weights.insert(term.clone(), idf);
        }
        let idfs = weights.clone();
        let long = weights.len() >= LONG_QUESTION;
        let rarest = weights.values().fold(f32::EPSILON, |a, &b| a.max(b));
        // The clause a long question asks in keeps a share of the weight: "…, what happens
        // to their spell when it tries to resolve" is about the spell resolving, however
        // rare the words of the story told before it.
        let asked: HashSet<String> = query::asked(text)
            .map(|clause| analysis::terms(clause).into_iter().collect())
            .unwrap_or_default();
        // A card's name says little about the rules ("Blood Moon", "Act of Treason"),
        // unless the word is a rule's or a glossary entry's title ("my Aura").
        let named: HashSet<String> = card.iter().map(|w| analysis::stem_word(w)).collect();
        // A story's asking sentence: its words count fully, the story's for less.
        let asking: Option<HashSet<String>> = query::asking_sentences(text)
            .map(|sentence| analysis::terms(sentence).into_iter().collect());
        let told = |term: &str| asking.as_ref().is_some_and(|a| !a.contains(term));
        for (term, w) in weights.iter_mut() {
            let name = if named.contains(term) { NAME } else { 1.0 };
            *w = name
                * if long {
                    let w = (*w / rarest).powf(RARITY_POWER).clamp(0.1, 1.0);
                    let w = if asked.contains(term) {
                        w.max(ASKED)
                    } else {
                        w
                    };
                    if told(term) {
                        w * TOLD
                    } else if asking.is_some() {
                        w.max(ASKING)
                    } else {
                        w
                    }
                } else {
                    1.0
                };
        }
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let mut terms: HashSet<String> = HashSet::new();
        for (term, weight) in &weights {
            clauses.push((Occur::Should, self.term_query(term, *weight)));
            terms.insert(term.clone());
        }
        for pair in tokens.windows(2) {
            let weight = weights[&pair[0].0].min(weights[&pair[1].0]);
            clauses.push((Occur::Should, self.phrase(pair, PHRASE_BOOST * weight)));
        }
        for Expansion {
            meaning, weight, ..
        } in &expansions
        {
            let expansion = analysis::positions(meaning);
            for (term, _) in &expansion {
                clauses.push((
                    Occur::Should,
                    self.term_query(term, EXPANSION_WEIGHT * weight),
                ));
                terms.insert(term.clone());
            }
            if expansion.len() >= 2 {
                clauses.push((
                    Occur::Should,
                    self.phrase(&expansion, PHRASE_BOOST * weight),
                ));
            }
        }
        // The definitions' words score only the rules that say a word of the question:
        // they rank those, and would otherwise make every rule that says `creature` or
        // `damage` a candidate (a few milliseconds).
        if !defined.is_empty() {
            let said: Vec<(Occur, Box<dyn Query>)> = tokens
                .iter()
                .flat_map(|(term, _)| [f.title, f.context, f.text].map(|field| (field, term)))
                .map(|(field, term)| -> (Occur, Box<dyn Query>) {
                    (
                        Occur::Should,
                        Box::new(TermQuery::new(
                            Term::from_field_text(field, term),
                            IndexRecordOption::Basic,
                        )),
                    )
                })
                .collect();
            let mut scoped: Vec<(Occur, Box<dyn Query>)> = vec![(
                Occur::Must,
                Box::new(ConstScoreQuery::new(Box::new(BooleanQuery::new(said)), 0.0)),
            )];
            for term in defined.iter().flat_map(|(_, terms)| terms) {
                scoped.push((Occur::Should, self.term_query(term, DEFINITION_WORDS)));
            }
            clauses.push((Occur::Should, Box::new(BooleanQuery::new(scoped))));
        }
        for (number, weight) in boosts {
            let q = TermQuery::new(
                Term::from_field_text(f.number, &number),
                IndexRecordOption::Basic,
            );
            clauses.push((
                Occur::Should,
                Box::new(ConstScoreQuery::new(Box::new(q), weight)),
            ));
        }
        // Each term of the question, and the rules' words for it when it is vocabulary.
        let weighed = idfs
            .into_iter()
            .map(|(term, idf)| {
                let mut alternatives = vec![vec![term.clone()]];
                alternatives.extend(
                    expansions
                        .iter()
                        .filter(|e| e.said.contains(&term))
                        .map(|e| analysis::terms(&e.meaning)),
                );
                alternatives.extend(
                    names
                        .iter()
                        .filter(|(name, full)| name.contains(&term) && full != name)
                        .map(|(_, full)| full.clone()),
                );
                let idf = if told(&term) {
                    idf * TOLD_COVERAGE
                } else {
                    idf
                };
                let partial = defined
                    .iter()
                    .filter(|(name, _)| name.contains(&term))
                    .map(|(_, terms)| (terms.clone(), DEFINITION_COVERAGE))
                    .collect();
                Weighed {
                    idf,
                    alternatives,
                    partial,
                }
            })
            .collect();
        Ok(Plan {
            query: Box::new(BooleanQuery::new(clauses)),
            terms,
            weighed,
            credited,
            obsolete,
            unmeant,
        })
    }

    /// The words (lower-cased, as typed) of the cards' names a question says: a run of
    /// words capitalised inside a sentence (see `query::name_runs`) of which one at least
    /// is in no rule's or glossary entry's title (`Blood Moon`, `Fling`, `Doubling
    /// Season`, `Exalted Angel`: all its words), but not a name of the rules' own (`my
    /// Aura`, `First Strike`). The joining words of a name (`to`, `of`) are stop words.
    fn card_name_words(
        &self,
        searcher: &Searcher,
        text: &str,
    ) -> Result<HashSet<String>, IndexError> {
        let err = |e| IndexError::tantivy(Path::new("(search)"), e);
        let mut out = HashSet::new();
        for run in query::name_runs(text) {
            let mut untitled = false;
            for word in run.iter().filter(|w| !analysis::is_stop_word(w)) {
                let term = analysis::stem_word(word);
                let titled = searcher
                    .doc_freq(&Term::from_field_text(self.fields.title, &term))
                    .map_err(err)?;
                untitled |= titled == 0;
            }
            if untitled {
                for word in run.into_iter().filter(|w| !analysis::is_stop_word(w)) {
                    // As the question's words are compared: `Seht's` is `sehts`.
                    out.insert(
                        word.chars()
                            .filter(|c| !analysis::is_apostrophe(*c))
                            .collect(),
                    );
                    out.insert(word);
                }
            }
        }
        Ok(out)
    }

    /// The documents whose examples say each term of the question (its own term, or any
    /// of the rules' words for it).
    fn exemplified(
        &self,
        searcher: &Searcher,
        weighed: &[Weighed],
    ) -> Result<HashMap<String, HashSet<DocAddress>>, IndexError> {
        let err = |e| IndexError::tantivy(Path::new("(search)"), e);
        let mut out: HashMap<String, HashSet<DocAddress>> = HashMap::new();
        let terms: HashSet<&String> = weighed
            .iter()
            .flat_map(|w| w.alternatives.iter().flatten())
            .collect();
        for (ord, segment) in searcher.segment_readers().iter().enumerate() {
            let inverted = segment.inverted_index(self.fields.examples).map_err(err)?;
            for &term in &terms {
                let t = Term::from_field_text(self.fields.examples, term);
                let Some(mut postings) = inverted
                    .read_postings(&t, IndexRecordOption::Basic)
                    .map_err(|e| err(e.into()))?
                else {
                    continue;
                };
                let docs = out.entry(term.clone()).or_default();
                let mut doc = postings.doc();
                while doc != tantivy::TERMINATED {
                    docs.insert(DocAddress::new(ord as u32, doc));
                    doc = postings.advance();
                }
            }
        }
        Ok(out)
    }

    /// A term in every field, each with its boost.
    fn term_query(&self, term: &str, weight: f32) -> Box<dyn Query> {
        let f = &self.fields;
        let fields = [
            (f.title, TITLE_BOOST),
            (f.context, CONTEXT_BOOST),
            (f.text, 1.0),
            (f.examples, EXAMPLES_BOOST),
        ];
        let clauses = fields
            .into_iter()
            .map(|(field, boost)| -> (Occur, Box<dyn Query>) {
                let q = TermQuery::new(
                    Term::from_field_text(field, term),
                    IndexRecordOption::WithFreqs,
                );
                (
                    Occur::Should,
                    Box::new(BoostQuery::new(Box::new(q), boost * weight)),
                )
            })
            .collect();
        Box::new(BooleanQuery::new(clauses))
    }

    /// Terms at their positions as a phrase of the text (a stop word between them keeps
    /// its place).
    fn phrase(&self, tokens: &[(String, usize)], boost: f32) -> Box<dyn Query> {
        let first = tokens.first().map_or(0, |t| t.1);
        let terms = tokens
            .iter()
            .map(|(t, p)| (p - first, Term::from_field_text(self.fields.text, t)))
            .collect();
        Box::new(BoostQuery::new(
            Box::new(PhraseQuery::new_with_offset(terms)),
            boost,
        ))
    }

    /// How many rules and entries have the term in their title or text.
    fn frequency(&self, searcher: &Searcher, term: &str) -> Result<u64, IndexError> {
        let err = |e| IndexError::tantivy(Path::new("(search)"), e);
        let f = &self.fields;
        Ok(searcher
            .doc_freq(&Term::from_field_text(f.text, term))
            .map_err(err)?
            + searcher
                .doc_freq(&Term::from_field_text(f.title, term))
                .map_err(err)?)
    }

    /// How well a revision knows a stem, for respelling: how many rules and entries say
    /// it, a word of the judge vocabulary or a glossary name's initials once at least.
    fn known(&self, searcher: &Searcher, stem: &str) -> u64 {
        let said = self.frequency(searcher, stem).unwrap_or(0);
        // A word the rules say is known as often as they say it: the judge vocabulary
        // (parsed and stemmed on first use) is asked only of the others.
        if said > 0 {
            return said;
        }
        u64::from(self.is_vocabulary(searcher, stem).unwrap_or(false))
    }

    /// Whether a term is a word of the judge vocabulary or the initials of a glossary name.
    fn is_vocabulary(&self, searcher: &Searcher, term: &str) -> Result<bool, IndexError> {
        if query::vocabulary_terms().contains(term) {
            return Ok(true);
        }
        let initials = Term::from_field_text(self.fields.initials, term);
        let found = searcher
            .doc_freq(&initials)
            .map_err(|e| IndexError::tantivy(Path::new("(search)"), e))?;
        Ok(found > 0)
    }

    /// The slot of a document's fields read once (see `RevisionIndex::stored`).
    fn slot(&self, address: DocAddress) -> Option<&OnceLock<Stored>> {
        self.stored
            .get(address.segment_ord as usize)
            .and_then(|segment| segment.get(address.doc_id as usize))
    }

    /// A rule's stored fields, read once.
    fn stored_rule(
        &self,
        searcher: &Searcher,
        address: DocAddress,
        analyzer: &mut TextAnalyzer,
    ) -> Result<Arc<StoredRule>, IndexError> {
        let slot = self.slot(address);
        if let Some(Stored::Rule(rule)) = slot.and_then(OnceLock::get) {
            return Ok(Arc::clone(rule));
        }
        let doc: TantivyDocument = searcher
            .doc(address)
            .map_err(|e| IndexError::tantivy(Path::new("(search)"), e))?;
        let rule = Arc::new(StoredRule::read(&doc, &self.fields, analyzer));
        if let Some(slot) = slot {
            let _ = slot.set(Stored::Rule(Arc::clone(&rule)));
        }
        Ok(rule)
    }

    /// A glossary entry's stored fields, read once.
    fn stored_entry(
        &self,
        searcher: &Searcher,
        address: DocAddress,
    ) -> Result<Arc<named::Entry>, IndexError> {
        let slot = self.slot(address);
        if let Some(Stored::Entry(entry)) = slot.and_then(OnceLock::get) {
            return Ok(Arc::clone(entry));
        }
        let doc: TantivyDocument = searcher
            .doc(address)
            .map_err(|e| IndexError::tantivy(Path::new("(search)"), e))?;
        let entry = Arc::new(named::Entry::read(&doc, &self.fields));
        if let Some(slot) = slot {
            let _ = slot.set(Stored::Entry(Arc::clone(&entry)));
        }
        Ok(entry)
    }

    /// Runs a plan: rules only, within the scope, best first.
    fn run(
        &self,
        searcher: &Searcher,
        plan: &Plan,
        request: &Request,
        limit: usize,
        analysed: &Analysed,
    ) -> Result<Vec<Hit>, IndexError> {
        let err = |e| IndexError::tantivy(Path::new("(search)"), e);
        let f = &self.fields;
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![
            (Occur::Must, plan.query.box_clone()),
            (
                Occur::Must,
                filter(Term::from_field_text(f.kind, KIND_RULE)),
            ),
        ];
        // Enough candidates for the share of the question each says to reorder them.
        let mut fetch = if plan.weighed.len() >= 2 {
            limit.max(RESCORED)
        } else {
            limit
        };
        if let Some(scope) = request.scope {
            let term = match scope.rule_part() {
                None => Term::from_field_u64(f.section, scope.section_number() as u64),
                Some(rule) => Term::from_field_u64(f.rule, rule as u64),
            };
            clauses.push((Occur::Must, filter(term)));
            if scope.depth() >= 2 {
                fetch = fetch.saturating_mul(20).max(500);
            }
        }
        let top = searcher
            .search(
                &BooleanQuery::new(clauses),
                &TopDocs::with_limit(fetch.max(1)).order_by_score(),
            )
            .map_err(err)?;
        let mut hits: Vec<Hit> = Vec::new();
        let mut analyzer = analysis::analyzer();
        // The rules whose examples say each term of the question: an example tells a
        // situation the rule covers, in the words a story uses (see `EXAMPLE_COVERAGE`).
        let examples = if plan.weighed.len() >= 2 {
            self.exemplified(searcher, &plan.weighed)?
        } else {
            HashMap::new()
        };
        for (score, address) in top {
            if score <= 0.0 {
                continue;
            }
            let rule = self.stored_rule(searcher, address, &mut analyzer)?;
            let Some(number) = rule.number else {
                continue;
            };
            if request.scope.is_some_and(|scope| !number.is_within(&scope)) {
                continue;
            }
            // What the rule says of the question (read only when there is a share to take).
            let share = if plan.weighed.len() >= 2 {
                let credited = credit(&plan.credited, &number);
                let exemplified =
                    |t: &str| examples.get(t).is_some_and(|docs| docs.contains(&address));
                let share_of = |said: &HashSet<String>| {
                    coverage(&plan.weighed, |t| {
                        if said.contains(t) || credited.iter().any(|c| c == t) {
                            1.0
                        } else if exemplified(t) {
                            EXAMPLE_COVERAGE
                        } else {
                            0.0
                        }
                    })
                };
                let (full, outside) = rule.said(analysed, &mut analyzer);
                let share = share_of(full);
                // What a rule only names in a list counts for less (see `ENUMERATED`).
                let share = match outside {
                    Some(outside) => {
                        let outside = share_of(outside);
                        outside + ENUMERATED * (share - outside)
                    }
                    None => share,
                };
                // A keyword's or a variant's rule, when the question does not name it.
                let unnamed = rule
                    .topic
                    .as_ref()
                    .is_some_and(|name| !topic::is_named(name, |t| plan.terms.contains(t)));
                if unnamed {
                    share * UNNAMED_TOPIC
                } else {
                    share
                }
            } else {
                1.0
            };
            // A rule of the sense of a homonym the question does not mean.
            let share = if plan.unmeant.iter().any(|u| number.is_within(u)) {
                share * UNNAMED_TOPIC
            } else {
                share
            };
            let title = Some(&rule.title)
                .filter(|t| !t.is_empty())
                .or_else(|| Some(&rule.first_context).filter(|t| !t.is_empty()))
                .cloned();
            hits.push(Hit {
                revision: rule.revision.clone(),
                number,
                title,
                score: score * share,
                snippet: Snippet::default(),
                text: rule.text.clone(),
            });
        }
        hits.sort_by(|a, b| b.score.total_cmp(&a.score));
        hits.truncate(limit);
        Ok(hits)
    }
}

/// The sense of a homonym glossary entry (see `query::senses`) the question means, as the
/// rules of that sense, and the rules of the others: the sense whose definition says
/// more of the question's other words (`counter` with `spell`: "To cancel a spell or
/// ability…", rule 701.6; with `marker` or `put`… on: rule 122). `(None, [])` when the
/// entry has one sense, or the question's words do not tell its senses apart.
fn meant_sense(entry: &named::Named, said: &[String]) -> (Option<Vec<String>>, Vec<RuleNumber>) {
    let senses = query::senses(&entry.definition);
    if senses.is_empty() {
        return (None, Vec::new());
    }
    let own: HashSet<String> = entry.full.iter().chain(&entry.name).cloned().collect();
    let context: HashSet<String> = said
        .iter()
        .filter(|w| !w.is_empty() && !analysis::is_stop_word(w) && !query::is_filler(w))
        .map(|w| analysis::stem_word(w))
        .filter(|t| !own.contains(t))
        .collect();
    // How the question uses the word: as a verb ("I counter it", "countered"), or as a
    // noun ("a counter", "+1/+1 counters"); a sense that opens with "To" is the verb's.
    let verb = used_as_verb(said, &entry.name);
    let scores: Vec<usize> = senses
        .iter()
        .map(|sense| {
            let words = sense.text.split(" See ").next().unwrap_or_default();
            let terms: HashSet<String> = analysis::terms(words).into_iter().collect();
            let told = context.iter().filter(|t| terms.contains(*t)).count();
            let is_verb = sense.text.starts_with("To ");
            2 * told + usize::from(verb == Some(is_verb))
        })
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    if best == 0 || scores.iter().filter(|&&s| s == best).count() > 1 {
        return (None, Vec::new());
    }
    let mut meant = Vec::new();
    let mut unmeant = Vec::new();
    for (sense, score) in senses.into_iter().zip(scores) {
        if score == best {
            meant = sense.references;
        } else {
            unmeant.extend(
                sense
                    .references
                    .iter()
                    .filter_map(|r| r.parse::<RuleNumber>().ok()),
            );
        }
    }
    (Some(meant), unmeant)
}

/// Whether the question uses a one-word name as a verb (`Some(true)`: "can I counter
/// it", "it was countered", "counter target spell") or as a noun (`Some(false)`: "a
/// counter", "+1/+1 counters", "counters on it"), by the words around it; `None` when
/// they do not tell.
fn used_as_verb(said: &[String], name: &[String]) -> Option<bool> {
    const BEFORE_VERB: &[&str] = &[
        "to", "can", "cant", "cannot", "i", "you", "we", "they", "he", "she", "will", "would",
        "may", "must", "not", "dont", "doesnt", "didnt", "wont", "and", "or", "then",
    ];
    const AFTER_VERB: &[&str] = &[
        "a",
        "an",
        "the",
        "target",
        "that",
        "this",
        "it",
        "its",
        "my",
        "your",
        "his",
        "her",
        "their",
        "them",
        "each",
        "all",
        "any",
        "every",
        "one",
        "spells",
        "abilities",
    ];
    const BEFORE_NOUN: &[&str] = &[
        "a", "an", "the", "one", "two", "three", "each", "no", "more", "those", "these", "of",
        "with", "many", "1", "x", "n", "loyalty", "lore",
    ];
    const AFTER_NOUN: &[&str] = &["on", "of", "from", "in", "are", "is", "were"];
    let [name] = name else {
        return None;
    };
    let mut verdict = None;
    for (i, word) in said.iter().enumerate() {
        if word.is_empty() || analysis::stem_word(word) != *name {
            continue;
        }
        let before = i.checked_sub(1).map_or("", |j| said[j].as_str());
        let after = said.get(i + 1).map_or("", String::as_str);
        let this = if word.ends_with("ed") || word.ends_with("ing") {
            Some(true)
        } else if BEFORE_NOUN.contains(&before) || AFTER_NOUN.contains(&after) {
            Some(false)
        } else if BEFORE_VERB.contains(&before) || AFTER_VERB.contains(&after) {
            Some(true)
        } else {
            None
        };
        // The first use that tells is the question's.
        if verdict.is_none() {
            verdict = this;
        }
    }
    verdict
}

/// The part of a question `n` of its `total` words are, at most 1.
fn share(n: usize, total: usize) -> f32 {
    (n as f32 / total.max(1) as f32).min(1.0)
}

/// Drops apostrophes inside words (`don't` → `dont`, as the analyzer does), so that a
/// question typed with one is not read as the start of a quoted phrase.
fn join_apostrophes(query: &str) -> String {
    let chars: Vec<char> = query.chars().collect();
    chars
        .iter()
        .enumerate()
        .filter(|&(i, &c)| {
            let inside = i > 0
                && chars[i - 1].is_alphabetic()
                && chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
            !(inside && analysis::is_apostrophe(c))
        })
        .map(|(_, &c)| c)
        .collect()
}

/// A clause that restricts the documents without changing their scores.
pub(super) fn filter(term: Term) -> Box<dyn Query> {
    Box::new(ConstScoreQuery::new(
        Box::new(TermQuery::new(term, IndexRecordOption::Basic)),
        0.0,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Date, Format, GlossaryEntry, Rule};

    fn revision() -> Revision {
        let mut r = Revision {
            id: "2026-01-16".into(),
            date: Date::new(2026, 1, 16).unwrap_or(Date {
                year: 2026,
                month: 1,
                day: 16,
            }),
            source: "test".into(),
            format: Format::OfficialText,
            content_hash: "00".into(),
            complete: true,
            sections: Vec::new(),
            rules: Default::default(),
            glossary: vec![GlossaryEntry {
                term: "Land".into(),
                aliases: Vec::new(),
                definition: "A card type. See rule 305.".into(),
                obsolete: false,
                references: Vec::new(),
            }],
            warnings: Vec::new(),
        };
        let rules = [
            ("305", Some("Lands"), ""),
            ("305.2", None, "A player can normally play one land during their turn; however, continuous effects may increase this number."),
            ("305.2a", None, "To determine whether a player can play a land, compare the number of lands the player can play this turn with the number of lands they have already played this turn."),
            ("608.2b", None, "If the spell or ability specifies targets, it checks whether the targets are still legal."),
            ("702.2", Some("Deathtouch"), ""),
            ("702.2b", None, "A creature with toughness greater than 0 that’s been dealt damage by a source with deathtouch since the last time state-based actions were checked is destroyed."),
            ("704.5j", None, "If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners’ graveyards. This is called the “legend rule.”"),
        ];
        for (n, title, text) in rules {
            let mut rule = Rule::new(n.parse().unwrap_or(RuleNumber::rule(100)), text);
            rule.title = title.map(str::to_string);
            r.rules.insert(rule.number, rule);
        }
        r
    }

    #[test]
    fn the_terms_stored_at_ingest_are_those_a_search_analysed() {
        let mut revisions = vec![revision()];
        // The built-in revisions, read from `rules/` as its manifest lists them (the
        // library, which embeds them, sits above the index).
        let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        let manifest = std::fs::read_to_string(rules.join("MANIFEST.tsv")).expect("manifest");
        for row in manifest.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            let cols: Vec<&str> = row.split('\t').collect();
            let bytes = std::fs::read(rules.join(cols[0])).expect("a seed");
            let options = crate::read::ReadOptions {
                date: Some(cols[2].parse().expect("a date")),
                id: Some(cols[1].to_string()),
                format: None,
            };
            revisions.push(crate::read::read(cols[0], &bytes, &options).expect("a seed reads"));
        }
        assert!(revisions.len() >= 6, "the five built-in revisions");
        let mut analyzer = analysis::analyzer();
        let mut compared = 0;
        for revision in &revisions {
            let index = RevisionIndex::build_in_ram(revision).expect("index");
            let searcher = index.reader.searcher();
            let f = &index.fields;
            for (s, segment) in searcher.segment_readers().iter().enumerate() {
                for d in 0..segment.max_doc() {
                    let doc: TantivyDocument =
                        searcher.doc(DocAddress::new(s as u32, d)).expect("doc");
                    if doc
                        .get_first(f.number)
                        .and_then(|v| v.as_str())
                        .is_none_or(str::is_empty)
                    {
                        continue;
                    }
                    let rule = StoredRule::read(&doc, f, &mut analyzer);
                    // As every search analysed them before they were stored.
                    let above = &rule.above;
                    let mut fresh = analysis::analyzer();
                    let mut set = |words: &str| -> HashSet<String> {
                        analysis::terms_with(&mut fresh, words)
                            .into_iter()
                            .collect()
                    };
                    let full = set(&format!("{above} {}", rule.text));
                    let outside = analysis::without_enumerations(&rule.text)
                        .map(|o| set(&format!("{above} {o}")));
                    let (stored_full, stored_outside) =
                        rule.said(&Analysed::default(), &mut analyzer);
                    assert_eq!(**stored_full, full, "{:?}", rule.number);
                    assert_eq!(
                        stored_outside.as_deref(),
                        outside.as_ref(),
                        "{:?}",
                        rule.number
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 300, "{compared}");
    }

    fn top(index: &RevisionIndex, query: &str, scope: Option<&str>) -> Vec<String> {
        let found = index
            .search(&Request {
                query,
                scope: scope.and_then(|s| s.parse().ok()),
                limit: 5,
            })
            .expect("search");
        found.hits.iter().map(|h| h.number.short()).collect()
    }

    #[test]
    fn ranks_the_rule_that_answers_the_question_first() {
        let index = RevisionIndex::build_in_ram(&revision()).expect("index");
        let lands = top(&index, "how many lands can I play each turn", None);
        assert!(lands[0].starts_with("305.2"), "{lands:?}");
        assert_eq!(top(&index, "legend rule", None)[0], "704.5j");
        // The title of the rule above counts as much as the text: the rule under the
        // heading `702.2 Deathtouch` that says the word comes first, then the heading.
        assert_eq!(top(&index, "deathtouch", None), ["702.2b", "702.2"]);
        assert!(top(&index, "deathtouch damage", None).contains(&"702.2b".to_string()));
    }

    #[test]
    fn an_obsolete_term_the_question_names_is_said_to_be_one() {
        let mut r = revision();
        r.glossary.push(GlossaryEntry {
            term: "Mana Burn".into(),
            aliases: Vec::new(),
            definition: "Older versions of the rules stated that unspent mana caused a player to lose life; this was called “mana burn.” That rule no longer exists.".into(),
            obsolete: true,
            references: Vec::new(),
        });
        let index = RevisionIndex::build_in_ram(&r).expect("index");
        let found = |query| {
            index
                .search(&Request {
                    query,
                    scope: None,
                    limit: 5,
                })
                .expect("search")
        };
        let burn = found("does mana burn still exist");
        assert_eq!(burn.obsolete.len(), 1);
        assert_eq!(burn.obsolete[0].0, "Mana Burn");
        assert!(found("how many lands can I play").obsolete.is_empty());
    }

    #[test]
    fn a_homonym_is_read_in_the_sense_the_question_means() {
        let mut r = revision();
        let n = |s: &str| s.parse::<RuleNumber>().unwrap_or(RuleNumber::rule(100));
        r.glossary.push(GlossaryEntry {
            term: "Counter".into(),
            aliases: Vec::new(),
            definition: "1. To cancel a spell or ability so it doesn’t resolve and none of its effects occur. See rule 701.6, “Counter.”\n2. A marker placed on an object or player that modifies its characteristics or interacts with a rule or ability. See rule 122, “Counters.”".into(),
            obsolete: false,
            references: vec![n("701.6"), n("122")],
        });
        let rules = [
            ("122", Some("Counters"), ""),
            ("122.1", None, "A counter is a marker placed on an object or player that modifies its characteristics or interacts with a rule, ability, or effect."),
            ("701.6", Some("Counter"), ""),
            ("701.6a", None, "To counter a spell or ability means to cancel it, removing it from the stack. It doesn’t resolve and none of its effects occur."),
        ];
        for (number, title, text) in rules {
            let mut rule = Rule::new(n(number), text);
            rule.title = title.map(str::to_string);
            r.rules.insert(rule.number, rule);
        }
        let index = RevisionIndex::build_in_ram(&r).expect("index");
        let first = |q| top(&index, q, None)[0].clone();
        assert!(first("can I counter a spell").starts_with("701.6"));
        assert!(first("it was countered").starts_with("701.6"));
        assert!(first("a counter on a creature").starts_with("122"));
    }

    #[test]
    fn a_word_is_a_verb_or_a_noun_by_the_words_around_it() {
        let said = |q: &str| query::words(q);
        let counter = ["counter".to_string()];
        assert_eq!(
            used_as_verb(&said("can I counter a spell"), &counter),
            Some(true)
        );
        assert_eq!(
            used_as_verb(&said("it was countered"), &counter),
            Some(true)
        );
        assert_eq!(
            used_as_verb(&said("put a +1/+1 counter on it"), &counter),
            Some(false)
        );
        assert_eq!(used_as_verb(&said("counters on it"), &counter), Some(false));
        assert_eq!(used_as_verb(&said("counter"), &counter), None);
    }

    #[test]
    fn question_filler_does_not_pull_a_long_question_away() {
        let index = RevisionIndex::build_in_ram(&revision()).expect("index");
        // "still" is the rarest word here (one rule says it), but it is how the question is
        // phrased, not what it asks.
        let lands = top(
            &index,
            "how many lands am I still allowed to play each turn exactly",
            None,
        );
        assert!(lands[0].starts_with("305.2"), "{lands:?}");
        assert!(!lands.contains(&"608.2b".to_string()), "{lands:?}");
        // A question of filler alone is still searched.
        assert_eq!(top(&index, "still", None), ["608.2b"]);
    }

    #[test]
    fn query_syntax_works_and_broken_syntax_is_searched_leniently() {
        let index = RevisionIndex::build_in_ram(&revision()).expect("index");
        assert_eq!(top(&index, "\"legend rule\"", None), ["704.5j"]);
        let land = top(&index, "land -continuous", None);
        assert!(land.contains(&"305.2a".to_string()) && !land.contains(&"305.2".to_string()));
        assert_eq!(top(&index, "number:305.2a", None), ["305.2a"]);
        let found = index
            .search(&Request {
                query: "legend rule\" AND (",
                scope: None,
                limit: 5,
            })
            .expect("search");
        assert!(found.lenient);
        assert_eq!(found.hits[0].number.short(), "704.5j");
        // An apostrophe is part of a word, not the start of a quotation.
        let found = index
            .search(&Request {
                query: "a player can't play lands",
                scope: None,
                limit: 5,
            })
            .expect("search");
        assert!(!found.lenient);
    }

    #[test]
    fn scope_and_kind_restrict_the_hits() {
        let index = RevisionIndex::build_in_ram(&revision()).expect("index");
        assert!(top(&index, "land", Some("7")).is_empty());
        assert_eq!(top(&index, "land", Some("305.2a")), ["305.2a"]);
        // The glossary entry "Land" is not a rule and is not returned.
        assert!(top(&index, "card type", None).is_empty());
    }

    #[test]
    fn snippets_highlight_the_matching_words() {
        let index = RevisionIndex::build_in_ram(&revision()).expect("index");
        let found = index
            .search(&Request {
                query: "legend",
                scope: None,
                limit: 1,
            })
            .expect("search");
        let s = &found.hits[0].snippet;
        let words: Vec<&str> = s
            .highlights
            .iter()
            .filter_map(|r| s.text.get(r.clone()))
            .collect();
        assert!(
            words.iter().all(|w| w.to_lowercase().starts_with("legend")),
            "{words:?}"
        );
        assert!(!words.is_empty());
    }
}
