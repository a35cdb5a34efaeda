//! Fuzzes `arbiter serve`'s router in-process: any method, request target (path and
//! query) and body, over the built-in revisions, must be answered without panicking,
//! with a status a client can read. A panic inside an answer's blocking task would be
//! turned into a 500 "the answer failed", so that answer fails the run too.
//! `cd fuzz && cargo +nightly fuzz run serve`.

#![no_main]

use std::sync::{Arc, LazyLock};

use arbiter::commands::serve::{self, shared::Shared};
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt as _;

static RUNTIME: LazyLock<tokio::runtime::Runtime> = LazyLock::new(|| {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime")
});

/// The router over an empty index folder (the built-in revisions answer).
static APP: LazyLock<axum::Router> = LazyLock::new(|| {
    let dir = std::env::temp_dir().join(format!("arbiter-fuzz-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("an empty folder");
    serve::router(Arc::new(
        Shared::open(&dir).expect("the built-in revisions open"),
    ))
});

const METHODS: [Method; 6] = [
    Method::GET,
    Method::POST,
    Method::HEAD,
    Method::PUT,
    Method::DELETE,
    Method::OPTIONS,
];

fuzz_target!(|data: &[u8]| {
    // The first byte picks the method; the target runs to the first NUL; the body follows.
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let (target, body) = match rest.iter().position(|&b| b == 0) {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &[][..]),
    };
    let target = String::from_utf8_lossy(target);
    let uri = format!("/{}", target.trim_start_matches('/'));
    let Ok(request) = Request::builder()
        .method(METHODS[which as usize % METHODS.len()].clone())
        .uri(uri)
        .body(Body::from(body.to_vec()))
    else {
        return; // not a request target hyper would have passed on
    };
    RUNTIME.block_on(async {
        let response = APP
            .clone()
            .oneshot(request)
            .await
            .expect("the router answers");
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("the body");
        if status == StatusCode::INTERNAL_SERVER_ERROR {
            assert!(
                !String::from_utf8_lossy(&bytes).contains("the answer failed"),
                "an answer panicked"
            );
        }
    });
});
