// Makes an invite code in a data directory for the browser walk through an invited sign-up
// (e2e/tests/private-instance.spec.ts), before that test's server starts:
//   seed-invite.ts <dataDir>   → prints {"code": "…"} as JSON.
import { openPglite } from '../../apps/server/src/db/database';
import { InvitesRepository } from '../../apps/server/src/features/invites/invites.repository';
import { InvitesService } from '../../apps/server/src/features/invites/invites.service';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-invite.ts <dataDir>');

const database = await openPglite({ dataDir });
const invites = new InvitesService(new InvitesRepository(database.db), 'invite', () => new Date());
const { code } = await invites.create({ uses: 1, days: 7 });
await database.close();
process.stdout.write(`${JSON.stringify({ code })}\n`);
