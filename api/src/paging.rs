//! One page rule for every list: `pageNo` from 1 to `MAX_PAGE_NO`, `pageSize` from 1 to
//! `MAX_PAGE_SIZE`, one message when either is out of range.

use std::future::{ready, Ready};

use actix_web::{dev::Payload, web, FromRequest, HttpRequest};
use protocol::constants::limits::{DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE, MAX_PAGE_NO, MAX_PAGE_SIZE};
use protocol::dto::common::{Page, PageRequest};

use crate::error::{ApiError, ApiResult};
use crate::openapi::describe::{DescribeArg, OpDoc};

/// A validated page request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    pub page_no: i64,
    pub page_size: i64,
}

impl Paging {
    /// Validates a page request; absent values take the defaults.
    pub fn new(page_no: Option<i64>, page_size: Option<i64>, default_size: i64) -> ApiResult<Paging> {
        let page_no = page_no.unwrap_or(DEFAULT_PAGE_NO);
        let page_size = page_size.unwrap_or(default_size);
        if !(1..=MAX_PAGE_NO).contains(&page_no) || !(1..=MAX_PAGE_SIZE).contains(&page_size) {
            return Err(ApiError::bad_request(format!("pageNo 需在 1 到 {MAX_PAGE_NO} 之间，pageSize 需在 1 到 {MAX_PAGE_SIZE} 之间")));
        }
        Ok(Paging { page_no, page_size })
    }

    /// This page of a list held whole in memory (its length is the total).
    pub fn slice<T>(self, rows: Vec<T>) -> Page<T> {
        let total = rows.len() as i64;
        let records = rows.into_iter().skip(((self.page_no - 1) * self.page_size) as usize).take(self.page_size as usize).collect();
        self.page(records, total)
    }

    /// The page of `records` out of `total`.
    pub fn page<T>(self, records: Vec<T>, total: i64) -> Page<T> {
        Page { records, total, page_no: self.page_no, page_size: self.page_size }
    }
}

/// From the query string (`?pageNo=&pageSize=`), default size `DEFAULT_PAGE_SIZE`.
impl FromRequest for Paging {
    type Error = ApiError;
    type Future = Ready<Result<Paging, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(
            web::Query::<PageRequest>::from_query(req.query_string())
                .map_err(|_| ApiError::bad_request("pageNo 和 pageSize 必须是整数"))
                .and_then(|q| Paging::new(q.page_no, q.page_size, DEFAULT_PAGE_SIZE)),
        )
    }
}

impl DescribeArg for Paging {
    fn describe(doc: &mut OpDoc) {
        <web::Query<PageRequest> as DescribeArg>::describe(doc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_bounds() {
        assert_eq!(Paging::new(None, None, 5).unwrap(), Paging { page_no: 1, page_size: 5 });
        assert_eq!(Paging::new(Some(MAX_PAGE_NO), Some(MAX_PAGE_SIZE), 5).unwrap(), Paging { page_no: MAX_PAGE_NO, page_size: MAX_PAGE_SIZE });
        for (no, size) in [(0, 5), (MAX_PAGE_NO + 1, 5), (1, 0), (1, MAX_PAGE_SIZE + 1), (-1, -1)] {
            assert!(Paging::new(Some(no), Some(size), 5).is_err(), "{no} {size}");
        }
    }
}
