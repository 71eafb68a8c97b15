//! What a search returns: the action chosen and what the search thinks of it.
use std::time::Duration;

/// A choice and what the search thinks of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<A> {
    pub action: A,
    /// The chooser's expected reward after it (0 loss … 1 win): the expected score.
    pub value: f64,
    /// How often the search tried it.
    pub visits: u32,
    /// Iterations the search ran.
    pub iterations: u64,
    pub elapsed: Duration,
}
