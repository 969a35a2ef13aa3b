//! The game written down to be carried elsewhere: its variations ([`variation`]) and the link that shares it
//! with them ([`share`]).

pub mod share;
pub mod variation;
