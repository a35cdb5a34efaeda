//! Lines to plain lines: the decoration that copies of the rules wrap around them is
//! taken off before the grammar reads them. A chat paste quotes every line (`> `); a
//! Markdown copy makes headings of sections (`## 3. Card Types`), bolds rule numbers and
//! terms (`**303.4c**`) and links references (`[rule 704](#704)`); a MediaWiki copy does
//! the same with `== … ==`, `'''…'''` and `[[#704|rule 704]]`; a copy pasted as a block
//! (an indented code block, an e-mail's tab) indents every line alike. Each decoration is taken
//! off only when the document as a whole wears it (most of its lines quoted, many
//! Markdown or wiki marks), so rules text that happens to hold a `*` is left alone. In a
//! quoted paste the lines not quoted are the poster's words, and are dropped; a
//! converter's reStructuredText headings lose their underlines and its `..` comments go;
//! in a wiki
//! or Markdown page `<br />` ends a line and entities are decoded. A map gives, for each
//! line, the line of the source it comes from.

/// The text with its decoration taken off, and for each of its lines (from 0) the line
/// of the text given (from 1) it comes from; `None` when the text wears none.
pub(crate) fn undecorate(text: &str) -> Option<(String, Vec<usize>)> {
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
        is_markdown_heading(l) || has_bold(l) || l.contains("](") || is_table_rule(l)
    }) >= 3;
    let wiki = count(&|l| {
        let l = unquote(l);
        is_wiki_heading(l) || l.contains("'''") || l.contains("[[")
    }) >= 3;
    let rst = is_rst_dressed(&lines);
    let indent = common_indent(lines.iter().map(|l| if quoted { unquote(l) } else { l }));
    if !(quoted || markdown || wiki || rst || indent > 0) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut source_lines = Vec::with_capacity(lines.len());
    // In a quoted paste, the line under a quoted line of text, unquoted, continues it (a
    // "lazy" continuation); any other line not quoted is the poster's own words.
    let mut in_quote = false;
    for (i, line) in lines.iter().enumerate() {
        let line = match quoted {
            true if line.trim_start().starts_with('>') => {
                in_quote = !unquote(line).trim().is_empty();
                unquote(line)
            }
            true if in_quote && !line.trim().is_empty() => line,
            true => {
                in_quote = false;
                ""
            }
            false => line,
        };
        let mut line = dedent(line, indent).to_string();
        if rst && (super::rst::is_underline(&line) || line.starts_with(".. ")) {
            line.clear();
        }
        if wiki {
            line = wiki_line(&line);
        }
        if markdown {
            // A table's header row (`| Rule | Text |` over `|---|---|`) is no text.
            let header = lines
                .get(i + 1)
                .is_some_and(|next| is_table_rule(unquote(next)));
            line = if header {
                String::new()
            } else {
                markdown_line(&line)
            };
        }
        if wiki || markdown {
            line = super::html::decode_entities(&line_breaks(&line));
        }
        for part in line.split('\n') {
            if !source_lines.is_empty() {
                out.push('\n');
            }
            out.push_str(part);
            source_lines.push(i + 1);
        }
    }
    Some((out, source_lines))
}

/// Whether the official text wears reStructuredText headings (`1. Game Concepts` over
/// `-----`, `100. General` over `~~~~~`, a title between `=====` lines) written by a
/// converter: three headings or more, none of them a subrule number (`301.5` over
/// `---` is the layout the reStructuredText reader reads, seed 001's).
fn is_rst_dressed(lines: &[&str]) -> bool {
    let mut headings = 0;
    for pair in lines.windows(2) {
        let (title, under) = (pair[0].trim(), pair[1].trim());
        if title.is_empty() || !super::rst::is_underline(under) || super::rst::is_underline(title) {
            continue;
        }
        if super::rst::is_subrule_heading(title) {
            return false;
        }
        if under.chars().count() >= title.chars().count() {
            headings += 1;
        }
    }
    headings >= 3
}

/// The HTML line breaks a wiki or Markdown page writes inside a paragraph (`<br>`,
/// `<br/>`, `<br />`) as line ends.
fn line_breaks(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        let tag = &rest[at..];
        let end = tag.find('>').filter(|&end| {
            let inner = tag[1..end].trim_end_matches('/').trim();
            inner.eq_ignore_ascii_case("br")
        });
        match end {
            Some(end) => {
                out.push('\n');
                rest = &tag[end + 1..];
            }
            None => {
                out.push('<');
                rest = &tag[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A text whose every line end was doubled (a CRLF file read as CR and LF apart and
/// saved again: each line followed by a blank one, each blank line become three) with
/// its line ends single again, and for each of its lines the line of the text given it
/// comes from; `None` for any other text. Told by its runs of blank lines: every line
/// is followed by one, every run is odd, and some are three or more long (a text whose
/// paragraphs are each one line, blank lines between them, is left alone).
pub(crate) fn undouble(text: &str) -> Option<(String, Vec<usize>)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let blank: Vec<bool> = lines.iter().map(|l| l.trim().is_empty()).collect();
    let mut runs = Vec::new();
    let (mut adjacent, mut run) = (0, 0);
    for (i, &b) in blank.iter().enumerate() {
        if b {
            run += 1;
            continue;
        }
        if i > 0 && run == 0 {
            adjacent += 1;
        }
        if i > run {
            runs.push(run);
        }
        run = 0;
    }
    let non_blank = blank.iter().filter(|b| !**b).count();
    let long = runs.iter().filter(|&&r| r >= 3).count();
    let doubled = non_blank >= 20
        && adjacent * 100 <= non_blank
        && runs.iter().all(|r| r % 2 == 1)
        && long * 20 >= runs.len();
    if !doubled {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut source_lines = Vec::with_capacity(non_blank * 2);
    let mut at_in_run = 0;
    for (i, line) in lines.iter().enumerate() {
        if blank[i] {
            at_in_run += 1;
            if at_in_run % 2 == 1 {
                continue;
            }
        } else {
            at_in_run = 0;
        }
        if !source_lines.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
        source_lines.push(i + 1);
    }
    Some((out, source_lines))
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

/// A line without its bold marks: each run of exactly two `*` or `_` (a longer run is
/// text: the blank of "Wolf in ________ Clothing").
fn without_bold_marks(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if !matches!(c, '*' | '_') {
            out.push(c);
            continue;
        }
        let mut run = 1;
        while chars.next_if_eq(&c).is_some() {
            run += 1;
        }
        if run != 2 {
            out.extend(std::iter::repeat_n(c, run));
        }
    }
    out
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
/// `rule 704`; `*Example:*` → `Example:`; a list item's `- ` off; a table row's cells
/// side by side (`| 303.4c | If an Aura… |` → `303.4c If an Aura…`).
fn markdown_line(line: &str) -> String {
    // A hard line break (two trailing spaces: html2text's `<br>`) ends a paragraph:
    // a blank line after it says so to a reader of hard-wrapped text.
    let hard_break = line.ends_with("  ") && !line.trim().is_empty();
    let line = line.trim_end_matches(' ');
    let mut out = markdown_body(line);
    if hard_break {
        out.push('\n');
    }
    out
}

fn markdown_body(line: &str) -> String {
    let trimmed = line.trim_start();
    if let Some(cells) = table_row(trimmed) {
        return cells;
    }
    if let Some(entry) = glossary_item(trimmed) {
        return entry;
    }
    let body = if is_markdown_heading(trimmed) {
        trimmed.trim_start_matches('#').trim_start()
    } else if let Some(item) = trimmed
        .strip_prefix(['-', '*', '+'])
        .filter(|i| i.starts_with(' '))
    {
        item.trim_start()
    } else {
        line
    };
    let body = if has_bold(body) {
        without_bold_marks(body)
    } else {
        body.to_string()
    };
    let body = unescaped(&markdown_links(&body));
    match body
        .strip_prefix("*Example:*")
        .or_else(|| body.strip_prefix("_Example:_"))
    {
        Some(rest) => format!("Example:{rest}"),
        None => body,
    }
}

/// A Markdown line without its backslash escapes: a converter (html2text, markdownify)
/// writes `### 101\. The Magic Golden Rules`, `a star (\*)`, `Wolf in \_\_\_ Clothing`.
/// Any ASCII punctuation may be escaped (CommonMark); no revision of the rules holds a
/// backslash.
fn unescaped(line: &str) -> String {
    if !line.contains('\\') {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next_if(char::is_ascii_punctuation) {
                out.push(next);
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// A Markdown table row's cells, side by side (`| 303.4c | If an Aura… |`), or nothing
/// for the row under a table's header (`|---|---|`); `None` for a line that is no row.
fn table_row(line: &str) -> Option<String> {
    let line = line.trim_end();
    let inner = line.strip_prefix('|')?.strip_suffix('|')?;
    if is_table_rule(line) {
        return Some(String::new());
    }
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('|') => cell.push('|'),
                Some(other) => cell.extend(['\\', other]),
                None => cell.push('\\'),
            },
            '|' => cells.push(std::mem::take(&mut cell)),
            _ => cell.push(c),
        }
    }
    cells.push(cell);
    let cells: Vec<&str> = cells
        .iter()
        .map(|c| c.trim())
        .filter(|c| !c.is_empty())
        .collect();
    Some(cells.join(" "))
}

/// The row under a Markdown table's header: `|---|:---:|`.
fn is_table_rule(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('|')
        && line.contains('-')
        && line.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// A glossary entry written as a list item (`- **Abandon**: To turn…`) → a blank line,
/// the term and its definition on lines of their own.
fn glossary_item(line: &str) -> Option<String> {
    let item = line
        .strip_prefix(['-', '*', '+'])
        .map_or(line, str::trim_start);
    let inner = item.strip_prefix("**")?;
    let (term, rest) = inner.split_once("**")?;
    let (term, definition) = match term.strip_suffix(':') {
        Some(term) => (term, rest),
        None => (term, rest.strip_prefix(':')?),
    };
    let is_number = term.starts_with(|c: char| c.is_ascii_digit());
    if is_number || term.trim().is_empty() || term.eq_ignore_ascii_case("example") {
        return None;
    }
    Some(format!(
        "\n{}\n{}",
        term.trim(),
        without_bold_marks(definition.trim())
    ))
}

/// `== 3. Card Types ==`: a heading between runs of `=` (a line of `=====` alone is a
/// reStructuredText underline).
fn is_wiki_heading(line: &str) -> bool {
    let line = line.trim();
    line.starts_with("==") && line.ends_with("==") && !line.trim_matches('=').trim().is_empty()
}

/// `== 3. Card Types ==` → `3. Card Types`; `'''303.4c'''` → `303.4c`;
/// `[[#704|rule 704]]` → `rule 704`; a definition list's `; Term` and `: Definition`
/// (or `; Term : Definition`) → the term and the definition on lines of their own; a
/// list item's `* ` off.
fn wiki_line(line: &str) -> String {
    let trimmed = line.trim();
    let body = if is_wiki_heading(trimmed) {
        trimmed.trim_matches('=').trim().to_string()
    } else if let Some(term) = trimmed.strip_prefix(';') {
        match term.split_once(" : ") {
            Some((term, definition)) => format!("{}\n{}", term.trim(), definition.trim()),
            None => term.trim().to_string(),
        }
    } else if trimmed.starts_with([':', '*']) {
        trimmed.trim_start_matches([':', '*', ' ']).to_string()
    } else {
        line.to_string()
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

    /// The text undecorated, without its map.
    fn plain(text: &str) -> Option<String> {
        undecorate(text).map(|(text, _)| text)
    }

    #[test]
    fn a_markdown_blank_of_underscores_is_text_not_bold() {
        let md = "## 1. Game Concepts\n\n**123.6a** Blank lines, such as the one in “Wolf in ________ Clothing,” are __not__ words.\n\n**123.6b** Next.";
        assert_eq!(
            plain(md).as_deref(),
            Some("1. Game Concepts\n\n123.6a Blank lines, such as the one in “Wolf in ________ Clothing,” are not words.\n\n123.6b Next.")
        );
    }

    #[test]
    fn a_converters_restructuredtext_headings_lose_their_underlines() {
        let rst = "===================\nComprehensive Rules\n===================\n\n.. note:: converted\n\n1. Game Concepts\n----------------\n\n100. General\n~~~~~~~~~~~~\n\n100.1. These rules.\n\nGlossary\n--------\n\nAbandon\n   To turn a scheme face down.\n";
        assert_eq!(
            plain(rst).as_deref(),
            Some("\nComprehensive Rules\n\n\n\n\n1. Game Concepts\n\n\n100. General\n\n\n100.1. These rules.\n\nGlossary\n\n\nAbandon\n   To turn a scheme face down.\n")
        );
        // Seed 001's layout is the reStructuredText reader's.
        assert_eq!(
            plain(
                "Artifacts\n=========\n\n301.1\n-----\n\nText.\n\nGeneral\n=======\n\nMore\n====\n"
            ),
            None
        );
    }

    #[test]
    fn a_markdown_table_reads_row_by_row_and_a_listed_glossary_entry_by_entry() {
        let md = "## 1. Game Concepts\n\n| Rule | Text |\n|---|:---|\n| 100. | General |\n| 100.1. | These rules \\| all. |\n| | Example: One. |\n\n## Glossary\n\n- **Abandon**: To turn a scheme face down.\n- **Ability:** Text.\n- **Example**: not a term.\n- 100.2. Listed.";
        let (text, lines) = undecorate(md).expect("a Markdown page");
        assert_eq!(
            text,
            "1. Game Concepts\n\n\n\n100. General\n100.1. These rules | all.\nExample: One.\n\nGlossary\n\n\nAbandon\nTo turn a scheme face down.\n\nAbility\nText.\nExample: not a term.\n100.2. Listed."
        );
        assert_eq!(lines.len(), text.split('\n').count());
        assert_eq!((lines[14], lines[17]), (12, 14));
    }

    #[test]
    fn a_text_whose_line_ends_were_doubled_gets_them_single() {
        let mut original = String::from("1. The Game\n\n100. General\n\n");
        for i in 1..=12 {
            original.push_str(&format!("100.{i}. A rule that was\nhard-wrapped.\n\n"));
        }
        let doubled = original.replace('\n', "\n\n");
        let (text, lines) = undouble(&doubled).expect("doubled");
        assert_eq!(text, original);
        assert_eq!(&lines[..5], [1, 3, 5, 7, 9]);
        // Paragraphs of one line each, one blank line apart: left alone.
        let spaced: String = (1..=30).map(|i| format!("100.{i}. A rule.\n\n")).collect();
        assert_eq!(undouble(&spaced), None);
        assert_eq!(undouble(&original), None);
    }

    #[test]
    fn a_wiki_page_breaks_its_lines_and_lists_its_glossary() {
        let wiki = "== 1. Game Concepts ==\n\n'''100.1a''' A game.<br />Example: One&nbsp;game.\n\n== Glossary ==\n\n; Abandon\n: To turn a scheme face down.<br/>See rule 701.33.\n\n;Ability : Text on an object.\n* '''100.2.''' Next.";
        let (text, lines) = undecorate(wiki).expect("a wiki page");
        assert_eq!(
            text,
            "1. Game Concepts\n\n100.1a A game.\nExample: One\u{a0}game.\n\nGlossary\n\nAbandon\nTo turn a scheme face down.\nSee rule 701.33.\n\nAbility\nText on an object.\n100.2. Next."
        );
        assert_eq!(lines, [1, 2, 3, 3, 4, 5, 6, 7, 8, 8, 9, 10, 10, 11]);
    }

    #[test]
    fn a_posts_own_words_around_quoted_rules_are_dropped() {
        let post = "Re: question\n\n> 704.5a If a player has 0 or less life, that player loses the game.\n>\n> 704.5c Ten poison counters.\n>\n> 704.5d If a token is in a zone other than the battlefield,\nit ceases to exist.\n\nHope this helps!\n";
        assert_eq!(
            plain(post).as_deref(),
            Some("\n\n704.5a If a player has 0 or less life, that player loses the game.\n\n704.5c Ten poison counters.\n\n704.5d If a token is in a zone other than the battlefield,\nit ceases to exist.\n\n\n")
        );
    }

    #[test]
    fn a_quoted_chat_paste_is_unquoted() {
        let text = "> 303.4c If an Aura\n>\n> 303.4d Next.\n>> 303.4e Nested.";
        assert_eq!(
            plain(text).as_deref(),
            Some("303.4c If an Aura\n\n303.4d Next.\n303.4e Nested.")
        );
    }

    #[test]
    fn a_converters_markdown_escapes_and_underscored_examples_come_off() {
        // html2text's and markdownify's ways of writing a rules page.
        let md = "### 1\\. Game Concepts\n\n#### 101\\. The Magic Golden Rules\n\n**101.1**. A star (\\*) and Wolf in \\_\\_\\_\\_ Clothing.\n\n_Example:_ One.";
        assert_eq!(
            plain(md).as_deref(),
            Some("1. Game Concepts\n\n101. The Magic Golden Rules\n\n101.1. A star (*) and Wolf in ____ Clothing.\n\nExample: One.")
        );
    }

    #[test]
    fn a_markdown_hard_break_ends_a_paragraph() {
        let md = "**Ability**  \n1\\. Text on an\nobject.  \nSee rule 113.\n\n**Abandon**  \nTo turn.\n\n**Active Player**  \nWhose turn.";
        assert_eq!(
            plain(md).as_deref(),
            Some("Ability\n\n1. Text on an\nobject.\n\nSee rule 113.\n\nAbandon\n\nTo turn.\n\nActive Player\n\nWhose turn.")
        );
    }

    #[test]
    fn markdown_and_wiki_marks_are_taken_off() {
        let md = "## 3. Card Types\n\n### 303. Enchantments\n\n**303.4c** If an Aura, see [rule 704](#704).\n\n*Example:* One.";
        assert_eq!(
            plain(md).as_deref(),
            Some("3. Card Types\n\n303. Enchantments\n\n303.4c If an Aura, see rule 704.\n\nExample: One.")
        );
        let wiki = "== 3. Card Types ==\n'''303. Enchantments'''\n'''303.4c''' If an Aura, see [[#704|rule 704]] and [[Aura]].";
        assert_eq!(
            plain(wiki).as_deref(),
            Some("3. Card Types\n303. Enchantments\n303.4c If an Aura, see rule 704 and Aura.")
        );
    }

    #[test]
    fn a_block_indented_as_a_whole_comes_to_the_margin() {
        let text =
            "\tGlossary\n\n\tAbandon\n\t\tTo turn a scheme face down.\n\n\tAbility\n\tText.\n";
        assert_eq!(
            plain(text).as_deref(),
            Some("Glossary\n\nAbandon\n\tTo turn a scheme face down.\n\nAbility\nText.\n")
        );
        let quoted = ">     100.1. These rules\n>     100.2. More";
        assert_eq!(
            plain(quoted).as_deref(),
            Some("100.1. These rules\n100.2. More")
        );
        assert_eq!(plain("100.1. Rules\n  continued\n"), None);
    }

    #[test]
    fn plain_rules_text_is_left_alone() {
        assert_eq!(plain("303.4c If an Aura [sic] * costs {1}.\n"), None);
        for odd in ["[[", "[a](", "**[", "> [x](y", "'''[[a|"] {
            let _ = undecorate(&format!("{odd}\n{odd}\n{odd}\n"));
        }
    }
}
