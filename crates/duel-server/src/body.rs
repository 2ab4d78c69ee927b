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
    let mut de = serde_json::Deserializer::from_slice(&bytes);
    let value = serde_path_to_error::deserialize(&mut de)
        .map_err(|e| ApiError::bad(plain(&e.path().to_string(), e.inner())))?;
    de.end().map_err(|e| ApiError::bad(plain("", &e)))?;
    Ok(value)
}

/// Why a body is not the JSON expected, in words a person reads: the field, what it must be
/// and what it is, without the parser's own terms (`u64`, "line 1 column 165").
fn plain(field: &str, e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let at = if field.is_empty() || field == "." {
        "the request"
    } else {
        field
    };
    match e.classify() {
        Category::Io | Category::Eof | Category::Syntax => {
            "the request body is not valid JSON (one object of the fields in docs/api.md)"
                .to_string()
        }
        // A list where the object is expected (serde reads a struct from one too).
        Category::Data if at.starts_with('[') => {
            "the request must be one JSON object of the fields docs/api.md gives".to_string()
        }
        Category::Data => {
            // serde's message without the position it ends with.
            let full = e.to_string();
            let text = match full.rfind(" at line ") {
                Some(i) => &full[..i],
                None => &full,
            };
            data_text(at, text)
        }
    }
}

/// serde's message `text` of a value that is not the one expected in the field `at`.
fn data_text(at: &str, text: &str) -> String {
    if let Some(name) = text.strip_prefix("missing field `") {
        return format!("{} is missing", name.trim_end_matches('`'));
    }
    if let Some(name) = text.strip_prefix("unknown field `") {
        let name = name.split('`').next().unwrap_or_default();
        return format!("{name} is not a field of this request");
    }
    if let Some(rest) = text.strip_prefix("unknown variant `") {
        let got = rest.split('`').next().unwrap_or_default();
        let known = rest.split_once("expected ").map_or("", |(_, k)| k);
        let known = known.replace("one of ", "").replace('`', "");
        return format!("{at} must be {known} (not {got})");
    }
    // "invalid value: integer `-1`, expected u64", "invalid type: string \"x\", expected u32".
    let Some((got, expected)) = text.split_once(", expected ") else {
        return format!("{at} is not one of the forms docs/api.md gives");
    };
    if let Some(n) = got.strip_prefix("invalid length ") {
        return format!("{at} must be {expected} (it has {n})");
    }
    let got = got
        .trim_start_matches("invalid value: ")
        .trim_start_matches("invalid type: ")
        .trim_start_matches("integer ")
        .trim_start_matches("floating point ")
        .replace('`', "");
    let got = match got.as_str() {
        "map" => "an object".to_string(),
        "sequence" => "a list".to_string(),
        _ => got,
    };
    format!("{at} must be {} (not {got})", expected_text(expected))
}

/// What serde's `expected` names, in words.
fn expected_text(expected: &str) -> String {
    let unsigned = ["u8", "u16", "u32", "u64", "u128", "usize"];
    let signed = ["i8", "i16", "i32", "i64", "i128", "isize"];
    if unsigned.contains(&expected) {
        "a whole number from 0 up".to_string()
    } else if signed.contains(&expected) {
        "a whole number".to_string()
    } else if expected == "f32" || expected == "f64" {
        "a number".to_string()
    } else if expected == "a boolean" {
        "true or false".to_string()
    } else if expected == "a string" {
        "text in quotes".to_string()
    } else if expected.starts_with("struct ") || expected == "a map" {
        "one JSON object of the fields docs/api.md gives".to_string()
    } else if expected.starts_with("a sequence") || expected.starts_with("a tuple") {
        "a list".to_string()
    } else {
        expected.to_string()
    }
}

/// `value` as a JSON answer.
pub fn answer<T: Serialize>(value: T) -> Response {
    Json(value).into_response()
}
