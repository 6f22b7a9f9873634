//! A minimal document tree for the HTML parser to build: nodes in one vector, linked by
//! index, so that dropping even a hostile tree needs no recursion.
//!
//! The parser's work per tag grows with the number of open elements, so a page of
//! 200,000 nested `<div>`s would take minutes. Browsers cap nesting for the same reason;
//! here the page is fed in slices and reading stops, keeping what came before, once an
//! element is nested deeper than [`MAX_DEPTH`].

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use html5ever::tendril::{StrTendril, TendrilSink};
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::{Attribute, ParseOpts, QualName, local_name, ns, parse_document};

pub(crate) type NodeId = usize;

/// Deeper than any real page; Chromium stops nesting at 512 too.
pub(crate) const MAX_DEPTH: u32 = 512;

/// Bytes given to the parser between two depth checks.
const SLICE: usize = 16 * 1024;

pub(crate) enum Kind {
    Document,
    Element {
        name: Rc<QualName>,
        attrs: Vec<Attribute>,
    },
    Text(String),
    /// Comments, processing instructions and template contents: never shown.
    Other,
}

pub(crate) struct Node {
    depth: u32,
    pub(crate) parent: Option<NodeId>,
    pub(crate) children: Vec<NodeId>,
    pub(crate) kind: Kind,
}

impl Node {
    /// The element's local name in lower case, or `""` for other nodes.
    pub(crate) fn tag(&self) -> &str {
        match &self.kind {
            Kind::Element { name, .. } => &name.local,
            _ => "",
        }
    }

    pub(crate) fn attr(&self, key: &str) -> Option<&str> {
        match &self.kind {
            Kind::Element { attrs, .. } => attrs.iter().find(|a| &*a.name.local == key).map(|a| &*a.value),
            _ => None,
        }
    }
}

pub(crate) struct Dom {
    pub(crate) nodes: Vec<Node>,
}

pub(crate) fn parse(html: &str) -> Dom {
    let mut parser = parse_document(Sink::default(), ParseOpts::default());
    let mut rest = html;
    while !rest.is_empty() && !parser.tokenizer.sink.sink.too_deep.get() {
        let mut end = rest.len().min(SLICE);
        while !rest.is_char_boundary(end) {
            end += 1;
        }
        let (slice, after) = rest.split_at(end);
        parser.process(StrTendril::from_slice(slice));
        rest = after;
    }
    parser.finish()
}

#[derive(Clone)]
pub(crate) struct Handle {
    id: NodeId,
    name: Option<Rc<QualName>>,
}

struct Sink {
    nodes: RefCell<Vec<Node>>,
    templates: RefCell<HashMap<NodeId, NodeId>>,
    too_deep: Cell<bool>,
    /// Answered for non-elements, which the parser never asks about.
    no_name: QualName,
}

impl Default for Sink {
    fn default() -> Self {
        Sink {
            nodes: RefCell::new(vec![Node { depth: 0, parent: None, children: Vec::new(), kind: Kind::Document }]),
            templates: RefCell::default(),
            too_deep: Cell::new(false),
            no_name: QualName::new(None, ns!(html), local_name!("")),
        }
    }
}

impl Sink {
    fn push(&self, kind: Kind) -> NodeId {
        let mut nodes = self.nodes.borrow_mut();
        nodes.push(Node { depth: 0, parent: None, children: Vec::new(), kind });
        nodes.len() - 1
    }

    fn detach(&self, id: NodeId) {
        let mut nodes = self.nodes.borrow_mut();
        if let Some(parent) = nodes[id].parent.take() {
            nodes[parent].children.retain(|&c| c != id);
        }
    }

    /// Inserts `child` into `parent` at `index`, merging text into a neighbouring text
    /// node as the parser expects.
    fn insert(&self, parent: NodeId, index: usize, child: NodeOrText<Handle>) {
        match child {
            NodeOrText::AppendNode(handle) => {
                self.detach(handle.id);
                let mut nodes = self.nodes.borrow_mut();
                let depth = nodes[parent].depth + 1;
                if depth > MAX_DEPTH {
                    self.too_deep.set(true);
                }
                nodes[handle.id].depth = depth;
                nodes[handle.id].parent = Some(parent);
                nodes[parent].children.insert(index, handle.id);
            }
            NodeOrText::AppendText(text) => {
                {
                    let mut nodes = self.nodes.borrow_mut();
                    if index > 0 {
                        let before = nodes[parent].children[index - 1];
                        if let Kind::Text(existing) = &mut nodes[before].kind {
                            existing.push_str(&text);
                            return;
                        }
                    }
                }
                let id = self.push(Kind::Text(text.to_string()));
                let mut nodes = self.nodes.borrow_mut();
                nodes[id].parent = Some(parent);
                nodes[parent].children.insert(index, id);
            }
        }
    }

    fn handle(&self, id: NodeId) -> Handle {
        Handle { id, name: None }
    }
}

impl TreeSink for Sink {
    type Handle = Handle;
    type Output = Dom;
    type ElemName<'a> = &'a QualName;

    fn finish(self) -> Dom {
        Dom { nodes: self.nodes.into_inner() }
    }

    fn parse_error(&self, _msg: Cow<'static, str>) {}

    fn get_document(&self) -> Handle {
        self.handle(0)
    }

    fn elem_name<'a>(&'a self, target: &'a Handle) -> &'a QualName {
        target.name.as_deref().unwrap_or(&self.no_name)
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> Handle {
        let name = Rc::new(name);
        let id = self.push(Kind::Element { name: name.clone(), attrs });
        if flags.template {
            let contents = self.push(Kind::Other);
            self.templates.borrow_mut().insert(id, contents);
        }
        Handle { id, name: Some(name) }
    }

    fn create_comment(&self, _text: StrTendril) -> Handle {
        self.handle(self.push(Kind::Other))
    }

    fn create_pi(&self, _target: StrTendril, _data: StrTendril) -> Handle {
        self.handle(self.push(Kind::Other))
    }

    fn append(&self, parent: &Handle, child: NodeOrText<Handle>) {
        let end = self.nodes.borrow()[parent.id].children.len();
        self.insert(parent.id, end, child);
    }

    fn append_based_on_parent_node(&self, element: &Handle, prev_element: &Handle, child: NodeOrText<Handle>) {
        if self.nodes.borrow()[element.id].parent.is_some() {
            self.append_before_sibling(element, child);
        } else {
            self.append(prev_element, child);
        }
    }

    fn append_doctype_to_document(&self, _: StrTendril, _: StrTendril, _: StrTendril) {}

    fn get_template_contents(&self, target: &Handle) -> Handle {
        let existing = self.templates.borrow().get(&target.id).copied();
        let id = existing.unwrap_or_else(|| {
            let id = self.push(Kind::Other);
            self.templates.borrow_mut().insert(target.id, id);
            id
        });
        self.handle(id)
    }

    fn same_node(&self, x: &Handle, y: &Handle) -> bool {
        x.id == y.id
    }

    fn set_quirks_mode(&self, _mode: QuirksMode) {}

    fn append_before_sibling(&self, sibling: &Handle, new_node: NodeOrText<Handle>) {
        let place = {
            let nodes = self.nodes.borrow();
            nodes[sibling.id].parent.map(|parent| {
                let index = nodes[parent].children.iter().position(|&c| c == sibling.id).unwrap_or(0);
                (parent, index)
            })
        };
        let Some((parent, index)) = place else {
            return;
        };
        // Detaching the new node first may shift the sibling's index.
        if let NodeOrText::AppendNode(handle) = &new_node {
            self.detach(handle.id);
            let index = self.nodes.borrow()[parent].children.iter().position(|&c| c == sibling.id).unwrap_or(index);
            self.insert(parent, index, new_node);
        } else {
            self.insert(parent, index, new_node);
        }
    }

    fn add_attrs_if_missing(&self, target: &Handle, new: Vec<Attribute>) {
        let mut nodes = self.nodes.borrow_mut();
        if let Kind::Element { attrs, .. } = &mut nodes[target.id].kind {
            for attr in new {
                if !attrs.iter().any(|a| a.name == attr.name) {
                    attrs.push(attr);
                }
            }
        }
    }

    fn remove_from_parent(&self, target: &Handle) {
        self.detach(target.id);
    }

    fn reparent_children(&self, node: &Handle, new_parent: &Handle) {
        let mut nodes = self.nodes.borrow_mut();
        let children = std::mem::take(&mut nodes[node.id].children);
        for &child in &children {
            nodes[child].parent = Some(new_parent.id);
        }
        nodes[new_parent.id].children.extend(children);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(dom: &Dom) -> String {
        let mut out = String::new();
        let mut stack = vec![0];
        while let Some(id) = stack.pop() {
            if let Kind::Text(t) = &dom.nodes[id].kind {
                out.push_str(t);
            }
            stack.extend(dom.nodes[id].children.iter().rev());
        }
        out
    }

    #[test]
    fn builds_a_tree_with_implied_and_misnested_tags() {
        let dom = parse("<p>one<p>two <b>three <i>four</b> five</i><table>x<tr><td>cell</table>");
        assert_eq!(text_of(&dom), "onetwo three four fivexcell");
        let tags: Vec<&str> = dom.nodes.iter().map(Node::tag).filter(|t| !t.is_empty()).collect();
        assert!(tags.contains(&"html") && tags.contains(&"body") && tags.contains(&"tbody"));
    }

    #[test]
    fn deep_nesting_is_cut_short_quickly() {
        let started = std::time::Instant::now();
        let html = "<p>before</p>".to_string() + &"<div>".repeat(200_000) + "deep";
        let dom = parse(&html);
        assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
        assert!(text_of(&dom).starts_with("before"));
        let html = "<div>".repeat(400) + "fine";
        assert_eq!(text_of(&parse(&html)), "fine");
    }

    #[test]
    fn template_contents_stay_out_of_the_tree() {
        let dom = parse("<p>shown</p><template><p>hidden</p></template>");
        assert_eq!(text_of(&dom), "shown");
    }
}
