import { LOGIN_THROTTLE } from '../../../shared/constants';
import type { z } from 'zod';
import { ACCOUNT_ERRORS, REGISTER_PER_ADDRESS, type zRegister } from '../../../shared/schemas/account';
import type { LoginResult } from '../../../shared/schemas/auth';
import { readStudentSettings, STUDENT_ERRORS } from '../../../shared/schemas/students';
import type { AppContext } from '../../context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { findStudentByUsername } from '../auth/accounts.repository';
import { openSession } from '../auth/auth.service';
import { assertSeats } from '../licence/seats';
import { resolveSchool } from '../schools/schools.service';
import { checkedFieldValues, schoolFields } from '../student-fields/student-fields.service';
import { insertStudents } from '../students/student-writes';
import { assertNotThrottled, countAttempt } from './account.service';

/**
 * POST do/register (spec 2 'login and register buttons (register only if enabled)', spec 3 'Student settings'
 * registration): a visitor makes a local student account in a school that allows it, then is signed in.
 *
 * Choices where the spec is silent:
 * - 404 for an unknown school code, 403 'registration is turned off' when the school's registration is off.
 * - The school's required custom fields must be filled at sign-up (the same rule as the information page).
 * - A taken user name answers 409 'user name is already used in this school'.
 * - The seat check runs in the same transaction as the insert (licence seats count registered students too).
 * - By address: the login throttle's lock applies (a locked address cannot register), and one address may make
 *   REGISTER_PER_ADDRESS accounts in the throttle's window; a registration that fails counts as a failure.
 */
export async function register(
  ctx: AppContext,
  input: z.output<typeof zRegister>,
  client: { ip: string; userAgent: string },
): Promise<{ token: string; result: LoginResult }> {
  const school = await resolveSchool(ctx, input.school);
  if (!school) throw notFound('school not found');
  const settings = readStudentSettings(school.settings);
  if (!settings.registration) throw forbidden(ACCOUNT_ERRORS.registrationOff);
  const addressKey = `ip:${client.ip}`;
  const registerKey = `reg:${client.ip}`;
  await assertNotThrottled(ctx, [addressKey, registerKey]);

  const passwordHash = await hashPassword(input.password);
  const id = ctx.ids.next();
  try {
    await ctx.db.transaction(async (tx) => {
      if (await findStudentByUsername(tx, school.id, input.username)) throw conflict(STUDENT_ERRORS.usernameTaken);
      const fields = checkedFieldValues(await schoolFields(tx, school.id), input.infoStr);
      await assertSeats(ctx, school.id, 1, tx);
      await insertStudents(tx, [
        {
          id,
          schoolId: school.id,
          username: input.username,
          name: input.name,
          passwordHash,
          source: 'local',
          fields,
          createdAt: ctx.now(),
        },
      ]);
    });
  } catch (error) {
    await countAttempt(ctx, addressKey, LOGIN_THROTTLE.perAddress);
    throw error;
  }
  await countAttempt(ctx, registerKey, REGISTER_PER_ADDRESS);
  return await openSession(ctx, 'student', { id, schoolId: school.id }, { ...client, returnUrl: input.returnUrl });
}
