//! Lines to plain lines: the decoration that copies of the rules wrap around them is
//! taken off before the grammar reads them. A chat paste quotes every line (`> `); a
//! Markdown copy makes headings of sections (`## 3. Card Types`), bolds rule numbers and
//! terms (`**303.4c**`) and links references (`[rule 704](#704)`); a MediaWiki copy does
//! the same with `== … ==`, `'''…'''` and `[[#704|rule 704]]`; a copy pasted as a block
//! (an indented code block, an e-mail's tab) indents every line alike. Each decoration is taken
//! off only when the document as a whole wears it (most of its lines quoted, many
//! Markdown or wiki marks), so rules text that happens to hold a `*` is left alone.
//! Line numbers stay those of the source.

/// The text with its decoration taken off, or `None` when it wears none.
pub(crate) fn undecorate(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let non_blank = lines.iter().filter(|l| !l.trim().is_empty()).count();
    let quoted = lines
        .iter()
        .filter(|l| l.trim_start().starts_with('>'))
        .count();
    let quoted = non_blank > 0 && quoted * 10 >= non_blank * 6;
    let count = |pred: &dyn Fn(&str) -> bool| lines.iter().filter(|l| pred(l)).count();
    let markdown = count(&|l| {
        let l = unquote(l);
        is_markdown_heading(l) || has_bold(l) || l.contains("](")
    }) >= 3;
    let wiki = count(&|l| {
        let l = unquote(l);
        is_wiki_heading(l) || l.contains("'''") || l.contains("[[")
    }) >= 3;
    let indent = common_indent(lines.iter().map(|l| if quoted { unquote(l) } else { l }));
    if !(quoted || markdown || wiki || indent > 0) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line = if quoted { unquote(line) } else { line };
        let mut line = dedent(line, indent).to_string();
        if wiki {
            line = wiki_line(&line);
        }
        if markdown {
            line = markdown_line(&line);
        }
        out.push_str(&line);
    }
    Some(out)
}

/// How many white-space characters every non-blank line begins with (0 when one
/// begins at the margin).
fn common_indent<'a>(lines: impl Iterator<Item = &'a str>) -> usize {
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.chars().take_while(|c| matches!(c, ' ' | '\t')).count())
        .min()
        .unwrap_or(0)
}

/// A line without its first `indent` characters of white space (a blank line may have
/// fewer).
fn dedent(line: &str, indent: usize) -> &str {
    let cut = line
        .char_indices()
        .take(indent)
        .take_while(|&(_, c)| matches!(c, ' ' | '\t'))
        .last()
        .map_or(0, |(at, c)| at + c.len_utf8());
    &line[cut..]
}

/// A line without its quote prefixes (`> `, `>> `).
fn unquote(line: &str) -> &str {
    let mut l = line.trim_start();
    while let Some(rest) = l.strip_prefix('>') {
        l = rest.strip_prefix(' ').unwrap_or(rest);
    }
    l
}

/// A Markdown bold span, `**303.4c**` or `__Term__` (a line of `*****` is a
/// reStructuredText underline, not emphasis).
fn has_bold(line: &str) -> bool {
    ["**", "__"].iter().any(|mark| {
        line.find(mark).is_some_and(|at| {
            let inner = &line[at + 2..];
            inner.starts_with(|c: char| !c.is_whitespace() && c != '*' && c != '_')
                && inner.contains(mark)
        })
    })
}

/// `## 3. Card Types`: one to six `#`, a space, a heading (a line of `#####` is a
/// reStructuredText underline, not a heading).
fn is_markdown_heading(line: &str) -> bool {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    (1..=6).contains(&hashes)
        && line[hashes..].starts_with(' ')
        && !line[hashes..].trim().is_empty()
}

/// `## 3. Card Types` → `3. Card Types`; `**303.4c**` → `303.4c`; `[rule 704](#704)` →
/// `rule 704`; `*Example:*` → `Example:`.
fn markdown_line(line: &str) -> String {
    let trimmed = line.trim_start();
    let body = if is_markdown_heading(trimmed) {
        trimmed.trim_start_matches('#').trim_start()
    } else {
        line
    };
    let body = if has_bold(body) {
        body.replace("**", "").replace("__", "")
    } else {
        body.to_string()
    };
    let body = markdown_links(&body);
    match body.strip_prefix("*Example:*") {
        Some(rest) => format!("Example:{rest}"),
        None => body,
    }
}

/// `== 3. Card Types ==`: a heading between runs of `=` (a line of `=====` alone is a
/// reStructuredText underline).
fn is_wiki_heading(line: &str) -> bool {
    let line = line.trim();
    line.starts_with("==") && line.ends_with("==") && !line.trim_matches('=').trim().is_empty()
}

/// `== 3. Card Types ==` → `3. Card Types`; `'''303.4c'''` → `303.4c`;
/// `[[#704|rule 704]]` → `rule 704`.
fn wiki_line(line: &str) -> String {
    let trimmed = line.trim();
    let body = if is_wiki_heading(trimmed) {
        trimmed.trim_matches('=').trim()
    } else {
        line
    };
    let body = body.replace("'''", "").replace("''", "");
    wiki_links(&body)
}

/// Markdown links `[text](target)` → `text`.
fn markdown_links(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let inner = &rest[open + 1..];
        let link = inner.find("](").and_then(|mid| {
            let end = inner[mid + 2..].find(')')?;
            Some((&inner[..mid], mid + 2 + end + 1))
        });
        match link {
            Some((text, len)) if !text.contains('[') => {
                out.push_str(&rest[..open]);
                out.push_str(text);
                rest = &inner[len..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = inner;
            }
        }
    }
    out.push_str(rest);
    out
}

/// MediaWiki links `[[target|text]]` → `text`, `[[text]]` → `text`.
fn wiki_links(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find("[[") {
        let inner = &rest[open + 2..];
        let Some(end) = inner.find("]]") else {
            break;
        };
        out.push_str(&rest[..open]);
        let link = &inner[..end];
        out.push_str(link.split_once('|').map_or(link, |(_, text)| text));
        rest = &inner[end + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_chat_paste_is_unquoted() {
        let text = "> 303.4c If an Aura\n>\n> 303.4d Next.\n>> 303.4e Nested.";
        assert_eq!(
            undecorate(text).as_deref(),
            Some("303.4c If an Aura\n\n303.4d Next.\n303.4e Nested.")
        );
    }

    #[test]
    fn markdown_and_wiki_marks_are_taken_off() {
        let md = "## 3. Card Types\n\n### 303. Enchantments\n\n**303.4c** If an Aura, see [rule 704](#704).\n\n*Example:* One.";
        assert_eq!(
            undecorate(md).as_deref(),
            Some("3. Card Types\n\n303. Enchantments\n\n303.4c If an Aura, see rule 704.\n\nExample: One.")
        );
        let wiki = "== 3. Card Types ==\n'''303. Enchantments'''\n'''303.4c''' If an Aura, see [[#704|rule 704]] and [[Aura]].";
        assert_eq!(
            undecorate(wiki).as_deref(),
            Some("3. Card Types\n303. Enchantments\n303.4c If an Aura, see rule 704 and Aura.")
        );
    }

    #[test]
    fn a_block_indented_as_a_whole_comes_to_the_margin() {
        let text =
            "\tGlossary\n\n\tAbandon\n\t\tTo turn a scheme face down.\n\n\tAbility\n\tText.\n";
        assert_eq!(
            undecorate(text).as_deref(),
            Some("Glossary\n\nAbandon\n\tTo turn a scheme face down.\n\nAbility\nText.\n")
        );
        let quoted = ">     100.1. These rules\n>     100.2. More";
        assert_eq!(
            undecorate(quoted).as_deref(),
            Some("100.1. These rules\n100.2. More")
        );
        assert_eq!(undecorate("100.1. Rules\n  continued\n"), None);
    }

    #[test]
    fn plain_rules_text_is_left_alone() {
        assert_eq!(undecorate("303.4c If an Aura [sic] * costs {1}.\n"), None);
        for odd in ["[[", "[a](", "**[", "> [x](y", "'''[[a|"] {
            let _ = undecorate(&format!("{odd}\n{odd}\n{odd}\n"));
        }
    }
}
