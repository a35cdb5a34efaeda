//! `arbiter fetch [URL]`: download the current rules text from the publisher, check that
//! it is a whole revision of the rules, and ingest it.
//!
//! The URL (by default the publisher's rules page) may be the text file itself or a page
//! that links it: a page is searched for its links to `MagicCompRules …txt` and the
//! newest is downloaded (`crate::fetch::page`). Everything that can fail — the network,
//! the server, a page with no link, a file cut short, a text that is not the whole rules
//! — fails before the index is opened, so a failed fetch leaves the index as it was.
//! The bytes then go through the same path as `arbiter ingest` (`crate::ingest`).

use std::io::{IsTerminal, Read};
use std::time::Duration;

use anyhow::Context as _;
use hint::Hint as _;
use indicatif::{ProgressBar, ProgressStyle};
use ureq::http::header::{CONTENT_ENCODING, CONTENT_TYPE};
use ureq::ResponseExt;
use url::Url;

use super::hint;
use super::ingest;
use super::{Context, Outcome};
use crate::cli::FetchArgs;
use crate::fetch::{self, page, BodyKind};
use crate::ingest::{FileOutcome, Request, Source};
use crate::read::{decode, sha256_hex};
use crate::render::fetch as render;

/// No rules text comes near this (the largest, UTF-16, is under 2 MB); a server that
/// sends more is not sending the rules.
const MAX_BODY: u64 = 20 * 1024 * 1024;

/// The whole download may take this many times `--timeout`.
const WHOLE_DOWNLOAD: u32 = 10;

const GIVE_THE_FILE: &str = "give the URL of the rules text file itself: arbiter fetch URL";

pub fn run(args: &FetchArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let given = args.url.as_deref().unwrap_or(fetch::RULES_PAGE);
    let url = parse_url(given)?;
    let client = Client::new(Duration::from_secs(args.timeout));

    let first = client.download(&url)?;
    let (file, page) = match fetch::body_kind(first.content_type.as_deref(), &first.bytes) {
        BodyKind::Text => (first, None),
        BodyKind::Html => {
            let html = decode::decode(&first.bytes).text;
            let links = page::rules_links(&html, &first.url);
            let Some(link) = page::newest(&links) else {
                return Err(hint::error(
                    format!(
                        "{} is an HTML page with no link to a MagicCompRules .txt file",
                        first.url
                    ),
                    GIVE_THE_FILE,
                ));
            };
            let file = client.download(&link.url)?;
            if fetch::body_kind(file.content_type.as_deref(), &file.bytes) == BodyKind::Html {
                return Err(hint::error(
                    format!(
                        "{} (linked from {} as {}) is an HTML page, not the rules text",
                        file.url, first.url, link.name
                    ),
                    GIVE_THE_FILE,
                ));
            }
            (file, Some(first.url))
        }
    };

    let name = file.url.to_string();
    let revision = fetch::verify(&name, &file.bytes).map_err(|refusal| {
        let advice = refusal.advice();
        hint::error(refusal, advice)
    })?;
    let fetched = render::Fetched {
        url: name.clone(),
        page: page.map(|p| p.to_string()),
        bytes: file.bytes.len(),
        sha256: sha256_hex(&file.bytes),
        revision: revision.id,
    };
    let request = Request {
        sources: vec![Source::Bytes {
            name,
            bytes: file.bytes,
        }],
        id: None,
        replace: args.replace,
    };
    let summary = ingest::ingest(&request, ctx)?;
    for report in &summary.reports {
        match &report.outcome {
            FileOutcome::Refused {
                id,
                existing_source,
            } => {
                return Err(hint::error(
                    format!(
                        "{}: revision {id} is already indexed with different content (from {existing_source})",
                        report.file.display()
                    ),
                    "the publisher may have corrected the file: use --replace to replace it",
                ))
            }
            FileOutcome::Failed { why } => anyhow::bail!("{why}"),
            _ => {}
        }
    }
    render::print(
        &mut crate::output::stdout(),
        &fetched,
        &summary,
        ctx.render(),
    )?;
    Ok(Outcome::Success)
}

/// The URL to start from: http or https only.
fn parse_url(given: &str) -> anyhow::Result<Url> {
    let url = Url::parse(given.trim())
        .with_context(|| format!("`{given}` is not a URL"))
        .hint(format!("give one like {}", fetch::RULES_PAGE))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(hint::error(
            format!("`{given}` is not an http or https URL"),
            "to ingest a file on disk, use `arbiter ingest FILE`",
        ));
    }
    Ok(url)
}

/// One downloaded body.
struct Download {
    /// Where it came from, after redirects.
    url: Url,
    content_type: Option<String>,
    bytes: Vec<u8>,
}

/// A blocking HTTP client with arbiter's limits: timeouts, redirects, body size.
struct Client {
    agent: ureq::Agent,
    timeout: Duration,
}

impl Client {
    fn new(timeout: Duration) -> Client {
        let config = ureq::Agent::config_builder()
            .user_agent(format!(
                "arbiter/{} (Comprehensive Rules reader)",
                env!("CARGO_PKG_VERSION")
            ))
            .accept("text/plain, text/html;q=0.9, */*;q=0.5")
            .timeout_resolve(Some(timeout))
            .timeout_connect(Some(timeout))
            .timeout_per_read(Some(timeout))
            .timeout_global(Some(timeout * WHOLE_DOWNLOAD))
            .max_redirects(10)
            .build();
        Client {
            agent: config.new_agent(),
            timeout,
        }
    }

    /// GETs `url` and reads the whole body, refusing one larger than [`MAX_BODY`] (as sent
    /// and as decoded: a small gzip body can decode to gigabytes, so reading stops at the
    /// cap) or one shorter than its `Content-Length`. A progress bar shows on a terminal.
    fn download(&self, url: &Url) -> anyhow::Result<Download> {
        let response = self
            .agent
            .get(url.as_str())
            .call()
            .map_err(|e| self.explain(url, e))?;
        let final_url = Url::parse(&response.get_uri().to_string()).unwrap_or_else(|_| url.clone());
        let header = |name| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        let content_type = header(CONTENT_TYPE);
        // With a content encoding (gzip) the length is of the compressed body.
        let length = header(CONTENT_ENCODING)
            .is_none()
            .then(|| response.body().content_length())
            .flatten();
        if let Some(length) = length.filter(|&l| l > MAX_BODY) {
            return Err(hint::error(
                format!(
                    "could not download {final_url}: it is {length} bytes, more than the {} MB any rules text could be",
                    MAX_BODY / 1024 / 1024
                ),
                "check the URL",
            ));
        }
        let bar = progress(length, &final_url);
        let mut reader = response
            .into_body()
            .into_with_config()
            .limit(MAX_BODY)
            .reader();
        let mut bytes: Vec<u8> = Vec::with_capacity(length.unwrap_or(0) as usize);
        let mut buf = vec![0u8; 64 * 1024];
        let mut too_large = false;
        let outcome = loop {
            match reader.read(&mut buf) {
                Ok(0) => break Ok(()),
                Ok(n) if (bytes.len() + n) as u64 > MAX_BODY => {
                    too_large = true;
                    break Ok(());
                }
                Ok(n) => {
                    bytes.extend_from_slice(&buf[..n]);
                    bar.set_position(bytes.len() as u64);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => break Err(e),
            }
        };
        bar.finish_and_clear();
        if too_large {
            return Err(self.explain(&final_url, ureq::Error::BodyExceedsLimit(MAX_BODY)));
        }
        let received = bytes.len() as u64;
        let cut_short = |length: u64| {
            hint::error(
                format!(
                    "could not download {final_url}: the connection closed after {received} of {length} bytes, so the file is cut short"
                ),
                "try again",
            )
        };
        if let Err(e) = outcome {
            let e = ureq::Error::from(e);
            return Err(match (&e, length) {
                (ureq::Error::Io(io), Some(length))
                    if io.kind() == std::io::ErrorKind::UnexpectedEof =>
                {
                    cut_short(length)
                }
                _ => self.explain(&final_url, e),
            });
        }
        if let Some(length) = length.filter(|&l| l != received) {
            return Err(cut_short(length));
        }
        Ok(Download {
            url: final_url,
            content_type,
            bytes,
        })
    }

    /// What went wrong, for a person: the URL and what happened, with what to do.
    fn explain(&self, url: &Url, error: ureq::Error) -> anyhow::Error {
        let secs = self.timeout.as_secs();
        let check_the_url = "check the URL".to_string();
        let (why, advice) = match &error {
            ureq::Error::StatusCode(code) => {
                let status = match ureq::http::StatusCode::from_u16(*code)
                    .ok()
                    .and_then(|s| s.canonical_reason())
                {
                    Some(reason) => format!("{code} {reason}"),
                    None => code.to_string(),
                };
                let advice = match code {
                    500.. => "the server has a problem: try again later".to_string(),
                    _ => format!(
                        "check the URL, or run `arbiter fetch` with no URL to start from {}",
                        fetch::RULES_PAGE
                    ),
                };
                (format!("the server answered {status}"), advice)
            }
            ureq::Error::Timeout(ureq::Timeout::Global) => (
                format!(
                    "the download took longer than {} s (ten times --timeout {secs})",
                    secs * u64::from(WHOLE_DOWNLOAD)
                ),
                "try again later, or give a longer --timeout".to_string(),
            ),
            ureq::Error::Timeout(_) => (
                format!("no answer within {secs} s (--timeout {secs})"),
                "the server is slow or unreachable: try again later, or give a longer --timeout"
                    .to_string(),
            ),
            ureq::Error::HostNotFound => (
                format!("host {} not found", url.host_str().unwrap_or("")),
                "check the URL and the network connection".to_string(),
            ),
            ureq::Error::ConnectionFailed => (
                "could not connect".to_string(),
                "check the URL and the network connection".to_string(),
            ),
            ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => (
                "the connection was refused".to_string(),
                "check the URL (and its port)".to_string(),
            ),
            ureq::Error::BodyExceedsLimit(_) => (
                format!(
                    "it is more than the {} MB any rules text could be (once decoded)",
                    MAX_BODY / 1024 / 1024
                ),
                check_the_url,
            ),
            ureq::Error::TooManyRedirects => (
                "too many redirects (more than 10)".to_string(),
                check_the_url,
            ),
            other => return anyhow::anyhow!("could not download {url}: {other}"),
        };
        hint::error(format!("could not download {url}: {why}"), advice)
    }
}

/// A progress bar on stderr when it is a terminal; hidden otherwise.
fn progress(length: Option<u64>, url: &Url) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let name = url
        .path_segments()
        .and_then(|mut s| s.next_back())
        .map(|s| {
            percent_encoding::percent_decode_str(s)
                .decode_utf8_lossy()
                .into_owned()
        })
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| url.to_string());
    let (bar, template) = match length {
        Some(length) => (
            ProgressBar::new(length),
            "{spinner} {msg} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec}",
        ),
        None => (
            ProgressBar::new_spinner(),
            "{spinner} {msg} {bytes} {bytes_per_sec}",
        ),
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(format!("downloading {name}"));
    bar.enable_steady_tick(Duration::from_millis(100));
    bar
}
