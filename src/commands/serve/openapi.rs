//! `/openapi.json`: an OpenAPI 3.1 description of every route `arbiter serve` answers,
//! made from one table (a test holds the table to the router).

use serde_json::{json, Map, Value};

/// One route: method, path, summary, its parameters (name, where, required, what), and
/// the statuses it answers with.
pub struct Route {
    pub method: &'static str,
    pub path: &'static str,
    pub summary: &'static str,
    pub parameters: &'static [(&'static str, &'static str, bool, &'static str)],
    pub responses: &'static [(u16, &'static str)],
}

const REVISION: (&str, &str, bool, &str) = (
    "revision",
    "query",
    false,
    "An id (2011-07-15), or a year or prefix: the newest complete revision that starts with it. Default: the newest complete revision.",
);
const RULE: (&str, &str, bool, &str) = ("rule", "path", true, "A rule number: 100, 100.1, 100.1a");
const OK_404: &[(u16, &str)] = &[(200, "found"), (404, "no such rule or revision")];
const OK_400_404: &[(u16, &str)] = &[
    (200, "found"),
    (400, "bad input or no such revision"),
    (404, "not found"),
];

/// Every route.
pub const ROUTES: &[Route] = &[
    Route { method: "get", path: "/cr", summary: "All rules keyed by number: {ruleNumber, ruleText, examples, fragment, navigation} (Academy Ruins)", parameters: &[REVISION], responses: OK_404 },
    Route { method: "get", path: "/allrules", summary: "Old name of /cr", parameters: &[REVISION], responses: OK_404 },
    Route { method: "get", path: "/cr/toc", summary: "Table of contents: [{number, title, subsections}]", parameters: &[REVISION], responses: OK_404 },
    Route { method: "get", path: "/cr/glossary", summary: "The glossary keyed by lower-cased term: {term, definition}", parameters: &[REVISION], responses: OK_404 },
    Route { method: "get", path: "/glossary", summary: "Old name of /cr/glossary", parameters: &[REVISION], responses: OK_404 },
    Route { method: "get", path: "/cr/glossary/{term}", summary: "One glossary entry (exact name, any case; ?fuzzy=true for the closest)", parameters: &[("term", "path", true, "The term"), ("fuzzy", "query", false, "true: the closest entry"), REVISION], responses: &[(200, "found"), (404, "{\"detail\": \"Entry not found.\"}")] },
    Route { method: "get", path: "/glossary/{term}", summary: "Old glossary route: fuzzy unless ?exact=true", parameters: &[("term", "path", true, "The term"), ("exact", "query", false, "true: the exact name only"), REVISION], responses: &[(200, "found"), (404, "{\"detail\": \"Entry not found.\"}")] },
    Route { method: "get", path: "/cr/example/{rule}", summary: "A rule's examples: {ruleNumber, examples} (null when none)", parameters: &[RULE, REVISION], responses: OK_404 },
    Route { method: "get", path: "/example/{rule}", summary: "Old name of /cr/example/{rule}", parameters: &[RULE, REVISION], responses: OK_404 },
    Route { method: "get", path: "/cr/{rule}", summary: "A rule: {ruleNumber, ruleText}; a keyword rule answers with its defining subrule unless ?exact_match=true", parameters: &[RULE, ("exact_match", "query", false, "true: exactly the rule asked for"), REVISION], responses: &[(200, "found"), (404, "{\"detail\": \"Rule not found\", \"ruleNumber\"}")] },
    Route { method: "get", path: "/rule/{rule}", summary: "Old name of /cr/{rule}", parameters: &[RULE, ("exact_match", "query", false, "true: exactly the rule asked for"), REVISION], responses: OK_404 },
    Route { method: "get", path: "/file/cr", summary: "The revision as the publisher's plain text, UTF-8 with LF line ends", parameters: &[REVISION], responses: OK_404 },
    Route { method: "get", path: "/link/cr", summary: "Redirects to /file/cr", parameters: &[], responses: &[(307, "to /file/cr")] },
    Route { method: "get", path: "/revisions", summary: "Every revision: [{id, date, format, source, complete, sections, rules}] (as `revisions --json`)", parameters: &[], responses: &[(200, "the revisions")] },
    Route { method: "get", path: "/rules/{number}", summary: "A rule with its subrules, examples and references (as `rule --json`)", parameters: &[("number", "path", true, "A section (3), rule (303), subrule (303.4) or lettered subrule (303.4c)"), REVISION], responses: OK_400_404 },
    Route { method: "get", path: "/search", summary: "Full-text search, ranked (as `search --json`)", parameters: &[("q", "query", true, "Words, a phrase in quotes, or query syntax"), ("section", "query", false, "Only this section (1-9) or rule (303)"), ("limit", "query", false, "1-1000, default 10"), ("all_revisions", "query", false, "true: every revision, identical text grouped"), REVISION], responses: OK_400_404 },
    Route { method: "get", path: "/define/{term}", summary: "Glossary entries closest to a term, typos forgiven (as `define --json`)", parameters: &[("term", "path", true, "The term"), REVISION], responses: OK_400_404 },
    Route { method: "get", path: "/history/{number}", summary: "One rule through every revision, renumbering included (as `history --json`)", parameters: &[("number", "path", true, "The rule number in the chosen revision"), REVISION], responses: OK_400_404 },
    Route { method: "get", path: "/diff/{from}/{to}", summary: "What changed between two revisions (as `diff --json`, or ?format=markdown)", parameters: &[("from", "path", true, "The older revision"), ("to", "path", true, "The newer revision"), ("section", "query", false, "Only section 1-9"), ("rule", "query", false, "Only this rule and below"), ("ignore_wording", "query", false, "true: fold template wording changes"), ("format", "query", false, "json (default) or markdown")], responses: OK_400_404 },
    Route { method: "post", path: "/check", summary: "Play a scenario (the request body, Markdown) and return its report (as `check --json`); a scenario that can't be read is 400 naming the line", parameters: &[], responses: &[(200, "the report"), (400, "the scenario can't be read"), (413, "the body is too large")] },
    Route { method: "get", path: "/openapi.json", summary: "This description", parameters: &[], responses: &[(200, "OpenAPI 3.1")] },
];

/// The OpenAPI document.
pub fn document() -> String {
    let mut paths = Map::new();
    for route in ROUTES {
        let parameters: Vec<Value> = route
            .parameters
            .iter()
            .map(|(name, at, required, what)| {
                json!({"name": name, "in": at, "required": required, "description": what, "schema": {"type": "string"}})
            })
            .collect();
        let mut responses = Map::new();
        for (status, what) in route.responses {
            responses.insert(status.to_string(), json!({"description": what}));
        }
        let mut operation = json!({
            "summary": route.summary,
            "parameters": parameters,
            "responses": responses,
        });
        if route.method == "post" {
            operation["requestBody"] = json!({"required": true, "content": {"text/markdown": {"schema": {"type": "string"}}}});
        }
        let entry = paths
            .entry(route.path.to_string())
            .or_insert_with(|| json!({}));
        entry[route.method] = operation;
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "arbiter",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The Magic: The Gathering Comprehensive Rules, every revision: Academy Ruins' CR routes and arbiter's own.",
        },
        "paths": paths,
    })
    .to_string()
}
