// The server's rating update (server/ratings/weng_lin.h, through the rating_check program named by
// $CARC_RATING_CHECK) against the openskill package, an independent implementation of Weng and
// Lin's Bradley-Terry full-pairing update: the same games, every mu and sigma equal within 1e-9.
// Games of 2, 3, 4 and 6 players, ties, a player far stronger than the rest (winning, and
// losing), and a season of 300 games whose ratings carry from game to game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { rate, rating } from "openskill";
import { bradleyTerryFull } from "openskill/models";

const CHECK = process.env.CARC_RATING_CHECK;
const TOLERANCE = 1e-9;

function ours(games) {
  assert.ok(CHECK, "CARC_RATING_CHECK names the rating_check program");
  const run = spawnSync(CHECK, { input: JSON.stringify({ games }), encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout).games.map((g) => g.after);
}

function theirs(game) {
  const teams = game.players.map((p) => [rating({ mu: p.mu, sigma: p.sigma })]);
  return rate(teams, { model: bradleyTerryFull, score: game.scores }).map(([p]) => ({ mu: p.mu, sigma: p.sigma }));
}

function compare(games, label) {
  const got = ours(games);
  let largest = 0;
  games.forEach((game, g) => {
    const want = theirs(game);
    assert.equal(got[g].length, want.length, `${label} game ${g}: players`);
    want.forEach((w, i) => {
      for (const key of ["mu", "sigma"]) {
        const diff = Math.abs(got[g][i][key] - w[key]);
        largest = Math.max(largest, diff);
        assert.ok(diff <= TOLERANCE, `${label} game ${g} player ${i} ${key}: ours ${got[g][i][key]}, openskill ${w[key]}`);
      }
    });
  });
  return largest;
}

const fresh = () => ({ mu: 25, sigma: 25 / 3 });

const CASES = {
  "2 players, new": { players: [fresh(), fresh()], scores: [80, 62] },
  "2 players, the favourite loses": { players: [{ mu: 31.2, sigma: 2.4 }, { mu: 22.7, sigma: 5.1 }], scores: [40, 71] },
  "3 players": { players: [{ mu: 27.1, sigma: 4.2 }, fresh(), { mu: 19.8, sigma: 6.6 }], scores: [55, 93, 70] },
  "4 players": { players: [{ mu: 24, sigma: 3 }, { mu: 29.5, sigma: 2.2 }, fresh(), { mu: 21.3, sigma: 7.9 }], scores: [101, 88, 64, 97] },
  "6 players": {
    players: [fresh(), { mu: 30, sigma: 3 }, { mu: 18, sigma: 5 }, { mu: 26.4, sigma: 1.9 }, { mu: 22.2, sigma: 4.4 }, { mu: 33.3, sigma: 6.1 }],
    scores: [44, 87, 23, 65, 65, 90],
  },
  "2 players, a tie": { players: [{ mu: 28, sigma: 3 }, { mu: 23, sigma: 5 }], scores: [60, 60] },
  "4 players, two ties": { players: [fresh(), fresh(), { mu: 26, sigma: 2 }, { mu: 20, sigma: 7 }], scores: [70, 70, 51, 51] },
  "6 players, three share first": {
    players: [fresh(), { mu: 27, sigma: 4 }, { mu: 23, sigma: 6 }, fresh(), { mu: 35, sigma: 2 }, { mu: 15, sigma: 3 }],
    scores: [90, 90, 90, 40, 12, 75],
  },
  "4 players, one far stronger wins": { players: [{ mu: 45, sigma: 1.5 }, fresh(), fresh(), fresh()], scores: [140, 60, 58, 71] },
  "4 players, one far stronger comes last": { players: [{ mu: 45, sigma: 1.5 }, fresh(), fresh(), fresh()], scores: [30, 60, 58, 71] },
};

test("single games: 2, 3, 4 and 6 players, ties, a far stronger player", () => {
  const names = Object.keys(CASES);
  const largest = compare(Object.values(CASES), "case");
  console.log(`${names.length} games, largest difference ${largest.toExponential(2)}`);
});

test("a season: 300 games of 2 to 6 of 12 players, ratings carried from game to game", () => {
  // A fixed linear congruential generator: the same season every run.
  let seed = 20261129;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const pool = Array.from({ length: 12 }, fresh);
  const strength = pool.map((_, i) => i * 4);
  const games = [];
  for (let g = 0; g < 300; ++g) {
    const size = 2 + Math.floor(next() * 5);
    const seats = [];
    while (seats.length < size) {
      const p = Math.floor(next() * pool.length);
      if (!seats.includes(p)) seats.push(p);
    }
    // Scores from strength and luck, rounded so that ties happen.
    const scores = seats.map((p) => Math.round((strength[p] + next() * 40) / 5) * 5);
    const game = { players: seats.map((p) => ({ ...pool[p] })), scores };
    games.push(game);
    theirs(game).forEach((r, i) => (pool[seats[i]] = r));
  }
  const largest = compare(games, "season");
  const ties = games.filter((g) => new Set(g.scores).size < g.scores.length).length;
  console.log(`300 games (${ties} with a tie), largest difference ${largest.toExponential(2)}`);
});
