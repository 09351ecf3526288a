//! A file of the file store as an HTTP response: streamed with Content-Length, one byte range
//! when asked (`Range: bytes=a-b`, so interrupted downloads resume), saved under a given name.
//! The store may be a bucket, so the object is streamed here; the range rule is actix-files'.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use futures_util::StreamExt;
use storage::objects::Objects;

use crate::error::ApiResult;

/// The object `key` as an attachment named `file_name` (already made safe by the name rule);
/// answers the response and the object's whole size.
pub async fn serve(objects: &Objects, req: &HttpRequest, key: &str, file_name: &str) -> ApiResult<(HttpResponse, u64)> {
    serve_as(objects, req, key, file_name, header::DispositionType::Attachment).await
}

/// The object `key` shown in place (a player or viewer), named `file_name`.
pub async fn serve_inline(objects: &Objects, req: &HttpRequest, key: &str, file_name: &str) -> ApiResult<(HttpResponse, u64)> {
    serve_as(objects, req, key, file_name, header::DispositionType::Inline).await
}

async fn serve_as(objects: &Objects, req: &HttpRequest, key: &str, file_name: &str, disposition: header::DispositionType) -> ApiResult<(HttpResponse, u64)> {
    let size = objects.size(key).await?;
    let extension = file_name.rsplit_once('.').map(|(_, ext)| ext).unwrap_or("");
    let content_type = actix_files::file_extension_to_mime(extension);
    // Only media and PDF open in place: anything else (HTML, scripts, SVG…) is a download, so a
    // stored file can never run as a page of this origin.
    let inline_safe =
        matches!(content_type.type_(), mime::IMAGE | mime::VIDEO | mime::AUDIO) && content_type.subtype() != mime::SVG || content_type == mime::APPLICATION_PDF;
    let disposition = if inline_safe { disposition } else { header::DispositionType::Attachment };
    let disposition = header::ContentDisposition {
        disposition,
        parameters: vec![header::DispositionParam::FilenameExt(header::ExtendedValue {
            charset: header::Charset::Ext("UTF-8".into()),
            language_tag: None,
            value: file_name.as_bytes().to_vec(),
        })],
    };
    let range = req.headers().get(header::RANGE).and_then(|v| v.to_str().ok()).map(|v| parse_range(v, size));
    let (mut response, range) = match range {
        Some(None) => return Ok((HttpResponse::RangeNotSatisfiable().insert_header((header::CONTENT_RANGE, format!("bytes */{size}"))).finish(), size)),
        Some(Some((start, end))) => {
            let mut response = HttpResponse::PartialContent();
            response.insert_header((header::CONTENT_RANGE, format!("bytes {start}-{end}/{size}")));
            (response, Some(start..end + 1))
        }
        None => (HttpResponse::Ok(), None),
    };
    let length = range.as_ref().map_or(size, |r| r.end - r.start);
    let (_, stream) = objects.get(key, range).await?;
    let response = response
        .insert_header((header::ACCEPT_RANGES, "bytes"))
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CONTENT_SECURITY_POLICY, "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'"))
        .insert_header(disposition)
        .no_chunking(length)
        .streaming(stream.map(|r| r.map_err(actix_web::error::ErrorInternalServerError)));
    Ok((response, size))
}

/// The first range of a `Range` header within `size` (actix-files' parser, RFC 7233), as
/// inclusive bounds; `None` when it asks for nothing in it or does not parse.
fn parse_range(value: &str, size: u64) -> Option<(u64, u64)> {
    let first = actix_files::HttpRange::parse(value, size).ok()?.into_iter().next()?;
    (first.length > 0).then(|| (first.start, first.start + first.length - 1))
}

#[cfg(test)]
mod tests {
    use super::parse_range;

    #[test]
    fn ranges_within_the_size() {
        assert_eq!(parse_range("bytes=0-9", 100), Some((0, 9)));
        assert_eq!(parse_range("bytes=90-", 100), Some((90, 99)));
        assert_eq!(parse_range("bytes=90-500", 100), Some((90, 99)));
        assert_eq!(parse_range("bytes=-10", 100), Some((90, 99)));
        assert_eq!(parse_range("bytes=-500", 100), Some((0, 99)));
        assert_eq!(parse_range("bytes=100-", 100), None);
        assert_eq!(parse_range("bytes=5-2", 100), None);
        assert_eq!(parse_range("bytes=0-", 0), None);
        assert_eq!(parse_range("items=0-1", 100), None);
        assert_eq!(parse_range("bytes=a-b", 100), None);
    }
}
