//! `arbiter serve [--bind ADDR]`: the rules as a local HTTP API, read-only over the index.
//!
//! Two sets of routes, one set of answers: Academy Ruins' CR routes with its JSON shapes
//! (`academy`), for the judge bots and rules apps that already speak them, and arbiter's
//! own (a rule, search, define, history, diff, revisions, `POST /check`), each the same
//! JSON document as the command's `--json` (the commands' functions make it; nothing is
//! answered twice). Any revision is chosen with `?revision=` (an id, a year or a prefix).
//!
//! Bounds: a request line and query of at most [`MAX_URI`] bytes, a body of at most
//! [`MAX_BODY`], headers within [`HEADER_TIMEOUT`], an answer within [`ANSWER_TIMEOUT`],
//! at most [`MAX_CONNECTIONS`] connections (one more closes the one idle the longest, so
//! idle connections never shut out a client that asks). Work runs on
//! blocking threads, so a slow search never stalls the connections; searches run at most
//! one per core at once (`shared::search_lanes`), the others waiting their turn in the
//! order they came, so rule look-ups never queue behind them; a search already answered
//! in this generation is answered again from what was kept (`shared::Answers`); a client
//! that disconnects drops its request. The index's generation is checked at each request
//! (`shared`). Ctrl-C or SIGTERM stops accepting, lets answers in flight finish (for at
//! most [`DRAIN`]) and exits 0. Each request logs one line on stderr.

// A handler's error is the HTTP response itself (axum's `Response`), built once and
// returned as is: boxing it would buy nothing on a path that ends the request.
#![allow(clippy::result_large_err)]

pub mod academy;
pub mod openapi;
pub mod shared;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};

use super::hint::{self, Kind};
use super::{Context, Outcome};
use crate::cli::ServeArgs;
use shared::{AnswerKey, Shared, Snapshot};

/// The longest request target (path and query) answered; longer gets 414.
pub const MAX_URI: usize = 4096;
/// The largest request body (a scenario for `POST /check`); larger gets 413.
pub const MAX_BODY: usize = 256 * 1024;
/// How long a client may take to send its request headers before it is disconnected.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a request (reading its body included) may take before it gets 408.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);
/// The most connections open at once; one more closes the one idle the longest (or, when
/// every connection is answering, is itself closed as soon as it is accepted).
pub const MAX_CONNECTIONS: usize = 512;
/// How long a shutdown waits for answers in flight.
pub const DRAIN: Duration = Duration::from_secs(10);

type App = Arc<Shared>;

pub fn run(args: &ServeArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    if ctx.json {
        return Err(hint::error_of(
            Kind::BadInput,
            "`arbiter serve` answers in JSON over HTTP; --json does not apply",
            "run `arbiter serve` without --json",
        ));
    }
    let location = crate::index::locate(ctx.index.as_deref());
    let shared = Arc::new(Shared::open(&location.dir)?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(serve(args.bind, shared))?;
    Ok(Outcome::Success)
}

/// Accepts connections on `bind` until Ctrl-C or SIGTERM.
async fn serve(bind: SocketAddr, shared: App) -> anyhow::Result<()> {
    use anyhow::Context as _;
    let listener = tokio::net::TcpListener::bind(bind)
        .await
        .with_context(|| format!("cannot listen on {bind}"))?;
    let local = listener.local_addr()?;
    crate::output::eprintln(format_args!(
        "arbiter: serving the rules on http://{local} (generation {}); Ctrl-C stops",
        shared.snapshot().generation()
    ));
    serve_on(listener, shared, shutdown_signal()).await;
    crate::output::eprintln("arbiter: stopped");
    Ok(())
}

/// Serves `listener` until `stop` completes, then drains the connections.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    shared: App,
    stop: impl std::future::Future<Output = ()>,
) {
    serve_with(listener, shared, stop, MAX_CONNECTIONS).await;
}

/// [`serve_on`] with at most `most` connections open at once. When one more arrives, the
/// connection idle the longest (accepted longest ago and answering no request) is closed
/// to make room, so clients that connect and send nothing can't shut out one that asks;
/// only when every connection is answering is the new one closed instead.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    shared: App,
    stop: impl std::future::Future<Output = ()>,
    most: usize,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let app = router(shared);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let open = Arc::new(Mutex::new(Open::default()));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_buf_size(64 * 1024);
    tokio::pin!(stop);
    loop {
        let (stream, _peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                // Out of file descriptors and the like: wait, then go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let Some((id, busy, close)) = lock(&open).admit(most.max(1)) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |request: Request<hyper::body::Incoming>| {
            // Busy from the request's start until its answer's last byte is written.
            let guard = Busy::enter(&busy);
            let answer = tower::ServiceExt::oneshot(app.clone(), request.map(Body::new));
            async move {
                let response = answer.await?;
                Ok::<_, std::convert::Infallible>(
                    response.map(|body| Body::new(Guarded { body, _busy: guard })),
                )
            }
        });
        let connection = http.serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        let open = Arc::clone(&open);
        tokio::spawn(async move {
            tokio::select! {
                _ = connection => {},
                () = close.notified() => {},
            }
            lock(&open).connections.remove(&id);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(DRAIN, graceful.shutdown()).await;
}

/// The connections open, in the order they were accepted.
#[derive(Default)]
struct Open {
    next: u64,
    connections: std::collections::BTreeMap<u64, Connection>,
}

struct Connection {
    /// Requests in flight (answers being written included).
    busy: Arc<AtomicUsize>,
    /// Closes the connection.
    close: Arc<tokio::sync::Notify>,
}

type Admitted = (u64, Arc<AtomicUsize>, Arc<tokio::sync::Notify>);

impl Open {
    /// Room for one more connection: when `most` are open, the oldest idle one is closed;
    /// `None` when every one is busy.
    fn admit(&mut self, most: usize) -> Option<Admitted> {
        while self.connections.len() >= most {
            let idle = self
                .connections
                .iter()
                .find(|(_, c)| c.busy.load(Ordering::Acquire) == 0)
                .map(|(id, _)| *id)?;
            if let Some(shed) = self.connections.remove(&idle) {
                shed.close.notify_one();
            }
        }
        let id = self.next;
        self.next += 1;
        let busy = Arc::new(AtomicUsize::new(0));
        let close = Arc::new(tokio::sync::Notify::new());
        self.connections.insert(
            id,
            Connection {
                busy: Arc::clone(&busy),
                close: Arc::clone(&close),
            },
        );
        Some((id, busy, close))
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A request in flight on a connection, counted while it lives.
struct Busy(Arc<AtomicUsize>);

impl Busy {
    fn enter(count: &Arc<AtomicUsize>) -> Busy {
        count.fetch_add(1, Ordering::AcqRel);
        Busy(Arc::clone(count))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// An answer's body that keeps its connection busy until it is written (or dropped).
struct Guarded {
    body: Body,
    _busy: Busy,
}

impl axum::body::HttpBody for Guarded {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        std::pin::Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

/// Ctrl-C, or SIGTERM on Unix.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// Every route, with the bounds and the access log.
pub fn router(shared: App) -> Router {
    Router::new()
        // Academy Ruins' routes.
        .route("/cr", get(cr_all))
        .route("/allrules", get(cr_all))
        .route("/cr/toc", get(cr_toc))
        .route("/cr/glossary", get(cr_glossary))
        .route("/glossary", get(cr_glossary))
        .route("/cr/glossary/{term}", get(cr_glossary_term))
        .route("/glossary/{term}", get(old_glossary_term))
        .route("/cr/example/{rule}", get(cr_example))
        .route("/example/{rule}", get(cr_example))
        .route("/cr/{rule}", get(cr_rule))
        .route("/rule/{rule}", get(cr_rule))
        .route("/file/cr", get(file_cr))
        .route(
            "/link/cr",
            get(|| async { Redirect::temporary("/file/cr") }),
        )
        // arbiter's own.
        .route("/revisions", get(revisions))
        .route("/rules/{number}", get(rule))
        .route("/search", get(search))
        .route("/define/{term}", get(define))
        .route("/history/{number}", get(history))
        .route("/diff/{from}/{to}", get(diff))
        .route("/check", post(check))
        .route(
            "/openapi.json",
            get(|| async { json_response(StatusCode::OK, openapi::document()) }),
        )
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(bounds))
        .with_state(shared)
}

/// The access log, the request-target bound and the answer timeout.
async fn bounds(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let target = request
        .uri()
        .path_and_query()
        .map(|p| p.as_str().to_string())
        .unwrap_or_default();
    let response = if target.len() > MAX_URI {
        detail(
            StatusCode::URI_TOO_LONG,
            format!("the request target is longer than {MAX_URI} bytes"),
        )
    } else {
        match tokio::time::timeout(ANSWER_TIMEOUT, next.run(request)).await {
            Ok(response) => response,
            Err(_) => detail(
                StatusCode::REQUEST_TIMEOUT,
                format!("no answer within {} s", ANSWER_TIMEOUT.as_secs()),
            ),
        }
    };
    let shown: String = target.chars().take(200).collect();
    crate::output::eprintln(format_args!(
        "{method} {shown} {} {:.1}ms",
        response.status().as_u16(),
        started.elapsed().as_secs_f64() * 1000.0
    ));
    response
}

fn json_response(status: StatusCode, value: impl Into<Body>) -> Response {
    let mut response = (status, value.into()).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

fn json_value(status: StatusCode, value: &Value) -> Response {
    json_response(status, value.to_string())
}

/// Academy Ruins' error body: `{"detail": …}`.
fn detail(status: StatusCode, message: impl Into<String>) -> Response {
    json_value(status, &json!({"detail": message.into()}))
}

async fn not_found() -> Response {
    detail(StatusCode::NOT_FOUND, "Not Found")
}

/// Runs `answer` on a blocking thread over the current snapshot.
async fn answer<T: Send + 'static>(
    shared: &App,
    answer: impl FnOnce(&Snapshot) -> T + Send + 'static,
) -> Result<T, Response> {
    answer_on(shared.snapshot(), answer).await
}

/// Runs `answer` on a blocking thread over `snapshot`.
async fn answer_on<T: Send + 'static>(
    snapshot: Arc<Snapshot>,
    answer: impl FnOnce(&Snapshot) -> T + Send + 'static,
) -> Result<T, Response> {
    tokio::task::spawn_blocking(move || answer(&snapshot))
        .await
        .map_err(|_| detail(StatusCode::INTERNAL_SERVER_ERROR, "the answer failed"))
}

/// [`answer`] for a JSON value: 200 with the value, or the error answer the closure made.
async fn answer_value(
    shared: &App,
    made: impl FnOnce(&Snapshot) -> Result<Value, Response> + Send + 'static,
) -> Response {
    match answer(shared, made).await {
        Ok(Ok(v)) => json_value(StatusCode::OK, &v),
        Ok(Err(r)) | Err(r) => r,
    }
}

/// [`answer`] for an arbiter answer: 200 with the value, or the error as `--json` prints
/// it.
async fn answer_result(
    shared: &App,
    made: impl FnOnce(&Snapshot) -> anyhow::Result<Value> + Send + 'static,
) -> Response {
    match answer(shared, made).await {
        Ok(a) => result(a),
        Err(r) => r,
    }
}

/// Academy Ruins' 404 for a rule number it doesn't know.
fn rule_not_found(asked: &str) -> Response {
    json_value(
        StatusCode::NOT_FOUND,
        &json!({"detail": "Rule not found", "ruleNumber": asked}),
    )
}

/// An arbiter error as `--json` prints it (`{"error": {"kind", "message", "causes",
/// "hint"}}`), with the status its kind calls for.
fn failure(err: &anyhow::Error) -> Response {
    let kind = hint::kind(err);
    let status = match kind {
        Kind::NotFound => StatusCode::NOT_FOUND,
        Kind::BadInput | Kind::NoRevision => StatusCode::BAD_REQUEST,
        Kind::Error => StatusCode::INTERNAL_SERVER_ERROR,
    };
    json_value(status, &hint::json(kind, err))
}

fn result(answer: anyhow::Result<Value>) -> Response {
    match answer {
        Ok(value) => json_value(StatusCode::OK, &value),
        Err(e) => failure(&e),
    }
}

#[derive(Debug, Default, Deserialize)]
struct Revision {
    revision: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
struct RuleQuery {
    revision: Option<String>,
    #[serde(default)]
    exact_match: bool,
}

#[derive(Debug, Default, Deserialize)]
struct GlossaryQuery {
    revision: Option<String>,
    #[serde(default)]
    fuzzy: bool,
    exact: Option<bool>,
}

/// The revision `?revision=` names, loaded, or Academy Ruins' 404.
fn chosen(
    snapshot: &Snapshot,
    revision: Option<&str>,
) -> Result<Arc<crate::model::Revision>, Response> {
    let info = snapshot
        .library
        .resolve(revision)
        .map_err(|e| detail(StatusCode::NOT_FOUND, e.to_string()))?;
    snapshot
        .library
        .load(&info.id)
        .map_err(|e| detail(StatusCode::INTERNAL_SERVER_ERROR, format!("{e:#}")))
}

/// A whole-revision document, cached per snapshot.
async fn document(
    shared: &App,
    revision: Option<String>,
    kind: &'static str,
    make: fn(&crate::model::Revision) -> String,
    content_type: &'static str,
) -> Response {
    let made = answer(shared, move |s| {
        let revision = chosen(s, revision.as_deref())?;
        s.document(&revision.id, kind, || Ok(make(&revision)))
            .map_err(|e| detail(StatusCode::INTERNAL_SERVER_ERROR, format!("{e:#}")))
    })
    .await;
    match made {
        Ok(Ok(text)) => {
            let mut response = (StatusCode::OK, text.as_str().to_owned()).into_response();
            response
                .headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
            response
        }
        Ok(Err(r)) | Err(r) => r,
    }
}

async fn cr_all(State(shared): State<App>, Query(q): Query<Revision>) -> Response {
    document(
        &shared,
        q.revision,
        "cr",
        academy::all_rules,
        "application/json",
    )
    .await
}

async fn cr_glossary(State(shared): State<App>, Query(q): Query<Revision>) -> Response {
    document(
        &shared,
        q.revision,
        "glossary",
        academy::glossary,
        "application/json",
    )
    .await
}

async fn file_cr(State(shared): State<App>, Query(q): Query<Revision>) -> Response {
    document(
        &shared,
        q.revision,
        "file",
        crate::render::official::text,
        "text/plain; charset=utf-8",
    )
    .await
}

async fn cr_toc(State(shared): State<App>, Query(q): Query<Revision>) -> Response {
    answer_value(&shared, move |s| {
        chosen(s, q.revision.as_deref()).map(|r| academy::toc(&r))
    })
    .await
}

async fn cr_rule(
    State(shared): State<App>,
    Path(asked): Path<String>,
    Query(q): Query<RuleQuery>,
) -> Response {
    answer_value(&shared, move |s| {
        let revision = chosen(s, q.revision.as_deref())?;
        academy::rule(&revision, &asked, q.exact_match).ok_or_else(|| rule_not_found(&asked))
    })
    .await
}

async fn cr_example(
    State(shared): State<App>,
    Path(asked): Path<String>,
    Query(q): Query<Revision>,
) -> Response {
    answer_value(&shared, move |s| {
        let revision = chosen(s, q.revision.as_deref())?;
        academy::examples_of(&revision, &asked).ok_or_else(|| rule_not_found(&asked))
    })
    .await
}

async fn glossary_term(
    shared: App,
    term: String,
    revision: Option<String>,
    fuzzy: bool,
) -> Response {
    answer_value(&shared, move |s| {
        let revision = chosen(s, revision.as_deref())?;
        academy::glossary_term(&revision, &term, fuzzy)
            .ok_or_else(|| detail(StatusCode::NOT_FOUND, "Entry not found."))
    })
    .await
}

/// `/cr/glossary/{term}`: exact unless `?fuzzy=true`.
async fn cr_glossary_term(
    State(shared): State<App>,
    Path(term): Path<String>,
    Query(q): Query<GlossaryQuery>,
) -> Response {
    glossary_term(shared, term, q.revision, q.fuzzy).await
}

/// The old `/glossary/{term}`: fuzzy unless `?exact=true`.
async fn old_glossary_term(
    State(shared): State<App>,
    Path(term): Path<String>,
    Query(q): Query<GlossaryQuery>,
) -> Response {
    glossary_term(shared, term, q.revision, !q.exact.unwrap_or(false)).await
}

async fn revisions(State(shared): State<App>) -> Response {
    answer_value(&shared, |s| {
        Ok(crate::render::revisions::json(s.library.revisions()))
    })
    .await
}

async fn rule(
    State(shared): State<App>,
    Path(number): Path<String>,
    Query(q): Query<Revision>,
) -> Response {
    let made = answer(&shared, move |s| {
        super::rule::json(&s.library, &|| s.lineage(), &number, q.revision.as_deref())
    })
    .await;
    match made {
        Ok(Ok(text)) => json_response(StatusCode::OK, text),
        Ok(Err(e)) => failure(&e),
        Err(r) => r,
    }
}

#[derive(Debug, Default, Deserialize)]
struct SearchQuery {
    q: Option<String>,
    revision: Option<String>,
    section: Option<String>,
    limit: Option<usize>,
    #[serde(default)]
    all_revisions: bool,
}

/// A search: the answer kept for the same request in this generation, else a search
/// when its turn comes (one per core at once), kept when it succeeds.
async fn search(State(shared): State<App>, Query(q): Query<SearchQuery>) -> Response {
    let snapshot = shared.snapshot();
    let key = AnswerKey {
        q: q.q.clone().unwrap_or_default(),
        revision: q.revision.clone(),
        section: q.section.clone(),
        limit: q.limit.unwrap_or(10),
        all_revisions: q.all_revisions,
    };
    if let Some(body) = snapshot.answers.get(&key) {
        return json_response(StatusCode::OK, body);
    }
    // (The semaphore is never closed.)
    let Ok(turn) = Arc::clone(&shared.searches).acquire_owned().await else {
        return detail(StatusCode::INTERNAL_SERVER_ERROR, "the answer failed");
    };
    // The same question may have been answered while this one waited.
    if let Some(body) = snapshot.answers.get(&key) {
        return json_response(StatusCode::OK, body);
    }
    // The turn ends when the search does, even if its client has gone.
    let made = answer_on(Arc::clone(&snapshot), move |s| {
        let _turn = turn;
        search_json(s, q)
    })
    .await;
    match made {
        Ok(Ok(value)) => {
            let body = axum::body::Bytes::from(value.to_string());
            snapshot.answers.keep(key, body.clone());
            json_response(StatusCode::OK, body)
        }
        Ok(Err(e)) => failure(&e),
        Err(r) => r,
    }
}

fn search_json(s: &Snapshot, q: SearchQuery) -> anyhow::Result<Value> {
    let query = q.q.unwrap_or_default();
    if query.trim().is_empty() {
        return Err(hint::error_of(
            Kind::BadInput,
            "no search words given",
            "`/search?q=legend+rule` searches for the words",
        ));
    }
    let limit = q.limit.unwrap_or(10);
    if !(1..=crate::cli::MAX_LIMIT).contains(&limit) {
        return Err(hint::error_of(
            Kind::BadInput,
            format!(
                "limit {limit}: must be a whole number from 1 to {}",
                crate::cli::MAX_LIMIT
            ),
            "give a limit from 1 to 1000",
        ));
    }
    let (answers, define) = super::search::answers(
        &s.library,
        &|id| s.search_index(id),
        &s.analysed,
        &query,
        q.revision.as_deref(),
        q.all_revisions,
        q.section.as_deref(),
        limit,
    )?;
    Ok(crate::render::search::json(
        &crate::render::search::Results {
            query: &query,
            all_revisions: q.all_revisions,
            answers: &answers,
            define: define.as_deref(),
        },
    ))
}

async fn define(
    State(shared): State<App>,
    Path(term): Path<String>,
    Query(q): Query<Revision>,
) -> Response {
    answer_result(&shared, move |s| {
        crate::limits::DEFINE_CHARS.check(term.chars().count())?;
        let revision = super::define::revision(&s.library, q.revision.as_deref())?;
        let matches =
            crate::index::glossary::lookup(&revision.glossary, &term, super::define::LIMIT);
        Ok(crate::render::define::json(&term, &revision, &matches))
    })
    .await
}

async fn history(
    State(shared): State<App>,
    Path(number): Path<String>,
    Query(q): Query<Revision>,
) -> Response {
    answer_result(&shared, move |s| {
        let text = super::history::text(
            &s.library,
            s.lineage(),
            &number,
            q.revision.as_deref(),
            None,
        )?;
        Ok(serde_json::from_str::<Value>(&text)?)
    })
    .await
}

#[derive(Debug, Default, Deserialize)]
struct DiffQuery {
    section: Option<u8>,
    rule: Option<String>,
    #[serde(default)]
    ignore_wording: bool,
    format: Option<String>,
}

async fn diff(
    State(shared): State<App>,
    Path((from, to)): Path<(String, String)>,
    Query(q): Query<DiffQuery>,
) -> Response {
    let markdown = match q.format.as_deref() {
        None | Some("json") => false,
        Some("markdown") => true,
        Some(other) => {
            return failure(&hint::error_of(
                Kind::BadInput,
                format!("format `{other}`: a diff is `json` or `markdown`"),
                "?format=markdown gives a change summary to publish",
            ))
        }
    };
    let made = answer(&shared, move |s| {
        super::diff::changes(
            &s.library,
            &|| s.lineage(),
            &from,
            &to,
            q.section,
            q.rule.as_deref(),
            q.ignore_wording,
        )
        .map(|changes| {
            if markdown {
                crate::render::diff::markdown(&changes)
            } else {
                crate::render::diff::json(&changes)
            }
        })
    })
    .await;
    match made {
        Ok(Ok(text)) if markdown => {
            let mut response = (StatusCode::OK, text).into_response();
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/markdown; charset=utf-8"),
            );
            response
        }
        Ok(Ok(text)) => json_response(StatusCode::OK, text),
        Ok(Err(e)) => failure(&e),
        Err(r) => r,
    }
}

/// `POST /check`: a scenario's text in the body, its report out (as `check --json`).
async fn check(State(shared): State<App>, body: axum::body::Bytes) -> Response {
    let text = String::from_utf8_lossy(&body).into_owned();
    let made = answer(&shared, move |s| {
        super::check::check_text(&s.library, "scenario", &text)
    })
    .await;
    match made {
        Ok(Ok(report)) => match serde_json::to_value(&report) {
            Ok(v) => json_value(StatusCode::OK, &v),
            Err(e) => failure(&anyhow::anyhow!(e)),
        },
        Ok(Err(e)) => failure(&hint::error_of(
            Kind::BadInput,
            e,
            "fix the scenario at that line (see docs/serving.md)",
        )),
        Err(r) => r,
    }
}
