import { ROLES } from '@wordhoard/shared';
import { loadConfig } from './config/config';
import { openPglite, openPostgres, type Database } from './db/database';
import { setRole } from './features/users/set-role';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  set-role EMAIL ROLE   give an account a role (${ROLES.join(', ')})
`;

async function openDatabase(): Promise<Database> {
  const config = loadConfig();
  return config.database.driver === 'postgres'
    ? openPostgres(config.database.url)
    : openPglite({ dataDir: config.database.dataDir });
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command !== 'set-role') {
    console.error(USAGE);
    return command ? 1 : 0;
  }
  try {
    const database = await openDatabase();
    try {
      console.log(await setRole(database.db, args[0] ?? '', args[1] ?? ''));
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
