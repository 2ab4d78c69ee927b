//! The endpoints: each reads its JSON body (bounded), checks what the library does not, runs
//! one library function as a job ([`crate::work`]) and answers its result as JSON.

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::json;

use duel::guesswho::faces::FEATURES;
use duel::guesswho::heatmap::heatmap;
use duel::guesswho::session::{play, PlayRequest, MAX_POOL};
use duel::guesswho::{Questions, Rules};
use duel::liar::carole::{carole, CaroleRequest};
use duel::liar::paul::{paul, PaulRequest};
use duel::limits::Limits as Memory;
use duel::search::move_values::move_values_until;
use duel::search::turn::{turn_until, TurnRequest};

use crate::assets;
use crate::body::{answer, json_body};
use crate::error::ApiError;
use crate::work::{stopped, Jobs, Limits};

/// The memory a Guess Who or liar game plans for: tables of at most [`MAX_POOL`]², a few
/// KiB; a liar game's weights and charges, a few KiB.
const GUESSWHO_MEMORY: u64 = 1 << 20;

/// The memory exact move values plan for: alpha-beta's transposition table (4M entries of
/// 8 bytes, [`duel::search::minimax::MinimaxOptions`]'s default) or the Connect Four solver's
/// (4 MiB, 32 MiB on 8×7), twice over for the search's own allocations.
const VALUES_MEMORY: u64 = 64 << 20;

/// The app and its API under `limits`.
pub fn router(limits: Limits) -> Router {
    Router::new()
        .route("/api/health", get(health))
        .route("/api/guesswho/features", get(features))
        .route("/api/play/turn", post(play_turn))
        .route("/api/play/values", post(play_values))
        .route("/api/guesswho/play", post(guesswho_play))
        .route("/api/liar/paul", post(liar_paul))
        .route("/api/liar/carole", post(liar_carole))
        .route("/api/guesswho/heatmap", post(guesswho_heatmap))
        .merge(assets::routes())
        .merge(crate::bidding::routes())
        .merge(crate::connect::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::map_response(security_headers))
        .with_state(Jobs::new(limits))
}

async fn security_headers(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'; img-src 'self' data:"),
    );
    response
}

async fn not_found(request: Request) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no such page or endpoint: {}", request.uri().path()),
    )
}

async fn method_not_allowed(request: Request) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!(
            "{} is not allowed on {} (the API's GETs read, its POSTs take a JSON body)",
            request.method(),
            request.uri().path()
        ),
    )
}

async fn health(State(jobs): State<Jobs>) -> Response {
    let l = jobs.limits();
    answer(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "limits": {
            "body_bytes": l.body_bytes,
            "jobs": l.jobs,
            "memory_bytes": l.memory_bytes,
            "seconds": l.time.as_secs(),
            "header_seconds": l.header_time.as_secs(),
            "body_seconds": l.body_time.as_secs(),
            "connections": l.connections,
            "agent_millis": l.agent_millis,
            "agent_iterations": l.agent_iterations,
            "value_nodes": l.value_nodes,
            "score_millis": l.score_millis,
            "guesswho_pool": MAX_POOL,
        },
    }))
}

async fn features() -> Response {
    answer(json!({ "features": FEATURES }))
}

async fn play_turn(State(jobs): State<Jobs>, request: Request) -> Result<Response, ApiError> {
    let r: TurnRequest = json_body(&jobs, request.into_body()).await?;
    let l = jobs.limits();
    if r.millis.is_some_and(|ms| ms > l.agent_millis) {
        return Err(ApiError::bad(format!(
            "millis must be at most {} here",
            l.agent_millis
        )));
    }
    if r.iterations.is_some_and(|n| n > l.agent_iterations) {
        return Err(ApiError::bad(format!(
            "iterations must be at most {} here",
            l.agent_iterations
        )));
    }
    let memory = Memory::DEFAULT.search_tree_bytes;
    let margin = agent_margin(l.time);
    let a = jobs
        .run(memory, move |cancel| {
            let mut r = r;
            // The search ends `margin` before the time limit, leaving time to answer and to
            // drop its tree (a tree of millions of nodes takes a while to free).
            let deadline = cancel
                .deadline()
                .map(|d| d.checked_sub(margin).unwrap_or(d));
            r.millis = r.millis.map(|ms| ms.min(millis_before(deadline)));
            // A move given in iterations stops at the time limit too.
            turn_until(&r, deadline).map_err(ApiError::bad)
        })
        .await?;
    Ok(answer(a))
}

/// The milliseconds left before `deadline` (at least 1): an agent's move given in
/// milliseconds ends by then.
fn millis_before(deadline: Option<std::time::Instant>) -> u64 {
    deadline.map_or(u64::MAX, |d| {
        let left = d.saturating_duration_since(std::time::Instant::now());
        (left.as_millis() as u64).max(1)
    })
}

/// How long before the time limit `time` an agent's search ends: a tenth of it, from 50 ms
/// to 3 s. Measured: MCTS's 10,000,000 iterations on Connect Four stopped at a 2 s limit
/// overran it without a margin.
fn agent_margin(time: std::time::Duration) -> std::time::Duration {
    (time / 10).clamp(
        std::time::Duration::from_millis(50),
        std::time::Duration::from_secs(3),
    )
}

/// What `/api/play/values` is asked.
#[derive(Deserialize)]
struct ValuesRequest {
    game: String,
    moves: String,
    max_nodes: Option<u64>,
}

async fn play_values(State(jobs): State<Jobs>, request: Request) -> Result<Response, ApiError> {
    let r: ValuesRequest = json_body(&jobs, request.into_body()).await?;
    let most = jobs.limits().value_nodes;
    let nodes = r.max_nodes.unwrap_or(most);
    if nodes > most {
        return Err(ApiError::bad(format!(
            "max_nodes must be at most {most} here"
        )));
    }
    let time = jobs.limits().time;
    let a = jobs
        .run(VALUES_MEMORY, move |cancel| {
            move_values_until(&r.game, &r.moves, nodes, cancel.deadline()).map_err(|e| {
                if cancel.is_cancelled() {
                    stopped(time)
                } else {
                    ApiError::bad(e)
                }
            })
        })
        .await?;
    Ok(answer(a))
}

async fn guesswho_play(State(jobs): State<Jobs>, request: Request) -> Result<Response, ApiError> {
    let r: PlayRequest = json_body(&jobs, request.into_body()).await?;
    let a = jobs
        .run(GUESSWHO_MEMORY, move |_| play(&r).map_err(ApiError::bad))
        .await?;
    Ok(answer(a))
}

async fn liar_paul(State(jobs): State<Jobs>, request: Request) -> Result<Response, ApiError> {
    let r: PaulRequest = json_body(&jobs, request.into_body()).await?;
    let a = jobs
        .run(GUESSWHO_MEMORY, move |_| paul(&r).map_err(ApiError::bad))
        .await?;
    Ok(answer(a))
}

async fn liar_carole(State(jobs): State<Jobs>, request: Request) -> Result<Response, ApiError> {
    let r: CaroleRequest = json_body(&jobs, request.into_body()).await?;
    let a = jobs
        .run(GUESSWHO_MEMORY, move |_| carole(&r).map_err(ApiError::bad))
        .await?;
    Ok(answer(a))
}

/// What `/api/guesswho/heatmap` is asked.
#[derive(Deserialize)]
struct HeatmapRequest {
    max: u64,
    rules: String,
    questions: u32,
}

async fn guesswho_heatmap(
    State(jobs): State<Jobs>,
    request: Request,
) -> Result<Response, ApiError> {
    let r: HeatmapRequest = json_body(&jobs, request.into_body()).await?;
    let a = jobs
        .run(GUESSWHO_MEMORY, move |_| {
            let rules = r.rules.parse::<Rules>().map_err(ApiError::bad)?;
            let questions = r
                .questions
                .to_string()
                .parse::<Questions>()
                .map_err(ApiError::bad)?;
            heatmap(r.max, rules, questions).map_err(ApiError::bad)
        })
        .await?;
    Ok(answer(a))
}
