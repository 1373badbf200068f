// npm run bench [discovery|social|community|compare|import|search-cpu|search-junk|relevance|load] [args]: runs the named benchmark
// (discovery, the budgets, by default). bench/README.md says what each measures.
import { spawnSync } from 'node:child_process';

const which = process.argv[2] ?? 'discovery';
const scripts: Record<string, string> = {
  discovery: 'bench/discovery.ts',
  social: 'bench/social.ts',
  community: 'bench/community.ts',
  compare: 'bench/compare.ts',
  import: 'bench/catalogue-import.ts',
  'search-cpu': 'bench/search-cpu.ts',
  relevance: 'bench/search-relevance.ts',
  'search-junk': 'bench/search-junk.ts',
  load: 'bench/load-suite.ts',
};
const script = scripts[which];
if (!script) {
  console.error(`Unknown benchmark "${which}". Choose one of: ${Object.keys(scripts).join(', ')}.`);
  process.exit(2);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(3)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
