//! Sessions at the edge: where the token comes from (cookie, bearer; `?token=` for sockets only), who the caller
//! is, and the session cookie.

use std::future::{ready, Ready};
use std::sync::Arc;

use actix_web::cookie::{time::Duration as CookieDuration, Cookie, SameSite};
use actix_web::{dev::Payload, FromRequest, HttpMessage, HttpRequest};
use storage::accounts::{self, User};
use storage::sessions::{self, SessionRow};

use crate::error::ApiError;
use crate::state::AppState;

pub const SESSION_COOKIE: &str = "eduhub_session";

/// The session token of a request: the `Authorization: Bearer` header, else the session cookie,
/// else a `token` query parameter (for WebSocket clients that cannot set headers).
pub fn token_of(req: &HttpRequest) -> Option<String> {
    if let Some(value) = req.headers().get(actix_web::http::header::AUTHORIZATION).and_then(|v| v.to_str().ok()) {
        if let Some(token) = value.strip_prefix("Bearer ").map(str::trim).filter(|t| !t.is_empty()) {
            return Some(token.to_owned());
        }
    }
    req.cookie(SESSION_COOKIE).filter(|c| !c.value().is_empty()).map(|c| c.value().to_owned())
}

/// The session token of a WebSocket upgrade: as for REST, or `?token=` (browsers cannot set
/// headers on a WebSocket). REST calls never take it from the query string, where it would end up
/// in logs and browser history.
pub fn socket_token_of(req: &HttpRequest) -> Option<String> {
    token_of(req).or_else(|| query_param(req.query_string(), "token"))
}

/// One query parameter, percent-decoded.
pub fn query_param(query: &str, name: &str) -> Option<String> {
    serde_urlencoded_pairs(query).into_iter().find(|(k, _)| k == name).map(|(_, v)| v).filter(|v| !v.is_empty())
}

fn serde_urlencoded_pairs(query: &str) -> Vec<(String, String)> {
    actix_web::web::Query::<Vec<(String, String)>>::from_query(query).map(|q| q.into_inner()).unwrap_or_default()
}

/// The signed-in caller of a request.
#[derive(Debug, Clone)]
pub struct Caller {
    pub session: SessionRow,
    pub token_hash: Arc<str>,
    /// The account the session acts as (the super user's chosen account while switched).
    pub user: User,
    /// The roles `user` holds.
    pub roles: Vec<String>,
    /// The signed-in super user while acting as another account.
    pub super_user: Option<User>,
}

impl Caller {
    /// The account that actually signed in.
    pub fn signed_in(&self) -> &User {
        self.super_user.as_ref().unwrap_or(&self.user)
    }

    pub fn holds(&self, role: &str) -> bool {
        self.roles.iter().any(|r| r == role)
    }
}

/// Looks the token up; `None` for an unknown or expired one.
pub async fn resolve(state: &AppState, token: &str) -> Result<Option<Caller>, ApiError> {
    let Some(session) = sessions::resolve(&state.db, token).await? else {
        return Ok(None);
    };
    sessions::touch(&state.db, &session).await?;
    let mut session = session;
    let mut super_user = match session.acting_user_id {
        Some(_) => Some(accounts::by_id(&state.db, session.user_id).await?),
        None => None,
    };
    // Acting as another account is a super user's right, checked at every use: one who is no
    // longer a super user is back in their own account.
    if super_user.as_ref().is_some_and(|u| !u.is_superuser()) {
        sessions::set_acting(&state.db, &session.token_hash, None).await?;
        session.acting_user_id = None;
        super_user = None;
    }
    let user = accounts::by_id(&state.db, session.effective_user_id()).await?;
    // A disabled (or not yet approved) account's sessions are ended when its state changes; this
    // covers a session opened meanwhile.
    if !user.is_active() || super_user.as_ref().is_some_and(|u| !u.is_active()) {
        return Ok(None);
    }
    let roles = accounts::roles(&state.db, user.id).await?;
    Ok(Some(Caller { token_hash: session.token_hash.clone().into(), session, user, roles, super_user }))
}

/// [`resolve`] for a WebSocket upgrade: the caller is resolved once for the socket's whole life,
/// so what it reads is not kept in the account cache.
pub async fn resolve_for_socket(state: &AppState, token: &str) -> Result<Option<Caller>, ApiError> {
    storage::account_cache::reading_once(resolve(state, token)).await
}

/// Handlers take `Caller` to require a session; the access guard has resolved it already.
impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Ready<Result<Caller, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(req.extensions().get::<Arc<Caller>>().map(|c| (**c).clone()).ok_or(ApiError::LoginExpired))
    }
}

/// Handlers take `MaybeCaller` where a session is optional (logout).
pub struct MaybeCaller(pub Option<Caller>);

impl FromRequest for MaybeCaller {
    type Error = ApiError;
    type Future = Ready<Result<MaybeCaller, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(MaybeCaller(req.extensions().get::<Arc<Caller>>().map(|c| (**c).clone()))))
    }
}

/// The session cookie: `SameSite=Strict`, so no request another site starts carries it (the
/// single-page app's own calls do), on top of every state change being a POST.
pub fn session_cookie(token: &str, secure: bool) -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE, token.to_owned())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(secure)
        .max_age(CookieDuration::milliseconds(sessions::SESSION_TTL_MS))
        .finish()
}

/// The cookie that names the client a captcha was drawn for (its value is random; only its
/// digest is stored).
pub const CAPTCHA_COOKIE: &str = "eduhub_captcha";

pub fn captcha_cookie(client: &str, secure: bool) -> Cookie<'static> {
    Cookie::build(CAPTCHA_COOKIE, client.to_owned())
        .path("/api/account/login")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(secure)
        .max_age(CookieDuration::milliseconds(storage::login_guard::CAPTCHA_TTL_MS))
        .finish()
}

/// The captcha client of a request, when it carries one of ours.
pub fn captcha_client(req: &actix_web::HttpRequest) -> Option<String> {
    req.cookie(CAPTCHA_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|v| (16..=128).contains(&v.len()) && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
}

pub fn removal_cookie(secure: bool) -> Cookie<'static> {
    let mut cookie = Cookie::build(SESSION_COOKIE, "").path("/").http_only(true).same_site(SameSite::Strict).secure(secure).finish();
    cookie.make_removal();
    cookie
}

/// Whether a WebSocket upgrade comes from this deployment's own pages: a browser names the page's
/// origin, which must be the host it connects to (another site's page could otherwise open a
/// socket riding on the user's cookie). Clients that are no browser send no `Origin`.
pub fn same_origin(req: &actix_web::HttpRequest) -> bool {
    let Some(origin) = req.headers().get(actix_web::http::header::ORIGIN) else { return true };
    let Ok(origin) = origin.to_str() else { return false };
    let host = origin.split_once("://").map_or(origin, |(_, rest)| rest).trim_end_matches('/');
    host.eq_ignore_ascii_case(req.connection_info().host())
}
