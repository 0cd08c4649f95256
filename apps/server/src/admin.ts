import { INVITE_MAX_DAYS, INVITE_MAX_USES, ROLES } from '@wordhoard/shared';
import { loadConfig } from './config/config';
import {
  BackupFileError,
  backupPglite,
  restorePglite,
  type BackupMedia,
  type BackupResult,
  type RestoreResult,
} from './db/backup';
import { openPglite, openPostgres, type Database } from './db/database';
import { InvitesRepository } from './features/invites/invites.repository';
import { InvitesService, inviteLink } from './features/invites/invites.service';
import { vapidKeyLines } from './features/reminders/push-keys';
import { setRole } from './features/users/set-role';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  set-role EMAIL ROLE   give an account a role (${ROLES.join(', ')})
  backup FILE           save the embedded database and media (DATA_DIR) to FILE; stop the server first
  restore FILE          replace the embedded database and media with FILE (the old data is kept aside)
  vapid-keys            print a new VAPID key pair for Web Push (.env lines; add your VAPID_SUBJECT)
  invite [--uses N] [--days D]
                        print a new invite code and its sign-up link (SIGNUP_MODE=invite);
                        good for N sign-ups (default 1), for D days (default: no expiry)

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

function backupMedia(): BackupMedia {
  const { media } = loadConfig();
  return media.driver === 'fs' ? media : { driver: 's3', bucket: media.bucket };
}

function backupLine(result: BackupResult): string {
  const what =
    result.media.driver === 'fs'
      ? `the database and ${result.mediaFiles} media files (${result.mediaBytes} bytes)`
      : `the database only: pictures and recordings are in the S3 bucket ${result.media.bucket}, which is yours to back up (docs/operations.md)`;
  return `backup written to ${result.file} (${result.bytes} bytes): ${what}`;
}

function restoreLine(file: string, result: RestoreResult): string {
  const media =
    result.media === 'fs'
      ? `; ${result.mediaFiles} media files restored${result.mediaAside ? `, the previous media kept in ${result.mediaAside}` : ''}`
      : result.media === 's3'
        ? '; media were in S3 when this backup was made, so they are not in it and the media folder was left alone'
        : '; an older backup without media: the media folder was left alone';
  return `restored ${file}; the previous data is kept in ${result.databaseAside}${media}`;
}

async function openDatabase(): Promise<Database> {
  const config = loadConfig();
  return config.database.driver === 'postgres'
    ? openPostgres(config.database.url)
    : openPglite({ dataDir: config.database.dataDir });
}

/** `--uses N --days D` as whole numbers in range; anything else is an error naming the option. */
function inviteOptions(args: string[]): { uses?: number; days?: number } {
  const options: { uses?: number; days?: number } = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i];
    const value = args[i + 1] ?? '';
    const max = name === '--uses' ? INVITE_MAX_USES : name === '--days' ? INVITE_MAX_DAYS : undefined;
    if (max === undefined) throw new Error(`invite: unknown option ${name ?? ''}\n\n${USAGE}`);
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < 1 || number > max) {
      throw new Error(
        `invite: ${name} must be a whole number from 1 to ${max} (got ${JSON.stringify(value)})`,
      );
    }
    if (name === '--uses') options.uses = number;
    else options.days = number;
  }
  return options;
}

async function createInvite(args: string[]): Promise<void> {
  const options = inviteOptions(args);
  const config = loadConfig();
  const database = await openDatabase();
  try {
    const invites = new InvitesService(
      new InvitesRepository(database.db),
      config.access.signupMode,
      () => new Date(),
    );
    const invite = await invites.create(options);
    const link = inviteLink(config.appOrigin, invite.code);
    const uses = invite.uses === 1 ? 'one sign-up' : `${invite.uses} sign-ups`;
    const until = invite.expiresAt ? `until ${invite.expiresAt}` : 'with no expiry';
    console.log(`invite code: ${invite.code}\nsign-up link: ${link}\ngood for ${uses}, ${until}`);
    if (config.access.signupMode !== 'invite') {
      console.log(
        `note: SIGNUP_MODE is ${config.access.signupMode}; invite codes are asked for only when it is invite`,
      );
    }
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const file = args[0];
  try {
    if ((command === 'backup' || command === 'restore') && file) {
      if (command === 'backup')
        console.log(backupLine(await backupPglite(embeddedDataDir(), file, backupMedia())));
      else console.log(restoreLine(file, await restorePglite(embeddedDataDir(), file)));
      return 0;
    }
    if (command === 'invite') {
      await createInvite(args);
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
