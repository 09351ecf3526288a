//! The AI provider behind the assistant and the AI teacher comment: one interface, one
//! implementation for OpenAI-compatible chat-completion endpoints (a whole answer, or a reply
//! streamed piece by piece with `stream: true`). Unconfigured, calls fail with a clear message;
//! nothing is ever invented in place of the provider's answer.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::config::AiConfig;
use crate::error::ApiError;

/// How long a streamed reply may go without a piece before it is given up.
const STREAM_IDLE: Duration = Duration::from_secs(30);

#[async_trait]
pub trait AiProvider: Send + Sync {
    /// The model's answer to `prompt` under the `system` instruction.
    async fn complete(&self, system: &str, prompt: &str) -> Result<String, ApiError> {
        let messages = json!([{"role": "system", "content": system}, {"role": "user", "content": prompt}]);
        Ok(self.answer(&self.config().model, messages, 0.7, Duration::from_secs(60)).await?.0)
    }

    /// `model`'s whole answer to `messages` (OpenAI's message objects, whose content may hold
    /// images and files) sampled at `temperature`, and the tokens the provider counted, when it says.
    async fn answer(&self, model: &str, messages: Value, temperature: f64, timeout: Duration) -> Result<(String, Option<i64>), ApiError>;

    /// Streams `model`'s reply to `messages` (role, content), sending each piece on `pieces` as it
    /// arrives; answers the tokens the provider counted, when it says. Stops early, without an
    /// error, when `pieces` is closed (the reply was interrupted).
    async fn stream(&self, model: &str, messages: &[(String, String)], pieces: mpsc::Sender<String>) -> Result<Option<i64>, ApiError>;

    /// The configuration: models, limits.
    fn config(&self) -> &AiConfig;
}

/// `POST {base_url}/chat/completions` as OpenAI, and the many services that copy it, define it.
pub struct OpenAiCompatible {
    http: reqwest::Client,
    config: AiConfig,
}

impl OpenAiCompatible {
    pub fn new(config: AiConfig) -> OpenAiCompatible {
        // No overall timeout: a streamed reply may take minutes; each wait is bounded instead.
        let http = reqwest::Client::builder().connect_timeout(Duration::from_secs(10)).build().expect("an HTTP client");
        OpenAiCompatible { http, config }
    }

    fn request(&self, body: &Value) -> reqwest::RequestBuilder {
        let url = format!("{}/chat/completions", self.config.base_url.trim_end_matches('/'));
        let mut request = self.http.post(&url).json(body);
        if let Some(key) = &self.config.api_key {
            request = request.bearer_auth(key);
        }
        request
    }
}

fn unreachable(e: reqwest::Error) -> ApiError {
    tracing::warn!(error = %e, "AI provider unreachable");
    ApiError::Unavailable("AI 服务暂时无法连接，请稍后再试".into())
}

#[async_trait]
impl AiProvider for OpenAiCompatible {
    async fn answer(&self, model: &str, messages: Value, temperature: f64, timeout: Duration) -> Result<(String, Option<i64>), ApiError> {
        let body = json!({"model": model, "messages": messages, "temperature": temperature});
        let response = tokio::time::timeout(timeout, self.request(&body).send())
            .await
            .map_err(|_| ApiError::Unavailable("AI 服务响应超时，请稍后再试".into()))?
            .map_err(unreachable)?;
        let status = response.status();
        let answer: Value = tokio::time::timeout(timeout, response.json())
            .await
            .map_err(|_| ApiError::Unavailable("AI 服务响应超时，请稍后再试".into()))?
            .unwrap_or(Value::Null);
        if !status.is_success() {
            tracing::warn!(%status, body = %answer, "AI provider refused");
            return Err(ApiError::Unavailable(format!("AI 服务返回错误（{}）", status.as_u16())));
        }
        let text = answer["choices"][0]["message"]["content"].as_str().map(str::trim).unwrap_or_default();
        if text.is_empty() {
            return Err(ApiError::Unavailable("AI 服务没有返回内容，请重试".into()));
        }
        Ok((text.to_owned(), answer["usage"]["total_tokens"].as_i64()))
    }

    async fn stream(&self, model: &str, messages: &[(String, String)], pieces: mpsc::Sender<String>) -> Result<Option<i64>, ApiError> {
        let messages: Vec<Value> = messages.iter().map(|(role, content)| json!({"role": role, "content": content})).collect();
        let body = json!({"model": model, "messages": messages, "stream": true, "stream_options": {"include_usage": true}});
        let response = tokio::time::timeout(STREAM_IDLE, self.request(&body).send())
            .await
            .map_err(|_| ApiError::Unavailable("AI 服务响应超时，请稍后再试".into()))?
            .map_err(unreachable)?;
        let status = response.status();
        if !status.is_success() {
            tracing::warn!(%status, "AI provider refused a streamed reply");
            return Err(ApiError::Unavailable(format!("AI 服务返回错误（{}）", status.as_u16())));
        }
        // Server-sent events: `data: {json}` lines, ended by `data: [DONE]`.
        let mut body = response.bytes_stream();
        let mut buffer: Vec<u8> = Vec::new();
        let mut tokens = None;
        loop {
            let next = tokio::time::timeout(STREAM_IDLE, body.next()).await.map_err(|_| ApiError::Unavailable("AI 服务长时间没有响应，已停止生成".into()))?;
            let Some(chunk) = next else { return Ok(tokens) };
            buffer.extend_from_slice(&chunk.map_err(unreachable)?);
            while let Some(end) = buffer.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = buffer.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line);
                let Some(data) = line.trim().strip_prefix("data:").map(str::trim) else { continue };
                if data == "[DONE]" {
                    return Ok(tokens);
                }
                let Ok(event) = serde_json::from_str::<Value>(data) else { continue };
                if let Some(total) = event["usage"]["total_tokens"].as_i64() {
                    tokens = Some(total);
                }
                if let Some(message) = event["error"]["message"].as_str() {
                    return Err(ApiError::Unavailable(format!("AI 服务出错：{message}")));
                }
                let piece = event["choices"][0]["delta"]["content"].as_str().unwrap_or_default();
                if !piece.is_empty() && pieces.send(piece.to_owned()).await.is_err() {
                    return Ok(tokens);
                }
            }
        }
    }

    fn config(&self) -> &AiConfig {
        &self.config
    }
}

/// The configured provider, if any.
pub fn provider(config: Option<&AiConfig>) -> Option<Arc<dyn AiProvider>> {
    config.map(|c| Arc::new(OpenAiCompatible::new(c.clone())) as Arc<dyn AiProvider>)
}

/// The answer when no provider is configured.
pub fn not_configured() -> ApiError {
    ApiError::Unavailable(NOT_CONFIGURED.into())
}

pub const NOT_CONFIGURED: &str = "AI 服务未配置（EDUHUB_AI_URL），请联系管理员";
/// How an administrator configures the provider.
pub const CONFIGURE_HINT: &str =
    "设置 EDUHUB_AI_URL（OpenAI 兼容接口地址，如 https://api.openai.com/v1）、EDUHUB_AI_KEY、EDUHUB_AI_MODEL（默认模型）和 EDUHUB_AI_MODELS（可选模型，逗号分隔）后重启服务。";
