//! `/api/connect/scores`: the exact score of every column of a Connect Four position
//! (`connect:WxH:4`), as Pons's online solver shows them, searched until
//! [`crate::Limits::score_millis`]. Early positions take longer (measured on 7×6: up to 5 s
//! with 6 stones, 8–25 s with 4); past the limit the answer says so, without scores, and the
//! page keeps the win/draw/loss of `/api/play/values`. On 7×6 positions of up to 3 stones are
//! answered at once from the book of exact scores.

use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::post;
use axum::Router;
use serde::{Deserialize, Serialize};

use duel::games::connect4::answer::{analyze_within, ConnectError, SolverOptions};

use crate::body::{answer, json_body};
use crate::error::ApiError;
use crate::work::Jobs;

/// The memory planned for the solver's table: the library's default is 4 MiB, and 32 MiB on
/// 8×7 (the least there).
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
    /// Whether `scores` were found within the limit.
    exact: bool,
    /// For each column from the left, its score for the side to move; `null` for a full
    /// column; `null` as a whole when not `exact`.
    scores: Option<Vec<Option<i32>>>,
    /// The columns (1–W) of the highest score.
    best: Vec<u32>,
    /// Positions explored.
    nodes: u64,
    /// Time taken.
    millis: f64,
    /// The limit, in milliseconds.
    limit_millis: u64,
    /// Why there are no scores.
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
                ..SolverOptions::default()
            };
            match analyze_within(&options, &moves, Some(deadline)) {
                Ok(a) => Ok(ScoresAnswer {
                    game: a.game,
                    position: a.position,
                    exact: true,
                    scores: Some(a.scores),
                    best: a.best,
                    nodes: a.nodes,
                    millis: a.millis,
                    limit_millis,
                    reason: None,
                }),
                Err(ConnectError::TimeUp { nodes }) => Ok(ScoresAnswer {
                    game: r.game,
                    position: moves,
                    exact: false,
                    scores: None,
                    best: Vec::new(),
                    nodes,
                    millis: start.elapsed().as_secs_f64() * 1000.0,
                    limit_millis,
                    reason: Some(format!(
                        "the exact scores take longer than the {limit_millis} ms allowed \
                         here this early in the game"
                    )),
                }),
                Err(e @ ConnectError::Table(_)) => {
                    Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e))
                }
                Err(e) => Err(ApiError::bad(e)),
            }
        })
        .await?;
    Ok(answer(a))
}
