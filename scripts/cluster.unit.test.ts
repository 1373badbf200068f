import { describe, expect, it } from 'vitest';
import { clusterPlan } from './cluster.mjs';

const pg = { DATABASE_URL: 'postgres://app@db/reelhouse', REDIS_URL: 'redis://cache:6379' };

describe('npm run start:cluster -- --workers N', () => {
  it('takes the number of workers', () => {
    expect(clusterPlan(['--workers', '3'], pg)).toEqual({ workers: 3 });
    expect(clusterPlan(['-w', '1'], {})).toEqual({ workers: 1 });
  });

  it('refuses a wrong number or option, saying how to call it', () => {
    expect(clusterPlan(['--workers', 'many'], pg).error).toBe('--workers must be a whole number from 1 to 256');
    expect(clusterPlan(['--workers', '0'], pg).error).toBe('--workers must be a whole number from 1 to 256');
    expect(clusterPlan(['--threads', '2'], pg).error).toMatch(/Usage: npm run start:cluster -- --workers N/);
  });

  it('refuses several workers on SQLite or without Redis, and allows one', () => {
    expect(clusterPlan(['--workers', '2'], {}).error).toMatch(/^--workers 2 needs PostgreSQL: SQLite \(DATABASE_URL=sqlite:.\/data\/reelhouse.db\) is written by one process/);
    expect(clusterPlan(['--workers', '2'], { DATABASE_URL: pg.DATABASE_URL }).error).toMatch(/^--workers 2 needs Redis \(REDIS_URL=redis:\/\/...\)/);
    expect(clusterPlan(['--workers', '1'], { DATABASE_URL: 'sqlite:./x.db' })).toEqual({ workers: 1 });
  });
});
