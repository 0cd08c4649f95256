import { ROLES } from '@wordhoard/shared';
import { loadConfig } from './config/config';
import { BackupFileError, backupPglite, restorePglite } from './db/backup';
import { openPglite, openPostgres, type Database } from './db/database';
import { vapidKeyLines } from './features/reminders/push-keys';
import { setRole } from './features/users/set-role';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  set-role EMAIL ROLE   give an account a role (${ROLES.join(', ')})
  backup FILE           save the embedded database (DATA_DIR) to FILE; stop the server first
  restore FILE          replace the embedded database with FILE (the old data is kept aside)
  vapid-keys            print a new VAPID key pair for Web Push (.env lines; add your VAPID_SUBJECT)

On PostgreSQL (DATABASE_URL) use pg_dump and pg_restore instead: docs/operations.md.
`;

function embeddedDataDir(): string {
  const config = loadConfig();
  if (config.database.driver !== 'pglite') {
    throw new Error(
      'backup and restore are for the embedded database; on PostgreSQL use pg_dump (docs/operations.md)',
    );
  }
  return config.database.dataDir;
}

async function openDatabase(): Promise<Database> {
  const config = loadConfig();
  return config.database.driver === 'postgres'
    ? openPostgres(config.database.url)
    : openPglite({ dataDir: config.database.dataDir });
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const file = args[0];
  try {
    if ((command === 'backup' || command === 'restore') && file) {
      if (command === 'backup')
        console.log(`backup written to ${file} (${await backupPglite(embeddedDataDir(), file)} bytes)`);
      else
        console.log(
          `restored ${file}; the previous data is kept in ${await restorePglite(embeddedDataDir(), file)}`,
        );
      return 0;
    }
    if (command === 'vapid-keys') {
      console.log(vapidKeyLines());
      return 0;
    }
    if (command !== 'set-role') {
      console.error(USAGE);
      return command ? 1 : 0;
    }
    const database = await openDatabase();
    try {
      console.log(await setRole(database.db, args[0] ?? '', args[1] ?? ''));
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof BackupFileError) {
      console.error(`restore refused: ${error.message}; nothing was changed`);
      return 1;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
