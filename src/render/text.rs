//! Styled text, built before it is written: every piece of output is a [`Span`] whose
//! [`Class`] says what it is (a rule number, a title, an example…). [`Doc::plain`]
//! writes it without colour (what tests compare); [`Doc::write`] colours it when the
//! [`Style`] says so. Which colour a class gets is decided here and nowhere else.

use colored::Colorize;

use super::Style;

/// What a span of output is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Ordinary text.
    Plain,
    /// A rule number heading a rule: `303.4c`.
    Number,
    /// A rule's or section's title: "Enchantments".
    Title,
    /// "Example:", "Ruling", "References:" and other labels.
    Label,
    /// An example's text.
    Example,
    /// A rule number the text refers to.
    Reference,
    /// Provenance: revision ids, dates, sources.
    Meta,
    /// A table's header row.
    Header,
}

/// A piece of text and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    pub class: Class,
    pub text: String,
}

/// Lines of spans.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Doc {
    lines: Vec<Vec<Span>>,
}

impl Doc {
    pub fn new() -> Doc {
        Doc::default()
    }

    /// Starts a new line and returns it for spans to be pushed.
    pub fn line(&mut self) -> &mut Vec<Span> {
        self.lines.push(Vec::new());
        let last = self.lines.len() - 1;
        &mut self.lines[last]
    }

    /// An empty line.
    pub fn blank(&mut self) {
        self.lines.push(Vec::new());
    }

    /// The text without colour.
    pub fn plain(&self) -> String {
        self.render(|span| span.text.clone())
    }

    /// The text, coloured when `style` says so.
    pub fn write(&self, style: Style) -> String {
        if style.color {
            self.render(paint)
        } else {
            self.plain()
        }
    }

    fn render(&self, each: impl Fn(&Span) -> String) -> String {
        let mut out = String::new();
        for line in &self.lines {
            for span in line {
                out.push_str(&each(span));
            }
            out.push('\n');
        }
        out
    }
}

/// A span of the given class.
pub fn span(class: Class, text: impl Into<String>) -> Span {
    Span {
        class,
        text: text.into(),
    }
}

/// The colour of each class.
fn paint(span: &Span) -> String {
    let t = span.text.as_str();
    if t.is_empty() {
        return String::new();
    }
    let painted = match span.class {
        Class::Plain => return t.to_string(),
        Class::Number => t.cyan().bold(),
        Class::Title => t.bold(),
        Class::Label => t.yellow(),
        Class::Example => t.italic(),
        Class::Reference => t.cyan(),
        Class::Meta => t.dimmed(),
        Class::Header => t.bold().underline(),
    };
    painted.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_output_has_no_escape_codes_and_colour_has_them() {
        let mut doc = Doc::new();
        doc.line()
            .extend([span(Class::Number, "303.4c"), span(Class::Plain, " text")]);
        assert_eq!(doc.plain(), "303.4c text\n");
        assert_eq!(doc.write(Style { color: false }), "303.4c text\n");
        colored::control::set_override(true);
        let coloured = doc.write(Style { color: true });
        assert!(coloured.contains("\u{1b}["), "{coloured:?}");
        assert!(coloured.contains("303.4c"));
    }
}
