//! The OpenAPI document, generated from the route table so that it cannot drift from the routes:
//! request bodies, query parameters and responses come from each handler's types
//! ([`describe`]), the access rule and the spec rows (`x-spec-calls`) from the route's
//! declaration.

pub mod describe;

use std::collections::BTreeMap;
use std::sync::LazyLock;

use actix_web::http::Method;
use utoipa::openapi::content::ContentBuilder;
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, Http, HttpAuthScheme, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{ComponentsBuilder, InfoBuilder, OpenApiBuilder, PathsBuilder, Required};

use protocol::dto::atlas::{AtlasNodeView, AtlasTreeNode};
use protocol::dto::document::SpaceNode;
use protocol::dto::library::LibraryTreeNode;
use protocol::dto::paper::PaperTreeNode;
use protocol::dto::teaching_material::{BookTreeNode, TextbookChapter};
use protocol::dto::team::FolderNode;
use protocol::dto::user::MenuItem;
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

use crate::access::Access;
use crate::routes::documented;

static DOCUMENT: LazyLock<String> = LazyLock::new(build);

pub fn document_json() -> String {
    DOCUMENT.clone()
}

fn http_method(m: &Method) -> HttpMethod {
    match *m {
        Method::POST => HttpMethod::Post,
        Method::PUT => HttpMethod::Put,
        Method::DELETE => HttpMethod::Delete,
        Method::PATCH => HttpMethod::Patch,
        _ => HttpMethod::Get,
    }
}

fn recursive<T: ToSchema>() -> (String, RefOr<Schema>) {
    (T::name().into_owned(), T::schema())
}

fn build() -> String {
    let mut paths = PathsBuilder::new();
    let mut components = BTreeMap::new();
    for (route, doc) in documented() {
        let extensions = ExtensionsBuilder::new().add("x-access", route.access.describe()).add("x-spec-calls", route.spec.to_vec()).build();
        let mut op = OperationBuilder::new()
            .tag(route.tag)
            .summary(Some(route.summary))
            .description(Some(format!("Access: {}.", route.access.describe())))
            .operation_id(Some(format!("{} {}", route.method, route.path)))
            .extensions(Some(extensions));
        let ok = match (&doc.response, route.raw) {
            (Some((content_type, schema)), _) => ResponseBuilder::new()
                .description("Envelope `{code, msg, data}`; code '1' is success")
                .content(*content_type, ContentBuilder::new().schema(Some(schema.clone())).build()),
            (None, Some(content_type)) => {
                ResponseBuilder::new().description("Raw content").content(content_type, ContentBuilder::new().schema(Some(describe::binary())).build())
            }
            (None, None) => ResponseBuilder::new().description("Undescribed"),
        };
        op = if route.access == Access::SocketSession {
            op.response("101", ResponseBuilder::new().description("WebSocket upgrade; the session is checked on the socket (close 4401/4403)").build())
        } else {
            op.response("200", ok.build())
        };
        if route.access.needs_session() {
            op = op
                .security(SecurityRequirement::new("bearer", Vec::<String>::new()))
                .security(SecurityRequirement::new("cookie", Vec::<String>::new()))
                .response("401", ResponseBuilder::new().description("A0201 登录过期，请重新登录").build())
                .response("403", ResponseBuilder::new().description("A0300 no permission").build());
        }
        let segments = route.path.split('/').filter(|s| s.starts_with('{') && s.ends_with('}'));
        for (i, segment) in segments.enumerate() {
            // A socket route reads its path itself: its parameters are text.
            let kind = doc.path.get(i).cloned().unwrap_or(Type::String);
            let schema = ObjectBuilder::new().schema_type(kind).build();
            op = op.parameter(
                ParameterBuilder::new()
                    .name(&segment[1..segment.len() - 1])
                    .parameter_in(ParameterIn::Path)
                    .required(Required::True)
                    .schema(Some(schema))
                    .build(),
            );
        }
        for parameter in doc.query {
            op = op.parameter(parameter);
        }
        if let Some((content_type, schema, required)) = doc.body.filter(|_| route.access != Access::SocketSession) {
            let required = if required { Required::True } else { Required::False };
            op = op.request_body(Some(
                RequestBodyBuilder::new().required(Some(required)).content(content_type, ContentBuilder::new().schema(Some(schema)).build()).build(),
            ));
        }
        components.extend(doc.components);
        paths = paths.path(route.path, PathItem::new(http_method(&route.method), op.build()));
    }
    // Recursive types refer to themselves by name (`#[schema(no_recursion)]`), which their
    // derived `schemas()` does not register; the reference test finds any that are missing here.
    for (name, schema) in [
        recursive::<AtlasNodeView>(),
        recursive::<MenuItem>(),
        recursive::<SpaceNode>(),
        recursive::<FolderNode>(),
        recursive::<AtlasTreeNode>(),
        recursive::<TextbookChapter>(),
        recursive::<BookTreeNode>(),
        recursive::<LibraryTreeNode>(),
        recursive::<PaperTreeNode>(),
    ] {
        components.insert(name, schema);
    }
    let components = ComponentsBuilder::new()
        .schemas_from_iter(components)
        .security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)))
        .security_scheme("cookie", SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(crate::auth::SESSION_COOKIE))))
        .build();
    let doc = OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("EduHub API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "Every call answers the envelope {code, msg, data}: code '1' is success; A0201 no session (401), A0300 no permission (403), A0400 bad input (400). \
                     `x-spec-calls` names the rows of docs/spec/calls.tsv an operation implements.",
                ))
                .build(),
        )
        .paths(paths.build())
        .components(Some(components))
        .build();
    doc.to_pretty_json().expect("the OpenAPI document serialises")
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(r)) = map.get("$ref") {
                    out.push(r);
                }
                map.values().for_each(|v| refs(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }

    #[test]
    fn every_reference_resolves() {
        let doc: Value = serde_json::from_str(&super::document_json()).unwrap();
        let mut found = Vec::new();
        refs(&doc, &mut found);
        assert!(!found.is_empty());
        for r in found {
            let name = r.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("unexpected reference {r}"));
            assert!(doc["components"]["schemas"].get(name).is_some(), "{r} has no schema");
        }
    }

    #[test]
    fn operations_carry_access_and_spec_ids() {
        let doc: Value = serde_json::from_str(&super::document_json()).unwrap();
        let op = &doc["paths"]["/api/exam/notice/personal/list/v2"]["get"];
        assert_eq!(op["x-spec-calls"], serde_json::json!(["S046"]));
        assert_eq!(op["x-access"], "session");
        let names: Vec<&str> = op["parameters"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["pageNo", "pageSize", "type"]);
        let login = &doc["paths"]["/api/account/login/login"]["post"];
        assert_eq!(login["requestBody"]["content"]["application/json"]["schema"]["required"], serde_json::json!(["email", "password"]));
        assert!(login["responses"]["200"]["content"]["application/json"]["schema"]["properties"]["status"].is_object(), "account calls carry status");
    }
}
