// Which form field a refusal of the admin writes belongs to (field messages: nothing typed is lost).
import { QueryError } from '@/lib/errors';
import { AdminError } from './admin-users-function';

/** Which form field a database refusal belongs to (field messages, nothing typed is lost). */
export function fieldOfError(e: unknown): { field: string; message: string } | null {
  if (e instanceof AdminError) {
    if (e.code === 'email_exists' || /already (been )?registered|already exists/i.test(e.message))
      return { field: 'email', message: 'An account with this e-mail already exists.' };
    if (e.code === 'invalid_request' && e.message.startsWith('email'))
      return { field: 'email', message: 'Enter a valid e-mail address.' };
    if (/password/i.test(e.message)) return { field: 'password', message: e.message };
    return null;
  }
  if (e instanceof QueryError) {
    if (e.code === '23505' && e.message.includes('roles_name_key'))
      return { field: 'name', message: 'A role with this name already exists.' };
    if (e.code === '23514' && e.message.includes('roles_name_format'))
      return {
        field: 'name',
        message: 'Use 2 to 32 lowercase letters, digits or _, starting with a letter.',
      };
    if (e.code === '22023' && e.message.startsWith('time_zone:'))
      return { field: 'time_zone', message: 'This time zone does not exist.' };
    if (e.message.includes('support_email'))
      return { field: 'support_email', message: 'The support e-mail must be an e-mail address.' };
    if (e.message.includes('currency'))
      return { field: 'currency', message: 'Use a three-letter currency code, e.g. EUR.' };
    if (e.message.includes('company_name'))
      return { field: 'company_name', message: 'Enter a company name (1 to 100 characters).' };
  }
  return null;
}
