"""The SPRT: the values `menhir-tools judge` checks (tools/src/judge/stats.rs)."""
import math
import unittest

from menhirpy import sprt


class Sprt(unittest.TestCase):
    def test_known_values(self):
        for counts, want in [
            ([0, 0, 10, 30, 0], 1.6781370720828135),
            ([10, 20, 40, 20, 10], -0.18622135579865734),
            ([0, 0, 25, 0, 0], -0.046555338949664335),
            ([1, 5, 85, 97, 12], 7.509468149655983),
            ([0, 38, 127, 32, 3], -0.3724427115973147),
        ]:
            self.assertAlmostEqual(sprt.llr(counts, 0.0, 15.0)[0], want, places=9, msg=counts)

    def test_mean_and_no_evidence(self):
        self.assertAlmostEqual(sprt.llr([10, 20, 40, 20, 10], 0, 15)[1], 0.5)
        self.assertEqual(sprt.llr([0, 0, 0, 0, 0], 0, 15)[0], 0.0, "no pair, no evidence")
        value, mean = sprt.llr([0, 0, 0, 0, 5], 0, 15)
        self.assertGreater(value, 0)
        self.assertLess(mean, 1.0, "empty classes are counted in, normalised")

    def test_symmetry(self):
        up, _ = sprt.llr([1, 5, 85, 97, 12], -5, 5)
        down, _ = sprt.llr([12, 97, 85, 5, 1], -5, 5)
        self.assertAlmostEqual(up, -down, places=9)

    def test_bounds_and_verdict(self):
        self.assertAlmostEqual(sprt.BOUND, math.log(19))
        self.assertEqual(sprt.verdict(3.0), "passed")
        self.assertEqual(sprt.verdict(-3.0), "failed")
        self.assertEqual(sprt.verdict(2.9), "undecided")

    def test_pentanomial_and_elo(self):
        self.assertEqual(sprt.pentanomial([1.5, 1.0, 2.0, 1.0, 0.0]), [1, 0, 2, 1, 1])
        self.assertEqual(sprt.pentanomial(iter([0.5])), [0, 1, 0, 0, 0])
        self.assertAlmostEqual(sprt.elo(0.5), 0.0)
        self.assertAlmostEqual(sprt.elo(10 / 11), 400.0)
        self.assertTrue(math.isfinite(sprt.elo(1.0)), "clamped")


if __name__ == "__main__":
    unittest.main()
