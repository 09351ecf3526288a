//! What a route's handler takes and answers, read from its signature: the request body and query
//! parameters from its extractors ([`DescribeArgs`]), the response from its return type
//! ([`DescribeOutput`]). The route table requires both for every handler, so the OpenAPI document
//! cannot drift from the code.

use actix_web::{web, HttpRequest, HttpResponse};
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{RefOr, Required};
use utoipa::ToSchema;

use crate::auth::{Caller, MaybeCaller};
use crate::extract::OptionalJson;
use crate::reply::{AccountReply, RawJson, Reply};

/// A JSON schema with the components it refers to.
pub type Named = (String, RefOr<Schema>);

/// The documentation of one operation, as far as the handler's types tell it.
#[derive(Default)]
pub struct OpDoc {
    /// The body's content type and schema, and whether it may be absent.
    pub body: Option<(&'static str, RefOr<Schema>, bool)>,
    pub query: Vec<Parameter>,
    /// The types of the path's `{parameters}`, in order (`web::Path`).
    pub path: Vec<Type>,
    /// The 200 answer's content type and schema; `None` for a raw response the route describes
    /// itself (`RouteInfo::raw`).
    pub response: Option<(&'static str, RefOr<Schema>)>,
    /// Components the schemas refer to.
    pub components: Vec<Named>,
}

impl OpDoc {
    fn schema_of<T: ToSchema>(&mut self) -> RefOr<Schema> {
        T::schemas(&mut self.components);
        T::schema()
    }
}

/// One extractor of a handler.
pub trait DescribeArg {
    fn describe(_doc: &mut OpDoc) {}
}

/// All extractors of a handler (a tuple of [`DescribeArg`]s).
pub trait DescribeArgs {
    fn describe(doc: &mut OpDoc);
}

/// A handler's return type.
pub trait DescribeOutput {
    fn describe(doc: &mut OpDoc);
}

macro_rules! describe_tuple {
    ($($t:ident),*) => {
        impl<$($t: DescribeArg),*> DescribeArgs for ($($t,)*) {
            #[allow(unused_variables)]
            fn describe(doc: &mut OpDoc) {
                $($t::describe(doc);)*
            }
        }
    };
}
describe_tuple!();
describe_tuple!(A);
describe_tuple!(A, B);
describe_tuple!(A, B, C);
describe_tuple!(A, B, C, D);
describe_tuple!(A, B, C, D, E);
describe_tuple!(A, B, C, D, E, F);
describe_tuple!(A, B, C, D, E, F, G);

// Extractors that carry no client input of their own (the session is the route's access).
impl<T: ?Sized> DescribeArg for web::Data<T> {}
impl DescribeArg for HttpRequest {}
impl DescribeArg for Caller {}
impl DescribeArg for MaybeCaller {}

/// What a `web::Path` takes: the type of each `{parameter}`, in order.
pub trait PathTypes {
    fn types() -> Vec<Type>;
}

impl PathTypes for i64 {
    fn types() -> Vec<Type> {
        vec![Type::Integer]
    }
}

impl PathTypes for String {
    fn types() -> Vec<Type> {
        vec![Type::String]
    }
}

impl<A: PathTypes, B: PathTypes> PathTypes for (A, B) {
    fn types() -> Vec<Type> {
        [A::types(), B::types()].concat()
    }
}

impl<T: PathTypes> DescribeArg for web::Path<T> {
    fn describe(doc: &mut OpDoc) {
        doc.path = T::types();
    }
}

impl<T: ToSchema> DescribeArg for web::Json<T> {
    fn describe(doc: &mut OpDoc) {
        let schema = doc.schema_of::<T>();
        doc.body = Some(("application/json", schema, true));
    }
}

impl<T: ToSchema> DescribeArg for OptionalJson<T> {
    fn describe(doc: &mut OpDoc) {
        let schema = doc.schema_of::<T>();
        doc.body = Some(("application/json", schema, false));
    }
}

impl DescribeArg for crate::extract::CsvBody {
    fn describe(doc: &mut OpDoc) {
        doc.body = Some(("text/csv", RefOr::T(Schema::Object(ObjectBuilder::new().schema_type(Type::String).build())), true));
    }
}

impl DescribeArg for web::Payload {
    fn describe(doc: &mut OpDoc) {
        doc.body = Some(("application/octet-stream", binary(), true));
    }
}

/// A query struct becomes one parameter per property.
impl<T: ToSchema> DescribeArg for web::Query<T> {
    fn describe(doc: &mut OpDoc) {
        let schema = doc.schema_of::<T>();
        let RefOr::T(Schema::Object(object)) = schema else {
            panic!("query type {} is not an object schema", T::name());
        };
        for (name, property) in object.properties {
            let required = if object.required.contains(&name) { Required::True } else { Required::False };
            doc.query.push(ParameterBuilder::new().name(name).parameter_in(ParameterIn::Query).required(required).schema(Some(property)).build());
        }
    }
}

impl<T: DescribeOutput, E> DescribeOutput for Result<T, E> {
    fn describe(doc: &mut OpDoc) {
        T::describe(doc)
    }
}

impl<T: ToSchema> DescribeOutput for Reply<T> {
    fn describe(doc: &mut OpDoc) {
        let data = doc.schema_of::<T>();
        doc.response = Some(("application/json", envelope(data, false)));
    }
}

impl<T: ToSchema> DescribeOutput for AccountReply<T> {
    fn describe(doc: &mut OpDoc) {
        let data = doc.schema_of::<T>();
        doc.response = Some(("application/json", envelope(data, true)));
    }
}

impl<T: ToSchema> DescribeOutput for RawJson<T> {
    fn describe(doc: &mut OpDoc) {
        let schema = doc.schema_of::<T>();
        doc.response = Some(("application/json", schema));
    }
}

/// Files, images, pages and socket upgrades: the route names its content type (`RouteInfo::raw`).
impl DescribeOutput for HttpResponse {
    fn describe(_doc: &mut OpDoc) {}
}

/// `{code, msg, data}` (and `status` on account calls) around `data`.
pub fn envelope(data: RefOr<Schema>, account: bool) -> RefOr<Schema> {
    let mut object = ObjectBuilder::new()
        .property("code", ObjectBuilder::new().schema_type(Type::String).description(Some("'1' on success, else an error code (A0201, A0300, …)")))
        .required("code")
        .property("msg", ObjectBuilder::new().schema_type(Type::String))
        .required("msg")
        .property("data", data)
        .required("data");
    if account {
        object = object.property("status", ObjectBuilder::new().schema_type(Type::Integer).description(Some("1 on success, 0 on error"))).required("status");
    }
    RefOr::T(Schema::Object(object.build()))
}

/// An opaque byte stream.
pub fn binary() -> RefOr<Schema> {
    RefOr::T(Schema::Object(
        ObjectBuilder::new().schema_type(Type::String).format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Binary))).build(),
    ))
}

impl<R: DescribeOutput> DescribeOutput for crate::reply::WithCookie<R> {
    fn describe(doc: &mut OpDoc) {
        R::describe(doc)
    }
}

impl<S: ToSchema> DescribeArg for crate::extract::JsonFields<S> {
    fn describe(doc: &mut OpDoc) {
        <OptionalJson<S> as DescribeArg>::describe(doc)
    }
}
