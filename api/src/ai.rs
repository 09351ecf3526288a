//! The AI provider behind the AI teacher comment: one interface, one implementation for
//! OpenAI-compatible chat-completion endpoints. Unconfigured, calls fail with a clear message;
//! nothing is ever invented in place of the provider's answer.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use serde_json::{json, Value};

use crate::config::AiConfig;
use crate::error::ApiError;

#[async_trait]
pub trait AiProvider: Send + Sync {
    /// The model's answer to `prompt` under the `system` instruction.
    async fn complete(&self, system: &str, prompt: &str) -> Result<String, ApiError>;
}

/// `POST {base_url}/chat/completions` as OpenAI, and the many services that copy it, define it.
pub struct OpenAiCompatible {
    http: reqwest::Client,
    config: AiConfig,
}

impl OpenAiCompatible {
    pub fn new(config: AiConfig) -> OpenAiCompatible {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().expect("an HTTP client");
        OpenAiCompatible { http, config }
    }
}

#[async_trait]
impl AiProvider for OpenAiCompatible {
    async fn complete(&self, system: &str, prompt: &str) -> Result<String, ApiError> {
        let url = format!("{}/chat/completions", self.config.base_url.trim_end_matches('/'));
        let body = json!({
            "model": self.config.model,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": prompt}],
            "temperature": 0.7,
        });
        let mut request = self.http.post(&url).json(&body);
        if let Some(key) = &self.config.api_key {
            request = request.bearer_auth(key);
        }
        let response = request.send().await.map_err(|e| {
            tracing::warn!(error = %e, "AI provider unreachable");
            ApiError::Unavailable("AI 服务暂时无法连接，请稍后再试".into())
        })?;
        let status = response.status();
        let answer: Value = response.json().await.unwrap_or(Value::Null);
        if !status.is_success() {
            tracing::warn!(%status, body = %answer, "AI provider refused");
            return Err(ApiError::Unavailable(format!("AI 服务返回错误（{}）", status.as_u16())));
        }
        let text = answer["choices"][0]["message"]["content"].as_str().map(str::trim).unwrap_or_default();
        if text.is_empty() {
            return Err(ApiError::Unavailable("AI 服务没有返回内容，请重试".into()));
        }
        Ok(text.to_owned())
    }
}

/// The configured provider, if any.
pub fn provider(config: Option<&AiConfig>) -> Option<Arc<dyn AiProvider>> {
    config.map(|c| Arc::new(OpenAiCompatible::new(c.clone())) as Arc<dyn AiProvider>)
}

/// The answer when no provider is configured.
pub fn not_configured() -> ApiError {
    ApiError::Unavailable("AI 服务未配置（EDUHUB_AI_URL），请联系管理员".into())
}
