// npm run bench [foundation|discovery|import|search-cpu|search-junk|relevance]: runs the named benchmark (foundation by default).
import { spawnSync } from 'node:child_process';

const which = process.argv[2] ?? 'foundation';
const scripts: Record<string, string> = {
  foundation: 'bench/foundation.ts',
  discovery: 'bench/discovery.ts',
  import: 'bench/catalogue-import.ts',
  'search-cpu': 'bench/search-cpu.ts',
  relevance: 'bench/search-relevance.ts',
  'search-junk': 'bench/search-junk.ts',
};
const script = scripts[which];
if (!script) {
  console.error(`Unknown benchmark "${which}". Choose one of: ${Object.keys(scripts).join(', ')}.`);
  process.exit(2);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(3)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
