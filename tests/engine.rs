//! The engine facade as a library user sees it: one-shot `think`, options from
//! the table, positions and their errors, and a background search that dropping
//! the engine stops and joins.

use menhir::engine::{EngineError, OptionError, OPTIONS};
use menhir::search::{Limits, Report};
use menhir::{Engine, EngineOptions, Game, Position};
use std::sync::mpsc;
use std::time::Duration;

/// A liveness bound for things that must end (never a measurement).
const PATIENCE: Duration = Duration::from_secs(30);

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn think_returns_a_legal_move_and_its_summary() {
    let mut engine = Engine::default();
    engine.set_game(Game::new(Position::start(5).expect("5x5")));
    let lines = std::sync::Mutex::new(0);
    let thought = engine
        .think(depth(3), &|r| {
            if matches!(r, Report::Info(_)) {
                *lines.lock().unwrap() += 1;
            }
        })
        .expect("a game to search");
    let best = thought.best.expect("a move");
    assert!(Position::start(5).unwrap().is_legal(best));
    let summary = thought.summary.expect("a summary");
    assert_eq!(summary.pv.first(), Some(&best));
    assert_eq!(summary.depth, 3);
    assert!(
        *lines.lock().unwrap() >= 3,
        "one line a depth and the summary"
    );
}

#[test]
fn without_a_game_think_and_go_give_the_reason() {
    let mut engine = Engine::default();
    assert!(engine.think(depth(1), &|_| {}).is_err());
    let (tx, _rx) = crossbeam_channel::unbounded();
    assert!(engine.go(depth(1), tx).is_err());
    assert!(engine.new_game(Some(9), None).is_err());
    assert!(engine.game().is_none());
    let err = engine
        .set_position(None, &[])
        .expect_err("startpos needs a size");
    assert_eq!(err, EngineError::StartBeforeGame);
    assert!(err.to_string().contains("teinewgame"), "{err}");
    engine.new_game(Some(4), Some(3)).expect("4x4 is supported");
    let err = engine
        .set_position(None, &["a1".into(), "a1".into()])
        .expect_err("a1 twice");
    assert!(matches!(err, EngineError::Ply(_)), "{err}");
    assert!(err.to_string().contains("illegal ply 'a1'"), "{err}");
    let err = engine
        .think(depth(1), &|_| {})
        .expect_err("the refused position is remembered");
    assert!(err.to_string().contains("a1"), "{err}");
    engine.set_position(None, &["a1".into()]).expect("legal");
    assert_eq!(engine.game().expect("a game").moves().len(), 1);
    assert_eq!(engine.game().unwrap().position().half_komi(), 3);
}

#[test]
fn options_come_from_the_table_and_reach_the_game() {
    let mut engine = Engine::default();
    for spec in &OPTIONS {
        assert!(engine
            .set_option(spec.name, Some(&spec.max.to_string()))
            .is_ok());
        assert!(engine
            .set_option(spec.name, Some(&(spec.max + 1).to_string()))
            .is_err());
    }
    assert!(matches!(
        engine.set_option("Ponder", Some("true")),
        Err(OptionError::Unknown(_))
    ));
    engine.set_option("Hash", Some("16")).unwrap();
    engine.new_game(Some(6), None).unwrap();
    engine.set_option("halfkomi", Some("4")).unwrap();
    assert_eq!(engine.options().half_komi, 4);
    assert_eq!(engine.game().unwrap().position().half_komi(), 4);
}

#[test]
fn dropping_the_engine_stops_and_joins_an_infinite_search() {
    let (done_tx, done_rx) = mpsc::channel();
    let (reports_tx, reports_rx) = crossbeam_channel::unbounded();
    std::thread::spawn(move || {
        let mut engine = Engine::new(EngineOptions {
            hash_mib: 8,
            threads: 2,
            ..EngineOptions::default()
        });
        engine.new_game(Some(6), None).unwrap();
        let infinite = Limits {
            infinite: true,
            ..Limits::default()
        };
        engine.go(infinite, reports_tx).expect("a game to search");
        assert!(engine.is_searching());
        // Wait until the search has reported at least one line.
        let _ = reports_rx.recv_timeout(PATIENCE);
        drop(engine);
        // Dropping joined the search, so it has sent its bestmove and closed
        // the channel.
        let rest: Vec<Report> = reports_rx.try_iter().collect();
        done_tx
            .send(rest.iter().any(|r| matches!(r, Report::BestMove(Some(_)))))
            .unwrap();
    });
    let saw_bestmove = done_rx
        .recv_timeout(PATIENCE)
        .expect("dropping the engine ended the search");
    assert!(saw_bestmove, "the stopped search answered a move");
}

/// With MultiPV, every iteration's lines come in score order, and line 1 is
/// the move played.
#[test]
fn multipv_lines_are_ranked_by_score() {
    let mut engine = Engine::new(EngineOptions {
        multipv: 3,
        hash_mib: 16,
        ..EngineOptions::default()
    });
    let midgame =
        "2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 1 21";
    engine
        .set_position(Some(midgame), &[])
        .expect("a valid position");
    let lines = std::sync::Mutex::new(Vec::new());
    let thought = engine
        .think(depth(7), &|r| {
            if let Report::Info(info) = r {
                if let Some(k) = info.multipv {
                    lines
                        .lock()
                        .unwrap()
                        .push((info.depth, k, info.score, info.pv[0]));
                }
            }
        })
        .expect("a game to search");
    let lines = lines.into_inner().unwrap();
    assert_eq!(lines.len(), 7 * 3);
    for d in 1..=7 {
        let at: Vec<_> = lines.iter().filter(|l| l.0 == d).collect();
        assert!(
            at.windows(2)
                .all(|w| w[0].1 + 1 == w[1].1 && w[0].2 >= w[1].2),
            "depth {d}: {at:?}"
        );
    }
    assert_eq!(thought.best, Some(lines[lines.len() - 3].3));
}

/// A drawn game end is worth minus the engine's contempt to it. Here White's
/// flat on c3 fills the board at four flats each (komi 0; White's fourth piece
/// is the wall on c2): its line scores exactly `-Contempt` at every depth,
/// whatever the other moves are worth.
#[test]
fn contempt_prices_a_drawn_game_end() {
    let draw = menhir::notation::parse_move("c3", 3).expect("a move");
    for contempt in [0, 60, -60] {
        let mut engine = Engine::new(EngineOptions {
            multipv: 16,
            hash_mib: 8,
            contempt,
            ..EngineOptions::default()
        });
        engine
            .set_position(Some("1,2,x/2,1,1S/1,2,2 1 5"), &[])
            .expect("a valid position");
        let scores = std::sync::Mutex::new(Vec::new());
        engine
            .think(depth(3), &|r| {
                if let Report::Info(info) = r {
                    if info.multipv.is_some() && info.pv.first() == Some(&draw) {
                        scores.lock().unwrap().push(info.score.0);
                    }
                }
            })
            .expect("a game to search");
        let scores = scores.into_inner().unwrap();
        assert!(!scores.is_empty(), "c3 is among the ranked lines");
        assert!(
            scores.iter().all(|&s| s == -contempt),
            "contempt {contempt}: {scores:?}"
        );
    }
}

/// A line that ends the game level reports a proven draw, `cp 0 wdl 0 1000 0`,
/// not an even position; with less komi the same move wins, and reads as won.
#[test]
fn a_move_that_ends_the_game_level_reads_as_a_proven_draw() {
    // From a drawn self-play game: White, to move, has one stone left and five
    // flats to Black's four; its last flat makes six, which komi 2 levels.
    let tps = "x,112S,1,21/x,112,2S,2/21,1,112,1/x,1112S,x,2 1 20";
    let summary = |half_komi| {
        let mut engine = Engine::default();
        engine.new_game(Some(4), Some(half_komi)).expect("4x4");
        engine.set_position(Some(tps), &[]).expect("a good TPS");
        let thought = engine.think(depth(3), &|_| {}).expect("a game");
        let summary = thought.summary.expect("a summary");
        (
            menhir::notation::move_to_ptn(summary.pv[0]),
            summary.outlook,
        )
    };
    let (drawing, drawn) = summary(4);
    assert_eq!(drawing, "a1");
    assert_eq!((drawn.cp, drawn.wdl), (0, [0, 1000, 0]));
    let (winning, won) = summary(2);
    assert_eq!(winning, "a1");
    assert_eq!(won.wdl, [1000, 0, 0]);
}

/// `eval::carry::carried` for a search of `pos` to `depth`, with the gains
/// and the outlook the engine reads it by.
fn carry_at(
    pos: &Position,
    score: menhir::eval::Score,
    depth: u32,
    before: Option<menhir::eval::carry::Carry>,
) -> (menhir::eval::Score, Option<menhir::eval::carry::Carry>) {
    use menhir::eval::carry::{carried, Gains};
    use menhir::eval::lean::{gain_for, AFTER_PROOF};
    use menhir::eval::outlook::outlook;
    let gains = Gains {
        read: gain_for(pos.size(), depth, None),
        after_proof: AFTER_PROOF,
    };
    let expected = |s| outlook(pos, s, Some(depth)).expected();
    carried(
        gains,
        pos.size(),
        pos.to_move(),
        score,
        depth,
        before,
        expected,
    )
}

/// A search of the position after the one searched last moves its read
/// toward that one's (`eval::carry`, 4x4's gain is below 1); searching it
/// again reads the same way, and after `teinewgame` it reads alone.
#[test]
fn the_next_position_of_a_game_carries_the_last_read() {
    use menhir::eval::outlook::outlook;
    use menhir::notation::PlayPtn;
    let mut game = Game::new(Position::start(4).expect("4x4"));
    for ply in ["a1", "d4", "b2", "c3", "b3", "c2"] {
        game.play_ptn(ply).expect("a legal ply");
    }
    let parent = game.clone();
    game.play_ptn("b1").expect("a legal ply");
    let child = game.position().clone();

    let mut engine = Engine::default();
    engine.new_game(Some(4), None).expect("4x4");
    let mut search = |g: &Game| {
        engine.set_game(g.clone());
        engine.think(depth(4), &|_| {}).unwrap().summary.unwrap()
    };
    let first = search(&parent);
    let carry = carry_at(parent.position(), first.reported, 4, None).1;
    assert!(carry.is_some(), "a heuristic read carries on");
    let next = search(&game);
    let (moved, _) = carry_at(&child, next.reported, 4, carry);
    assert_ne!(moved, next.reported, "the read moved");
    assert_eq!(next.outlook, outlook(&child, moved, Some(4)));
    let again = search(&game);
    let (moved, _) = carry_at(&child, again.reported, 4, carry);
    assert_eq!(again.outlook, outlook(&child, moved, Some(4)));

    engine.new_game(Some(4), None).expect("4x4");
    engine.set_game(game.clone());
    let alone = engine.think(depth(4), &|_| {}).unwrap().summary.unwrap();
    assert_eq!(alone.outlook, outlook(&child, alone.reported, Some(4)));

    // Self-play turns it off: the child reads alone after its parent.
    let mut selfplay = Engine::default();
    selfplay.set_carrying(false);
    selfplay.new_game(Some(4), None).expect("4x4");
    selfplay.set_game(parent.clone());
    selfplay.think(depth(4), &|_| {}).unwrap();
    selfplay.set_game(game.clone());
    let read = selfplay.think(depth(4), &|_| {}).unwrap().summary.unwrap();
    assert_eq!(read.outlook, outlook(&child, read.reported, Some(4)));
}

/// 4x4 at komi 0, White to move: a forced road in 5 plies, by c3 alone
/// (tac-0041 of bench-positions/tactics-public.tsv).
fn win_in_five() -> Game {
    let threat = menhir::notation::parse_tps("x,1,12,x/1,1,x2/x2,1,212/2,2S,x2 1 9");
    let mut game = Game::new(threat.expect("a TPS"));
    game.set_half_komi(0);
    game
}

/// A new 4x4 engine at komi 0 with `game` set.
fn engine_at(game: &Game) -> Engine {
    let mut engine = Engine::default();
    engine.new_game(Some(4), Some(0)).expect("4x4");
    engine.set_game(game.clone());
    engine
}

/// The position after a proven one is proven again by the proof search when
/// the alpha-beta search alone, searched as shallowly, does not prove it.
#[test]
fn the_next_position_after_a_proof_is_proven_again() {
    let mut game = win_in_five();
    let mut engine = engine_at(&game);
    let proof = engine.think(depth(6), &|_| {}).unwrap();
    let summary = proof.summary.expect("a summary");
    assert_eq!(summary.reported.plies_to_end(), Some(5), "{summary:?}");
    game.play(proof.best.expect("a move")).expect("legal");

    let mut alone = engine_at(&game);
    let read = alone.think(depth(1), &|_| {}).unwrap().summary.unwrap();
    assert!(!read.reported.is_proven(), "depth 1 alone: {read:?}");

    engine.set_game(game.clone());
    let again = engine.think(depth(1), &|_| {}).unwrap();
    let summary = again.summary.expect("a summary");
    assert_eq!(summary.reported.plies_to_end(), Some(4), "{summary:?}");
    assert_eq!(summary.outlook.wdl, [0, 0, 1000]);
    assert!(summary.solved.is_none(), "reported as a search's score");
    assert_eq!(summary.pv.first().copied(), again.best);
}

/// A winner's move off the proof's line, whose position the search does not
/// prove again, reads as the search's read kept `AFTER_PROOF` of its way
/// from the proven result (`eval::carry`).
#[test]
fn a_read_after_a_proof_keeps_a_share_of_its_way_from_the_result() {
    use menhir::eval::carry::Carry;
    use menhir::eval::lean::AFTER_PROOF;
    use menhir::eval::outlook::outlook;
    use menhir::movegen::MoveList;
    let parent = win_in_five();
    let mut moves = MoveList::new();
    parent.position().legal_moves(&mut moves);
    for &mv in &moves {
        let mut engine = engine_at(&parent);
        let proof = engine.think(depth(6), &|_| {}).unwrap();
        assert!(proof.summary.unwrap().reported.is_proven());
        if proof.best == Some(mv) {
            continue;
        }
        let mut child = parent.clone();
        child.play(mv).expect("legal");
        engine.set_game(child.clone());
        let read = engine.think(depth(2), &|_| {}).unwrap().summary.unwrap();
        if read.reported.is_proven() {
            continue;
        }
        let pos = child.position();
        let (moved, _) = carry_at(pos, read.reported, read.depth, Some(Carry::Proof(1.0)));
        assert_eq!(read.outlook, outlook(pos, moved, Some(read.depth)));
        // Black to move: White's share of the read alone and of the one kept.
        let alone = 1.0 - outlook(pos, read.reported, Some(read.depth)).expected();
        let kept = 1.0 - read.outlook.expected();
        let wanted = 1.0 - AFTER_PROOF * (1.0 - alone);
        assert!((kept - wanted).abs() < 0.002, "{kept} {wanted} {alone}");
        return;
    }
    panic!("every move keeps the proof");
}
