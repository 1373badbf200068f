/** The pinned Node.js LTS release (package.json config.nodeLts). */
export function ltsVersion(): string;
/** The LTS binary, its version and the environment that runs this checkout on it (scripts/node-lts.mjs). */
export function ensureLtsNode(o?: { log?: (message: string) => void }): { bin: string; version: string; env: Record<string, string> };
