//! QR codes as SVG data URLs (preview links, group-chat join links).

use base64::Engine;

use crate::error::ApiError;

/// `data:image/svg+xml;base64,…` of a QR code that encodes `text`.
pub fn svg_data_url(text: &str) -> Result<String, ApiError> {
    let code = qrcode::QrCode::new(text.as_bytes()).map_err(|e| ApiError::BadRequest(format!("无法生成二维码：{e}")))?;
    let svg = code.render::<qrcode::render::svg::Color>().min_dimensions(200, 200).build();
    Ok(format!("data:image/svg+xml;base64,{}", base64::engine::general_purpose::STANDARD.encode(svg)))
}
