//! Reading a request's JSON body within the size limit, and answering JSON.

use axum::body::{to_bytes, Body};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::ApiError;
use crate::work::Jobs;

/// The body of `request` as a `T`: refused when larger than the limit (413), slower to
/// arrive than its time limit (408) or not the JSON expected (400).
pub async fn json_body<T: DeserializeOwned>(jobs: &Jobs, body: Body) -> Result<T, ApiError> {
    let limit = jobs.limits().body_bytes;
    let time = jobs.limits().body_time;
    let read = tokio::time::timeout(time, to_bytes(body, limit))
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body took more than {} s to arrive",
                    time.as_secs_f64()
                ),
            )
        })?;
    let bytes = read.map_err(|_| {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is larger than {limit} bytes"),
        )
    })?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("bad JSON body: {e}")))
}

/// `value` as a JSON answer.
pub fn answer<T: Serialize>(value: T) -> Response {
    Json(value).into_response()
}
