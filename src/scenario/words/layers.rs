//! The sentences of the layer system's reasons (613).

use super::super::engine::layers::why::Why;
use super::super::engine::Game;

pub(super) fn why(_g: &Game, w: &Why) -> String {
    match *w {}
}
