//! Every refusal of the API as one JSON shape: a status and `{"error": "..."}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// A refused request: the status and the reason, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// 4xx for a bad request, 503 for work refused or cut short.
    pub status: StatusCode,
    /// What is wrong, and where it helps, what to do.
    pub message: String,
}

impl ApiError {
    /// A bad request (400) saying `message`.
    pub fn bad(message: impl ToString) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.to_string(),
        }
    }

    /// A refusal with `status`.
    pub fn new(status: StatusCode, message: impl ToString) -> ApiError {
        ApiError {
            status,
            message: message.to_string(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}
