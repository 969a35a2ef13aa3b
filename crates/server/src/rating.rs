//! Glicko-2, written from Glickman's paper ("Example of the Glicko-2 system", 2012), whose worked example is
//! the first test below. As lichess does, each rated game is a rating period of its own: a player's rating
//! moves after every game, against the opponent's rating as it stood before it.

use std::f64::consts::PI;

/// The scale between Glicko's ratings and Glicko-2's (the paper's 173.7178).
const SCALE: f64 = 173.7178;

/// A new player's rating, deviation and volatility (the paper's defaults).
pub const START_RATING: f64 = 1500.0;
pub const START_DEVIATION: f64 = 350.0;
pub const START_VOLATILITY: f64 = 0.06;

/// The system's constant τ, which limits how fast the volatility moves (the paper suggests 0.3 to 1.2;
/// lichess runs 0.75). Ours: 0.5, the paper's example's.
pub const TAU: f64 = 0.5;

/// The deviation never falls below this (a rating always able to move), nor rises above the start's.
pub const MIN_DEVIATION: f64 = 45.0;

/// The convergence tolerance of the volatility's iteration (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// A player's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The player's rating after a period of games: each `(opponent, score)` with the score 1 for a win, ½ for a
/// draw, 0 for a loss. With no games only the deviation grows (step 6 of the paper).
pub fn update(player: Rating, games: &[(Rating, f64)], tau: f64) -> Rating {
    let mu = (player.rating - START_RATING) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    if games.is_empty() {
        let grown = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            deviation: (grown * SCALE).min(START_DEVIATION),
            ..player
        };
    }
    // Steps 3 and 4: the estimated variance and the improvement.
    let mut inverse_v = 0.0;
    let mut sum = 0.0;
    for (opponent, score) in games {
        let mu_j = (opponent.rating - START_RATING) / SCALE;
        let phi_j = opponent.deviation / SCALE;
        let e = expected(mu, mu_j, phi_j);
        inverse_v += g(phi_j).powi(2) * e * (1.0 - e);
        sum += g(phi_j) * (score - e);
    }
    let v = 1.0 / inverse_v;
    let delta = v * sum;
    // Step 5: the new volatility, by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    while (big_b - big_a).abs() > EPSILON {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    let new_sigma = (big_a / 2.0).exp();
    // Steps 6 and 7: the new deviation and rating.
    let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();
    let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let new_mu = mu + new_phi * new_phi * sum;
    Rating {
        rating: new_mu * SCALE + START_RATING,
        deviation: (new_phi * SCALE).clamp(MIN_DEVIATION, START_DEVIATION),
        volatility: new_sigma,
    }
}

/// Both players' ratings after one game between them (each its own rating period), `black_score` Black's:
/// 1, ½ or 0.
pub fn after_game(black: Rating, white: Rating, black_score: f64) -> (Rating, Rating) {
    (
        update(black, &[(white, black_score)], TAU),
        update(white, &[(black, 1.0 - black_score)], TAU),
    )
}

/// A rating change as shown: the rounded new rating less the rounded old one (so that the shown ratings add
/// up).
pub fn shown_change(before: f64, after: f64) -> i32 {
    after.round() as i32 - before.round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's worked example: a player rated 1500 (deviation 200, volatility 0.06) beats a player
    /// rated 1400 (30) and loses to players rated 1550 (100) and 1700 (300), τ = 0.5: after the period
    /// 1464.06, deviation 151.52, volatility 0.05999.
    #[test]
    fn the_papers_worked_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = update(
            player,
            &[
                (opponent(1400.0, 30.0), 1.0),
                (opponent(1550.0, 100.0), 0.0),
                (opponent(1700.0, 300.0), 0.0),
            ],
            0.5,
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_game_moves_both_players_by_the_same_amount_from_the_start() {
        let (black, white) = after_game(Rating::default(), Rating::default(), 1.0);
        assert!(black.rating > 1500.0 && white.rating < 1500.0);
        assert!((black.rating - 1500.0 - (1500.0 - white.rating)).abs() < 1e-9);
        assert!(black.deviation < START_DEVIATION);
        let (black, white) = after_game(Rating::default(), Rating::default(), 0.5);
        assert!((black.rating - 1500.0).abs() < 1e-9 && (white.rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn a_period_without_games_widens_the_deviation_only() {
        let player = Rating {
            rating: 1700.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        let after = update(player, &[], TAU);
        assert_eq!(after.rating, 1700.0);
        assert!(after.deviation > 80.0);
    }

    #[test]
    fn a_shown_change_is_the_difference_of_shown_ratings() {
        assert_eq!(shown_change(1500.4, 1512.6), 13);
        assert_eq!(shown_change(1500.6, 1488.4), -13);
    }
}
