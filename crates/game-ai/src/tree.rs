//! The search tree: nodes in one arena, each with its edges (one per action tried, or per
//! branch the searching player cannot tell apart), and for a simultaneous decision each waiting
//! player's own statistics (decoupled selection).
use game_api::Player;

/// What an edge stands for, from the searching player's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Key<A> {
    /// An action the searcher can see; at a simultaneous node, also another player's own
    /// statistics of its own action (which the searcher never reads).
    Act(A),
    /// Any action of another player the searcher may not see (a sealed choice): one branch of
    /// the tree.
    Hidden,
    /// The actions of one simultaneous round, each as the searcher sees it.
    Joint(Vec<Key<A>>),
}

#[derive(Clone, Debug)]
pub(crate) struct Edge<A> {
    pub key: Key<A>,
    pub child: Option<usize>,
    /// Times chosen, and the chooser's summed reward.
    pub n: u32,
    pub w: f64,
    /// Times it was available when its node was visited (information-set UCB).
    pub avail: u32,
    /// A simultaneous node's own edge: its cumulative regret (regret matching).
    pub regret: f64,
    /// A simultaneous node's own edge: the summed probabilities regret matching gave it, before
    /// the uniform exploration is mixed in — the average strategy, which is what a sealed choice
    /// is drawn from (the visits follow the exploring mix); each visit weighted by its count at
    /// the node (linear averaging).
    pub strategy: f64,
}

impl<A> Edge<A> {
    fn new(key: Key<A>) -> Edge<A> {
        Edge {
            key,
            child: None,
            n: 0,
            w: 0.0,
            avail: 0,
            regret: 0.0,
            strategy: 0.0,
        }
    }

    /// The mean reward, if tried.
    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then(|| self.w / self.n as f64)
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Node<A> {
    pub visits: u32,
    pub edges: Vec<Edge<A>>,
    /// At a simultaneous decision: each waiting player's statistics of its own actions.
    pub sim: Vec<(Player, Vec<Edge<A>>)>,
    /// Near the root: the actions that win at once for the player deciding here, found the
    /// first time the node is widened (`search::decisive`), tried before any other.
    pub decisive: Option<Vec<Key<A>>>,
    /// How many of `decisive`'s keys, at its head, win for certain for the player deciding here
    /// (the game over, or decided with no answer undoing it): such a node plays only those (a
    /// certain win is never bettered), so the node's value is the win's, not an average over
    /// the other actions widening would try.
    pub winning: usize,
}

impl<A> Default for Node<A> {
    fn default() -> Self {
        Node {
            visits: 0,
            edges: Vec::new(),
            sim: Vec::new(),
            decisive: None,
            winning: 0,
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Tree<A> {
    pub nodes: Vec<Node<A>>,
    pub root: usize,
}

impl<A: Clone + PartialEq> Tree<A> {
    pub fn new() -> Tree<A> {
        Tree {
            nodes: vec![Node::default()],
            root: 0,
        }
    }

    /// The edge of `node` with `key`, made if missing: its index.
    pub fn edge(&mut self, node: usize, key: Key<A>) -> usize {
        let edges = &mut self.nodes[node].edges;
        match edges.iter().position(|e| e.key == key) {
            Some(i) => i,
            None => {
                edges.push(Edge::new(key));
                edges.len() - 1
            }
        }
    }

    /// `player`'s statistics of its own actions at the simultaneous `node`, made if missing.
    pub fn sim_edges(&mut self, node: usize, player: Player) -> &mut Vec<Edge<A>> {
        let sim = &mut self.nodes[node].sim;
        let i = match sim.iter().position(|(p, _)| *p == player) {
            Some(i) => i,
            None => {
                sim.push((player, Vec::new()));
                sim.len() - 1
            }
        };
        &mut sim[i].1
    }

    /// The node an edge leads to, and whether it was just made.
    pub fn child(&mut self, node: usize, edge: usize) -> (usize, bool) {
        if let Some(c) = self.nodes[node].edges[edge].child {
            return (c, false);
        }
        self.nodes.push(Node::default());
        let c = self.nodes.len() - 1;
        self.nodes[node].edges[edge].child = Some(c);
        (c, true)
    }

    /// Moves the root down the edge with `key`; false (and a fresh tree) when there is none.
    pub fn advance(&mut self, key: &Key<A>) -> bool {
        let next = self.nodes[self.root]
            .edges
            .iter()
            .find(|e| &e.key == key)
            .and_then(|e| e.child);
        match next {
            Some(c) => {
                self.keep_only(c);
                // Its decisive actions were found as a node below the root, without the root's
                // scan of a turn's first actions (`search::decisive`'s `within_turn`): found again
                // as the root's (a review found a kept tree missing a double move's win within a
                // turn, a fresh tree finding it).
                let root = &mut self.nodes[self.root];
                root.decisive = None;
                root.winning = 0;
                true
            }
            None => {
                *self = Tree::new();
                false
            }
        }
    }
}

impl<A> Tree<A> {
    /// Keeps the subtree under `root` alone, renumbered from 0, and makes it the root: the rest
    /// is dropped, so a tree kept from move to move over a whole game holds only what the next
    /// decision can reach (a review found every old node kept, growing without bound).
    fn keep_only(&mut self, root: usize) {
        let mut number = vec![usize::MAX; self.nodes.len()];
        let mut order = vec![root];
        number[root] = 0;
        let mut i = 0;
        while i < order.len() {
            let node = &self.nodes[order[i]];
            i += 1;
            let sim = node.sim.iter().flat_map(|(_, e)| e.iter());
            for c in node.edges.iter().chain(sim).filter_map(|e| e.child) {
                if number[c] == usize::MAX {
                    number[c] = order.len();
                    order.push(c);
                }
            }
        }
        let mut old = std::mem::take(&mut self.nodes);
        self.nodes = order
            .iter()
            .map(|&n| {
                let mut node = std::mem::take(&mut old[n]);
                let sim = node.sim.iter_mut().flat_map(|(_, e)| e.iter_mut());
                for e in node.edges.iter_mut().chain(sim) {
                    e.child = e.child.map(|c| number[c]);
                }
                node
            })
            .collect();
        self.root = 0;
    }
}

/// Adds a new edge for `key` to `edges`: its index.
pub(crate) fn push_edge<A>(edges: &mut Vec<Edge<A>>, key: Key<A>) -> usize {
    edges.push(Edge::new(key));
    edges.len() - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advancing_keeps_only_the_subtree_played_into() {
        let mut t: Tree<u8> = Tree::new();
        let a = t.edge(0, Key::Act(1));
        let b = t.edge(0, Key::Act(2));
        let (ca, _) = t.child(0, a);
        let (_cb, _) = t.child(0, b);
        let g = t.edge(ca, Key::Act(3));
        let (cg, _) = t.child(ca, g);
        t.nodes[cg].visits = 7;
        assert_eq!(t.nodes.len(), 4);
        assert!(t.advance(&Key::Act(1)));
        assert_eq!((t.nodes.len(), t.root), (2, 0));
        let kept = t.nodes[0].edges[0].child.expect("the grandchild is kept");
        assert_eq!(t.nodes[kept].visits, 7);
        t.nodes[kept].decisive = Some(vec![Key::Act(4)]);
        t.nodes[kept].winning = 1;
        assert!(t.advance(&Key::Act(3)));
        assert_eq!((t.nodes.len(), t.nodes[0].visits), (1, 7));
        // The new root's decisive actions are found again, as the root's.
        assert_eq!(
            (t.nodes[0].decisive.as_ref(), t.nodes[0].winning),
            (None, 0)
        );
        assert!(!t.advance(&Key::Act(9)), "no such edge: a fresh tree");
        assert_eq!(t.nodes.len(), 1);
    }
}
