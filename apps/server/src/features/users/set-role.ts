import { ROLES, emailSchema, type Role } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { UsersRepository } from './users.repository';

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** `npm run admin -- set-role EMAIL ROLE`: the only way to make developers and friends. */
export async function setRole(db: Db, emailArgument: string, roleArgument: string): Promise<string> {
  const email = emailSchema.safeParse(emailArgument);
  if (!email.success) throw new Error(`Not an email address: ${emailArgument || '(missing)'}`);
  if (!isRole(roleArgument)) throw new Error(`Unknown role "${roleArgument}"; one of: ${ROLES.join(', ')}`);
  const users = new UsersRepository(db);
  const user = await users.findByEmail(email.data);
  if (!user) throw new Error(`No account with the email ${email.data}`);
  await users.update(user.id, { role: roleArgument });
  return `${email.data}: ${user.role} → ${roleArgument}`;
}
