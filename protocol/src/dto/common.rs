//! Shapes shared by every area: pages, ids, code–name pairs.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CodeName {
    pub code: String,
    pub name: String,
}

/// A page of records.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Page<T> {
    pub records: Vec<T>,
    pub total: i64,
    pub page_no: i64,
    pub page_size: i64,
}

// By hand: the derived schema of a generic type refers to its record type by name without
// registering it; here the record schema is inlined and its own references registered.
impl<T: ToSchema> utoipa::PartialSchema for Page<T> {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
        let integer =
            || ObjectBuilder::new().schema_type(Type::Integer).format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int64)));
        ObjectBuilder::new()
            .description(Some("A page of records."))
            .property("records", ArrayBuilder::new().items(T::schema()))
            .required("records")
            .property("total", integer())
            .required("total")
            .property("pageNo", integer())
            .required("pageNo")
            .property("pageSize", integer())
            .required("pageSize")
            .into()
    }
}

impl<T: ToSchema> ToSchema for Page<T> {
    fn schemas(schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        T::schemas(schemas);
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct IdRequest {
    pub id: i64,
}

/// Several records by id (batch deletes and updates).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct IdsRequest {
    pub ids: Vec<i64>,
}

/// A page request (`pageNo` from 1, `pageSize`), in the query string or a JSON body; validated
/// by `api::paging::Paging`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PageRequest {
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// `?email=`: an account by e-mail (captcha, super-user switch).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct EmailQuery {
    #[serde(default)]
    #[ts(optional)]
    pub email: Option<String>,
}

/// `?id=`: one record by id.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct IdQuery {
    #[serde(default)]
    #[ts(optional)]
    pub id: Option<i64>,
}

/// The body of a POST that takes no input (the spec's reads by POST): absent or `{}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Empty {}
