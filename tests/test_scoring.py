"""Majorities (RULES.md §8.2, §8.3, §10) and the brdgme peer cases."""

import json
import pathlib

import pytest

from alhambra_lib import KINDS, score_majorities

import reference_rules as ref

PEER = json.loads((pathlib.Path(__file__).parent / "data" / "peer_cases.json").read_text())
LETTER = {k: v for k, v in ref.KIND_OF_LETTER.items() if k != "F"}


def pts(result, player):
    """Points of `player`; a player who scores nothing may be absent or 0."""
    return result.get(player, 0)


def check(counts, round_no, expected):
    result = score_majorities(counts, round_no)
    assert set(result) <= set(counts), f"unknown players in {result}"
    assert {p: pts(result, p) for p in counts} == expected


# ---------------------------------------------------------------- RULES.md §8.3 table and §10

@pytest.mark.parametrize("row, round_no, kind, counts, expected", [
    (1, 1, "garden", {"A": 2, "B": 2, "C": 1}, {"A": 2, "B": 2, "C": 0}),
    (2, 2, "tower", {"A": 4, "B": 4, "C": 2}, {"A": 9, "B": 9, "C": 0}),
    (3, 2, "seraglio", {"A": 3, "B": 1, "C": 1, "D": 0}, {"A": 9, "B": 1, "C": 1, "D": 0}),
    (4, 3, "pavilion", {"A": 5, "B": 3, "C": 3, "D": 1}, {"A": 16, "B": 4, "C": 4, "D": 0}),
    (5, 3, "chambers", {"A": 2, "B": 2, "C": 2, "D": 0}, {"A": 11, "B": 11, "C": 11, "D": 0}),
    ("dirk", 2, "garden", {"A": 3, "Dirk": 3, "B": 2}, {"A": 8, "Dirk": 8, "B": 0}),
])
def test_rules_table(row, round_no, kind, counts, expected):
    check({p: {kind: n} for p, n in counts.items()}, round_no, expected)
    # the same with every other kind present at 0
    full = {p: {**{k: 0 for k in KINDS}, kind: n} for p, n in counts.items()}
    check(full, round_no, expected)


@pytest.mark.parametrize("round_no, places", [(1, [5]), (2, [12, 5]), (3, [20, 12, 5])])
def test_garden_places_per_round(round_no, places):
    counts = {"A": {"garden": 4}, "B": {"garden": 3}, "C": {"garden": 2}, "D": {"garden": 1}}
    expected = dict(zip("ABCD", places + [0] * (4 - len(places))))
    check(counts, round_no, expected)


@pytest.mark.parametrize("kind, first", [(k, v) for k, v in ref.FIRST.items()])
@pytest.mark.parametrize("round_no", [1, 2, 3])
def test_sole_owner_gets_first_place_of_every_kind(kind, first, round_no):
    check({"A": {kind: 1}}, round_no, {"A": first[round_no - 1]})


def test_all_kinds_add_up():
    counts = {"A": {k: 2 for k in KINDS}, "B": {k: 1 for k in KINDS}}
    # round 2: A first everywhere (8+9+10+11+12+13), B second (1+2+3+4+5+6)
    check(counts, 2, {"A": 63, "B": 21})
    check(counts, 1, {"A": 21, "B": 0})
    check(counts, 3, {"A": 16 + 17 + 18 + 19 + 20 + 21, "B": 8 + 9 + 10 + 11 + 12 + 13})


def test_zero_and_missing_kinds_score_nothing():
    counts = {"A": {"tower": 0}, "B": {}, "C": {k: 0 for k in KINDS}}
    for r in (1, 2, 3):
        check(counts, r, {"A": 0, "B": 0, "C": 0})
    # a player with 0 takes no place: B's 0 towers do not push C to 3rd
    check({"A": {"tower": 2}, "B": {"tower": 0}, "C": {"tower": 1}}, 3,
          {"A": 21, "B": 0, "C": 13})


def test_no_players():
    assert all(v == 0 for v in score_majorities({}, 3).values())


@pytest.mark.parametrize("n", range(1, 8))
def test_any_number_of_competitors_all_tied(n):
    players = {f"P{i}": {"garden": 1} for i in range(n)}
    pool = sum([20, 12, 5][:n])
    check(players, 3, {p: pool // n for p in players})


@pytest.mark.parametrize("n", range(1, 8))
def test_any_number_of_competitors_all_different(n):
    players = {f"P{i}": {"tower": n - i} for i in range(n)}
    pays = [21, 13, 6]
    check(players, 3, {f"P{i}": (pays[i] if i < 3 else 0) for i in range(n)})


def test_tie_for_second_shares_second_and_third():
    counts = {"A": {"arcades": 5}, "B": {"arcades": 2}, "C": {"arcades": 2}, "D": {"arcades": 2}}
    check(counts, 3, {"A": 18, "B": 4, "C": 4, "D": 4})  # (10 + 3 + 0) / 3 -> 4


@pytest.mark.parametrize("round_no", [0, 4, -1, 10])
def test_round_out_of_range(round_no):
    with pytest.raises(ValueError, match=r"(?i)round"):
        score_majorities({"A": {"tower": 1}}, round_no)


# ---------------------------------------------------------------- brdgme's test and oracle cases

def by_letter(counts):
    return {LETTER[letter]: n for letter, n in counts.items()}


# brdgme's test lists the results for pavilion, seraglio, arcades and chambers only
PEER_TEST_KINDS = sorted({LETTER[key.split("_r")[0]]
                          for key in PEER["majority_case_from_peer_tests"]["expected"]})


def peer_test_expected():
    """majority_case_from_peer_tests: {round: {kind: {player: points}}}."""
    case = PEER["majority_case_from_peer_tests"]
    out = {r: {k: {} for k in PEER_TEST_KINDS} for r in (1, 2, 3)}
    for key, rows in case["expected"].items():
        letter, r = key.split("_r")
        for players, _count, points in rows:
            for p in players.split("+"):
                out[int(r)][LETTER[letter]][p] = points
    return out


def peer_counts():
    """The test's counts, restricted to the kinds whose results it lists."""
    return {p: {k: n for k, n in by_letter(c).items() if k in PEER_TEST_KINDS}
            for p, c in PEER["majority_case_from_peer_tests"]["counts"].items()}


@pytest.mark.parametrize("round_no", [1, 2, 3])
def test_brdgme_score_type_case_totals(round_no):
    counts = peer_counts()
    exp = peer_test_expected()[round_no]
    totals = {p: sum(exp[k].get(p, 0) for k in PEER_TEST_KINDS) for p in counts}
    check(counts, round_no, totals)
    assert totals == ref.majority_points(counts, round_no)  # the peer agrees with RULES.md


def test_peer_test_kinds():
    assert PEER_TEST_KINDS == sorted(["pavilion", "seraglio", "arcades", "chambers"])


@pytest.mark.parametrize("round_no", [1, 2, 3])
@pytest.mark.parametrize("kind", PEER_TEST_KINDS)
def test_brdgme_score_type_case_per_kind(kind, round_no):
    counts = {p: {kind: c.get(kind, 0)} for p, c in peer_counts().items()}
    exp = peer_test_expected()[round_no][kind]
    check(counts, round_no, {p: exp.get(p, 0) for p in counts})


ORACLE = PEER["majority_oracle_cases"]["cases"]


def oracle_expected(case, round_no):
    """{kind: {player index: points}} from brdgme's ScoreType output."""
    out = {k: {} for k in KINDS}
    for letter, kind in LETTER.items():
        for row in case["scores"].get(f"{letter}_r{round_no}", []):
            for p in row["Players"]:
                out[kind][p] = row["Points"]
    return out


@pytest.mark.parametrize("case", ORACLE, ids=[c["id"] for c in ORACLE])
@pytest.mark.parametrize("round_no", [1, 2, 3])
def test_brdgme_oracle_cases(case, round_no):
    counts = {i: by_letter(c) for i, c in enumerate(case["counts"])}
    exp = oracle_expected(case, round_no)
    # totals
    totals = {i: sum(exp[k].get(i, 0) for k in KINDS) for i in counts}
    check(counts, round_no, totals)
    # per kind, with only that kind's counts (missing kinds count 0)
    for kind in KINDS:
        single = {i: {kind: c.get(kind, 0)} for i, c in counts.items()}
        check(single, round_no, {i: exp[kind].get(i, 0) for i in counts})


def test_explain_majorities_is_every_award_in_words():
    from alhambra_lib import KINDS, explain_majorities, majority_awards

    counts = {"A": {"tower": 4, "garden": 2}, "B": {"tower": 4}, "C": {"tower": 2, "garden": 2}}
    expected = [a.explain() for k in KINDS for a in majority_awards(counts, k, 2)]
    assert explain_majorities(counts, 2) == expected
    assert explain_majorities(counts, 2)[0] == (
        "A and C tie for first in gardens: (12 + 5) / 2 = 8.5, rounded down to 8 each")
    assert explain_majorities({"A": {}, "B": {}}, 3) == []


def test_explain_says_one_point_and_rounds_thirds_in_words():
    from alhambra_lib import explain_majorities

    counts = {"A": {"garden": 1, "pavilion": 1}, "B": {"garden": 1, "pavilion": 2},
              "C": {"garden": 1, "pavilion": 3}}
    assert explain_majorities(counts, 1)[0] == "C is first in pavilions: 1 point"
    assert explain_majorities(counts, 3)[2] == "A is third in pavilions: 1 point"
    assert explain_majorities(counts, 1)[-1] == (
        "A, B and C tie for first in gardens: (5 + 0 + 0) / 3 ≈ 1.67, rounded down to 1 each")
    assert explain_majorities(counts, 3)[-1] == (
        "A, B and C tie for first in gardens: (20 + 12 + 5) / 3 ≈ 12.33, rounded down to 12 each")
