//! The exported site in a real browser: `arbiter export html` writes the site of
//! 2026-01-16 (the corpus revision when `../shared/corpus` is present, else the embedded
//! section 3), a small static server in this test serves it on 127.0.0.1, and headless
//! Chromium, driven through chromedriver's W3C WebDriver protocol (plain HTTP and JSON),
//! clicks a reference in rule 301.5e and must land on rule 303.4i: the URL's fragment is
//! `#303.4i`, that rule is the page's `:target`, highlighted, and on screen. A screenshot
//! is saved as `target/export-screenshot.png`. Scrolled to the end of that long page, the
//! site's navigation is still at the top of the window; on the glossary page, a "See"
//! reference to an entry further down is a link that brings that entry on screen.
//!
//! Needs Debian's `chromium` and `chromium-driver`. `.ci/run` installs them and sets
//! `ARBITER_REQUIRE_BROWSER=1`, under which their absence fails the test. Elsewhere (a
//! newcomer's fresh machine) the test says on the terminal, past the test harness's
//! capture, that it did not run, and returns. `ARBITER_CHROMIUM` and
//! `ARBITER_CHROMEDRIVER` name other binaries.
#![cfg(target_os = "linux")]

use crate::common;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::cargo_bin_cmd;
use base64::Engine as _;
use serde_json::{json, Value};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The key under which WebDriver returns an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn binary(var: &str, default: &str) -> PathBuf {
    std::env::var_os(var)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(default))
}

#[test]
fn clicking_a_reference_shows_the_rule_it_names() {
    let chromium = binary("ARBITER_CHROMIUM", CHROMIUM);
    let chromedriver = binary("ARBITER_CHROMEDRIVER", CHROMEDRIVER);
    if !chromium.is_file() || !chromedriver.is_file() {
        let notice = format!(
            "Chromium ({}) or chromedriver ({}) is not installed, so the exported site was \
             not tested in a browser. Install them (apt-get install chromium chromium-driver) \
             to run it; .ci/run does, and sets ARBITER_REQUIRE_BROWSER=1.",
            chromium.display(),
            chromedriver.display()
        );
        if std::env::var_os("ARBITER_REQUIRE_BROWSER").is_some_and(|v| v == "1") {
            panic!("{notice}");
        }
        // Straight to stderr: the harness captures eprintln! of a passing test.
        let _ = std::io::stderr().write_all(format!("\nNOTICE: NOT RUN: {notice}\n").as_bytes());
        return;
    }

    let tmp = tempfile::tempdir().expect("a temporary folder");
    let site = export_site(tmp.path());
    let server = serve(site.clone());

    let mut driver = Driver::start(&chromedriver, &chromium, &tmp.path().join("profile"));
    let page = format!("http://127.0.0.1:{server}/section-3.html");
    driver.post("url", json!({ "url": format!("{page}#301.5e") }));

    // The stylesheet came from the site and applies; no script on the page.
    let styled = driver.script(
        "return [getComputedStyle(document.body).backgroundColor, \
                 document.scripts.length, document.title];",
    );
    assert_eq!(styled[0], "rgb(253, 253, 252)", "style.css is applied");
    assert_eq!(styled[1], 0, "no script");
    // "3. Card Types — Comprehensive Rules 2026-01-16" from the corpus; the embedded
    // fragment has no section heading and is named by its id, 2026-01-16-s3.
    let title = styled[2].as_str().unwrap_or("");
    assert!(
        title.starts_with("3. Card Types — ") || title.starts_with("Section 3 — "),
        "the page is section 3: {title}"
    );
    assert!(
        title.contains("Comprehensive Rules 2026-01-16"),
        "of 2026-01-16: {title}"
    );

    let where_is = "const e = document.getElementById(arguments[0]); \
                    const r = e.getBoundingClientRect(); \
                    return [r.top, r.bottom, window.innerHeight];";
    let before = driver.script_with(where_is, json!(["303.4i"]));
    assert!(
        before[0].as_f64().unwrap_or(0.0) > before[2].as_f64().unwrap_or(0.0),
        "303.4i starts below the window: {before}"
    );

    // 301.5e: "… an Aura (see rule 303.4i) …"
    let link = driver.find(r##"div[id="301.5e"] p a[href="#303.4i"]"##);
    assert_eq!(
        driver.get(&format!("element/{link}/text"))["value"],
        "303.4i"
    );
    driver.post(&format!("element/{link}/click"), json!({}));

    let after = driver.script(
        "const t = document.querySelector(':target'); \
         const r = t ? t.getBoundingClientRect() : null; \
         return [location.hash, t ? t.id : null, r && r.top, r && r.bottom, \
                 window.innerHeight, t ? getComputedStyle(t).backgroundColor : null, \
                 t ? t.innerText : null];",
    );
    assert_eq!(after[0], "#303.4i", "the URL names the rule: {after}");
    assert_eq!(
        after[1], "303.4i",
        "the rule is the page's :target: {after}"
    );
    let (top, bottom, height) = (
        after[2].as_f64().unwrap_or(-1.0),
        after[3].as_f64().unwrap_or(-1.0),
        after[4].as_f64().unwrap_or(0.0),
    );
    assert!(
        (0.0..height / 2.0).contains(&top) && bottom <= height,
        "the rule is on screen, near the top: {after}"
    );
    assert_eq!(after[5], "rgb(255, 244, 194)", "the rule is highlighted");
    assert!(
        after[6].as_str().unwrap_or("").starts_with("303.4i"),
        "{after}"
    );

    // Scrolled to the end of the long page, the site's navigation is still at the top
    // of the window, in front of the rules.
    let nav = driver.script(
        "window.scrollTo(0, document.body.scrollHeight); \
         const n = document.querySelector('nav.site'); \
         const r = n.getBoundingClientRect(); \
         const hit = document.elementFromPoint(r.left + 5, r.top + r.height / 2); \
         return [window.scrollY, r.top, r.bottom, n.contains(hit)];",
    );
    assert!(
        nav[0].as_f64().unwrap_or(0.0) > 2000.0,
        "the page is long and scrolled: {nav}"
    );
    assert_eq!(
        nav[1].as_f64(),
        Some(0.0),
        "the navigation is at the top: {nav}"
    );
    assert!(nav[2].as_f64().unwrap_or(0.0) > 10.0, "and visible: {nav}");
    assert_eq!(nav[3], true, "nothing covers it: {nav}");

    let png = driver.get("screenshot");
    let png = base64::engine::general_purpose::STANDARD
        .decode(png["value"].as_str().unwrap_or(""))
        .expect("the screenshot is base64");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let shot = screenshot_path();
    std::fs::write(&shot, &png).expect("write the screenshot");
    eprintln!("screenshot: {}", shot.display());

    // The glossary's "See Stack." is a link to that entry (the embedded fragment of
    // section 3 has no glossary).
    if !site.join("glossary.html").is_file() {
        eprintln!("NOTICE: no glossary page; its \"See\" links were not clicked");
        return;
    }
    driver.post(
        "url",
        json!({ "url": format!("http://127.0.0.1:{server}/glossary.html") }),
    );
    let see = driver.script(
        "const links = [...document.querySelectorAll('.entry p a[href^=\"#\"]')]; \
         const far = links.filter(a => { \
             const t = document.getElementById(a.getAttribute('href').slice(1)); \
             return t && t.getBoundingClientRect().top > window.innerHeight; }); \
         return [links.length, far.length ? far[0].getAttribute('href') : null];",
    );
    assert!(see[0].as_u64().unwrap_or(0) > 20, "See links: {see}");
    let href = see[1]
        .as_str()
        .expect("a See link to an entry off screen")
        .to_string();
    let link = driver.find(&format!(".entry p a[href=\"{href}\"]"));
    driver.post(&format!("element/{link}/click"), json!({}));
    let landed = driver.script(
        "const t = document.querySelector(':target'); \
         const r = t ? t.getBoundingClientRect() : null; \
         return [location.hash, t ? t.className : null, r && r.top, window.innerHeight];",
    );
    assert_eq!(landed[0], href.as_str(), "the See link navigates: {landed}");
    assert_eq!(landed[1], "entry", "to the glossary entry: {landed}");
    let top = landed[2].as_f64().unwrap_or(-1.0);
    assert!(
        (0.0..landed[3].as_f64().unwrap_or(0.0) / 2.0).contains(&top),
        "which is on screen: {landed}"
    );
}

/// `target/export-screenshot.png` (beside the target folder's `tmp`).
fn screenshot_path() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().unwrap_or(tmp).join("export-screenshot.png")
}

/// Exports 2026-01-16 into `dir/site`: the corpus revision (ingested into `dir/index`)
/// when the corpus is present, else the embedded section 3.
fn export_site(dir: &Path) -> PathBuf {
    let index = dir.join("index");
    let arbiter = |args: &[&str]| {
        let out = cargo_bin_cmd!("arbiter")
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("ARBITER_INDEX", &index)
            .env("NO_COLOR", "1")
            .current_dir(dir)
            .args(args)
            .output()
            .expect("arbiter runs");
        assert!(
            out.status.success(),
            "arbiter {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
    };
    match common::corpus_dir() {
        Some(corpus) => {
            let file = corpus.join("cr-2026-01-16.txt");
            arbiter(&["ingest", &file.display().to_string()]);
            arbiter(&["export", "html", "--rev", "2026-01-16", "site"]);
        }
        None => {
            eprintln!("NOTICE: ../shared/corpus is absent; testing the embedded 2026-01-16-s3");
            arbiter(&["export", "html", "--rev", "2026-01-16-s3", "site"]);
        }
    }
    dir.join("site")
}

/// Serves the files of `root` on 127.0.0.1 (a free port, returned) from a thread, one
/// thread per connection, until the test process ends.
fn serve(root: PathBuf) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().expect("its address").port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let root = root.clone();
            std::thread::spawn(move || answer(stream, &root));
        }
    });
    port
}

/// Answers one request: a file of the site, else 404.
fn answer(mut stream: TcpStream, root: &Path) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut head = Vec::new();
    let mut buf = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => head.extend_from_slice(&buf[..n]),
        }
    }
    let head = String::from_utf8_lossy(&head);
    let path = head.split_whitespace().nth(1).unwrap_or("/");
    let path = path.split(['?', '#']).next().unwrap_or("/");
    let name = match path.trim_start_matches('/') {
        "" => "index.html",
        name => name,
    };
    let file = (!name.contains("..") && !name.contains('/'))
        .then(|| std::fs::read(root.join(name)).ok())
        .flatten();
    let (status, kind, body) = match file {
        Some(body) => {
            let kind = if name.ends_with(".css") {
                "text/css; charset=utf-8"
            } else if name.ends_with(".json") {
                "application/json"
            } else {
                "text/html; charset=utf-8"
            };
            ("200 OK", kind, body)
        }
        None => ("404 Not Found", "text/plain", b"not found".to_vec()),
    };
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(&body);
}

/// chromedriver with one Chromium session. Dropping it ends the session (Chromium
/// quits) and kills chromedriver's whole process group, so nothing is left running
/// even when an assertion failed.
struct Driver {
    child: Child,
    port: u16,
    session: Option<String>,
}

impl Driver {
    fn start(chromedriver: &Path, chromium: &Path, profile: &Path) -> Driver {
        use std::os::unix::process::CommandExt as _;
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromedriver.display()));
        let mut driver = Driver {
            child,
            port,
            session: None,
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let ready =
                http(port, "GET", "/status", None).is_ok_and(|(_, v)| v["value"]["ready"] == true);
            if ready {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "chromedriver did not answer on port {port} within 30 s"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1200,900",
            "--hide-scrollbars",
        ]
        .iter()
        .map(|a| a.to_string())
        .chain([format!("--user-data-dir={}", profile.display())])
        .collect::<Vec<_>>();
        let capabilities = json!({
            "capabilities": { "alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": { "binary": chromium.display().to_string(), "args": args },
            }}
        });
        let (status, reply) =
            http(port, "POST", "/session", Some(&capabilities)).expect("a new session");
        assert_eq!(status, 200, "new session: {reply}");
        driver.session = reply["value"]["sessionId"].as_str().map(str::to_string);
        assert!(driver.session.is_some(), "new session: {reply}");
        driver
    }

    fn path(&self, command: &str) -> String {
        format!(
            "/session/{}/{command}",
            self.session.as_deref().unwrap_or("")
        )
    }

    fn get(&mut self, command: &str) -> Value {
        let (status, reply) = http(self.port, "GET", &self.path(command), None)
            .unwrap_or_else(|e| panic!("GET {command}: {e}"));
        assert_eq!(status, 200, "GET {command}: {reply}");
        reply
    }

    fn post(&mut self, command: &str, body: Value) -> Value {
        let (status, reply) = http(self.port, "POST", &self.path(command), Some(&body))
            .unwrap_or_else(|e| panic!("POST {command}: {e}"));
        assert_eq!(status, 200, "POST {command}: {reply}");
        reply
    }

    /// The reference of the element `css` selects.
    fn find(&mut self, css: &str) -> String {
        let reply = self.post("element", json!({ "using": "css selector", "value": css }));
        reply["value"][ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {reply}"))
            .to_string()
    }

    fn script(&mut self, script: &str) -> Value {
        self.script_with(script, json!([]))
    }

    fn script_with(&mut self, script: &str, args: Value) -> Value {
        self.post("execute/sync", json!({ "script": script, "args": args }))["value"].clone()
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Some(session) = self.session.take() {
            let _ = http(self.port, "DELETE", &format!("/session/{session}"), None);
        }
        // chromedriver leads its own process group; Chromium's processes are in it.
        let group = self.child.id() as libc::pid_t;
        // SAFETY: kill(2) with a negative pid signals the process group we created.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request to 127.0.0.1:`port` with a JSON body; the status and the JSON
/// reply.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<(u16, Value), String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| e.to_string())?;
    // Read the head, then the body by its length (chromedriver may keep the connection).
    let mut reply = Vec::new();
    let mut buf = [0u8; 8192];
    let split = loop {
        if let Some(at) = reply.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        match stream.read(&mut buf) {
            Ok(0) => return Err("the connection closed before the headers ended".into()),
            Ok(n) => reply.extend_from_slice(&buf[..n]),
            Err(e) => return Err(e.to_string()),
        }
    };
    let head = String::from_utf8_lossy(&reply[..split]).to_ascii_lowercase();
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("a reply without a status")?;
    let header = |name: &str| {
        head.lines()
            .filter_map(|l| l.split_once(':'))
            .find(|(k, _)| k.trim() == name)
            .map(|(_, v)| v.trim().to_string())
    };
    let mut content = reply[split + 4..].to_vec();
    let chunked = header("transfer-encoding").is_some_and(|v| v.contains("chunked"));
    match header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        Some(length) if !chunked => {
            while content.len() < length {
                match stream.read(&mut buf) {
                    Ok(0) => return Err("the connection closed mid-body".into()),
                    Ok(n) => content.extend_from_slice(&buf[..n]),
                    Err(e) => return Err(e.to_string()),
                }
            }
        }
        _ => {
            stream
                .read_to_end(&mut content)
                .map_err(|e| e.to_string())?;
            if chunked {
                content = unchunk(&content)?;
            }
        }
    }
    let value = serde_json::from_slice(&content).map_err(|e| format!("{e}: {content:?}"))?;
    Ok((status, value))
}

/// The body of a chunked reply.
fn unchunk(mut data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let line_end = data
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("a chunk without a size")?;
        let size = std::str::from_utf8(&data[..line_end])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next().unwrap_or("").trim(), 16).ok())
            .ok_or("a chunk size that is not hex")?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Ok(out);
        }
        let chunk = data.get(..size).ok_or("a truncated chunk")?;
        out.extend_from_slice(chunk);
        data = data.get(size + 2..).ok_or("a truncated chunk")?;
    }
}
