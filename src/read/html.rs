//! The HTML container to text: a page of the rules (a hyperlinked rules site, a saved
//! copy of the publisher's page) becomes the text a browser shows, one paragraph per
//! block element, so that the one grammar reads it like any other text. Anchors and
//! links around rule numbers (`<a id="303.4c">303.4c</a>`) and emphasis (`<b>`) leave
//! their text only; entities are decoded; scripts, styles, the head and comments are
//! dropped. Not a full HTML parser: enough for documents, never a panic.

/// Whether decoded text is an HTML document rather than text that mentions a tag.
pub(crate) fn is_html(text: &str) -> bool {
    let start = text.trim_start_matches('\u{feff}').trim_start();
    let head: String = start
        .chars()
        .take(512)
        .collect::<String>()
        .to_ascii_lowercase();
    ["<!doctype html", "<html", "<head", "<body"]
        .iter()
        .any(|t| head.starts_with(t))
        || (head.starts_with("<?xml") || head.starts_with("<!--")) && head.contains("<html")
}

/// Elements that end a paragraph where they open or close (`<br>` ends a line only).
const BLOCKS: &[&str] = &[
    "p",
    "div",
    "li",
    "ul",
    "ol",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "tr",
    "table",
    "dt",
    "dd",
    "dl",
    "section",
    "article",
    "header",
    "footer",
    "nav",
    "blockquote",
    "pre",
    "hr",
    "main",
    "aside",
    "body",
    "html",
    "title",
    "figure",
    "figcaption",
];

/// Elements dropped with everything inside them.
const DROPPED: &[&str] = &["script", "style", "head", "noscript", "template", "svg"];

/// The text of an HTML document, a blank line between blocks, and for each of its
/// lines (from 0) the line of the page's source (from 1) where it starts: warnings about
/// the text name the lines of the file the user gave.
pub(crate) fn to_text(html: &str) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(html.len() / 2);
    // The source line of each line break pushed to `out`, in order.
    let mut breaks: Vec<usize> = Vec::new();
    let mut line = 1;
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        push_text(&mut out, &rest[..lt]);
        line += newlines_passed(rest, lt);
        rest = &rest[lt..];
        if let Some(after) = rest.strip_prefix("<!--") {
            let to = after.find("-->").map_or("", |end| &after[end + 3..]);
            line += newlines_passed(rest, rest.len() - to.len());
            rest = to;
            continue;
        }
        let Some(gt) = rest.find('>') else {
            push_text(&mut out, rest);
            rest = "";
            break;
        };
        let tag = &rest[1..gt];
        line += newlines_passed(rest, gt + 1);
        rest = &rest[gt + 1..];
        let here = line;
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if !closing && DROPPED.contains(&name.as_str()) && !tag.ends_with('/') {
            let close = format!("</{name}");
            let lower = rest.to_ascii_lowercase();
            let to = match lower.find(&close) {
                Some(at) => rest[at..].find('>').map_or("", |gt| &rest[at + gt + 1..]),
                None => "",
            };
            line += newlines_passed(rest, rest.len() - to.len());
            rest = to;
            continue;
        }
        if name == "br" {
            out.push('\n');
            breaks.push(here);
        } else if numbers_what_follows(&out)
            && (matches!(name.as_str(), "td" | "th") || BLOCKS.contains(&name.as_str()))
        {
            // A cell or block holding only a rule number is the number of the text in
            // the next one (`<td>303.4c</td><td>If an Aura…`, `<dt>303.4c</dt><dd>…`).
            if !out.ends_with(' ') {
                out.push(' ');
            }
        } else if matches!(name.as_str(), "td" | "th") {
            // A row's other cells stand side by side: each starts a line of the row's
            // paragraph (`Term | Definition`).
            if !closing && !current_line(&out).trim().is_empty() {
                out.push('\n');
                breaks.push(here);
            }
        } else if BLOCKS.contains(&name.as_str()) {
            out.push_str("\n\n");
            breaks.extend([here, here]);
        }
    }
    push_text(&mut out, rest);
    tidy(&out, &breaks)
}

/// The line of `out` being written.
fn current_line(out: &str) -> &str {
    &out[out.rfind('\n').map_or(0, |at| at + 1)..]
}

/// Whether the line being written is a rule number alone, standing at the start of its
/// paragraph: the number of the text that follows.
fn numbers_what_follows(out: &str) -> bool {
    let line = current_line(out);
    let before = out[..out.len() - line.len()].trim_end_matches([' ', '\t']);
    is_rule_number(line.trim()) && (before.is_empty() || before.ends_with("\n\n"))
}

/// `303.4c`, `303.4c.`, `303.`, `3.`, or 1999's misprinted `408.f`: a cell that numbers
/// the text beside it.
fn is_rule_number(cell: &str) -> bool {
    let cell = cell.strip_suffix('.').unwrap_or(cell);
    let digits = |s: &str, most: usize| s.len() <= most && s.bytes().all(|b| b.is_ascii_digit());
    let Some((rule, sub)) = cell.split_once('.') else {
        return matches!(cell.len(), 1 | 3) && digits(cell, 3);
    };
    let number = sub.trim_end_matches(|c: char| c.is_ascii_lowercase());
    let letters = sub.len() - number.len();
    rule.len() == 3
        && digits(rule, 3)
        && digits(number, 3)
        && letters <= 1
        && !(number.is_empty() && letters == 0)
}

/// How many line breaks the first `len` bytes of `rest` hold.
fn newlines_passed(rest: &str, len: usize) -> usize {
    rest.as_bytes()
        .iter()
        .take(len)
        .filter(|&&b| b == b'\n')
        .count()
}

/// Text between tags: entities decoded, white space as a browser shows it (one space).
fn push_text(out: &mut String, raw: &str) {
    if raw.is_empty() {
        return;
    }
    let decoded = decode_entities(raw);
    let mut last_space = out.ends_with([' ', '\n']);
    for c in decoded.chars() {
        if c.is_whitespace() && c != '\u{a0}' {
            if !last_space {
                out.push(' ');
                last_space = true;
            }
        } else {
            out.push(if c == '\u{a0}' { ' ' } else { c });
            last_space = false;
        }
    }
}

/// Lines trimmed, at most one blank line in a row; each kept line's source line (the
/// first piece's is 1, the next pieces' those of the `breaks` before them).
fn tidy(text: &str, breaks: &[usize]) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(text.len());
    let mut lines = Vec::new();
    let mut blank = true;
    for (i, line) in text.split('\n').map(str::trim).enumerate() {
        let source = i
            .checked_sub(1)
            .and_then(|b| breaks.get(b))
            .copied()
            .unwrap_or(1);
        if line.is_empty() {
            if !blank {
                out.push('\n');
                lines.push(source);
            }
            blank = true;
        } else {
            out.push_str(line);
            out.push('\n');
            lines.push(source);
            blank = false;
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
        lines.pop();
    }
    (out, lines)
}

/// `&amp;`, `&rsquo;`, `&#8217;`, `&#x2019;` and the other entities rules text uses
/// (the one decoder of character references: `fetch` reads links' URLs with it). What is
/// not a reference (`a & b`, `&#xZZ;`) is kept as written.
pub fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let end = rest.char_indices().take(12).find(|&(_, c)| c == ';');
        let decoded = end.and_then(|(semi, _)| entity(&rest[1..semi]).map(|c| (c, semi)));
        match decoded {
            Some((c, semi)) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(num) = name.strip_prefix('#') {
        let code = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => num.parse().ok()?,
        };
        return char::from_u32(code);
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "rsquo" => '’',
        "lsquo" => '‘',
        "rdquo" => '”',
        "ldquo" => '“',
        "mdash" => '—',
        "ndash" => '–',
        "hellip" => '…',
        "minus" => '−',
        "trade" => '™',
        "reg" => '®',
        "copy" => '©',
        "bull" => '•',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_become_paragraphs_and_links_their_text() {
        let html = "<!DOCTYPE html><html><head><title>CR</title><style>p{}</style></head><body>\
            <h2>3. Card Types</h2><p><a id=\"303.4c\" href=\"#303.4c\">303.4c</a> If an Aura&rsquo;s \
            <b>enchant</b> ability &amp; <a href=\"#704\">rule 704</a> apply&#8230;</p>\
            <!-- a comment --><p class=\"example\">Example: It&#x2019;s here.</p><script>var x = '<p>';</script></body></html>";
        assert!(is_html(html));
        assert_eq!(
            to_text(html).0,
            "3. Card Types\n\n303.4c If an Aura’s enchant ability & rule 704 apply…\n\nExample: It’s here.\n"
        );
    }

    #[test]
    fn a_block_holding_only_a_rule_number_numbers_the_next_block() {
        let html = "<html><body><h2>3. Card Types</h2><dl>\
            <dt id=\"r303.4c\">303.4c</dt>\n<dd>If an Aura is attached.</dd>\
            <dt>303.4d.</dt><dd>Next.<br>Example: One.</dd></dl>\
            <div class=\"n\">303.</div><div>Enchantments</div>\
            <p>1999</p><p>The rules said</p>\
            <dl><dt>Abandon</dt><dd>To turn a scheme face down.</dd></dl></body></html>";
        assert_eq!(
            to_text(html).0,
            "3. Card Types\n\n303.4c If an Aura is attached.\n\n303.4d. Next.\nExample: One.\n\n303. Enchantments\n\n1999\n\nThe rules said\n\nAbandon\n\nTo turn a scheme face down.\n"
        );
    }

    #[test]
    fn table_rows_read_as_lines_a_number_cell_beside_its_text() {
        let html = "<html><body><table>\
            <tr><td class=\"num\">303.4c</td><td>If an Aura is <b>attached</b>.</td></tr>\
            <tr><td>303.4d.</td><td>Next.</td></tr>\
            <tr><td colspan=2>3. Card Types</td></tr>\
            </table><table><tr><th>Abandon</th><td>To turn a scheme face down.<br>See rule 701.33.</td></tr></table></body></html>";
        assert_eq!(
            to_text(html).0,
            "303.4c If an Aura is attached.\n\n303.4d. Next.\n\n3. Card Types\n\nAbandon\nTo turn a scheme face down.\nSee rule 701.33.\n"
        );
        for (cell, number) in [
            ("303.4c", true),
            ("3.", true),
            ("303.", true),
            ("702.19", true),
            ("1999", false),
            ("3.5 mm", false),
            ("a.b", false),
            ("", false),
            ("303.4cc", false),
            ("408.f", true),
            ("3.f", false),
            ("303.", true),
            ("303..", false),
        ] {
            assert_eq!(is_rule_number(cell), number, "{cell}");
        }
    }

    #[test]
    fn broken_markup_does_not_panic() {
        for html in [
            "<html><p>a &",
            "<html><script>",
            "<html><p",
            "<html>&#xFFFFFFFF; &#;",
        ] {
            let _ = to_text(html);
        }
        assert!(!is_html("100.1. See <b>rule</b> 100.2."));
    }
}
