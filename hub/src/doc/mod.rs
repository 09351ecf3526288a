//! Live co-editing: one [`room::DocRoom`] actor per open document around the sans-IO
//! [`core::DocCore`], one [`connection::DocConnection`] actor per y-websocket connection, and
//! the [`rooms::DocRooms`] registry that opens, finds and unloads rooms.

pub mod connection;
pub mod content;
pub mod core;
pub mod log;
pub mod room;
pub mod rooms;
