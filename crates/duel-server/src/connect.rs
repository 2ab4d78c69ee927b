//! `/api/connect/scores`: the exact score of every column of a Connect Four position
//! (`connect:WxH:4`), as Pons's online solver shows them, searched until
//! [`crate::Limits::score_millis`], column after column over one table. Early positions take
//! longer (measured on 7×6 on a busy 2-core machine: 8–44 s with 4 stones, 2–40 s with 5,
//! 2–10 s with 6, under 1 s with 7 or 8); past the limit the answer keeps the columns solved
//! and names the others, and the page shows the win/draw/loss of `/api/play/values` there.
//! On 7×6 positions of up to 3 stones are answered at once from the book of exact scores.

use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::post;
use axum::Router;
use serde::{Deserialize, Serialize};

use duel::games::connect4::answer::{analyze_columns_within, ConnectError, SolverOptions};

use crate::body::{answer, json_body};
use crate::error::ApiError;
use crate::work::Jobs;

/// The solver's table: 32 MiB, the least on 8×7; on 7×6 the early positions take about as
/// long with 128 MiB (docs/api.md).
const TABLE_BYTES: u64 = 32 << 20;

/// The Connect Four routes, merged into the app's router.
pub fn routes() -> Router<Jobs> {
    Router::new().route("/api/connect/scores", post(connect_scores))
}

/// What `/api/connect/scores` is asked.
#[derive(Deserialize)]
struct ScoresRequest {
    game: String,
    /// Columns 1–W from the empty board, as digits (`"4453"`) or separated by commas.
    moves: String,
}

/// Its answer.
#[derive(Serialize)]
struct ScoresAnswer {
    game: String,
    position: String,
    /// Whether every column was solved within the limit.
    exact: bool,
    /// For each column from the left, its score for the side to move; `null` for a full
    /// column and for one of `unfinished`.
    scores: Vec<Option<i32>>,
    /// The columns (1–W) not solved within the limit; empty when `exact`.
    unfinished: Vec<u32>,
    /// The columns (1–W) of the highest score; empty unless `exact`.
    best: Vec<u32>,
    /// Positions explored.
    nodes: u64,
    /// Time taken.
    millis: f64,
    /// The limit, in milliseconds.
    limit_millis: u64,
    /// Why some columns have no score.
    reason: Option<String>,
}

/// `moves` as the solver's digits: commas are separators between one-digit columns.
fn digits(moves: &str) -> Result<String, ApiError> {
    let moves = moves.trim();
    if !moves.contains(',') {
        return Ok(moves.to_string());
    }
    moves
        .split(',')
        .map(|m| {
            let m = m.trim();
            match m.len() {
                1 => Ok(m),
                _ => Err(ApiError::bad(format!(
                    "moves: {m:?} is not a column (a digit from 1 to the board's width)"
                ))),
            }
        })
        .collect()
}

async fn connect_scores(State(jobs): State<Jobs>, request: Request) -> Result<Response, ApiError> {
    let r: ScoresRequest = json_body(&jobs, request.into_body()).await?;
    let moves = digits(&r.moves)?;
    let limit_millis = jobs.limits().score_millis;
    let a = jobs
        .run(TABLE_BYTES, move |cancel| {
            let start = Instant::now();
            let mut deadline = start + Duration::from_millis(limit_millis);
            if let Some(end) = cancel.deadline() {
                deadline = deadline.min(end);
            }
            let options = SolverOptions {
                game: r.game.clone(),
                memory: Some(TABLE_BYTES),
                ..SolverOptions::default()
            };
            match analyze_columns_within(&options, &moves, Some(deadline)) {
                Ok(c) => {
                    let a = c.analysis;
                    let exact = c.unfinished.is_empty();
                    let reason = (!exact).then(|| {
                        format!(
                            "the scores of columns {} take longer than the {limit_millis} ms \
                             allowed here this early in the game",
                            columns(&c.unfinished)
                        )
                    });
                    Ok(ScoresAnswer {
                        game: a.game,
                        position: a.position,
                        exact,
                        scores: a.scores,
                        unfinished: c.unfinished,
                        best: a.best,
                        nodes: a.nodes,
                        millis: a.millis,
                        limit_millis,
                        reason,
                    })
                }
                Err(e @ ConnectError::Table(_)) => {
                    Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e))
                }
                Err(e) => Err(ApiError::bad(e)),
            }
        })
        .await?;
    Ok(answer(a))
}

/// Columns in words: "4", "3 and 4", "2, 3 and 4".
fn columns(cols: &[u32]) -> String {
    let text: Vec<String> = cols.iter().map(u32::to_string).collect();
    match text.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => text.concat(),
    }
}
