// The gem ledger (issue 42): GEM_PERSON with GEM_PERSON_ROWS ledger rows (level rewards and bundles, badges bought
// while the balance allows), and a few rows for some others. Each balance is the sum of its rows, never below zero;
// GEMS_CHECKS proves it by SQL.
import { personId } from './people.ts';
import { idOf, insertRows, isoBefore, type SeedState, seededRandom } from './shared.ts';

const LEDGER_DOMAIN = 0xb0000020;
export const GEM_PERSON = 2;

const CREDITS = [
  ['level_reward', 10, 'Reached Reel Buff'],
  ['level_reward', 25, 'Reached Reel Addict'],
  ['gem_bundle', 100, 'Bought 100 gems'],
  ['gem_bundle', 500, 'Bought 500 gems'],
] as const;

export function seedGems(s: SeedState, plan: { gemPersonRows: number; othersWithGems: number }): void {
  const rand = seededRandom(42);
  const { db, now, people } = s;
  const balances = new Map<number, number>();
  let nextId = 0;
  const ledgerOf = function* (p: number, rows: number, spanSeconds: number) {
    let balance = 0;
    for (let i = 0; i < rows; i++) {
      const at = isoBefore(now, spanSeconds - (i / rows) * (spanSeconds - 60));
      const id = idOf(LEDGER_DOMAIN, nextId++);
      if (balance >= 300 && rand() < 0.3) {
        balance -= 150;
        yield [id, personId(p), -150, 'badge', `badge:${personId(p)}:bench-${i}`, 'Bought the Golden Ticket badge', at];
      } else {
        const [reason, amount, description] = CREDITS[Math.floor(rand() * CREDITS.length)];
        balance += amount;
        yield [id, personId(p), amount, reason, `bench:${personId(p)}:${i}`, description, at];
      }
    }
    balances.set(p, balance);
  };
  insertRows(
    db,
    'gem_transactions',
    ['id', 'user_id', 'amount', 'reason', 'key', 'description', 'created_at'],
    (function* () {
      yield* ledgerOf(GEM_PERSON, plan.gemPersonRows, 3 * 365 * 86_400);
      for (let k = 0; k < plan.othersWithGems; k++) {
        const p = (k * 37 + 11) % people;
        if (p === GEM_PERSON || balances.has(p)) continue;
        yield* ledgerOf(p, 1 + Math.floor(rand() * 5), 365 * 86_400);
      }
    })(),
  );
  insertRows(
    db,
    'gem_balances',
    ['user_id', 'balance'],
    [...balances].map(([p, b]) => [personId(p), b]),
  );
}

export const GEMS_CHECKS: Record<string, string> = {
  'gem_balances.balance': 'select count(*) from gem_balances b left join (select user_id as k, sum(amount) as n from gem_transactions group by user_id) r on r.k = b.user_id where b.balance != coalesce(r.n, 0)',
  'gem_balances (missing)': 'select count(*) from (select distinct user_id from gem_transactions) t where not exists (select 1 from gem_balances b where b.user_id = t.user_id)',
};
