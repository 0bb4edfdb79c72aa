//! Declared layouts: a list of named blocks of consecutive slots, from which
//! each block's offset and the total are computed at compile time. The
//! evaluation's measures (`features.rs`) and the correction's input planes
//! (`net.rs`) are each declared once this way, so no offset is written by hand.

use super::squares::class_name;

/// How the slots of a block are named (for the tuner and `explain`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Slots {
    /// A block of one slot, named as the block.
    One,
    /// `width` slots named `name_k` for k from `first` up.
    From { first: usize, width: usize },
    /// One slot per square class (`squares.rs`), named `name_a_b`.
    Classes,
}

/// A named run of slots.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Block {
    pub name: &'static str,
    pub slots: Slots,
}

impl Block {
    pub const fn one(name: &'static str) -> Block {
        Block {
            name,
            slots: Slots::One,
        }
    }

    /// `width` slots numbered from `first`.
    pub const fn numbered(name: &'static str, first: usize, width: usize) -> Block {
        Block {
            name,
            slots: Slots::From { first, width },
        }
    }

    pub const fn classes(name: &'static str) -> Block {
        Block {
            name,
            slots: Slots::Classes,
        }
    }

    pub const fn width(&self) -> usize {
        match self.slots {
            Slots::One => 1,
            Slots::From { width, .. } => width,
            Slots::Classes => super::squares::CLASSES,
        }
    }

    /// The name of slot `k` of this block.
    fn slot_name(&self, k: usize) -> String {
        match self.slots {
            Slots::One => self.name.to_string(),
            Slots::From { first, .. } => format!("{}_{}", self.name, first + k),
            Slots::Classes => format!("{}_{}", self.name, class_name(k)),
        }
    }
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The first slot of the block called `name`; a name not in `blocks` stops
/// the build.
pub(crate) const fn offset(blocks: &[Block], name: &str) -> usize {
    let mut at = 0;
    let mut i = 0;
    while i < blocks.len() {
        if same(blocks[i].name, name) {
            return at;
        }
        at += blocks[i].width();
        i += 1;
    }
    panic!("no block of that name in the layout")
}

/// Slots in all.
pub(crate) const fn total(blocks: &[Block]) -> usize {
    let mut at = 0;
    let mut i = 0;
    while i < blocks.len() {
        at += blocks[i].width();
        i += 1;
    }
    at
}

/// The name of slot `slot` of the layout, if there is one.
pub(crate) fn slot_name(blocks: &[Block], mut slot: usize) -> Option<String> {
    for block in blocks {
        if slot < block.width() {
            return Some(block.slot_name(slot));
        }
        slot -= block.width();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYOUT: [Block; 3] = [
        Block::one("a"),
        Block::numbered("b", 2, 3),
        Block::classes("c"),
    ];

    #[test]
    fn offsets_and_names_follow_the_declared_order() {
        assert_eq!(offset(&LAYOUT, "a"), 0);
        assert_eq!(offset(&LAYOUT, "b"), 1);
        assert_eq!(offset(&LAYOUT, "c"), 4);
        assert_eq!(total(&LAYOUT), 4 + super::super::squares::CLASSES);
        let names: Vec<String> = (0..6).filter_map(|i| slot_name(&LAYOUT, i)).collect();
        assert_eq!(names, ["a", "b_2", "b_3", "b_4", "c_0_0", "c_0_1"]);
        assert_eq!(slot_name(&LAYOUT, total(&LAYOUT)), None);
    }
}
