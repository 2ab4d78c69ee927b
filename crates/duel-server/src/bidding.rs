//! The bidding endpoints (`/api/bidding/...`): a game against the optimal bidder
//! ([`duel::bidding::session`]) and the explorer's chip tables with their periods. Each reads
//! its body, runs one library function as a job and answers its result as JSON.

use axum::extract::{Request, State};
use axum::response::Response;
use axum::routing::post;
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};

use duel::bidding::answer::table_answer;
use duel::bidding::brute::TieRule;
use duel::bidding::games::parse_game;
use duel::bidding::session::{bid_round, user_move, view, Bid, BiddingState, UserMove};
use duel::table::Tabular;

use crate::body::{answer, json_body};
use crate::error::ApiError;
use crate::work::Jobs;

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
    let a = jobs
        .run(BIDDING_MEMORY, move || {
            view(&r.state).map_err(ApiError::bad)
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
    let a = jobs
        .run(BIDDING_MEMORY, move || {
            let (round, view) = bid_round(&r.state, r.bid).map_err(ApiError::bad)?;
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
    let a = jobs
        .run(BIDDING_MEMORY, move || {
            let (moves, view) = user_move(&r.state, &r.user).map_err(ApiError::bad)?;
            Ok(json!({ "opponent_moves": moves, "view": view }))
        })
        .await?;
    Ok(answer(a))
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
    let a = jobs
        .run(BIDDING_MEMORY, move || {
            let game = parse_game(&r.game).map_err(ApiError::bad)?;
            let t = table_answer(&game, r.max_chips, TieRule::Advantage, &mut |_, _| {})
                .map_err(ApiError::bad)?;
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
