//! The knowledge atlas (`atlas` area, 03 §7.1): a subject and stage's chapters and points as trees.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::atlas::{AtlasNodeView, AtlasTreeRequest};
use storage::papers::{self};

use crate::access::Access;
use crate::error::ApiResult;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(info(Method::POST, "/api/atlas/tree", Access::Session, "atlas", "Knowledge atlas of a subject and stage, as trees").spec(&["S193"]), atlas_tree);
}

pub(super) async fn atlas_tree(state: web::Data<AppState>, body: web::Json<AtlasTreeRequest>) -> ApiResult<Reply<Vec<AtlasNodeView>>> {
    let nodes = papers::atlas(&state.db, body.subject, body.stage).await?;
    fn build(parent: i64, nodes: &[papers::AtlasNode]) -> Vec<AtlasNodeView> {
        nodes
            .iter()
            .filter(|n| n.parent_id == parent)
            .map(|n| AtlasNodeView {
                id: n.id,
                tree_id: n.tree_id,
                parent_id: n.parent_id,
                name: n.name.clone(),
                summary: n.summary.clone(),
                children: build(n.id, nodes),
            })
            .collect()
    }
    Ok(Reply(build(0, &nodes)))
}
