//! `arbiter fetch` as a user runs it, against a small HTTP server each test starts on
//! 127.0.0.1 (this machine has no internet): a rules page that links the newest corpus
//! file, the file itself behind a redirect, and every way a fetch can go wrong — a 404, a
//! body cut short, a page with no link, a server slower than `--timeout`, a text that is
//! not the whole rules. Each failure must say what went wrong and where (exit 2) and leave
//! the index exactly as it was.

use crate::common::{self, ok, text};
use std::collections::{BTreeMap, HashMap};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use assert_cmd::cargo::CommandCargoExt;

/// How the test server answers a path; any path not listed gets a 404.
#[derive(Debug, Clone)]
enum Reply {
    /// 200 with this content type and body.
    Ok {
        content_type: &'static str,
        body: Vec<u8>,
    },
    /// 301 to this location.
    Redirect(String),
    /// Announces the whole body's length, sends only `sent` bytes of it, then hangs up.
    CutShort { body: Vec<u8>, sent: usize },
    /// Says nothing for this long, then answers 200 with a small text.
    Slow(Duration),
    /// 200 with `Content-Encoding: gzip`: this body, compressed.
    Gzip(Vec<u8>),
}

/// A one-purpose HTTP/1.1 server on 127.0.0.1, one thread per connection. It serves
/// only the requests of its test and stops when dropped.
struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// The head of every request received.
    requests: Arc<Mutex<Vec<String>>>,
}

impl Server {
    fn start(routes: Vec<(&str, Reply)>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local address");
        let routes: Arc<HashMap<String, Reply>> = Arc::new(
            routes
                .into_iter()
                .map(|(path, reply)| (path.to_string(), reply))
                .collect(),
        );
        let stop = Arc::new(AtomicBool::new(false));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let thread = {
            let (stop, requests) = (Arc::clone(&stop), Arc::clone(&requests));
            std::thread::spawn(move || {
                for stream in listener.incoming() {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let Ok(stream) = stream else { continue };
                    let (routes, requests) = (Arc::clone(&routes), Arc::clone(&requests));
                    std::thread::spawn(move || answer(stream, &routes, &requests));
                }
            })
        };
        Server {
            addr,
            stop,
            thread: Some(thread),
            requests,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    fn requests(&self) -> Vec<String> {
        self.requests.lock().map(|r| r.clone()).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so that it sees the flag.
        let _ = TcpStream::connect(self.addr);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Reads one request head and answers it as `routes` say.
fn answer(mut stream: TcpStream, routes: &HashMap<String, Reply>, requests: &Mutex<Vec<String>>) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut head = Vec::new();
    let mut buf = [0u8; 4096];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => head.extend_from_slice(&buf[..n]),
        }
        if head.len() > 64 * 1024 {
            return;
        }
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let path = head.split_whitespace().nth(1).unwrap_or("").to_string();
    if let Ok(mut r) = requests.lock() {
        r.push(head.clone());
    }
    let respond = |status: &str, content_type: &str, length: usize, body: &[u8]| {
        let mut out = format!(
            "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n"
        )
        .into_bytes();
        out.extend_from_slice(body);
        out
    };
    let response = match routes.get(&path) {
        Some(Reply::Ok { content_type, body }) => respond("200 OK", content_type, body.len(), body),
        Some(Reply::Redirect(location)) => format!(
            "HTTP/1.1 301 Moved Permanently\r\nLocation: {location}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )
        .into_bytes(),
        Some(Reply::CutShort { body, sent }) => {
            respond("200 OK", "text/plain", body.len(), &body[..*sent])
        }
        Some(Reply::Gzip(compressed)) => {
            let mut out = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: gzip\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                compressed.len()
            )
            .into_bytes();
            out.extend_from_slice(compressed);
            out
        }
        Some(Reply::Slow(delay)) => {
            std::thread::sleep(*delay);
            respond("200 OK", "text/plain", 5, b"late\n")
        }
        None => respond("404 Not Found", "text/plain", 10, b"not found\n"),
    };
    let _ = stream.write_all(&response);
    let _ = stream.flush();
    let _ = stream.shutdown(std::net::Shutdown::Write);
}

/// A temporary index folder and a folder for files to ingest.
struct Setup {
    tmp: tempfile::TempDir,
    index: PathBuf,
}

fn setup() -> Setup {
    let tmp = tempfile::tempdir().expect("temp dir");
    let index = tmp.path().join("index");
    Setup { tmp, index }
}

impl Setup {
    /// arbiter with a scrubbed environment and `--index` set.
    fn run(&self, args: &[&str]) -> Output {
        Command::cargo_bin("arbiter")
            .expect("binary")
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("NO_COLOR", "1")
            .current_dir(self.tmp.path())
            .arg("--index")
            .arg(&self.index)
            .args(args)
            .output()
            .expect("run arbiter")
    }

    /// Everything a user could see of the index: the catalogue's bytes, `revisions
    /// --json`, and the list of files in the folder with their sizes.
    fn snapshot(&self) -> (Vec<u8>, String, BTreeMap<PathBuf, u64>) {
        let catalogue = std::fs::read(self.index.join("catalogue.json")).unwrap_or_default();
        let revisions = text(&self.run(&["revisions", "--json"]).stdout);
        let mut files = BTreeMap::new();
        list(&self.index, &mut files);
        (catalogue, revisions, files)
    }
}

fn list(dir: &Path, files: &mut BTreeMap<PathBuf, u64>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            list(&path, files);
        } else {
            let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
            files.insert(path, size);
        }
    }
}

/// A small whole revision in the official shape (two sections, a glossary, the credits),
/// effective on `date` ("April 17, 2030").
fn whole_rules(date: &str) -> String {
    format!(
        "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of {date}.\n\n\
         Contents\n\n1. Game Concepts\n100. General\n7. Additional Rules\n704. State-Based Actions\nGlossary\nCredits\n\n\
         1. Game Concepts\n\n100. General\n\n100.1. These Magic rules apply to any Magic game with two or more players.\n\n\
         100.2. To play, each player needs their own deck of traditional Magic cards.\n\n\
         7. Additional Rules\n\n704. State-Based Actions\n\n\
         704.5m If an Aura is attached to an illegal object or player, or is not attached to an object or player, that Aura is put into its owner's graveyard.\n\n\
         Glossary\n\nAura\nAn enchantment subtype. See rule 704.5m.\n\nLegend Rule\nSee rule 704.5j.\n\n\
         Credits\n\nMagic: The Gathering Original Game Design: Richard Garfield\n"
    )
}

/// The text up to (not including) the last line that starts with `line` (the first may
/// be in the table of contents).
fn cut_before(text: &[u8], line: &str) -> Vec<u8> {
    let needle = format!("\n{line}");
    let at = text
        .windows(needle.len())
        .rposition(|w| w == needle.as_bytes())
        .unwrap_or(text.len());
    text[..at].to_vec()
}

/// The newest corpus file and its date as the publisher writes it in a file name
/// (`20260417`), or `None` (with a notice) when the corpus is absent.
fn newest_corpus_file() -> Option<(Vec<u8>, String, String)> {
    let Some(path) = common::corpus_files().and_then(|f| f.last().cloned()) else {
        eprintln!("note: ../shared/corpus is absent; skipping the fetch of a corpus file");
        return None;
    };
    let name = path.file_name()?.to_str()?.to_string();
    let id = name.strip_prefix("cr-")?.strip_suffix(".txt")?.to_string();
    let compact = id.replace('-', "");
    let bytes = std::fs::read(&path).ok()?;
    Some((bytes, id, compact))
}

#[test]
fn fetches_the_newest_text_file_a_rules_page_links_and_ingests_it() {
    let Some((bytes, id, compact)) = newest_corpus_file() else {
        return;
    };
    // The page links an older file (not served: choosing it would fail), the PDF of the
    // newest, and the newest text file by a relative link with a space in its name.
    let page = format!(
        r#"<!DOCTYPE html><html><body><h1>Magic Rules</h1>
<a href="/media/MagicCompRules 20250404.txt">TXT (April 2025)</a>
<a href="/media/MagicCompRules {compact}.pdf">PDF</a>
<a class="cta" href="../media/MagicCompRules {compact}.txt">TXT</a>
</body></html>"#
    );
    let file_path = format!("/media/MagicCompRules%20{compact}.txt");
    let server = Server::start(vec![
        ("/rules", Reply::Redirect("/en/rules".to_string())),
        (
            "/en/rules",
            Reply::Ok {
                content_type: "text/html; charset=utf-8",
                body: page.into_bytes(),
            },
        ),
        (
            file_path.as_str(),
            Reply::Ok {
                content_type: "text/plain",
                body: bytes.clone(),
            },
        ),
    ]);
    let s = setup();

    let run = s.run(&["fetch", &server.url("/rules"), "--json"]);
    let out = ok(&run);
    assert!(
        !text(&run.stderr).contains("downloading"),
        "no progress bar when stderr is not a terminal: {}",
        text(&run.stderr)
    );
    let doc: serde_json::Value = serde_json::from_str(&out).expect("fetch --json");
    assert_eq!(doc["revision"], id.as_str(), "{out}");
    assert_eq!(doc["status"], "added", "{out}");
    assert_eq!(doc["url"], server.url(&file_path).as_str(), "{out}");
    assert_eq!(doc["page"], server.url("/en/rules").as_str(), "{out}");
    assert_eq!(doc["bytes"], bytes.len(), "{out}");
    assert_eq!(
        doc["sha256"],
        arbiter::read::sha256_hex(&bytes).as_str(),
        "{out}"
    );
    let requests = server.requests();
    assert!(
        requests
            .iter()
            .all(|r| r.to_ascii_lowercase().contains("\r\nuser-agent: arbiter/")),
        "every request names arbiter: {requests:?}"
    );

    let revisions = ok(&s.run(&["revisions"]));
    assert!(revisions.contains(&id), "{revisions}");
    let rule = ok(&s.run(&["rule", "704.5m", "--rev", &id]));
    assert!(rule.contains("704.5m If an Aura"), "{rule}");

    // Again, from the text file's own URL: the same bytes are already indexed.
    let before = s.snapshot();
    let again = ok(&s.run(&["fetch", &server.url(&file_path)]));
    assert!(
        again.contains(&format!("is already indexed as {id}; nothing to do")),
        "{again}"
    );
    assert_eq!(
        before,
        s.snapshot(),
        "a fetch of identical bytes must not write"
    );
}

#[test]
fn fetches_a_text_file_given_by_its_url_and_prints_json() {
    let body = whole_rules("June 1, 2031").into_bytes();
    let server = Server::start(vec![(
        "/MagicCompRules%2020310601.txt",
        Reply::Ok {
            content_type: "application/octet-stream",
            body: body.clone(),
        },
    )]);
    let s = setup();
    let url = server.url("/MagicCompRules 20310601.txt");
    let out = ok(&s.run(&["fetch", &url, "--json"]));
    let doc: serde_json::Value = serde_json::from_str(&out).expect("fetch --json");
    let expected = serde_json::json!({
        "url": server.url("/MagicCompRules%2020310601.txt"),
        "page": null,
        "bytes": body.len(),
        "sha256": arbiter::read::sha256_hex(&body),
        "revision": "2031-06-01",
        "status": "added",
        "warnings": 0,
        "index": s.index.display().to_string(),
    });
    assert_eq!(doc, expected, "{out}");
    let rule = ok(&s.run(&["rule", "704.5m", "--rev", "2031-06-01"]));
    assert!(rule.contains("704.5m If an Aura"), "{rule}");
}

/// One way a fetch fails: what the server serves, the path fetched, and what the error
/// must say besides the URL.
struct Failure {
    what: &'static str,
    routes: Vec<(&'static str, Reply)>,
    path: &'static str,
    /// The URL the message names (the linked file rather than the page, say).
    names: &'static str,
    args: &'static [&'static str],
    says: &'static str,
    /// The start of the `hint:` line.
    hint: &'static str,
}

fn failures() -> Vec<Failure> {
    let whole = whole_rules("June 1, 2031").into_bytes();
    let page_without_link = b"<!DOCTYPE html>\n<html><body><a href=\"/rules.pdf\">PDF</a> <a href=\"/MTG_MTR.txt\">MTR</a></body></html>".to_vec();
    let page_linking = |to: &str| -> Reply {
        Reply::Ok {
            content_type: "text/html",
            body: format!("<html><body><a href=\"{to}\">TXT</a></body></html>").into_bytes(),
        }
    };
    vec![
        Failure {
            what: "a gzip bomb: a small body that decodes to 200 MB",
            routes: vec![("/bomb.txt", Reply::Gzip(gzip_bomb(200 << 20)))],
            path: "/bomb.txt",
            names: "/bomb.txt",
            args: &[],
            says: "more than the 20 MB any rules text could be (once decoded)",
            hint: "check the URL",
        },
        Failure {
            what: "a 404",
            routes: vec![],
            path: "/MagicCompRules%2020310601.txt",
            names: "/MagicCompRules%2020310601.txt",
            args: &[],
            says: "the server answered 404 Not Found",
            hint: "check the URL, or run `arbiter fetch` with no URL",
        },
        Failure {
            what: "a page linking a file that is not there",
            routes: vec![("/rules", page_linking("/gone/MagicCompRules 20310601.txt"))],
            path: "/rules",
            names: "/gone/MagicCompRules%2020310601.txt",
            args: &[],
            says: "the server answered 404 Not Found",
            hint: "check the URL, or run `arbiter fetch` with no URL",
        },
        Failure {
            what: "a body shorter than its Content-Length",
            routes: vec![(
                "/cut.txt",
                Reply::CutShort {
                    sent: whole.len() / 2,
                    body: whole.clone(),
                },
            )],
            path: "/cut.txt",
            names: "/cut.txt",
            args: &[],
            says: "the connection closed after",
            hint: "try again",
        },
        Failure {
            what: "an HTML page with no link to the text file",
            routes: vec![(
                "/rules",
                Reply::Ok {
                    content_type: "text/html",
                    body: page_without_link.clone(),
                },
            )],
            path: "/rules",
            names: "/rules",
            args: &[],
            says: "is an HTML page with no link to a MagicCompRules .txt file",
            hint: "give the URL of the rules text file itself",
        },
        Failure {
            what: "an HTML page served as text/plain",
            routes: vec![(
                "/rules.txt",
                Reply::Ok {
                    content_type: "text/plain",
                    body: page_without_link,
                },
            )],
            path: "/rules.txt",
            names: "/rules.txt",
            args: &[],
            says: "is an HTML page with no link to a MagicCompRules .txt file",
            hint: "give the URL of the rules text file itself",
        },
        Failure {
            what: "a link to a file that is a web page",
            routes: vec![
                ("/rules", page_linking("/MagicCompRules 20310601.txt")),
                (
                    "/MagicCompRules%2020310601.txt",
                    Reply::Ok {
                        content_type: "text/html",
                        body: b"<html><body>Sign in</body></html>".to_vec(),
                    },
                ),
            ],
            path: "/rules",
            names: "/MagicCompRules%2020310601.txt",
            args: &[],
            says: "is an HTML page, not the rules text",
            hint: "give the URL of the rules text file itself",
        },
        Failure {
            what: "a server slower than --timeout",
            routes: vec![("/slow.txt", Reply::Slow(Duration::from_secs(4)))],
            path: "/slow.txt",
            names: "/slow.txt",
            args: &["--timeout", "1"],
            says: "no answer within 1 s (--timeout 1)",
            hint: "the server is slow or unreachable: try again later, or give a longer --timeout",
        },
        Failure {
            what: "a text cut before its glossary",
            routes: vec![(
                "/short.txt",
                Reply::Ok {
                    content_type: "text/plain",
                    body: cut_before(&whole, "7. Additional Rules"),
                },
            )],
            path: "/short.txt",
            names: "/short.txt",
            args: &[],
            says: "this begins like the whole rules (effective 2031-06-01), but the text stops in the middle of the rules, after rule 100.2, with no glossary: the file is cut short",
            hint: "try the download again",
        },
        Failure {
            what: "a text cut in its glossary",
            routes: vec![(
                "/short.txt",
                Reply::Ok {
                    content_type: "text/plain",
                    body: cut_before(&whole, "Credits"),
                },
            )],
            path: "/short.txt",
            names: "/short.txt",
            args: &[],
            says: "the text stops in the glossary (its last entry is \"Legend Rule\") and never reaches the \"Credits\"",
            hint: "try the download again",
        },
        Failure {
            what: "a text that is not rules",
            routes: vec![(
                "/robots.txt",
                Reply::Ok {
                    content_type: "text/plain",
                    body: b"User-agent: *\nDisallow: /\n".to_vec(),
                },
            )],
            path: "/robots.txt",
            names: "/robots.txt",
            args: &[],
            says: "this is not Comprehensive Rules text",
            hint: "give the URL of the rules text file, or of a page that links it",
        },
    ]
}

/// `decoded` zero bytes, gzipped (about a thousandth of that).
fn gzip_bomb(decoded: usize) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    let chunk = vec![0u8; 1 << 20];
    for _ in 0..decoded / chunk.len() {
        gz.write_all(&chunk).expect("compress");
    }
    gz.finish().expect("compress")
}

#[test]
fn each_failed_fetch_names_the_url_exits_2_and_leaves_the_index_as_it_was() {
    let s = setup();
    // An index that already holds a revision.
    let held = s.tmp.path().join("held.txt");
    std::fs::write(&held, whole_rules("January 1, 2030")).expect("write held.txt");
    ok(&s.run(&["ingest", &held.display().to_string()]));
    let before = s.snapshot();
    assert!(before.1.contains("2030-01-01"), "{}", before.1);

    for failure in failures() {
        let server = Server::start(failure.routes);
        let mut args = vec!["fetch".to_string(), server.url(failure.path)];
        args.extend(failure.args.iter().map(|a| a.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = s.run(&args);
        let stderr = text(&out.stderr);
        let what = failure.what;
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(stderr.starts_with("arbiter: error: "), "{what}: {stderr}");
        assert!(
            stderr.contains(&server.url(failure.names)),
            "{what}: the message names {}: {stderr}",
            server.url(failure.names)
        );
        assert!(stderr.contains(failure.says), "{what}: {stderr}");
        assert!(
            stderr.contains(&format!("\nhint: {}", failure.hint)),
            "{what}: {stderr}"
        );
        assert!(
            text(&out.stdout).is_empty(),
            "{what}: {}",
            text(&out.stdout)
        );
        assert_eq!(before, s.snapshot(), "{what}: the index changed");
    }
}

#[test]
fn a_corpus_file_cut_short_is_refused_naming_where_it_stops() {
    let Some((bytes, _, compact)) = newest_corpus_file() else {
        return;
    };
    let halves = bytes[..bytes.len() / 2].to_vec();
    // A copy may leave out the credits (#30), but not the glossary's last entries.
    let in_glossary = cut_before(&bytes, "Token");
    let path = format!("/MagicCompRules%20{compact}.txt");
    let s = setup();
    for (what, body, says) in [
        (
            "cut in half",
            halves,
            "but the text stops in the middle of the rules, after rule",
        ),
        (
            "cut inside its glossary",
            in_glossary,
            "but the text stops in the glossary (its last entry is",
        ),
    ] {
        let server = Server::start(vec![(
            path.as_str(),
            Reply::Ok {
                content_type: "text/plain",
                body,
            },
        )]);
        let out = s.run(&["fetch", &server.url(&path)]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(stderr.contains(&server.url(&path)), "{what}: {stderr}");
        assert!(stderr.contains(says), "{what}: {stderr}");
        assert!(!s.index.exists(), "{what}: nothing may be written");
    }
}

#[test]
fn every_corpus_revision_passes_the_check_a_download_must_pass() {
    let Some(files) = common::corpus_files() else {
        eprintln!("note: ../shared/corpus is absent; skipping the check of corpus files");
        return;
    };
    for path in files {
        let bytes = std::fs::read(&path).expect("read a corpus file");
        let name = path.display().to_string();
        if let Err(e) = arbiter::fetch::verify(&name, &bytes) {
            panic!("{e}");
        }
    }
}
