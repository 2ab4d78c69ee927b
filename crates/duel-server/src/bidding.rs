//! The bidding endpoints (`/api/bidding/...`): a game against the optimal bidder
//! ([`duel::bidding::session`]) and the explorer's chip tables with their periods. Each reads
//! its body, runs one library function as a job and answers its result as JSON.

use axum::extract::{Request, State};
use axum::response::Response;
use axum::routing::post;
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};

use duel::bidding::answer::table_answer_until;
use duel::bidding::brute::TieRule;
use duel::bidding::games::{parse_game, GameSpec, MAX_POSITIONS};
use duel::bidding::session::{
    bid_round_until, user_move_until, view_until, Bid, BiddingState, UserMove,
};
use duel::bidding::{bound_text, BiddingError};
use duel::table::Tabular;

use crate::body::{answer, json_body};
use crate::error::ApiError;
use crate::work::{stopped, Jobs};

/// The memory a bidding request plans for: an explicit graph of up to 3·10^6 positions at about
/// 40 bytes each, twice (both players' sides), and its thresholds.
const BIDDING_MEMORY: u64 = 256 << 20;

/// The most totals a chip table of the explorer shows.
pub const MAX_TABLE_ROWS: u64 = 64;

/// The bidding routes, merged into the app's router.
pub fn routes() -> Router<Jobs> {
    Router::new()
        .route("/api/bidding/view", post(bidding_view))
        .route("/api/bidding/bid", post(bidding_bid))
        .route("/api/bidding/move", post(bidding_move))
        .route("/api/bidding/table", post(bidding_table))
}

/// What `/api/bidding/view` is asked.
#[derive(Deserialize)]
struct ViewRequest {
    state: BiddingState,
}

async fn bidding_view(State(jobs): State<Jobs>, request: Request) -> Result<Response, ApiError> {
    let r: ViewRequest = json_body(&jobs, request.into_body()).await?;
    let time = jobs.limits().time;
    let a = jobs
        .run(BIDDING_MEMORY, move |cancel| {
            view_until(&r.state, cancel).map_err(|e| refused(e, time))
        })
        .await?;
    Ok(answer(a))
}

/// What `/api/bidding/bid` is asked: the state and the user's sealed bid.
#[derive(Deserialize)]
struct BidRequest {
    state: BiddingState,
    bid: Bid,
}

async fn bidding_bid(State(jobs): State<Jobs>, request: Request) -> Result<Response, ApiError> {
    let r: BidRequest = json_body(&jobs, request.into_body()).await?;
    // `bid_round` computes the optimal bidder's bid from `r.state` before it reads `r.bid`.
    let time = jobs.limits().time;
    let a = jobs
        .run(BIDDING_MEMORY, move |cancel| {
            let (round, view) =
                bid_round_until(&r.state, r.bid, cancel).map_err(|e| refused(e, time))?;
            Ok(json!({ "round": round, "view": view }))
        })
        .await?;
    Ok(answer(a))
}

/// What `/api/bidding/move` is asked: the state and the user's move.
#[derive(Deserialize)]
struct MoveRequest {
    state: BiddingState,
    #[serde(flatten)]
    user: UserMove,
}

async fn bidding_move(State(jobs): State<Jobs>, request: Request) -> Result<Response, ApiError> {
    let r: MoveRequest = json_body(&jobs, request.into_body()).await?;
    let time = jobs.limits().time;
    let a = jobs
        .run(BIDDING_MEMORY, move |cancel| {
            let (moves, view) =
                user_move_until(&r.state, &r.user, cancel).map_err(|e| refused(e, time))?;
            Ok(json!({ "opponent_moves": moves, "view": view }))
        })
        .await?;
    Ok(answer(a))
}

/// The answer to a bidding computation that failed: stopped at the time limit, or the
/// request's fault.
fn refused(e: BiddingError, time: std::time::Duration) -> ApiError {
    match e {
        BiddingError::Cancelled(_) => stopped(time),
        e => ApiError::bad(e),
    }
}

/// Refuses, before any work, a game whose bound on its positions passes [`MAX_POSITIONS`]:
/// the boards the layered solver would take (`hex:4`, `connect:5x4:4`) need gigabytes.
fn check_positions(game: &GameSpec) -> Result<(), ApiError> {
    let needed = game.position_bound();
    if needed > MAX_POSITIONS as u128 {
        return Err(ApiError::bad(format!(
            "{} may have {} positions; games here are limited to {MAX_POSITIONS} positions \
             (3·10^6), so that a table stays within the {} MiB it plans for",
            game.name(),
            bound_text(needed),
            BIDDING_MEMORY >> 20
        )));
    }
    Ok(())
}

/// What `/api/bidding/table` is asked.
#[derive(Deserialize)]
struct TableRequest {
    game: String,
    max_chips: u64,
}

async fn bidding_table(State(jobs): State<Jobs>, request: Request) -> Result<Response, ApiError> {
    let r: TableRequest = json_body(&jobs, request.into_body()).await?;
    if r.max_chips > MAX_TABLE_ROWS {
        return Err(ApiError::bad(format!(
            "max_chips must be at most {MAX_TABLE_ROWS} here"
        )));
    }
    let game = parse_game(&r.game).map_err(ApiError::bad)?;
    check_positions(&game)?;
    let time = jobs.limits().time;
    let a = jobs
        .run(BIDDING_MEMORY, move |cancel| {
            let t = table_answer_until(&game, r.max_chips, TieRule::Advantage, &mut |_, _| {}, cancel)
                .map_err(|e| refused(e, time))?;
            let values: Vec<String> = t.values.iter().map(ToString::to_string).collect();
            let period = t
                .verified_period()
                .map(|(period, shift, offset)| json!({"period": period, "shift": shift, "offset": offset}));
            let mut out = t.fields();
            out.insert("values".into(), json!(values));
            out.insert("verified_period".into(), json!(period));
            out.insert("notes".into(), json!(t.notes()));
            Ok(Value::Object(out))
        })
        .await?;
    Ok(answer(a))
}
