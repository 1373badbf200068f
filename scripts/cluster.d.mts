/** The checked options of `npm run start:cluster` (scripts/cluster.mjs): the number of workers, or why they are refused. */
export function clusterPlan(argv: string[], env: Record<string, string | undefined>): { workers: number; error?: undefined } | { error: string; workers?: undefined };
