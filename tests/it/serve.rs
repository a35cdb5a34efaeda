//! `arbiter serve` and `arbiter mcp`, driven the way their clients drive them: every
//! route and error of the HTTP server in-process (tower's `oneshot`), once over a real
//! loopback socket with a real HTTP client, and the MCP server through a real MCP client
//! (rmcp's) from `initialize` to each tool. The embedded revisions answer the routes that
//! need no glossary; the corpus, when present, checks `/file/cr` against the publisher's
//! file, `/cr` against every rule, the keyword redirect, the glossary and a new ingest
//! picked up without a restart.

use std::path::Path;
use std::sync::Arc;

use arbiter::commands::serve::{self, openapi, shared::Shared};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::Value;
use tower::ServiceExt as _;

use crate::common;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// The server over the index in `dir`.
fn app(dir: &Path) -> axum::Router {
    serve::router(Arc::new(Shared::open(dir).expect("the index opens")))
}

struct Answer {
    status: StatusCode,
    content_type: String,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

fn ask(rt: &tokio::runtime::Runtime, app: &axum::Router, request: Request<Body>) -> Answer {
    rt.block_on(async {
        let response = app.clone().oneshot(request).await.expect("an answer");
        let status = response.status();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("the body");
        Answer {
            status,
            content_type,
            body: String::from_utf8(bytes.to_vec()).expect("UTF-8"),
        }
    })
}

fn get(rt: &tokio::runtime::Runtime, app: &axum::Router, uri: &str) -> Answer {
    ask(rt, app, Request::get(uri).body(Body::empty()).unwrap())
}

fn post(rt: &tokio::runtime::Runtime, app: &axum::Router, uri: &str, body: Vec<u8>) -> Answer {
    ask(rt, app, Request::post(uri).body(Body::from(body)).unwrap())
}

#[test]
fn arbiter_routes_answer_as_the_commands_json_does() {
    let rt = runtime();
    let empty = tempfile::tempdir().unwrap();
    let app = app(empty.path());

    let rule = get(&rt, &app, "/rules/303.4c");
    assert_eq!(rule.status, StatusCode::OK, "{}", rule.body);
    assert_eq!(rule.content_type, "application/json");
    let doc = rule.json();
    assert_eq!(doc["revision"], "2026-01-16-s3");
    assert_eq!(doc["number"], "303.4c");
    assert!(doc["text"].as_str().unwrap().contains("Aura"));

    let old = get(&rt, &app, "/rules/303.4c?revision=2011");
    assert_eq!(old.json()["revision"], "2011-07-15-s3");

    let missing = get(&rt, &app, "/rules/303.99z");
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.json()["error"]["kind"], "not_found");
    assert!(missing.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("303.99z"));

    let bad = get(&rt, &app, "/rules/three");
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.json()["error"]["kind"], "bad_input");

    let unknown = get(&rt, &app, "/rules/303.4c?revision=1850");
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert_eq!(unknown.json()["error"]["kind"], "no_revision");

    let revisions = get(&rt, &app, "/revisions").json();
    assert!(revisions
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["id"] == "2026-01-16-s3"));

    let search = get(&rt, &app, "/search?q=enchant+player&limit=3");
    assert_eq!(search.status, StatusCode::OK, "{}", search.body);
    let hits = search.json()["hits"].as_array().unwrap().clone();
    assert!(!hits.is_empty() && hits.len() <= 3);
    assert_eq!(hits[0]["revision"], "2026-01-16-s3");
    assert_eq!(get(&rt, &app, "/search").status, StatusCode::BAD_REQUEST);
    assert_eq!(
        get(&rt, &app, "/search?q=aura&limit=0").status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        get(&rt, &app, "/search?q=aura&section=x").status,
        StatusCode::BAD_REQUEST
    );

    let history = get(&rt, &app, "/history/303.4c");
    assert_eq!(history.status, StatusCode::OK, "{}", history.body);
    assert!(!history.json()["lineage"].as_array().unwrap().is_empty());
    assert_eq!(
        get(&rt, &app, "/history/399.9").status,
        StatusCode::NOT_FOUND
    );

    let diff = get(&rt, &app, "/diff/2011-07-15-s3/2026-01-16-s3?section=3");
    assert_eq!(diff.status, StatusCode::OK, "{}", diff.body);
    assert_eq!(diff.json()["from"], "2011-07-15-s3");
    let markdown = get(
        &rt,
        &app,
        "/diff/2011-07-15-s3/2026-01-16-s3?format=markdown",
    );
    assert_eq!(markdown.status, StatusCode::OK);
    assert!(markdown.content_type.starts_with("text/markdown"));
    assert!(markdown.body.contains("2026-01-16-s3"));
    assert_eq!(
        get(&rt, &app, "/diff/2011/2026?format=pdf").status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        get(&rt, &app, "/diff/2011/1850").status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        get(&rt, &app, "/diff/2011/2026?section=12").status,
        StatusCode::INTERNAL_SERVER_ERROR
    );

    // No glossary in a fragment: the command's own error.
    let define = get(&rt, &app, "/define/aura");
    assert!(define.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("no glossary"));

    let project = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scenario = std::fs::read(project.join("tests/check/protection-example.md")).unwrap();
    let report = post(&rt, &app, "/check", scenario);
    assert_eq!(report.status, StatusCode::OK, "{}", report.body);
    assert_eq!(report.json()["passed"], true);
    let broken = post(
        &rt,
        &app,
        "/check",
        b"# A board\n\nrules: 2026-01-16\n\nnonsense line\n".to_vec(),
    );
    assert_eq!(broken.status, StatusCode::BAD_REQUEST, "{}", broken.body);
    let message = broken.json()["error"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(message.starts_with("scenario:"), "{message}");
    let huge = post(&rt, &app, "/check", vec![b'a'; serve::MAX_BODY + 1]);
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[test]
fn academy_ruins_routes_keep_its_shapes() {
    let rt = runtime();
    let empty = tempfile::tempdir().unwrap();
    let app = app(empty.path());

    let rule = get(&rt, &app, "/cr/303.4c?revision=2026-01-16-s3");
    assert_eq!(rule.status, StatusCode::OK);
    let doc = rule.json();
    assert_eq!(doc.as_object().unwrap().len(), 2);
    assert_eq!(doc["ruleNumber"], "303.4c");
    assert_eq!(
        get(&rt, &app, "/rule/303.4c?revision=2026-01-16-s3").body,
        rule.body
    );

    let missing = get(&rt, &app, "/cr/303.99z?revision=2026-01-16-s3");
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(
        missing.json(),
        serde_json::json!({"detail": "Rule not found", "ruleNumber": "303.99z"})
    );
    assert_eq!(get(&rt, &app, "/cr/nonsense").status, StatusCode::NOT_FOUND);

    let examples = get(&rt, &app, "/cr/example/303.4c?revision=2026-01-16-s3").json();
    assert_eq!(examples["ruleNumber"], "303.4c");
    assert!(examples["examples"].is_null() || examples["examples"].is_array());
    assert_eq!(
        get(&rt, &app, "/example/303.99z").status,
        StatusCode::NOT_FOUND
    );

    let all = get(&rt, &app, "/cr?revision=2026-01-16-s3");
    assert_eq!(all.status, StatusCode::OK);
    let all = all.json();
    let revision = arbiter::library::Library::embedded_only()
        .load("2026-01-16-s3")
        .unwrap();
    let keys = all.as_object().unwrap();
    assert_eq!(keys.len(), revision.rules.len(), "/cr holds every rule");
    let first = &keys["300.1"];
    assert_eq!(first["fragment"], "1");
    assert_eq!(first["navigation"]["previousRule"], "300");
    assert_eq!(first["navigation"]["nextRule"], "300.2");
    assert!(first.get("examples").is_some());
    assert_eq!(
        get(&rt, &app, "/allrules?revision=2026-01-16-s3").json(),
        all
    );

    let toc = get(&rt, &app, "/cr/toc?revision=2026-01-16-s3").json();
    assert_eq!(toc[0]["number"], 3);
    assert_eq!(toc[0]["subsections"][0]["number"], 300);

    let glossary = get(&rt, &app, "/cr/glossary/aura?revision=2026-01-16-s3");
    assert_eq!(glossary.status, StatusCode::NOT_FOUND);
    assert_eq!(
        glossary.json(),
        serde_json::json!({"detail": "Entry not found."})
    );
    assert_eq!(
        get(&rt, &app, "/cr/303.4c?revision=1850").status,
        StatusCode::NOT_FOUND
    );

    let file = get(&rt, &app, "/file/cr?revision=2026-01-16-s3");
    assert_eq!(file.status, StatusCode::OK);
    assert_eq!(file.content_type, "text/plain; charset=utf-8");
    assert!(!file.body.contains('\r'));
    let reread = arbiter::read::read("file-cr.txt", file.body.as_bytes(), &Default::default())
        .expect("/file/cr reads as a rules file");
    assert_eq!(
        reread.rules, revision.rules,
        "/file/cr gives the same rules"
    );

    let link = get(&rt, &app, "/link/cr");
    assert_eq!(link.status, StatusCode::TEMPORARY_REDIRECT);

    let nowhere = get(&rt, &app, "/no/such/route");
    assert_eq!(nowhere.status, StatusCode::NOT_FOUND);
    assert_eq!(nowhere.json(), serde_json::json!({"detail": "Not Found"}));
    let long = format!("/search?q={}", "a".repeat(serve::MAX_URI));
    assert_eq!(get(&rt, &app, &long).status, StatusCode::URI_TOO_LONG);
}

#[test]
fn openapi_describes_every_route_and_every_route_answers() {
    let rt = runtime();
    let empty = tempfile::tempdir().unwrap();
    let app = app(empty.path());
    let doc = get(&rt, &app, "/openapi.json").json();
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();
    assert_eq!(paths.len(), openapi::ROUTES.len());
    for route in openapi::ROUTES {
        let uri = route
            .path
            .replace("{rule}", "303.4c")
            .replace("{number}", "303.4c")
            .replace("{term}", "aura")
            .replace("{from}", "2011")
            .replace("{to}", "2026");
        let answer = if route.method == "post" {
            post(&rt, &app, &uri, Vec::new())
        } else {
            get(&rt, &app, &uri)
        };
        assert!(
            answer.body != r#"{"detail":"Not Found"}"#,
            "{} {} is described but not routed",
            route.method,
            route.path
        );
    }
}

#[test]
fn a_search_asked_again_gets_the_same_answer_from_a_bounded_store() {
    let rt = runtime();
    let index = tempfile::tempdir().unwrap();
    let budget = 6 * 1024;
    let shared = Arc::new(Shared::open_keeping(index.path(), budget).expect("the index opens"));
    let app = serve::router(Arc::clone(&shared));
    let kept = || shared.snapshot().answers.kept();

    let first = get(&rt, &app, "/search?q=enchant+player&limit=1");
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(kept().0, 1, "the answer is kept");
    // The same request, its parameters in another order and the default limit spelt
    // out: the same answer, kept once.
    let again = get(&rt, &app, "/search?limit=1&q=enchant+player");
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body, first.body);
    assert_eq!(again.content_type, "application/json");
    assert_eq!(kept().0, 1);
    assert_eq!(
        get(&rt, &app, "/search?q=enchant+player&limit=10").body,
        get(&rt, &app, "/search?q=enchant+player").body
    );
    assert_eq!(kept().0, 2);
    // Answers that failed are not kept.
    assert_eq!(
        get(&rt, &app, "/search?q=aura&limit=0").status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(kept().0, 2);

    // Many questions: what is kept stays within the budget, the oldest going first.
    let words: Vec<&str> = "aura equip trample deathtouch mulligan hexproof cascade flying \
        reach ward token copy counter sacrifice exile graveyard"
        .split_whitespace()
        .collect();
    for word in &words {
        let answer = get(&rt, &app, &format!("/search?q={word}&limit=1"));
        assert_eq!(answer.status, StatusCode::OK, "{word}");
        let (answers, bytes) = kept();
        assert!(bytes <= budget, "{bytes} bytes kept, over {budget}");
        assert!(answers >= 1);
    }
    let (answers, _) = kept();
    assert!(
        answers < words.len(),
        "{answers} answers kept within {budget} bytes"
    );
    // A question whose answer went is answered again, the same.
    assert_eq!(
        get(&rt, &app, "/search?limit=1&q=enchant+player").body,
        first.body
    );
}

/// Ingests corpus revisions into `dir`.
fn ingest(dir: &Path, corpus: &Path, ids: &[&str]) {
    let request = arbiter::ingest::Request {
        sources: ids
            .iter()
            .map(|id| arbiter::ingest::Source::File(corpus.join(format!("cr-{id}.txt"))))
            .collect(),
        id: None,
        replace: false,
    };
    arbiter::ingest::ingest(dir, &request, &arbiter::ingest::Quiet).expect("the ingest");
}

#[test]
fn file_cr_gives_the_publishers_rules_and_a_new_ingest_is_seen() {
    let Some(corpus) = common::corpus_dir() else {
        common::notice("NOT RUN: serve's corpus test needs ../shared/corpus (or ARBITER_CORPUS)");
        return;
    };
    let rt = runtime();
    let index = tempfile::tempdir().unwrap();
    ingest(index.path(), &corpus, &["2025-11-14"]);
    let app = app(index.path());
    assert_eq!(
        get(&rt, &app, "/rules/100.1").json()["revision"],
        "2025-11-14"
    );

    let search = "/search?q=mulligan&limit=3";
    assert_eq!(
        get(&rt, &app, search).json()["hits"][0]["revision"],
        "2025-11-14"
    );

    // A new generation, picked up by the next request without a restart: the answers
    // kept for the old one (the same search again) are not given for the new one.
    ingest(index.path(), &corpus, &["2026-01-16"]);
    assert_eq!(
        get(&rt, &app, "/rules/100.1").json()["revision"],
        "2026-01-16"
    );
    assert_eq!(
        get(&rt, &app, search).json()["hits"][0]["revision"],
        "2026-01-16"
    );

    for id in ["2025-11-14", "2026-01-16"] {
        let publisher = common::read_corpus(&corpus, id).expect("the corpus file reads");
        let file = get(&rt, &app, &format!("/file/cr?revision={id}"));
        assert_eq!(file.status, StatusCode::OK);
        let served = arbiter::read::read("file-cr.txt", file.body.as_bytes(), &Default::default())
            .expect("/file/cr reads");
        assert_eq!(served.date, publisher.date);
        assert_eq!(served.rules.len(), publisher.rules.len());
        for (number, rule) in &publisher.rules {
            let got = served
                .rules
                .get(number)
                .unwrap_or_else(|| panic!("{id}: {number} is missing"));
            assert_eq!(got.text, rule.text, "{id} {number}");
            assert_eq!(got.title, rule.title, "{id} {number}");
            assert_eq!(got.examples, rule.examples, "{id} {number}");
        }
        assert_eq!(served.glossary.len(), publisher.glossary.len());

        let all = get(&rt, &app, &format!("/cr?revision={id}")).json();
        let all = all.as_object().unwrap();
        assert_eq!(
            all.len(),
            publisher.rules.len(),
            "/cr of {id} holds every rule"
        );
        for number in publisher.rules.keys() {
            assert!(
                all.contains_key(&number.short()),
                "/cr of {id} lacks {number}"
            );
        }
    }

    // The keyword redirect and exact_match (Academy Ruins' heuristic).
    assert_eq!(get(&rt, &app, "/cr/702.3").json()["ruleNumber"], "702.3b");
    assert_eq!(
        get(&rt, &app, "/cr/702.3?exact_match=true").json()["ruleNumber"],
        "702.3"
    );
    assert_eq!(get(&rt, &app, "/cr/701.3").json()["ruleNumber"], "701.3a");
    assert_eq!(get(&rt, &app, "/cr/704.5j").json()["ruleNumber"], "704.5j");

    let glossary = get(&rt, &app, "/cr/glossary").json();
    assert_eq!(glossary["deathtouch"]["term"], "Deathtouch");
    let term = get(&rt, &app, "/cr/glossary/DEATHTOUCH").json();
    assert_eq!(term["term"], "Deathtouch");
    assert_eq!(
        get(&rt, &app, "/cr/glossary/deathtuch").status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        get(&rt, &app, "/cr/glossary/deathtuch?fuzzy=true").json()["term"],
        "Deathtouch"
    );
    assert_eq!(
        get(&rt, &app, "/glossary/deathtuch").json()["term"],
        "Deathtouch"
    );

    let define = get(&rt, &app, "/define/deathtuch").json();
    assert_eq!(define["entries"][0]["term"], "Deathtouch");
    let history = get(&rt, &app, "/history/704.5j").json();
    assert!(history["lineage"].as_array().unwrap().len() >= 2);
    let diff = get(&rt, &app, "/diff/2025-11-14/2026-01-16").json();
    assert_eq!(diff["to"], "2026-01-16");
}

#[test]
fn a_real_client_is_answered_over_a_loopback_socket_until_the_server_stops() {
    let rt = runtime();
    let empty = tempfile::tempdir().unwrap();
    let shared = Arc::new(Shared::open(empty.path()).unwrap());
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("a loopback port");
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = rt.spawn(serve::serve_on(listener, shared, async {
        let _ = stopped.await;
    }));
    let agent = ureq::Agent::new_with_defaults();
    let mut response = agent
        .get(&format!(
            "http://{address}/cr/303.4c?revision=2026-01-16-s3"
        ))
        .call()
        .expect("the server answers");
    assert_eq!(response.status(), 200);
    let doc: Value = serde_json::from_str(&response.body_mut().read_to_string().unwrap()).unwrap();
    assert_eq!(doc["ruleNumber"], "303.4c");
    let missing = agent
        .get(&format!("http://{address}/cr/303.99z"))
        .config()
        .http_status_as_error(false)
        .build()
        .call()
        .expect("an answer");
    assert_eq!(missing.status(), 404);
    stop.send(()).unwrap();
    rt.block_on(server).expect("the server stops");
    assert!(
        agent
            .get(&format!("http://{address}/revisions"))
            .call()
            .is_err(),
        "a stopped server answers nothing"
    );
}

/// Connections that connect and send nothing can't shut out a client that asks: past the
/// bound, the one idle the longest is closed to make room (the fault test in
/// bench/serve-faults.sh does the same with 1,000 connections against the real bound).
#[test]
fn idle_connections_make_room_for_a_client_that_asks() {
    use std::io::Read as _;
    let rt = runtime();
    let empty = tempfile::tempdir().unwrap();
    let shared = Arc::new(Shared::open(empty.path()).unwrap());
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("a loopback port");
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let most = 8;
    let server = rt.spawn(serve::serve_with(
        listener,
        shared,
        async {
            let _ = stopped.await;
        },
        most,
    ));
    let idle: Vec<std::net::TcpStream> = (0..3 * most)
        .map(|_| std::net::TcpStream::connect(address).expect("a connection"))
        .collect();
    let agent = ureq::Agent::new_with_defaults();
    let mut response = agent
        .get(&format!(
            "http://{address}/cr/303.4c?revision=2026-01-16-s3"
        ))
        .call()
        .expect("the server answers while idle connections are held");
    assert_eq!(response.status(), 200);
    let doc: Value = serde_json::from_str(&response.body_mut().read_to_string().unwrap()).unwrap();
    assert_eq!(doc["ruleNumber"], "303.4c");
    // The oldest idle connections were closed by the server.
    let closed = idle
        .into_iter()
        .filter(|mut c| {
            c.set_read_timeout(Some(std::time::Duration::from_millis(300)))
                .unwrap();
            match c.read(&mut [0u8; 1]) {
                Ok(n) => n == 0,
                Err(e) => !matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ),
            }
        })
        .count();
    assert!(
        closed > 2 * most - 1,
        "{closed} of {} idle connections closed",
        3 * most
    );
    stop.send(()).unwrap();
    rt.block_on(server).expect("the server stops");
}

mod mcp {
    use super::*;
    use rmcp::model::CallToolRequestParams;
    use rmcp::ServiceExt as _;

    fn call(name: &'static str, arguments: Value) -> CallToolRequestParams {
        CallToolRequestParams::new(name)
            .with_arguments(arguments.as_object().cloned().unwrap_or_default())
    }

    #[test]
    fn an_mcp_client_lists_and_calls_every_tool() {
        let rt = runtime();
        let empty = tempfile::tempdir().unwrap();
        let project = Path::new(env!("CARGO_MANIFEST_DIR"));
        let scenario =
            std::fs::read_to_string(project.join("tests/check/protection-example.md")).unwrap();
        rt.block_on(async move {
            let (server_end, client_end) = tokio::io::duplex(64 * 1024);
            let server =
                arbiter::commands::mcp::Arbiter::new(Arc::new(Shared::open(empty.path()).unwrap()));
            let served = tokio::spawn(async move {
                let running = server.serve(server_end).await.expect("initialize");
                let _ = running.waiting().await;
            });
            let client = ().serve(client_end).await.expect("initialize");
            let info = client.peer_info().expect("the server introduced itself");
            assert!(info.capabilities.tools.is_some());

            let tools = client.list_all_tools().await.expect("tools/list");
            let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
            names.sort();
            assert_eq!(
                names,
                [
                    "check",
                    "define",
                    "diff",
                    "history",
                    "revisions",
                    "rule",
                    "search"
                ]
            );
            let rule_tool = tools.iter().find(|t| t.name == "rule").unwrap();
            assert!(rule_tool
                .input_schema
                .get("properties")
                .unwrap()
                .get("number")
                .is_some());

            let text = |r: &rmcp::model::CallToolResult| -> String {
                r.content
                    .iter()
                    .filter_map(|c| c.as_text().map(|t| t.text.clone()))
                    .collect()
            };
            let ok = |r: &rmcp::model::CallToolResult| -> Value {
                assert_ne!(r.is_error, Some(true), "{}", text(r));
                serde_json::from_str(&text(r)).expect("JSON")
            };

            let rule = client
                .call_tool(call("rule", serde_json::json!({"number": "303.4c"})))
                .await
                .unwrap();
            let doc = ok(&rule);
            assert_eq!(doc["revision"], "2026-01-16-s3");
            assert_eq!(rule.structured_content.as_ref(), Some(&doc));

            let missing = client
                .call_tool(call("rule", serde_json::json!({"number": "303.99z"})))
                .await
                .unwrap();
            assert_eq!(missing.is_error, Some(true));
            assert!(
                text(&missing).starts_with("arbiter: error: "),
                "{}",
                text(&missing)
            );

            let search = client
                .call_tool(call(
                    "search",
                    serde_json::json!({"query": "enchant player", "limit": 2}),
                ))
                .await
                .unwrap();
            assert!(!ok(&search)["hits"].as_array().unwrap().is_empty());

            let define = client
                .call_tool(call("define", serde_json::json!({"term": "aura"})))
                .await
                .unwrap();
            assert_eq!(define.is_error, Some(true), "fragments have no glossary");
            assert!(text(&define).contains("no glossary"));

            let diff = client
                .call_tool(call(
                    "diff",
                    serde_json::json!({"from": "2011-07-15-s3", "to": "2026-01-16-s3"}),
                ))
                .await
                .unwrap();
            assert_eq!(ok(&diff)["to"], "2026-01-16-s3");

            let history = client
                .call_tool(call("history", serde_json::json!({"number": "303.4c"})))
                .await
                .unwrap();
            assert!(!ok(&history)["lineage"].as_array().unwrap().is_empty());

            let revisions = client
                .call_tool(call("revisions", serde_json::json!({})))
                .await
                .unwrap();
            assert!(ok(&revisions).as_array().unwrap().len() >= 5);

            let check = client
                .call_tool(call("check", serde_json::json!({"scenario": scenario})))
                .await
                .unwrap();
            let report = ok(&check);
            assert_eq!(report["passed"], true);

            let broken = client
                .call_tool(call(
                    "check",
                    serde_json::json!({"scenario": "# x\n\nnonsense\n"}),
                ))
                .await
                .unwrap();
            assert_eq!(broken.is_error, Some(true));
            assert!(text(&broken).contains("scenario:"), "{}", text(&broken));

            client.cancel().await.expect("the client closes");
            served.await.unwrap();
        });
    }
}
