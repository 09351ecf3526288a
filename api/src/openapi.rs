//! The OpenAPI document, generated from the route table so that it cannot drift from the routes.

use std::sync::LazyLock;

use actix_web::http::Method;
use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem};
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, Http, HttpAuthScheme, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{ComponentsBuilder, InfoBuilder, OpenApiBuilder, PathsBuilder, Required};

use crate::routes::table;

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

fn build() -> String {
    let mut paths = PathsBuilder::new();
    for route in table() {
        let mut op = OperationBuilder::new()
            .tag(route.tag)
            .summary(Some(route.summary))
            .description(Some(format!("Access: {}.", route.access.describe())))
            .operation_id(Some(format!("{} {}", route.method, route.path)))
            .response("200", ResponseBuilder::new().description("Envelope `{code, msg, data}`; code '1' is success").build());
        if route.access.needs_session() {
            op = op
                .security(SecurityRequirement::new("bearer", Vec::<String>::new()))
                .security(SecurityRequirement::new("cookie", Vec::<String>::new()))
                .response("401", ResponseBuilder::new().description("A0201 登录过期，请重新登录").build())
                .response("403", ResponseBuilder::new().description("A0300 no permission").build());
        }
        for segment in route.path.split('/').filter(|s| s.starts_with('{') && s.ends_with('}')) {
            op = op.parameter(ParameterBuilder::new().name(&segment[1..segment.len() - 1]).parameter_in(ParameterIn::Path).required(Required::True).build());
        }
        paths = paths.path(route.path, PathItem::new(http_method(&route.method), op.build()));
    }
    let components = ComponentsBuilder::new()
        .security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)))
        .security_scheme("cookie", SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(crate::auth::SESSION_COOKIE))))
        .build();
    let doc = OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("EduHub API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some("Every call answers the envelope {code, msg, data}: code '1' is success; A0201 no session (401), A0300 no permission (403), A0400 bad input (400)."))
                .build(),
        )
        .paths(paths.build())
        .components(Some(components))
        .build();
    doc.to_pretty_json().expect("the OpenAPI document serialises")
}
