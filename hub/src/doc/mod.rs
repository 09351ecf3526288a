//! Live co-editing: one [`room::DocRoom`] actor per open document around the sans-IO
//! [`core::DocCore`], one [`connection::DocConnection`] actor per y-websocket connection, and
//! the [`rooms::DocRooms`] registry that opens, finds and unloads rooms. What each document type
//! holds and the rules that change it live without IO in [`feedback`] and [`handout`], over
//! [`content`] (fragments, arrays, maps as the editors write them) and [`list::DocList`] (typed
//! lists that keep what they cannot decode); [`error::DocError`] is what an operation can fail with.

pub mod connection;
pub mod content;
pub mod core;
pub mod error;
pub mod feedback;
mod guard;
pub mod handout;
pub mod list;
pub mod log;
pub mod room;
pub mod rooms;
