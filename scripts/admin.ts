/**
 * npm run admin -- grant-moderator <email>
 * npm run admin -- revoke-moderator <email>
 * Gives (or takes back) the moderator role: moderators see open reports, hide content and suspend accounts.
 */
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { setRole } from '../server/src/modules/moderation/index.ts';

const [command, email] = process.argv.slice(2);
const roles: Record<string, 'moderator' | 'member'> = { 'grant-moderator': 'moderator', 'revoke-moderator': 'member' };
if (!command || !(command in roles) || !email) {
  console.error('usage: npm run admin -- grant-moderator <email> | revoke-moderator <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL });
try {
  await migrateToLatest(database);
  const found = await setRole(database.db, email, roles[command]);
  if (!found) {
    console.error(`No account with the e-mail address ${email}: the person must sign in once first.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now ${roles[command] === 'moderator' ? 'a moderator' : 'a member'}.`);
  }
} finally {
  await database.close();
}
