// Which form field a refusal of the admin writes belongs to (field messages: nothing typed is lost).
import { QueryError } from '@/lib/errors';
import { messages } from '../messages';
import { AdminError } from './admin-users-function';

/**
 * Which form field a database refusal belongs to (field messages, nothing typed is lost). The
 * message is a catalogue reference (docs/i18n.md) the field shows in the language of the moment,
 * or the auth server's own words about a password.
 */
export function fieldOfError(e: unknown): { field: string; message: string } | null {
  if (e instanceof AdminError) {
    if (e.code === 'email_exists' || /already (been )?registered|already exists/i.test(e.message))
      return { field: 'email', message: messages.ref('form.emailTaken') };
    if (e.code === 'invalid_request' && e.message.startsWith('email'))
      return { field: 'email', message: messages.ref('form.emailInvalid') };
    if (/password/i.test(e.message)) return { field: 'password', message: e.message };
    return null;
  }
  if (e instanceof QueryError) {
    if (e.code === '23505' && e.message.includes('roles_name_key'))
      return { field: 'name', message: messages.ref('form.roleTaken') };
    if (e.code === '23514' && e.message.includes('roles_name_format'))
      return {
        field: 'name',
        message: messages.ref('form.roleName'),
      };
    if (e.code === '22023' && e.message.startsWith('time_zone:'))
      return { field: 'time_zone', message: messages.ref('form.timeZone') };
    if (e.message.includes('support_email'))
      return { field: 'support_email', message: messages.ref('form.supportEmail') };
    if (e.message.includes('currency'))
      return { field: 'currency', message: messages.ref('form.currency') };
    if (e.message.includes('company_name'))
      return { field: 'company_name', message: messages.ref('form.companyNameLength') };
  }
  return null;
}
