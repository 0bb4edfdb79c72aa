"""The SPRT of the tools: the generalised SPRT on game pairs under the
normalised-Elo model, as racetrack and fishtest take it. `menhir-tools judge`
(`tools/src/judge/stats.rs`, `Pairs::llr`) computes the same value; the Rust test
`tools/tests/sprt.rs` holds the two together.

A pair is the two games of one opening, colours swapped: its points (0, 0.5, 1,
1.5 or 2) fall in one of the five classes of the pentanomial.
"""
import math

# The bounds for alpha = beta = 0.05: the test stops at +-BOUND.
BOUND = math.log(0.95 / 0.05)
SCALE = 800.0 / math.log(10.0)


def pentanomial(pair_points):
    """How many pairs scored 0, 0.5, 1, 1.5 and 2 points."""
    points = list(pair_points)
    return [sum(1 for p in points if p == k / 2) for k in range(5)]


def llr(pentanomial_counts, elo0, elo1):
    """The GSPRT's LLR of H1 (normalised Elo `elo1`) against H0 (`elo0`), and the
    mean score a game.

    While a class is empty, 2/(empty classes) is added to every class and the
    frequencies are divided by their own total (racetrack divides by the pairs
    alone, so that its frequencies sum to more than one and its mean runs high)."""
    zeros = sum(1 for c in pentanomial_counts if c == 0)
    extra = 2.0 / zeros if zeros else 0.0
    counts = [c + extra for c in pentanomial_counts]
    total = sum(counts)
    freq = [c / total for c in counts]
    scores = [0.0, 0.25, 0.5, 0.75, 1.0]
    mean = sum(f * s for f, s in zip(freq, scores))
    variance = sum(f * (s - mean) ** 2 for f, s in zip(freq, scores))
    t = (mean - 0.5) / math.sqrt(2.0 * variance)
    t0, t1 = elo0 / SCALE, elo1 / SCALE
    n = sum(pentanomial_counts)
    return n * math.log((1 + (t - t0) ** 2) / (1 + (t - t1) ** 2)), mean


def verdict(value, bound=BOUND):
    """passed, failed or undecided, for an LLR and the test's bound."""
    if value >= bound:
        return "passed"
    if value <= -bound:
        return "failed"
    return "undecided"


def elo(score):
    """The logistic Elo difference of a mean score a game (clamped inside 0 and 1)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return 400 * math.log10(score / (1 - score))
